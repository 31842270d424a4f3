-- Shared helpers of the classic rules (require("rules.common")): queries on players and cards,
-- discarding and drawing, ending spells, death and victory. Every function takes `game` first
-- and keeps nothing between calls: all state lives in the kernel.
local M = {}

function M.same_sq(a, b)
  return a ~= nil and b ~= nil and a.side == nil and b.side == nil and a.x == b.x and a.y == b.y
end

function M.has_trait(game, c, trait)
  for _, tr in ipairs(game:card(c).traits or {}) do if tr == trait then return true end end
  return false
end

-- classic, The Cards: physical objects (Dagger, Large Rock, Wizardblade, Master Key) and
-- magic stones are kept, not discarded after use.
function M.is_object(game, c)
  local k = game:card(c).kind
  return k == "object" or k == "stone"
end

-- classic, The Cards: of the physical objects, MAGIC STONES and the MASTER KEY are displayed
-- face up once used (their power works while shown); the others stay in the hand.
function M.is_shown_object(game, c)
  return game:card(c).kind == "stone" or M.has_trait(game, c, "opens_doors")
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

-- classic, The Cards: displayed stones and objects still count as part of the seven-card
-- hand; spells with a duration lying in front of their caster do not (they were cast).
function M.hand_count(game, p)
  local n = #game:hand(p)
  for _, c in ipairs(game:play_area(p)) do
    if M.is_object(game, c) then n = n + 1 end
  end
  return n
end

function M.discard(game, c)
  game:move_card(c, { kind = "pile", pile = "discard" })
  game:after("discard", { card = c })
end

-- The top card of the deck to p's hand (the discard pile is reshuffled when the deck is
-- empty: reconstructed, the classic rulebook does not say). Returns the card or nil.
local function take_top(game, p)
  if #game:pile("deck") == 0 then
    for _, c in ipairs(game:pile("discard")) do game:move_card(c, { kind = "pile", pile = "deck" }) end
    game:shuffle_pile("deck")
  end
  local deck = game:pile("deck")
  if #deck == 0 then return nil end
  if not game:before("draw", { player = p }) then return nil end
  local c = deck[#deck]
  game:move_card(c, { kind = "hand", player = p })
  game:after("draw", { player = p, card = c })
  return c
end

-- Draws one card. A TRAP! is sprung at once (its `resolve` runs with ctx.drawn = true), then
-- leaves the hand and another card is drawn in its place [RS: resolved when drawn].
-- At setup (`dealing`), a TRAP! is discarded and replaced (classic, Starting the Game).
function M.draw(game, p, dealing)
  for _ = 1, 10 do
    local c = take_top(game, p)
    if not c then return nil end
    if game:card(c).kind ~= "trap" then return c end
    if not dealing then
      game:call_card(c, "resolve", { controller = p, caster = p, drawn = true })
    end
    if game:card(c).zone.kind == "hand" then M.discard(game, c) end
    if not game:player(p).alive then return nil end
  end
  return nil
end

-- classic, Getting New Cards: over seven, discard down to seven at once, one card at a time
-- (a displayed object may be discarded too).
function M.discard_to_limit(game, p)
  local limit = game:config().hand_limit
  while M.hand_count(game, p) > limit do
    local opts = {}
    for _, c in ipairs(game:hand(p)) do
      opts[#opts + 1] = { key = "discard " .. game:card(c).name .. " #" .. c, card = c }
    end
    for _, c in ipairs(game:play_area(p)) do
      if M.is_object(game, c) then
        opts[#opts + 1] = { key = "discard " .. game:card(c).name .. " #" .. c, card = c, shown = true }
      end
    end
    if #opts == 0 then return end
    local key = game:choose(p, "discard", "Discard down to " .. limit .. " cards", opts)
    for _, o in ipairs(opts) do
      if o.key == key then
        if o.shown then game:call_card(o.card, "on_end", { controller = p }) end
        M.discard(game, o.card)
      end
    end
  end
end

-- The walls card c made that still stand, found on the board by their maker (a sector turned
-- or relocated carries them along).
function M.walls_of(game, c)
  local out = {}
  for _, info in ipairs(game:edges { barrier = "wall", created_by = c }) do out[#out + 1] = info.edge end
  return out
end

-- Objects and walls a card created go when the card leaves play.
function M.remove_creations(game, c)
  for _, e in ipairs(M.walls_of(game, c)) do
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
  game:set_card_data(c, "objects", nil)
end

-- A spell in play ends: its effects stop and it is discarded.
function M.end_spell(game, c)
  local card = game:card(c)
  game:call_card(c, "on_end", { controller = card.controller })
  M.remove_creations(game, c)
  game:set_card(c, { energy = 0 })
  M.discard(game, c)
  game:after("spell_end", { card = c, player = card.controller })
end

-- classic, Dropping and Retrieving Objects: a dropped object lies in the square as a token
-- (movable: it does not block sight or movement); anyone may pick it up later.
function M.drop_object(game, p, c, at)
  game:call_card(c, "on_end", { controller = p })
  local id = game:create_object { kind = "item", card = c, at = at, mobile = true, owner = p }
  game:set_card(c, { controller = nil, target = nil })
  game:after("drop", { player = p, card = c, object = id, square = at })
  return id
end

function M.carried_treasure(game, p)
  for _, o in ipairs(game:objects()) do
    if o.kind == "treasure" and o.carried_by == p then return o end
  end
  return nil
end

-- classic, Combat and Death. A wizard killed by an attack gives all his cards (hand and
-- carried objects) to the last attacker, who discards down to seven at once; killed
-- indirectly, his objects fall where he stood and his hand is discarded; eliminated by his
-- treasures, all his cards are discarded. His spells end; a carried treasure falls.
function M.kill(game, q, killer, by_attack, reason)
  local pl = game:player(q)
  if not pl.alive then return end
  local at = pl.at
  local takes = by_attack and killer ~= nil and killer ~= q and game:player(killer).alive
  for _, c in ipairs(game:play_area(q)) do
    if M.is_object(game, c) then
      if takes then
        game:call_card(c, "on_end", { controller = q })
        game:move_card(c, { kind = "hand", player = killer })
        game:set_card(c, { controller = nil })
      elseif reason == "treasures" or not at then
        game:call_card(c, "on_end", { controller = q })
        M.discard(game, c)
      else
        M.drop_object(game, q, c, at)
      end
    else
      M.end_spell(game, c)
    end
  end
  local t = M.carried_treasure(game, q)
  if t then game:set_object(t.id, { at = at }) end
  for _, c in ipairs(game:hand(q)) do
    if takes then game:move_card(c, { kind = "hand", player = killer }) else M.discard(game, c) end
  end
  game:set_token(q, "lost_turns", 0)
  game:set_alive(q, false)
  game:set_life(q, math.min(pl.life, 0))
  game:after("death", { player = q, killer = killer, by_attack = takes and true or false, reason = reason })
  if takes then M.discard_to_limit(game, killer) end
end

-- Enemy treasures lying on p's home base (classic, Winning: brought home and dropped there).
-- A dead player's treasures still count (classic, Death).
function M.treasures_home(game, p)
  local home = game:home(game:player(p).home_sector)
  local n = 0
  for _, o in ipairs(game:objects()) do
    if o.kind == "treasure" and o.owner ~= p and M.same_sq(o.at, home) then n = n + 1 end
  end
  return n
end

-- classic, Winning: the moment both treasures you protect lie on other living players' home
-- bases, you are out. classic, Death: a dead player's base no longer counts for this.
local function treasures_lost(game)
  for _, pl in ipairs(game:players()) do
    if pl.alive then
      local mine, lost = 0, 0
      for _, o in ipairs(game:objects()) do
        if o.kind == "treasure" and o.owner == pl.id then
          mine = mine + 1
          for _, other in ipairs(game:players()) do
            if other.id ~= pl.id and other.alive and M.same_sq(o.at, game:home(other.home_sector)) then
              lost = lost + 1
            end
          end
        end
      end
      if mine > 0 and lost >= mine then M.kill(game, pl.id, nil, false, "treasures") end
    end
  end
end

-- classic, Winning: two enemy treasures on your home base, or every other wizard gone.
-- classic, Death: a wizard who dies in the action that would win is out first (deaths are
-- applied as they happen, so a dead wizard is never counted here).
function M.check_victory(game)
  if game:vars().over then return true end
  local function finish(winner, reason)
    game:set_var("over", true)
    game:set_result(winner, reason)
    return true
  end
  local need = game:config().treasures_to_win
  for _, p in ipairs(M.turn_order(game)) do
    if M.treasures_home(game, p) >= need then return finish(p, need .. " enemy treasures brought home") end
  end
  treasures_lost(game)
  local order = M.turn_order(game)
  if #order == 0 then return finish(nil, "no wizard is left alive") end
  if #order == 1 and #game:players() > 1 then return finish(order[1], "last wizard left") end
  return false
end

return M
