-- Movement points for cards that read or change them (require("rules.movement")).
-- 8th: Moving: a wizard's movement points this turn are his base speed plus any speed boost,
-- less the points he has spent; 8th: Moving, Changing Base Speed: the base speed is his
-- form's (rules/transform.lua), raised by a Speedstone (rules/stones.lua, where loaded).
-- Points left, spent and gained (cards: Mad Dash, Extra Arms) are the shared mechanics'
-- (rulesets/mechanics/movement.lua, `left`, `spend`, `gain`); the base speed is the 8th's.
local transform = require("rules.transform")
local stones = require("rules.stones")
local M = base

-- The base speed of wizard p now (rules.lua's rules.speed).
function M.speed(game, p)
  return transform.base_speed(game, p) + stones.speed_bonus(game, p)
end

return M
