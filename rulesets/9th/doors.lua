-- The 9th edition's doors: the shared ones (`base`: held doors, one's own sector's doors), with
-- created doors owned by the sector they lie in.
local M = base

-- 9th: The Board: the doors of a player's Lair sector are his. A created door inside one
-- sector is that sector's like a printed one; one between two sectors is nobody's
-- (reconstructed: implied by "between").
function M.owner_sector(game, info)
  if info.door and info.door.sector ~= nil then return info.door.sector end
  local sides = require("rules.common").edge_sides(game, info.edge)
  if #sides ~= 2 then return nil end
  local a, b = game:sector_of(sides[1].square), game:sector_of(sides[2].square)
  if a ~= nil and a == b then return a end
  return nil
end

return M
