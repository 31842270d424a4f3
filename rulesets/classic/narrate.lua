-- The classic edition's words for the narration (the shared rulesets/mechanics/narrate.lua,
-- extended).
local common = require("rules.common")
local targets = require("rules.targets")
local M = base

-- classic, Winning: enemy treasures brought home, out of what wins.
function M.status(game, p)
  return common.treasures_home(game, p) .. " of " .. game:config().treasures_to_win .. " treasures home"
end

function M.lines.lost_turn(game, e) return targets.wizard_label(game, e.player) .. " loses a turn" end

-- A magic stone taking damage off its holder (rules/stones.lua, lessen).
function M.lines.stone_guard(game, e)
  local whose = e.player ~= nil and (targets.wizard_label(game, e.player) .. "'s ") or ""
  return whose .. (targets.card_name(game, e.card) or "stone") .. " takes " .. (e.less or 0) .. " of the damage"
end

return M
