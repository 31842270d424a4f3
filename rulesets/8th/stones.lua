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
-- The shared part (carrier, of, count, carry, bonus, hand_bonus, draw_within_limit,
-- discard_from_hand) is the mechanics' (rulesets/mechanics/stones.lua): `base`.
local common = require("rules.common")
local same_card = require("lib.same_card")
local M = base

function M.speed_bonus(game, p) return M.bonus(game, p, "speed") end
function M.boost_bonus(game, p) return M.bonus(game, p, "boost") end

-- A punch's extra damage: one d4 per `punch_die` (Mightstone).
function M.punch_bonus(game, p)
  local n = 0
  for _ = 1, M.bonus(game, p, "punch_die") do n = n + game:roll(4) end
  return n
end

-- A ctx for damage no card resolves (a stone exploding): not an attack, off the stack.
local function ctx_of(game, c, p)
  return setmetatable({ game = game, card = c, caster = p, controller = p, attack = false, stack = false },
    { __index = require("rules.ctx") }) --[[@as Ctx]]
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

-- The fields every 8th magic stone shares (8th: Alchemy): an Alchemy item with the
-- magic_stone trait, which fire damage to its carrier destroys (M.on_damage). `def` gives the
-- rest (name, count, text, hooks, tests) and may add traits of its own; its `powers` (the
-- list at the top of this file) are what the stone gives while carried (M.carry, as it is
-- played), unless it has an `on_play` of its own.
---@param def table
---@return CardDef
function M.card(def)
  local powers = def.powers or {}
  return same_card.family({
    school = "alchemy",
    kind = "item",
    traits = { "magic_stone" },
    on_play = function(ctx) M.carry(ctx, powers) end,
    on_damage = function(ctx, ev) M.on_damage(ctx, ev) end,
  }, def, { powers = true })
end

return M
