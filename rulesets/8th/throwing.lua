-- Where a thrown object flies and where it lands (require("rules.throwing")).
-- 8th: Throwing Objects: a thrown object lands in its target's square if it can; a barrier in
-- the way, or a target that fills its whole square, stops it, and it lands in the last square
-- it passed through before striking it.
local common = require("rules.common")
local M = {}

-- The two squares either side of an edge: its own square and the one across its side.
local function edge_squares(game, e)
  local out = { { x = e.x, y = e.y } }
  for _, n in ipairs(game:neighbours(out[1])) do
    if n.dir == e.side then out[2] = n.to end
  end
  return out
end

-- The square beside a wall or door on the thrower's side: his own, else the one he sees by
-- the shorter line; his own square if he sees neither.
local function near_side(game, from, e)
  local best, length = nil, nil
  for _, s in ipairs(edge_squares(game, e)) do
    if common.same_sq(s, from) then return s end
    local line = game:line_squares(from, s)
    if line and (length == nil or #line < length) then best, length = s, #line end
  end
  return best or from
end

-- The square a throw from `from` aims at: the target's square, or for a wall or door the
-- square in front of it (the object strikes it and falls there).
function M.aim(game, from, target)
  if target.kind == "wizard" then return game:player(target.player).at end
  if target.edge then return near_side(game, from, target.edge) end
  return target.at
end

-- The squares the object passes through, ending with the square aimed at (game:line_squares;
-- just that square when no line of sight joins them any more).
function M.flight(game, from, to)
  if not (from and to) then return {} end
  return game:line_squares(from, to) or { to }
end

local function fills(game, s)
  for _, o in ipairs(game:objects_at(s)) do
    if o.fills_square then return true end
  end
  return false
end

local function same_edge(a, b) return a.x == b.x and a.y == b.y and a.side == b.side end

-- Does the step from a to its neighbour b cross edge e?
local function crosses(game, a, b, e)
  if not e then return false end
  local want = game:edge(e).edge
  for _, n in ipairs(game:neighbours(a)) do
    if common.same_sq(n.to, b) and same_edge(game:edge(n.edge).edge, want) then return true end
  end
  return false
end

-- Where the object comes down, following `flight` from `from` as the board is now: before
-- the first barrier in the way (or `blocked_at`, the edge of a barrier that was raised in its
-- way and has gone since: a Wall of Earth) or the first square filled by an object.
function M.landing(game, from, flight, blocked_at)
  local at = from
  for _, s in ipairs(flight) do
    if not common.same_sq(at, s) then
      if not game:los(at, s) or crosses(game, at, s, blocked_at) or fills(game, s) then return at end
      at = s
    end
  end
  return at
end

return M
