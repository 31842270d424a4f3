-- Where a thrown object lands (require("rules.throwing")).
-- 8th: Throwing Objects: a thrown object lands in its target's square if it can; a barrier in
-- the way, or a target that fills its whole square, stops it, and it lands in the last square
-- it passed through before striking it.
local common = require("rules.common")
local M = base -- the aim and the flight: rulesets/mechanics/throwing.lua

local function fills(game, s)
  for _, o in ipairs(game:objects_at(s)) do
    if o.fills_square then return true end
  end
  return false
end

-- Does the step from a to its neighbour b cross edge e?
local function crosses(game, a, b, e)
  if not e then return false end
  local want = game:edge(e).edge
  for _, n in ipairs(game:neighbours(a)) do
    if common.same_sq(n.to, b) and common.same_edge(game:edge(n.edge).edge, want) then return true end
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
