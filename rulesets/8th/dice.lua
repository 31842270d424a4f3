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

-- 8th: Random Movement: a wizard made to go a random way steps the way the die gives
-- (M.random_direction) if the normal rules of movement let him (rules/forced_move.lua: his
-- doors, his effects); otherwise he bumps into what stands there and stays. Returns the
-- direction and the step, or the direction and nil (a bump). (Dust Cloud.)
function M.random_step(game, p)
  local dir = M.random_direction(game)
  -- (required here: rules/forced_move.lua reaches modules that require this one)
  for _, s in ipairs(require("rules.forced_move").steps(game, p)) do
    if s.dir == dir then return dir, s end
  end
  return dir, nil
end

return M
