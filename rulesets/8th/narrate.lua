-- The 8th's words for the narration (the shared rulesets/mechanics/narrate.lua, extended).
local M = base

-- 8th: Scoring Victory Points: the score is victory points, out of what wins.
M.status = M.victory_status

-- A spell that went off without effect (8th creations and bushes), or a missile evaded.
function M.lines.fizzled(game, e) return game:card(e.card).name .. " fizzles" .. (e.reason and (": " .. e.reason) or "") end
function M.lines.evaded(game, e) return game:card(e.card).name .. " is evaded" end

return M
