-- Shared helpers for card tests: find places on the board (an open border, a free square, a
-- wall, a locked door) next to a square, using only kernel queries, so tests need no fixed
-- coordinates. require("test.spots"); keeps no state.
local spots = {}

---A side of a square: the direction, the square beyond, the line between and what stands on it.
---@class spots.Side
---@field dir Dir
---@field to Square
---@field edge Edge
---@field info EdgeInfo

local function same(a, b) return a.x == b.x and a.y == b.y and a.side == b.side end
spots.same_edge = same

-- The neighbours of square `at` (not through rim links), each with its canonical edge info.
---@return spots.Side[]
local function around(game, at)
  local out = {}
  for _, n in ipairs(game:neighbours(at)) do
    if not n.link then
      local ok, info = pcall(function() return game:edge(n.edge) end)
      if ok and info then out[#out + 1] = { dir = n.dir, to = n.to, edge = info.edge, info = info } end
    end
  end
  return out
end
spots.around = around

-- Are a and b the same square? (false when either is nil)
---@return boolean
function spots.same_square(a, b) return a ~= nil and b ~= nil and a.x == b.x and a.y == b.y end

-- Is square s clear: off every home base, with no object lying in it?
---@return boolean
function spots.clear(game, s) return game:home_sector_at(s) == nil and #game:objects_at(s) == 0 end

-- Player p's home base (his Lair): the home square of his sector.
---@return Square
function spots.home_of(game, p) return game:home(game:player(p).home_sector) end

-- An open inner border of `at` with nothing on it: { dir, to, edge }.
---@return spots.Side?
function spots.open_border(game, at)
  for _, n in ipairs(around(game, at)) do
    if n.info.barrier == "open" and not n.info.boundary and #n.info.obstacles == 0 then return n end
  end
end

-- A neighbour of `at` one can walk to and see, holding no wizard, no object and no home base.
---@return spots.Side?
function spots.free_square(game, at)
  for _, n in ipairs(around(game, at)) do
    if n.info.barrier == "open" and #n.info.obstacles == 0 and #game:objects_at(n.to) == 0
        and #game:seats_at(n.to) == 0 and game:home_sector_at(n.to) == nil and game:los(at, n.to) then
      return n
    end
  end
end

-- An inner wall of `at`: { dir, to, edge }.
---@return spots.Side?
function spots.wall(game, at)
  for _, n in ipairs(around(game, at)) do
    if n.info.barrier == "wall" and not n.info.boundary then return n end
  end
end

-- A square with an inner wall: returns the square and the wall ({ dir, to, edge }).
---@return Square? square
---@return spots.Side? wall
function spots.square_with_wall(game)
  for _, s in ipairs(game:squares()) do
    local n = spots.wall(game, s)
    if n then return s, n end
  end
end

-- A square somewhere on the board with an open border and a free square beside it, for tests
-- that need room: returns the square.
---@return Square?
function spots.roomy_square(game)
  for _, s in ipairs(game:squares()) do
    if game:home_sector_at(s) == nil and #game:objects_at(s) == 0 and spots.free_square(game, s) then return s end
  end
end

-- A roomy square (spots.roomy_square), checked with t:ok, and the free neighbour beside it
-- (spots.free_square: { dir, to, edge, info }).
---@return Square square
---@return spots.Side side
function spots.roomy(t)
  local s = spots.roomy_square(t.game)
  t:ok(s, "a roomy square")
  return s --[[@as Square]], spots.free_square(t.game, s) --[[@as spots.Side]]
end

-- Player 1's home base left empty (he is moved to a roomy square) and player 0 placed on a
-- free square beside it, checked with t:ok to see it: returns that home base square.
---@return Square home
function spots.empty_home_in_sight(t)
  local g = t.game
  local home = spots.home_of(g, 1)
  t:place(1, spots.roomy_square(g))
  local n = spots.free_square(g, home)
  assert(n, "a free square beside the home base")
  t:place(0, n.to)
  t:ok(g:los(n.to, home) and #g:seats_at(home) == 0 and #g:objects_at(home) == 0, "an empty home base in sight")
  return home
end

-- A clear square (spots.clear) and a straight run of n clear squares from it, open all the way
-- and the last in its sight: returns the square, the run's squares and the direction, or nil.
---@return Square? square
---@return Square[]? run
---@return Dir? dir
function spots.straight(game, n)
  for _, s in ipairs(game:squares()) do
    for _, d in ipairs({ "N", "E", "S", "W" }) do
      local r = game:run(s, d, n)
      if #r.squares == n and spots.clear(game, s) and game:los(s, r.squares[n]) then
        local ok = true
        for _, q in ipairs(r.squares) do ok = ok and spots.clear(game, q) end
        if ok then return s, r.squares, d end
      end
    end
  end
end

-- The first closed printed inner door beside one of `squares` for which keep(door, square,
-- beyond) holds: the square, the direction through the door, the square beyond and its edge.
---@param squares Square[]
---@param keep fun(door: table, s: Square, beyond: Square): boolean
---@return Square? square
---@return Dir? dir
---@return Square? beyond
---@return Edge? edge
local function closed_door(game, squares, keep)
  for _, s in ipairs(squares) do
    for _, n in ipairs(around(game, s)) do
      local info = n.info
      if info.barrier == "door" and not info.boundary and info.door and not info.door.open
          and keep(info.door, s, n.to) then
        return s, n.dir, n.to, n.edge
      end
    end
  end
end

-- A closed printed inner door of a sector that is none of the given players' home sectors,
-- off the home bases: a square beside it, the direction through it, the square beyond and
-- its edge, or nil.
---@param players integer[]
---@return Square? square
---@return Dir? dir
---@return Square? beyond
---@return Edge? edge
function spots.foreign_door(game, players)
  local homes = {}
  for _, p in ipairs(players) do homes[game:player(p).home_sector] = true end
  return closed_door(game, game:squares(), function(door, s, beyond)
    return not homes[door.sector] and game:home_sector_at(s) == nil and game:home_sector_at(beyond) == nil
  end)
end

-- A closed printed inner door of player p's home sector: a square of his sector beside it, the
-- direction through it, the square beyond and its edge, or nil.
---@return Square? square
---@return Dir? dir
---@return Square? beyond
---@return Edge? edge
function spots.home_door(game, p)
  local home = game:player(p).home_sector
  return closed_door(game, game:sector_squares(home), function(door) return door.sector == home end)
end

-- A square and a direction across a closed inner door of another sector than p's own (whose
-- doors some rules open for him) that he may not pass: p is placed there. Returns square,
-- dir, edge (or nil).
---@return Square? square
---@return Dir? dir
---@return Edge? edge
function spots.locked_door(game, p)
  local home = game:player(p).home_sector
  for _, s in ipairs(game:squares()) do
    for _, n in ipairs(around(game, s)) do
      local door = n.info.door
      if n.info.barrier == "door" and not n.info.boundary and door and not door.open
          and door.sector ~= home then
        game:place_seat_figure(p, s)
        local free = false
        for _, st in ipairs(game:steps(p)) do if st.dir == n.dir then free = true end end
        if not free then return s, n.dir, n.edge end
      end
    end
  end
end

-- The square beyond side `dir` of square s (through the rim's links too).
---@return Square?
function spots.beyond(game, s, dir)
  for _, n in ipairs(game:neighbours(s)) do
    if n.dir == dir then return n.to end
  end
end

-- The square in the middle of the south rim of sector slot i.
---@return Square
function spots.south_opening(game, i)
  local x0, x1, y1 = math.maxinteger, math.mininteger, math.mininteger
  for _, s in ipairs(game:sector_squares(i)) do
    x0, x1, y1 = math.min(x0, s.x), math.max(x1, s.x), math.max(y1, s.y)
  end
  return { x = (x0 + x1) // 2, y = y1 }
end

-- An open border between sector `sec` and another one, with nothing on it, beside a square of
-- `sec` holding no wizard and no home base: returns the neighbour ({ dir, to, edge, info })
-- and that square, or nil.
---@return spots.Side? side
---@return Square? square
function spots.open_seam(game, sec)
  for _, sq in ipairs(game:sector_squares(sec)) do
    for _, n in ipairs(around(game, sq)) do
      if game:sector_of(n.to) ~= sec and n.info.barrier == "open" and not n.info.boundary
          and #n.info.obstacles == 0 and #game:seats_at(sq) == 0 and game:home_sector_at(sq) == nil then
        return n, sq
      end
    end
  end
end

-- The walls card c made that stand now (their edges).
---@return Edge[]
function spots.walls_by(game, c)
  local out = {}
  for _, info in ipairs(game:edges { barrier = "wall", created_by = c }) do out[#out + 1] = info.edge end
  return out
end

-- Can player p take a step in direction dir now?
---@return boolean
function spots.can_step(game, p, dir, flags)
  for _, st in ipairs(game:steps(p, flags)) do if st.dir == dir then return true end end
  return false
end

-- The active player walks n steps, each the first move offered.
function spots.moves(t, n)
  for _ = 1, n do
    local step = t:list { kind = "move" }[1]
    t:ok(step, "a move is left")
    t:act(step)
  end
end

-- A straight line of `n` squares from `at` (game:run): the first direction that has one, and
-- its squares; nil if none does.
---@return Dir? dir
---@return Square[]? squares
function spots.line(game, at, n)
  for _, d in ipairs({ "N", "E", "S", "W" }) do
    local r = game:run(at, d, n)
    if #r.squares == n then return d, r.squares end
  end
end

-- Three squares in a row in sight of each other, the middle one empty (no wizard, object or
-- treasure) and neither of the first two a home base: for a creation between a wizard and
-- what lies beyond. Returns them and the direction, or nil.
---@return Square? at
---@return Square? mid
---@return Square? beyond
---@return Dir? dir
function spots.row_of_three(game)
  for _, s in ipairs(game:squares()) do
    for _, d in ipairs({ "N", "E", "S", "W" }) do
      local r = game:run(s, d, 2)
      local mid = r.squares[1]
      if #r.squares == 2 and game:home_sector_at(s) == nil and game:home_sector_at(mid) == nil
          and #game:objects_at(mid) == 0 and #game:objects_at(s) == 0 and #game:seats_at(mid) == 0
          and game:los(s, r.squares[2]) then
        return s, mid, r.squares[2], d
      end
    end
  end
  return nil
end

-- A square not in sight of square `at` but seen from it with one bend (game:los_bent), or nil.
---@return Square?
function spots.round_the_corner(game, at)
  for _, s in ipairs(game:squares()) do
    if not game:los(at, s) and game:los_bent(at, s) then return s end
  end
  return nil
end

-- The active player p walks a shortest path to square `to` (game:path), step by step.
function spots.walk_to(t, p, to)
  local game = t.game
  local path = game:path(game:player(p).at, to)
  t:ok(path, "a path to " .. to.x .. "," .. to.y)
  for _, s in ipairs(path) do
    local dir
    for _, n in ipairs(game:neighbours(game:player(p).at)) do
      if n.to.x == s.x and n.to.y == s.y then dir = n.dir end
    end
    t:move(dir)
  end
end

-- The first square and direction (board order, then N, E, S, W) from which a wizard pushed
-- straight `n` squares gets exactly `room` squares before something stops him, or nil.
---@param game Game
---@param n integer
---@param room integer
---@return Square? square
---@return Dir? dir
function spots.push_room(game, n, room)
  for _, s in ipairs(game:squares()) do
    for _, d in ipairs({ "N", "E", "S", "W" }) do
      if #game:run(s, d, n).squares == room then return s, d end
    end
  end
end

-- A square beside an empty inner line it sees (not across a rim link) from which a wizard
-- pushed straight away from that line `n` squares gets exactly `room` squares before
-- something stops him (a wall of water's push). Returns the square, the line's edge and the
-- way he is pushed, or nil.
---@param game Game
---@param n integer
---@param room integer
---@return Square? square
---@return Edge? edge
---@return Dir? away
function spots.push_spot(game, n, room)
  local opposite = { N = "S", S = "N", E = "W", W = "E" }
  for _, s in ipairs(game:squares()) do
    for _, nb in ipairs(game:neighbours(s)) do
      local info = game:edge(nb.edge)
      local away = opposite[nb.dir]
      if not nb.link and info.barrier == "open" and #info.obstacles == 0 and game:los_edge(s, info.edge)
          and #game:run(s, away, n).squares == room then
        return s, info.edge, away
      end
    end
  end
  return nil
end

return spots
