-- Wizard (1978) Shadow (seed L601, L399): a creation, black shadow filling one hex, a figure in
-- it or not: it hides what is inside and hampers attacks into (-4 DX) and out of it (-6).
return card {
  name = "Shadow", school = "iq10", kind = "creation", energy = 1,
  duration = "lasting", targets = { "hex" },
  text = "Black shadow fills one hex, even one a figure stands in; it can be walked through. Attacks into it are at -4 DX, from or through it at -6. 1 ST.",
  resolve = function(ctx) ctx:fill("shadow", { assert(ctx:target_cell()) }) end,
  tests = {
    { "shadow on the foe's hex, lasting", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 2)
      arena.cast(t, "Shadow", { cell = arena.east(2) }, { 3, 4, 4 })
      local objs = g:objects_at(arena.east(2))
      t:eq(#objs, 1)
      t:eq(objs[1].kind, "shadow")
      t:eq(arena.lost(t, me), 1)
      t:pass(1)
      t:eq(#g:objects_at(arena.east(2)), 1, "nothing to keep up")
    end },
    { "the foe strikes out of his shadow at -6", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Shadow", { cell = arena.east(1) }, { 3, 4, 4 })
      arena.ready(t, foe)
      t:dice { 3, 3, 2 }
      t:act { kind = "attack", target = me }
      t:eq(arena.lost(t, me), 1, "an 8 misses at DX 12 - 6")
    end },
    { "not beyond the megahexes next to the caster's", function(t)
      local arena = require("test.arena")
      arena.duel(t, 2)
      t:give(0, "Shadow")
      t:ok(t:has { kind = "cast", target = { cell = arena.east(2) } })
      t:ok(not t:has { kind = "cast", target = { cell = arena.east(7) } })
    end },
    { "a miss makes no shadow", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      arena.cast(t, "Shadow", { cell = arena.east(1) }, { 6, 5, 2 })
      t:eq(#g:objects_at(arena.east(1)), 0)
      t:eq(arena.lost(t, me), 1)
    end },
  },
}
