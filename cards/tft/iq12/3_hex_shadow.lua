-- Wizard (1978) 3-Hex Shadow (seed L637, L601, L399): a creation, black shadow in up to 3
-- connected hexes, over figures, fire or wall alike, 2 ST.
return card {
  name = "3-Hex Shadow", school = "iq12", kind = "creation", energy = 2,
  duration = "lasting", targets = { "hex" },
  text = "Black shadow fills up to 3 connected hexes, hiding what is in them: -4 DX to strike into it, -6 from inside. 2 ST.",
  resolve = function(ctx)
    ctx:fill("shadow", ctx:connected(3, function(c) return ctx:creation_hex(c) end))
  end,
  tests = {
    { "shadow in three hexes; a blow into it is at -4", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "3-Hex Shadow", { cell = arena.east(1) }, { 3, 3, 3 }, { "2,8", "1,7" })
      local n = 0
      for _, c in ipairs({ arena.east(1), arena.east(2), { q = 1, r = 7 } }) do
        if g:objects_at(c)[1] and g:objects_at(c)[1].kind == "shadow" then n = n + 1 end
      end
      t:eq(n, 3)
      t:eq(arena.lost(t, me), 2)
      t:eq(arena.lost(t, foe), 0, "shadow does no harm")
      t:pass(1)
      arena.ready(t, me)
      t:dice { 3, 3, 3 }
      t:act { kind = "attack", target = foe }
      t:eq(arena.lost(t, foe), 0, "a 9 misses at DX 12 - 4")
    end },
    { "fewer hexes if the caster likes", function(t, g)
      local arena = require("test.arena")
      arena.duel(t)
      arena.cast(t, "3-Hex Shadow", { cell = arena.east(1) }, { 3, 3, 3 }, { "done" })
      t:eq(#g:objects_at(arena.east(1)), 1)
      t:eq(#g:objects_at(arena.east(2)), 0)
    end },
    { "a miss makes no shadow", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "3-Hex Shadow", { cell = arena.east(1) }, { 6, 6, 4 })
      t:eq(#g:objects_at(arena.east(1)), 0)
      t:eq(arena.lost(t, me), 1)
    end },
  },
}
