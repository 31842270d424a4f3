-- Wizard (1978) Create Wall (seed L618, L397): a creation, a hex of solid wall; it fails on a
-- figure, destroys an image and puts out a fire, 2 ST.
return card {
  name = "Create Wall", school = "iq11", kind = "creation", energy = 2,
  duration = "lasting", targets = { "hex" },
  text = "A hex of solid wall rises, blocking movement and sight. It fails on a hex with a figure, but destroys an image there and puts out a fire. 2 ST.",
  resolve = function(ctx) ctx:raise_walls { assert(ctx:target_cell()) } end,
  tests = {
    { "a wall rises and hides the foe behind it", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Create Wall", { cell = arena.east(1) }, { 3, 3, 3 })
      local objs = g:objects_at(arena.east(1))
      t:eq(#objs, 1)
      t:eq(objs[1].kind, "wall")
      t:eq(arena.lost(t, me), 2)
      t:pass(1)
      arena.ready(t, me)
      t:give(0, "Magic Fist")
      t:ok(not t:has { kind = "cast", target = { figure = foe } }, "out of sight")
    end },
    { "it fails on a hex with a figure", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Create Wall", { cell = arena.east(1) }, { 3, 3, 3 })
      t:eq(#g:objects_at(arena.east(1)), 0)
      t:eq(assert(g:figure(foe)).at, arena.east(1))
      t:eq(arena.lost(t, me), 2)
    end },
    { "it destroys an image", function(t, g)
      local arena = require("test.arena")
      arena.duel(t)
      local image = arena.being(t, 1, "wolf", arena.east(1), "W", "image")
      arena.cast(t, "Create Wall", { cell = arena.east(1) }, { 3, 3, 3 })
      t:ok(g:figure(image) == nil)
      t:eq(#g:objects_at(arena.east(1)), 1)
    end },
    { "it puts out a fire", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "3-Hex Fire", { cell = arena.east(1) }, { 3, 3, 3 }, { "done" })
      local fire = g:objects_at(arena.east(1))[1].data.spell
      t:pass(1)
      arena.ready(t, me)
      arena.cast(t, "Create Wall", { cell = arena.east(1) }, { 3, 3, 3 })
      local objs = g:objects_at(arena.east(1))
      t:eq(#objs, 1)
      t:eq(objs[1].kind, "wall")
      t:eq(g:card(fire).zone.kind, "removed", "the fire spell is over")
    end },
  },
}
