-- Shared opening for the tests of a wall of water (lib/water_wall.lua: classic Waterwall, the
-- 9th's Wall of Water): player 0, made active, and player 1 stand in one square beside an
-- empty line with `room` free squares behind them (spots.push_spot), and player 0 casts the
-- card at that line, boosted by a NUMBER card if one is named. Both are pushed the same way,
-- as far as the room allows; neither cast is the turn's attack. The test goes on with its own
-- checks (the points lost, what stays on the line):
--   local c, at, e = require("test.pushed").both(t, "Waterwall", 3, 0, "NUMBER 3")
-- require("test.pushed"); keeps no state.
local spots = require("test.spots")
local pushed = {}

-- Returns the card, the square the two stood in, the line and the square they were pushed to
-- (their own square when there was no room).
---@param t T
---@param name string the card
---@param n integer how many squares it pushes
---@param room integer how many free squares there are behind them
---@param number string? a NUMBER card it is cast with
---@return integer card
---@return Square at
---@return Edge line
---@return Square to
function pushed.both(t, name, n, room, number)
  local g = t.game
  t:active(0)
  local at, e, away = spots.push_spot(g, n, room)
  assert(at and e and away, "a line with " .. room .. " free square(s) behind it")
  t:place(0, at)
  t:place(1, at)
  local c = t:give(0, name)
  t:cast { card = c, at = t:border(e), boost = number and t:give(0, number) or nil }
  local to = g:run(at, away, n).squares[math.min(n, room)] or at
  t:eq(g:player(1).at, to, "pushed as far as there is room")
  t:eq(g:player(0).at, to, "its caster too, standing there")
  t:eq(g:turn().vars.attacked, nil, "not the turn's attack")
  return c, at, e, to
end

return pushed
