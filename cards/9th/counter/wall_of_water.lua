-- 9th WALL OF WATER (1 in the deck): a Neutral/Counter card. The 9th rules name it twice: a
-- terrain marker of its own (9th: Components) and the Death example, where its water slams
-- wizards against a wall and may kill its caster and a foe at once (9th: Death). It is
-- classic Waterwall's behaviour (lib/water_wall.lua): as a spell in its player's turn, on an
-- empty line in sight, each wizard beside the line is pushed straight away from it a Number
-- of squares (1 without), 1 physical point for each square he is kept from; as a counter, a
-- spell or a thrown object aimed at its player misses (9th: Attacks: a miss affects nothing).
-- reconstructed: the 9th text is not in our sources; the behaviour, the range (LOS) and the
-- count are classic Waterwall's. Whether the water stays on the line afterwards (the marker
-- suggests it might, README Q4) is unknown: we chose that it does not, since the rules give
-- it no hits, no duration and no effect on sight or movement; the marker shows the line while
-- the spell resolves. A wizard taken to 0 by the push is killed by the caster (9th: Death).
local water = require("lib.water_wall")
local duel = require("test.duel")
local pushed = require("test.pushed")

-- For the tests: player 0 made active, a line with `room` free squares behind a wizard pushed
-- `n` away from it (spots.push_spot), and the square a push of one takes him to.
---@param t T
---@param n integer
---@param room integer
---@return Square at
---@return Edge line
---@return Square to
local function spot(t, n, room)
  local g = t.game
  t:active(0)
  local at, e, away = require("test.spots").push_spot(g, n, room)
  assert(at and e and away, "a line with " .. room .. " free square(s) behind it")
  return at, e, g:run(at, away, 1).squares[1]
end

return card(water.card {
  name = "Wall of Water", copies = 1,
  text = "In your turn: water rises on an empty line you can see and falls at once, pushing each wizard beside it straight away as many squares as the Number; each square he cannot go costs him 1 point. As a counter: the spell or thrown object aimed at you hits the water and misses.",
  tests = {
    { "without a Number both wizards beside the line go one square; nothing stays on the line", function(t, g)
      local c, _, e = pushed.both(t, "Wall of Water", 1, 1)
      t:eq({ t:life(0), t:life(1) }, { 15, 15 }, "nothing stopped them")
      t:eq(#g:edge(e).obstacles, 0, "the water does not stay (reconstructed)")
      t:eq(g:edge(e).barrier, "open")
      t:eq(g:card(c).zone.pile, "discard")
    end },
    { "a NUMBER 3 with one free square behind: moved 1, the other 2 squares cost 2 points", function(t)
      local at, e, to = spot(t, 3, 1)
      local g = t.game
      local spots = require("test.spots")
      for _, n in ipairs(spots.around(g, at)) do
        if spots.same_edge(n.edge, e) then t:place(0, n.to) end
      end
      t:ok(g:los_edge(g:player(0).at, e), "its caster, across the line, sees it")
      t:place(1, at)
      local c, num = t:give(0, "Wall of Water"), t:give(0, "NUMBER 3")
      t:cast { card = c, at = t:border(e), boost = num }
      t:eq(g:player(1).at, to)
      t:eq(t:life(1), 13)
    end },
    { "as a counter a thrown Dagger misses its player", function(t, g)
      local w = duel.aim(t, "Dagger", { plays = { "Wall of Water" }, throw = true }).plays[1]
      t:eq(t:life(1), 15, "the dagger missed")
      t:eq(g:card(w).zone.pile, "discard")
      t:eq(#t:log("counter"), 1)
    end },
  },
})
