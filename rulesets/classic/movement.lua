-- The classic edition's part of rules.movement (the points left, spent and gained are the
-- mechanics', `base`): classic, Movement: three spaces a turn, the turn var `speed` set as the
-- turn starts (rules.lua: rules.speed; Speedstone, Slow and Lock in Place change it).
local M = base

function M.speed(game, _p) return game:turn().vars.speed or game:config().base_speed end

return M
