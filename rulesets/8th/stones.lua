-- Magic stones (require("rules.stones")): the Alchemy school's enchanted gems, carried items
-- with the trait `magic_stone`.
-- 8th: Card Traits, Magic Stone: a magic stone is destroyed if its wielder suffers fire
-- damage. 8th: Canceling, Reducing, and Evading Spells: damage reduced to 0 is no damage, so
-- it destroys nothing and no Boomstone explodes.
-- 8th: Creating Objects and Playing Items: an item works while it is carried (in its player's
-- play area); dropped it is an object and does nothing.
--
-- A stone states its powers when it comes into a wizard's hands (`on_play`, played or picked
-- up): `stones.carry(ctx, { speed = 1 })`. The rules read them here while it is carried:
--   speed = n      base speed + n (rules.lua: rules.speed)
--   boost = n      each card spent as a boost, for speed or a spell, is worth n more
--                  (rules/play.lua: boost_value)
--   hand = n       maximum hand size + n (rules/common.lua: hand_count)
--   punch_die = n  a punch deals n d4 more (rules/play.lua: punch_damage)
--   blast = n      destroyed by fire, it deals n magical fire damage to its wielder
--   see_through = n  his spells (not thrown items) see through one wall or door
--                  (rules/targets.lua: M.bent, M.in_range; stones.seen_through_wall)
-- Every stone card's `on_damage` calls stones.on_damage, which destroys them all at once.
local common = require("rules.common")
local M = {}

-- The wizard carrying card c (whose play area holds it), or nil.
function M.carrier(game, c)
  local zone = game:card(c).zone
  if zone.kind == "play" then return zone.player end
  return nil
end

-- The magic stones wizard p carries.
function M.of(game, p)
  local out = {}
  for _, c in ipairs(game:play_area(p)) do
    if common.has_trait(game, c, "magic_stone") then out[#out + 1] = c end
  end
  return out
end

function M.count(game, p) return #M.of(game, p) end

-- on_play of a stone: its powers, kept in its own data (they count while it is carried).
function M.carry(ctx, powers) ctx.data.stone = powers end

-- The sum of one power over the stones p carries.
function M.bonus(game, p, key)
  local n = 0
  for _, c in ipairs(M.of(game, p)) do
    local powers = game:card_data(c, "stone")
    if type(powers) == "table" and powers[key] then n = n + powers[key] end
  end
  return n
end

function M.speed_bonus(game, p) return M.bonus(game, p, "speed") end
function M.boost_bonus(game, p) return M.bonus(game, p, "boost") end
function M.hand_bonus(game, p) return M.bonus(game, p, "hand") end

-- A punch's extra damage: one d4 per `punch_die` (Mightstone).
function M.punch_bonus(game, p)
  local n = 0
  for _ = 1, M.bonus(game, p, "punch_die") do n = n + game:roll(4) end
  return n
end

-- Wizard p draws up to n cards, never past his hand limit (8th: Discard and Draw Phase: the
-- limit counts the hand, carried items and maintained spells). Returns how many he drew.
function M.draw_within_limit(game, p, n)
  local drawn = 0
  for _ = 1, n do
    if common.hand_count(game, p) >= game:config().hand_limit or not common.draw(game, p) then break end
    drawn = drawn + 1
  end
  return drawn
end

-- Wizard p discards n cards of his hand, of his choice (all he has if fewer).
function M.discard_from_hand(game, p, n)
  for _ = 1, n do
    local hand = game:hand(p)
    if #hand == 0 then return end
    local opts = {}
    for _, c in ipairs(hand) do
      opts[#opts + 1] = { label = "discard " .. game:card(c).name .. " #" .. c, card = c }
    end
    local _, i = game:choose(p, "discard", "Discard a card", opts)
    common.discard(game, opts[i].card)
  end
end

-- Is target t (a wizard, object, creature or square) seen from square `from` through one
-- wall or door? reconstructed: the one wall or door is a side of the target's square; past
-- it the line of sight must be clear to the square beyond it (the wall nearest the target is
-- the one looked through; a line through a wall farther away is not traced).
function M.seen_through_wall(game, from, t)
  local at = t.at
  if not (from and at) or t.edge then return false end
  for _, n in ipairs(game:neighbours(at)) do
    local info = game:edge(n.edge)
    if (info.barrier == "wall" or info.barrier == "door") and not info.boundary
        and (common.same_sq(from, n.to) or game:los(from, n.to)) then
      return true
    end
  end
  return false
end

-- A ctx for damage no card resolves (a stone exploding): not an attack, off the stack.
local function ctx_of(game, c, p)
  return setmetatable({ game = game, card = c, caster = p, controller = p, attack = false, stack = false },
    { __index = require("rules.ctx") })
end

-- Wizard p suffered fire damage: every magic stone he carries is destroyed at once (each
-- leaves his possession: its `on_end`), then each that had a blast explodes on him.
function M.shatter(game, p)
  local gone = M.of(game, p)
  if #gone == 0 then return end
  local blasts = {}
  for _, c in ipairs(gone) do
    local powers = game:card_data(c, "stone")
    game:call_card(c, "on_end", { controller = p })
    common.discard(game, c)
    game:log("stone_destroyed", { card = c, player = p })
    if type(powers) == "table" and powers.blast then blasts[#blasts + 1] = { card = c, amount = powers.blast } end
  end
  for _, b in ipairs(blasts) do
    if game:player(p).alive then
      ctx_of(game, b.card, p):damage({ kind = "wizard", player = p }, b.amount, { magical = true, fire = true })
    end
  end
end

-- on_damage of every stone: fire damage dealt to its wielder destroys his stones.
function M.on_damage(ctx, ev)
  local p = M.carrier(ctx.game, ctx.card)
  local t = ev.target or {}
  if p == nil or t.kind ~= "wizard" or t.player ~= p then return end
  if not (ev.tags or {}).fire or (ev.amount or 0) <= 0 then return end
  M.shatter(ctx.game, p)
end

return M
