-- The 9th edition's words for the narration (classic's, extended).
local targets = require("rules.targets")
local M = base

-- 9th: How to Win: the score is victory points, out of what wins.
M.status = M.victory_status

function M.lines.seam_roll(_game, e)
  return "the die for the changed walls shows " .. e.roll .. ": they go with the " .. e.fate
end
function M.lines.attack_nullified(game, e)
  return targets.wizard_label(game, e.player) .. "'s attack was nullified: he may attack again"
end

return M
