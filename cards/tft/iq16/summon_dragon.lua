-- Wizard (1978) Summon Dragon (seed L687): a creation, a real seven-hex dragon (ST 60, DX 14,
-- IQ 20, MA 8, 20 flying, claws 2 dice, breath 3 dice, scales stop 5) that serves its
-- summoner, 5 ST and 2 a turn.
-- reconstructed: the seed says only that a creation appears in empty hexes (L329). The dragon
-- lies as its summoner faces, its middle on the hex chosen; if any of its hexes is off the
-- board, filled or out of play, nothing comes (the ST is spent all the same).
local summons = require("test.summons")

return card {
  name = "Summon Dragon", school = "iq16", kind = "creation", energy = 5,
  duration = "continuing", targets = { "empty_hex" },
  traits = { "summons" },
  text = "A great dragon seven hexes big (ST 60, DX 14, IQ 20, MA 8, 20 flying; claws 2 dice, fiery breath 3 dice; scales stop 5) comes to serve you. 5 ST, and 2 a turn to keep.",
  resolve = function(ctx)
    ctx:enchant { upkeep = 2 }
    ctx:summon("dragon", assert(ctx:target_cell()))
  end,
  tests = {
    { "a dragon appears over seven hexes", function(t)
      local arena = require("test.arena")
      local d = summons.appears(t, "Summon Dragon", "dragon", 5, { gap = 5, cell = arena.east(2) })
      t:eq(#d.cells, 7)
      t:eq(d.attrs.st, 60)
    end },
    { "not next to a figure: no room", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 3)
      arena.cast(t, "Summon Dragon", { cell = arena.east(2) }, { 3, 4, 4 })
      t:eq(#arena.figures_of(t, "dragon"), 0)
      t:eq(#g:play_area(0), 0, "the casting is gone")
      t:eq(arena.lost(t, me), 5)
    end },
    { "kept for 2 ST a turn", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t, 5)
      arena.cast(t, "Summon Dragon", { cell = arena.east(2) }, { 3, 4, 4 })
      t:answer(0, "Summon Dragon (2 ST)")
      t:pass(1)
      t:eq(#arena.figures_of(t, "dragon"), 1)
      t:eq(arena.lost(t, me), 7, "5 to cast, 2 to keep")
    end },
    { "not kept, the dragon goes", function(t)
      summons.goes_unkept(t, "Summon Dragon", "dragon", { gap = 5, cell = require("test.arena").east(2) })
    end },
  },
}
