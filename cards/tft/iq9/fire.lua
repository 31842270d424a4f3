-- Wizard (1978) Fire (seed L590, L401): a creation, magical flame in one hex: 2 hits to a figure
-- there when it appears, and to any passing through, 4 to one stopping in it.
return card {
  name = "Fire", school = "iq9", kind = "creation", energy = 1,
  duration = "lasting", targets = { "hex" },
  text = "Flame fills one hex, a figure there or not: 2 hits to one in it now or walking through, 4 and -2 DX to one that stops in it; beasts below IQ 8 will not enter. 1 ST.",
  resolve = function(ctx)
    local cell = assert(ctx:target_cell())
    ctx:fill("fire", { cell })
    -- (the rules burn those who walk in: movement.lua; armour counts)
    for _, id in ipairs(ctx:figures_in({ cell })) do ctx:hit(id, 2, { fire = true }) end
  end,
  tests = {
    { "flame in an empty hex, lasting", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      arena.cast(t, "Fire", { cell = arena.east(1) }, { 3, 4, 4 })
      t:eq(#g:objects_at(arena.east(1)), 1)
      t:eq(g:objects_at(arena.east(1))[1].kind, "fire")
      t:eq(arena.lost(t, me), 1)
      t:pass(1)
      t:eq(#g:objects_at(arena.east(1)), 1, "still burning, nothing to keep up")
    end },
    { "cast on the foe's hex: 2 hits", function(t, g)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 2)
      arena.cast(t, "Fire", { cell = arena.east(2) }, { 3, 4, 4 })
      t:eq(arena.lost(t, foe), 2)
      t:eq(#g:objects_at(arena.east(2)), 1)
    end },
    { "not beyond the megahexes next to the caster's", function(t)
      local arena = require("test.arena")
      arena.duel(t, 2)
      t:give(0, "Fire")
      t:ok(t:has { kind = "cast", target = { cell = arena.east(1) } })
      t:ok(not t:has { kind = "cast", target = { cell = arena.east(7) } })
    end },
    { "a miss makes no fire", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      arena.cast(t, "Fire", { cell = arena.east(1) }, { 6, 5, 2 })
      t:eq(#g:objects_at(arena.east(1)), 0)
      t:eq(arena.lost(t, me), 1)
    end },
  },
}
