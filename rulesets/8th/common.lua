-- Shared helpers of the 8th-edition rules (require("rules.common")): queries on players and
-- cards, discarding, ending spells, death and victory. Every function takes `game` first and
-- keeps nothing between calls: all state lives in the kernel.
local decks = require("rules.decks")
local creations = require("rules.creations")
local M = {}

function M.same_sq(a, b)
  return a ~= nil and b ~= nil and a.side == nil and b.side == nil and a.x == b.x and a.y == b.y
end

function M.alive(game, p)
  return game:player(p).alive
end

-- Living players in turn order, starting with the active player.
function M.turn_order(game)
  local all = game:players()
  local n, first = #all, game:turn().active
  local out = {}
  for i = 0, n - 1 do
    local q = (first + i) % n
    if all[q + 1].alive then out[#out + 1] = q end
  end
  return out
end

function M.victory_target(game)
  local cfg = game:config()
  -- 8th: Optional Rules, Extended Play.
  if game:option("extended_play") then return cfg.extended_victory_points end
  return cfg.victory_points
end

-- Do the items wizard p carries count toward his hand limit? (Not in a form that frees
-- them: Extra Arms. Required here: transform.lua requires this module.)
function M.items_count(game, p)
  local form = require("rules.transform").form(game, p)
  return not (form and form.items_free)
end

-- 8th: A Player's Turn (hand limit 7) and Maintaining Spells: does card c of p's play area
-- count toward his hand limit? Carried items and maintained spells do; Uncluttered Minds
-- drops the spells from the count.
function M.counts_toward_limit(game, p, c)
  if game:card(c).kind == "item" then return M.items_count(game, p) end
  return not game:option("uncluttered_minds") and not creations.is_permanent_creation(game, c)
end

function M.hand_count(game, p)
  local n = #game:hand(p)
  for _, c in ipairs(game:play_area(p)) do
    if M.counts_toward_limit(game, p, c) then n = n + 1 end
  end
  return n
end

function M.discard(game, c)
  game:move_card(c, { kind = "pile", pile = decks.discard_pile(game, c) })
  game:after("discard", { card = c })
end

-- 8th: A Player's Turn: an empty deck is refilled by shuffling the discard pile.
function M.draw(game, p)
  local deck_name, discard_name = decks.piles_of(game, p)
  if #game:pile(deck_name) == 0 then
    for _, c in ipairs(game:pile(discard_name)) do game:move_card(c, { kind = "pile", pile = deck_name }) end
    game:shuffle_pile(deck_name)
  end
  local deck = game:pile(deck_name)
  if #deck == 0 then return nil end
  if not game:before("draw", { player = p }) then return nil end
  local c = deck[#deck]
  game:move_card(c, { kind = "hand", player = p })
  game:after("draw", { player = p, card = c })
  return c
end

-- 8th: A Player's Turn: over the limit, discard down to it at once (one card at a time).
function M.discard_to_limit(game, p)
  local limit = game:config().hand_limit
  while M.hand_count(game, p) > limit and #game:hand(p) > 0 do
    local opts = {}
    for _, c in ipairs(game:hand(p)) do
      opts[#opts + 1] = { key = "discard " .. game:card(c).name .. " #" .. c, card = c }
    end
    local key = game:choose(p, "discard", "Discard down to " .. limit .. " cards", opts)
    for _, o in ipairs(opts) do
      if o.key == key then M.discard(game, o.card) end
    end
  end
end

-- Objects a card created (walls, blocks) go when the card leaves play (8th: Maintaining Spells).
-- Its walls are found on the board by their maker, wherever a sector turn has carried them.
function M.remove_creations(game, c)
  for _, e in ipairs(creations.walls_of(game, c)) do
    game:unmake_barrier(e, c)
    game:after("object_destroyed", { edge = e, card = c })
  end
  for _, id in ipairs(game:card_data(c, "objects") or {}) do
    local o = game:object(id)
    if o and o.id then
      game:remove_object(id)
      game:after("object_destroyed", { object = id, card = c })
    end
  end
  game:set_card_data(c, "made_walls", nil)
  game:set_card_data(c, "objects", nil)
end

-- 8th: Maintaining Spells: an ended spell is discarded and its effects stop.
function M.end_spell(game, c)
  local card = game:card(c)
  game:call_card(c, "on_end", { controller = card.controller })
  M.remove_creations(game, c)
  game:set_card(c, { energy = 0 })
  M.discard(game, c)
  game:after("spell_end", { card = c, player = card.controller })
end

-- 8th: Picking Up and Dropping Objects: a dropped item becomes an object marker in the square.
function M.drop_item(game, p, c, at)
  game:call_card(c, "on_end", { controller = p })
  local id = game:create_object { kind = "item", card = c, at = at, mobile = true, owner = p }
  game:set_card(c, { controller = nil })
  game:after("drop", { player = p, card = c, object = id, square = at })
  return id
end

function M.carried_treasure(game, p)
  for _, o in ipairs(game:objects()) do
    if o.kind == "treasure" and o.carried_by == p then return o end
  end
  return nil
end

-- 8th: Life, Damage, and Dying. A direct attack's killer scores 1 and takes the hand; an
-- indirect death gives nobody anything. Items fall in the square, spells are discarded.
function M.kill(game, q, killer, by_attack)
  local pl = game:player(q)
  if not pl.alive then return end
  local at = pl.at
  for _, c in ipairs(game:play_area(q)) do
    if game:card(c).kind == "item" then M.drop_item(game, q, c, at)
    elseif not creations.is_permanent_creation(game, c) then M.end_spell(game, c) end
  end
  local t = M.carried_treasure(game, q)
  if t then game:set_object(t.id, { at = at }) end
  local takes = by_attack and killer ~= nil and killer ~= q and game:player(killer).alive
  for _, c in ipairs(game:hand(q)) do
    if takes then game:move_card(c, { kind = "hand", player = killer }) else M.discard(game, c) end
  end
  game:set_alive(q, false)
  game:set_life(q, math.min(pl.life, 0))
  -- 8th: Optional Rules, Treasure Hunters: kills score nothing.
  if takes and not game:option("treasure_hunters") then
    game:set_player_var(killer, "kill_vp", (game:player(killer).vars.kill_vp or 0) + 1)
  end
  game:after("death", { player = q, killer = killer, by_attack = takes and true or false })
  if takes then M.discard_to_limit(game, killer) end
end

-- 8th: Scoring Victory Points: enemy treasures lying on your home base, plus kills.
-- `objects`: game:objects(), if the caller has it already.
function M.victory_points(game, p, objects)
  local pl = game:player(p)
  local home = game:home(pl.home_sector)
  local n = 0
  for _, o in ipairs(objects or game:objects()) do
    local at = o.at
    if o.kind == "treasure" and o.owner ~= p and at and at.x == home.x and at.y == home.y and at.side == nil then
      n = n + 1
    end
  end
  if not game:option("treasure_hunters") then n = n + (pl.vars.kill_vp or 0) end
  return n
end

-- 8th: Optional Rules, Deadly Treasures: both your treasures on other bases kills you.
local function deadly_treasures(game)
  if not game:option("deadly_treasures") then return end
  local homes = {}
  for _, pl in ipairs(game:players()) do homes[pl.id] = game:home(pl.home_sector) end
  for _, pl in ipairs(game:players()) do
    if pl.alive then
      local mine, lost = 0, 0
      for _, o in ipairs(game:objects()) do
        if o.kind == "treasure" and o.owner == pl.id then
          mine = mine + 1
          for q, h in pairs(homes) do
            if q ~= pl.id and M.same_sq(o.at, h) then lost = lost + 1 end
          end
        end
      end
      if mine > 0 and lost >= mine then M.kill(game, pl.id, nil, false) end
    end
  end
end

-- 8th: Winning the Game: 2 victory points, or the only wizard left alive. Checked after
-- every action; a wizard who died in it is already out (he dies before he can win).
function M.check_victory(game)
  if game:vars().over then return true end
  deadly_treasures(game)
  local order = M.turn_order(game)
  local function finish(winner, reason)
    game:set_var("over", true)
    game:set_result(winner, reason)
    return true
  end
  if #order == 0 then return finish(nil, "no wizard is left alive") end
  if #order == 1 and #game:players() > 1 then return finish(order[1], "last wizard alive") end
  local target = M.victory_target(game)
  local objects = game:objects()
  for _, p in ipairs(order) do
    if M.victory_points(game, p, objects) >= target then return finish(p, target .. " victory points") end
  end
  return false
end

return M
