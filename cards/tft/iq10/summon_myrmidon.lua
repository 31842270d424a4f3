-- Wizard (1978) Summon Myrmidon (seed L597): a creation, a real warrior (ST 12, DX 12, IQ 8,
-- MA 10, broadsword 2 dice, no armour) under its summoner's orders, 2 ST and 1 a turn.
local summons = require("test.summons")

return card {
  name = "Summon Myrmidon", school = "iq10", kind = "creation", energy = 2,
  duration = "continuing", targets = { "empty_hex" },
  traits = { "summons" },
  text = "A myrmidon (ST 12, DX 12, IQ 8, MA 10, broadsword 2 dice, no armour) comes to fight for you. 2 ST, and 1 a turn to keep.",
  resolve = function(ctx) ctx:summon("myrmidon", assert(ctx:target_cell())) end,
  tests = {
    { "a myrmidon appears, shown to the foe as a myrmidon", function(t)
      local m = summons.appears(t, "Summon Myrmidon", "myrmidon", 2, { gap = 4 })
      t:eq(m.attrs.st, 12)
      t:eq(m.attrs.dx, 12)
    end },
    { "its sword does 2 dice", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 2)
      arena.cast(t, "Summon Myrmidon", { cell = arena.east(1) }, { 3, 4, 4 })
      local m = arena.figures_of(t, "myrmidon")[1].id
      t:answer(0, "Summon Myrmidon (1 ST)")
      t:pass(1)
      arena.ready(t, m)
      t:dice { 3, 3, 4, 4, 5 }
      t:act { kind = "attack", target = foe }
      t:eq(arena.lost(t, foe), 9)
    end },
    { "not kept, it goes", function(t) summons.goes_unkept(t, "Summon Myrmidon", "myrmidon", { gap = 4 }) end },
  },
}
