-- Wizard (1978) Summon Giant (seed L659): a creation, a real three-hex giant (ST 30, DX 9,
-- IQ 8, MA 8, no armour, club 3+3) that serves its summoner, 4 ST and 1 a turn.
-- reconstructed: the seed says only that a creation appears in empty hexes (L329). A being of
-- many hexes stands as its summoner faces, from the hex chosen; if any of its hexes is off the
-- board, filled or out of play, nothing comes (the ST is spent all the same).
local summons = require("test.summons")

return card {
  name = "Summon Giant", school = "iq14", kind = "creation", energy = 4,
  duration = "continuing", targets = { "empty_hex" },
  traits = { "summons" },
  text = "A giant (ST 30, DX 9, IQ 8, MA 8, no armour, club 3+3), three hexes big, comes to serve you. 4 ST, and 1 a turn to keep.",
  resolve = function(ctx) ctx:summon("giant", assert(ctx:target_cell())) end,
  tests = {
    { "a giant appears over three hexes", function(t)
      local giant = summons.appears(t, "Summon Giant", "giant", 4, { gap = 4 })
      t:eq(#giant.cells, 3)
      t:eq(giant.attrs.st, 30)
    end },
    { "no room for all three hexes: nothing comes", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 4)
      local cells = assert(g:footprint(arena.east(1), "E", { { q = 0, r = 0 }, { q = 1, r = -1 }, { q = 1, r = 0 } }))
      arena.place(t, foe, cells[2], "W")
      arena.ready(t, me)
      arena.cast(t, "Summon Giant", { cell = arena.east(1) }, { 3, 4, 4 })
      t:eq(#arena.figures_of(t, "giant"), 0)
      t:eq(#g:play_area(0), 0, "the casting is gone")
    end },
    { "not kept, the giant goes", function(t) summons.goes_unkept(t, "Summon Giant", "giant", { gap = 4 }) end },
  },
}
