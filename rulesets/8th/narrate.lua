-- The 8th's words for the narration (the shared rulesets/mechanics/narrate.lua, extended).
local common = require("rules.common")
local M = base

-- 8th: Scoring Victory Points: the score is victory points, out of what wins.
function M.status(game, p)
  return common.victory_points(game, p) .. " of " .. common.victory_target(game) .. " victory points"
end

-- A spell that went off without effect (8th creations and bushes), or a missile evaded.
function M.lines.fizzled(game, e) return game:card(e.card).name .. " fizzles" .. (e.reason and (": " .. e.reason) or "") end
function M.lines.evaded(game, e) return game:card(e.card).name .. " is evaded" end

return M
