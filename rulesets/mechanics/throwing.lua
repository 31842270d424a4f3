-- Where a thrown object flies (require("rules.throwing")): the square it is aimed at and the
-- squares it passes over. Where it comes down is the edition's (8th: Throwing Objects, its
-- throwing.lua; classic, Dropping and Retrieving Objects, its play.lua).
local common = require("rules.common")
local M = {}

-- The square a throw from `from` aims at: the target's square; for a wall or door, the square
-- in front of it on the thrower's side (the object strikes it and falls there): his own, else
-- the one he sees by the shorter line, else his own.
function M.aim(game, from, target)
  if target.kind == "wizard" then return game:player(target.player).at end
  if not target.edge then return target.at end
  local best, length = nil, nil
  for _, side in ipairs(common.edge_sides(game, target.edge)) do
    local s = side.square
    if common.same_sq(s, from) then return s end
    local line = game:line_squares(from, s)
    if line and (length == nil or #line < length) then best, length = s, #line end
  end
  return best or from
end

-- The squares the object passes through, ending with the square aimed at (game:line_squares;
-- just that square when no line of sight joins them any more).
function M.flight(game, from, to)
  if not (from and to) then return {} end
  return game:line_squares(from, to) or { to }
end

return M
