-- Movement points for cards that read or change them (require("rules.movement")): a wizard's
-- movement points this turn are his base speed plus any boost, less the points he has spent
-- (8th: Moving; classic, Movement). Kept in the turn vars `boost` and `spent`
-- (rulesets/mechanics/rules.lua, movement_left and spend): cards see and change the same
-- numbers. An edition's movement.lua replaces `speed`.
local M = {}

-- edition: the base speed of wizard p now (rules.lua's rules.speed).
function M.speed(game, _p) return game:config().base_speed end

-- The active wizard's movement points left (may be below 0 after a slower form).
function M.left(game)
  local tv = game:turn().vars
  return M.speed(game, game:turn().active) + (tv.boost or 0) - (tv.spent or 0)
end

-- The active wizard spends n points (an action a card offers that costs movement).
function M.spend(game, n)
  game:set_turn_var("spent", (game:turn().vars.spent or 0) + n)
end

-- The active wizard gains n points this turn (added to the turn's boost).
function M.gain(game, n)
  game:set_turn_var("boost", (game:turn().vars.boost or 0) + n)
end

return M
