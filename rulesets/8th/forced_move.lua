-- A wizard moved square by square by a spell, with a choice at each square
-- (require("rules.forced_move")): Mental Force (the caster steers the target), Featherweight
-- (blows push the wizard, who picks the way at each turning).
-- 8th: Moving: one square at a time, no diagonals, not through walls, locked doors or objects
-- that block movement; the doors of his home sector (and his own) open for him (8th: Doors);
-- what his spells change about how he moves (rules/effects.lua) holds too. Every square is a
-- `move` event (rules/borders.lua), so a Wall of Fire crossed burns him.
local effects = require("rules.effects")
local doors = require("rules.doors")
local borders = require("rules.borders")
local targets = require("rules.targets")
-- (away_dirs is the mechanics', rulesets/mechanics/forced_move.lua: `base`)
local M = base

local BACK = { N = "S", S = "N", E = "W", W = "E" }
M.back = BACK

-- The single steps wizard q may take now from where he stands, by the normal rules of
-- movement (as his own walk: his door passes, his effects). `not_dir`: a direction left out
-- (going back the way he came).
---@return Option[] steps {key, label, dir, to}
function M.steps(game, q, not_dir)
  local flags = effects.move_flags(game, q, { door_passes = doors.passes(game, q) })
  local out = {}
  for _, s in ipairs(effects.filter_steps(game, q, game:steps(q, flags))) do
    if s.dir ~= not_dir then out[#out + 1] = { key = s.dir, label = "move " .. targets.dir_words(s.dir), dir = s.dir, to = s.to } end
  end
  return out
end

-- Moves wizard q one step (an entry of M.steps), as a movement of kind `how`. Returns
-- whether he is still alive.
function M.step(game, q, s, how)
  borders.move_along(game, q, s.dir, { squares = { s.to }, headings = { s.dir } }, how)
  return game:player(q).alive
end

return M
