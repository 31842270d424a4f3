-- A wall brought down on the wizards beside it (require("lib.falling_wall")): the 8th's DESTROY
-- WALL (Cantrip) and classic DESTROY WALL (which the 9th borrows) both knock down a wall
-- section, or a door where the card may aim at one, and the falling stone hurts each wizard
-- standing in either of the two squares the line separated (across a rim link too): 2 points
-- of physical damage each, which is no attack (8th card text; classic [AF, TJ] and classic,
-- Combat: a falling wall is physical damage). What may fall is the edition's ctx:destroy_wall
-- (the 8th keeps outer walls standing; classic lets a rim wall fall with the one across). The
-- module is read-only and keeps no game state.
local falling_wall = {}

-- Brings down the wall or door on line `edge` and deals `points` of physical damage, once, to
-- each wizard who stood beside it. Returns false, hurting nobody, when nothing fell.
---@param ctx Ctx
---@param edge Edge
---@param points integer
---@return boolean
function falling_wall.knock_down(ctx, edge, points)
  local squares = {}
  for _, side in ipairs(ctx:edge_sides(edge)) do squares[#squares + 1] = side.square end
  if not ctx:destroy_wall(edge) then return false end
  local hit = {}
  for _, s in ipairs(squares) do
    for _, p in ipairs(ctx.game:seats_at(s)) do
      if not hit[p] then
        hit[p] = true
        ctx:damage(p, points, { physical = true })
      end
    end
  end
  return true
end

return falling_wall
