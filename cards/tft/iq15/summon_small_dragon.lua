-- Wizard (1978) Summon Small Dragon (seed L674): a creation, a real four-hex dragon (ST 30,
-- DX 13, IQ 16, MA 6, 16 flying, claws 2-2, breath 2 dice, scales stop 3) that serves its
-- summoner, 5 ST and 1 a turn.
-- reconstructed: the seed says only that a creation appears in empty hexes (L329). The dragon
-- lies as its summoner faces, from the hex chosen; if any of its hexes is off the board,
-- filled or out of play, nothing comes (the ST is spent all the same).
local summons = require("test.summons")

return card {
  name = "Summon Small Dragon", school = "iq15", kind = "creation", energy = 5,
  duration = "continuing", targets = { "empty_hex" },
  traits = { "summons" },
  text = "A small dragon four hexes long (ST 30, DX 13, IQ 16, MA 6, 16 flying; claws 2-2, fiery breath 2 dice; scales stop 3) comes to serve you. 5 ST, and 1 a turn to keep.",
  resolve = function(ctx) ctx:summon("small_dragon", assert(ctx:target_cell())) end,
  tests = {
    { "a small dragon appears over four hexes", function(t)
      local arena = require("test.arena")
      local d = summons.appears(t, "Summon Small Dragon", "small_dragon", 5, { gap = 5, cell = arena.east(2) })
      t:eq(#d.cells, 4)
      t:eq(d.attrs.st, 30)
    end },
    { "no room for all four hexes: nothing comes", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 5)
      local cells = assert(g:footprint(arena.east(2), "E", { { q = 0, r = 0 }, { q = 1, r = -1 }, { q = 0, r = 1 }, { q = -1, r = 1 } }))
      arena.place(t, foe, cells[4], "W")
      arena.ready(t, me)
      arena.cast(t, "Summon Small Dragon", { cell = arena.east(2) }, { 3, 4, 4 })
      t:eq(#arena.figures_of(t, "small_dragon"), 0)
      t:eq(#g:play_area(0), 0, "the casting is gone")
      t:eq(arena.lost(t, me), 5, "the ST is spent all the same")
    end },
    { "kept for 1 ST a turn; not kept, the dragon goes", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t, 5)
      arena.cast(t, "Summon Small Dragon", { cell = arena.east(2) }, { 3, 4, 4 })
      t:answer(0, "Summon Small Dragon (1 ST)")
      t:pass(1)
      t:eq(#arena.figures_of(t, "small_dragon"), 1)
      t:eq(arena.lost(t, me), 6)
      t:answer(0)
      t:pass(1)
      t:eq(#arena.figures_of(t, "small_dragon"), 0)
    end },
  },
}
