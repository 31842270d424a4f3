-- The 9th edition's part of rules.play: Numbers that are also spells, durations on a d6, and
-- a second attack after a nullified one. The procedure and classic's counters are `base`.
local M = base

-- 9th: Numbers: every card with a value is a Number, the 2s and 3s that are also spells too
-- (classic offered only NUMBER cards).
M.is_boost = M.has_energy_value

-- 9th: Keeping Track of Spell Duration: the count is kept on a d6 (reconstructed: a count
-- above 6, a 6 with a Powerstone, is 6), and the turn it was cast in does not count (card
-- data `cast_turn`, rules.counts_down).
local settle = M.settle
function M.settle(game, p, c, cancelled, energy)
  settle(game, p, c, cancelled, math.min(energy, game:config().duration_die))
  if game:card(c).zone.kind == "play" then game:set_card_data(c, "cast_turn", game:turn().number) end
end

-- 9th: Attacks: if a counter nullifies his attack (card data `nullified` on its entry:
-- rules/ctx.lua, cancel), the player may make another this turn. Reconstructed (README, Q2):
-- only a counter that cancels it outright; an attack evaded or lessened is spent.
local function second_chance(game, attack, entry, cancelled)
  if attack and cancelled and entry.marks.nullified then
    game:set_turn_var("attacked", nil)
    game:log("attack_nullified", { player = entry.controller, entry = entry.id })
  end
  return entry, cancelled
end

local cast, throw, punch = M.cast, M.throw, M.punch
function M.cast(game, p, a)
  local target = a.target
  if target and target.kind == "none" then target = nil end
  local attack = M.counts_as_attack(game, p, a.card, target)
  return second_chance(game, attack, cast(game, p, a))
end
function M.throw(game, p, a) return second_chance(game, true, throw(game, p, a)) end
function M.punch(game, p, target) return second_chance(game, true, punch(game, p, target)) end

return M
