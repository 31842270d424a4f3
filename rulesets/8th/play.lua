-- The 8th edition's part of rules.play (8th: Playing Magic Cards, Counter Spell, Canceling,
-- Reducing, and Evading Spells, Throwing Objects, Punching). The procedure is the mechanics'
-- (`base`): every other living player may answer, counters are boosted like spells, a spell's
-- energy tokens count its duration.
local common = require("rules.common")
local effects = require("rules.effects")
local transform = require("rules.transform")
local throwing = require("rules.throwing")
local M = base

-- 8th: Mundane spells can't be countered.
local cancelled = M.closed
function M.closed(game, entry)
  return cancelled(game, entry) or (entry.card ~= nil and common.has_trait(game, entry.card, "mundane"))
    -- A card that says it cannot be cancelled opens no window either (8th Thaumaturgy
    -- "Anti-Anti": trait `uncancellable`).
    or (entry.card ~= nil and common.has_trait(game, entry.card, "uncancellable"))
end

-- A counter card, or a neutral one with a `can_respond` hook (spell-or-counter cards), unless
-- a spell in play forbids it.
function M.may_answer(game, q, c, entry)
  local kind = game:card(c).kind
  return (kind == "counter" or (kind == "neutral" and game:has_hook(c, "can_respond")))
    and not effects.forbidden(game, c)
    and game:call_card(c, "can_respond", { controller = q, caster = q }, entry)
end

-- The flight is reckoned as the object is thrown; where it comes down, after the blow, on
-- the board as it is then (rules/throwing.lua).
function M.landing(game, p, target)
  local from = game:player(p).at
  local flight = throwing.flight(game, from, throwing.aim(game, from, target))
  return function(entry) return from and throwing.landing(game, from, flight, entry.marks.blocked_at) end
end

-- A form may punch harder (rules/transform.lua).
function M.punch_damage(game, p)
  -- 8th Alchemy magic stones (rules/stones.lua): a Mightstone adds a die roll.
  return transform.punch_damage(game, p) + require("rules.stones").punch_bonus(game, p)
end

-- 8th: Item: "the text on the item card indicates when the carried item can be used": a
-- carried item with a `can_respond` hook (Alchemy's Null Powder) is offered in response
-- windows like a counter, unboosted; answering uses it up (discarded as it settles).
local answers = M.answers
function M.answers(game, q, entry)
  local opts = answers(game, q, entry)
  for _, c in ipairs(game:play_area(q)) do
    if game:card(c).kind == "item" and game:has_hook(c, "can_respond")
        and game:call_card(c, "can_respond", { controller = q, caster = q }, entry) then
      opts[#opts + 1] = { label = "counter with " .. M.name_of(game, c), card = c }
    end
  end
  return opts
end

-- 8th Alchemy magic stones (rules/stones.lua): a Powerstone makes every card spent as a
-- boost, for speed or for a spell, worth more to its wielder.
local boost_value = M.boost_value
function M.boost_value(game, p, b)
  return boost_value(game, p, b) + require("rules.stones").boost_bonus(game, p)
end

return M
