-- The 8th edition's random steps (require("rules.dice")); the overlay and its die are the
-- mechanics' (rulesets/mechanics/dice.lua: `base`, M.random_direction).
local M = base

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
