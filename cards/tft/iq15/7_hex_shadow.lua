-- Wizard (1978) 7-Hex Shadow (seed L678, after Shadow L601): a creation, black shadow over up
-- to seven connected hexes, figures or not, for 3 ST.
-- reconstructed: the first hex is where creations may appear (L329); the others need only join
-- it, one by one, on hexes in play.
return card {
  name = "7-Hex Shadow", school = "iq15", kind = "creation", energy = 3,
  duration = "lasting", targets = { "hex" },
  text = "Fills up to seven connected hexes with black shadow, over figures or not: nothing is seen into it or through it. 3 ST.",
  resolve = function(ctx)
    local cells = ctx:connected(7, function(c) return not ctx:filled_by(c, "shadow") end)
    ctx:fill("shadow", cells)
  end,
  tests = {
    { "shadow over the hexes chosen, the foe's among them", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "7-Hex Shadow", { cell = arena.east(1) }, { 3, 4, 4 }, { "2,8", "1,7", "done" })
      for _, c in ipairs({ arena.east(1), arena.east(2), { q = 1, r = 7 } }) do
        t:eq(g:objects_at(c)[1].kind, "shadow")
      end
      t:eq(#g:objects(), 3)
      t:eq(arena.lost(t, me), 3)
    end },
    { "seven hexes at most", function(t, g)
      local arena = require("test.arena")
      arena.duel(t, 5)
      arena.cast(t, "7-Hex Shadow", { cell = arena.east(2) }, { 3, 4, 4 }, { "3,8", "1,8", "2,7", "3,7", "1,9", "2,9" })
      t:eq(#g:objects(), 7)
    end },
    { "a miss: no shadow, 1 ST", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "7-Hex Shadow", { cell = arena.east(1) }, { 6, 6, 4 })
      t:eq(#g:objects(), 0)
      t:eq(arena.lost(t, me), 1)
    end },
    { "it lasts, unkept and free, and hides the foe: -4 to strike into it", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "7-Hex Shadow", { cell = arena.east(1) }, { 3, 4, 4 }, { "done" })
      t:pass(2)
      t:eq(#g:objects(), 1)
      t:eq(arena.lost(t, me), 3)
      -- DX 12 - 4 = 8: a 9 misses
      arena.ready(t, me)
      t:dice { 3, 3, 3 }
      t:act { kind = "attack", target = foe }
      t:eq(arena.lost(t, foe), 0)
    end },
  },
}
