-- A wizard moved by a spell rather than by his own walk (require("rules.forced_move")): what
-- the editions share. An edition's forced_move.lua extends this module (`local M = base`).
local M = {}

-- The directions that lead away from square `from` for someone in square `at` (all four
-- when they are the same square): 8th Featherweight, classic Go Away.
function M.away_dirs(from, at)
  local out = {}
  if at.y < from.y then out[#out + 1] = "N" end
  if at.x > from.x then out[#out + 1] = "E" end
  if at.y > from.y then out[#out + 1] = "S" end
  if at.x < from.x then out[#out + 1] = "W" end
  if #out == 0 then out = { "N", "E", "S", "W" } end
  return out
end

return M
