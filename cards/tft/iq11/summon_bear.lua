-- Wizard (1978) Summon Bear (seed L608): a creation, a real bear (ST 30, DX 11, IQ 6, MA 8,
-- bite 2+2) that obeys its summoner, 4 ST and 1 a turn.
local summons = require("test.summons")

return card {
  name = "Summon Bear", school = "iq11", kind = "creation", energy = 4,
  duration = "continuing", targets = { "empty_hex" },
  traits = { "summons" },
  text = "A bear (ST 30, DX 11, IQ 6, MA 8, bite 2+2) comes to serve you. 4 ST, and 1 a turn to keep.",
  resolve = function(ctx) ctx:summon("bear", assert(ctx:target_cell())) end,
  tests = {
    { "a bear appears, looking to the foe like any bear", function(t)
      local bear = summons.appears(t, "Summon Bear", "bear", 4)
      t:eq(bear.attrs.st, 30)
      t:eq(bear.attrs.ma, 8)
    end },
    { "kept for 1 ST a turn", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Summon Bear", { cell = arena.east(1) }, { 3, 4, 4 })
      t:answer(0, "Summon Bear (1 ST)")
      t:pass(1)
      t:eq(#arena.figures_of(t, "bear"), 1)
      t:eq(arena.lost(t, me), 5)
    end },
    { "the bear goes when the summoner stops keeping it", function(t) summons.goes_unkept(t, "Summon Bear", "bear") end },
    { "not on a hex with a figure in it", function(t, g)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 1)
      t:give(0, "Summon Bear")
      t:ok(t:has { kind = "cast", target = { cell = arena.east(2) } })
      t:ok(not t:has { kind = "cast", target = { cell = assert(g:figure(foe)).at } })
    end },
  },
}
