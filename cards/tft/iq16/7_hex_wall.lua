-- Wizard (1978) 7-Hex Wall (seed L693, after Create Wall L618): a creation, solid wall in up to
-- seven connected hexes; it may ring a figure in but never fill its hex. 6 ST.
-- reconstructed: the first hex is where creations may appear (L329); the others need only join
-- it, one by one, on hexes in play not walled yet. The caster may name a figure's hex (he may
-- not know an image from a real thing): no wall rises on a real figure or an illusion, and an
-- image there vanishes under the wall (L618). A wall on a fire puts it out (L405).
return card {
  name = "7-Hex Wall", school = "iq16", kind = "creation", energy = 6,
  duration = "lasting", targets = { "hex" },
  text = "Solid wall rises in up to seven connected hexes, though never on a figure's hex: enough to shut a foe in. An image under it vanishes; a fire under it goes out. 6 ST.",
  resolve = function(ctx)
    ctx:raise_walls(ctx:connected(7, function(c) return not ctx:filled_by(c, "wall") end))
  end,
  tests = {
    { "walls all round the foe shut him in", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "7-Hex Wall", { cell = arena.east(1) }, { 3, 4, 4 }, { "1,7", "2,7", "3,7", "3,8", "2,9", "1,9" })
      t:eq(#g:objects(), 7, "a wall in each hex but the foe's: one to spare")
      t:eq(#g:objects_at(arena.east(2)), 0)
      t:eq(arena.lost(t, me), 6)
      for _, s in ipairs(g:cell_steps(arena.at(t, foe))) do
        t:eq(g:objects_at(s.to)[1].kind, "wall", "walled on every side")
      end
    end },
    { "no wall on a real figure's hex", function(t, g)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      arena.cast(t, "7-Hex Wall", { cell = arena.east(2) }, { 3, 4, 4 }, { "3,8", "done" })
      t:eq(#g:objects_at(arena.east(2)), 0)
      t:eq(#g:objects_at(arena.east(3)), 1)
      t:ok(assert(g:figure(foe)).at, "the foe stands")
    end },
    { "an image under the wall vanishes", function(t, g)
      local arena = require("test.arena")
      arena.duel(t, 5)
      local image = arena.being(t, 1, "wolf", arena.east(2), "W", "image")
      arena.cast(t, "7-Hex Wall", { cell = arena.east(2) }, { 3, 4, 4 }, { "done" })
      t:eq(g:figure(image), nil)
      t:eq(g:objects_at(arena.east(2))[1].kind, "wall")
    end },
    { "a wall on a fire puts it out", function(t, g)
      local arena = require("test.arena")
      arena.duel(t, 5)
      g:create_object { kind = "fire", at = arena.east(1), owner = 1, data = {} }
      arena.cast(t, "7-Hex Wall", { cell = arena.east(1) }, { 3, 4, 4 }, { "done" })
      local there = g:objects_at(arena.east(1))
      t:eq(#there, 1)
      t:eq(there[1].kind, "wall")
    end },
    { "only the foe's hex: no wall at all", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "7-Hex Wall", { cell = arena.east(2) }, { 3, 4, 4 }, { "done" })
      t:eq(#g:objects(), 0)
      t:eq(#g:play_area(0), 0, "the casting is gone")
      t:eq(arena.lost(t, me), 6)
    end },
  },
}
