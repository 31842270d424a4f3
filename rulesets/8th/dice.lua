-- Random directions (require("rules.dice")).
-- 8th: Random Directions: the overlay is laid beside the board in any orientation and a die
-- picks the direction. We lay it once for all with face 1 pointing east (the rulebook's
-- picture: a 1 moves the wizard to the right); 2, 3 and 4 follow clockwise (kernel:
-- game:random_direction).
local M = {}

M.OVERLAY_ONE = "E"

-- Rolls the die and returns the direction ("N", "E", "S" or "W").
function M.random_direction(game)
  return game:random_direction(game:roll(4), M.OVERLAY_ONE)
end

return M
