-- Random directions on a fixed overlay (require("rules.dice")). An edition's dice.lua extends
-- this module (`local M = base`).
-- 8th: Random Directions: the overlay is laid beside the board in any orientation and a die
-- picks the direction. We lay it once for all with face 1 pointing east (the rulebook's
-- picture: a 1 moves the wizard to the right); 2, 3 and 4 follow clockwise (kernel:
-- game:random_direction). (9th: Movement: the d4 gives the direction; reconstructed: the same
-- overlay.) classic picks the facing at each roll instead (its ctx.random_direction).
local M = {}

-- edition: where face 1 of the overlay points.
M.OVERLAY_ONE = "E"

-- Rolls the die and returns the direction ("N", "E", "S" or "W").
function M.random_direction(game)
  return game:random_direction(game:roll(4), M.OVERLAY_ONE)
end

return M
