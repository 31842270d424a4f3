-- Wizard (1978) Blur (seed L569): a continuing thrown spell, -4 DX to all attacks and spells
-- against its subject.
return card {
  name = "Blur", school = "iq8", kind = "thrown", energy = 1,
  duration = "continuing", targets = { "figure" },
  traits = { "helpful" },
  text = "The subject is hard to see: every attack and spell against it is at -4 DX. 1 ST, and 1 a turn to keep.",
  -- seed L300: one at a time on a figure
  resolve = function(ctx) ctx:enchant_once { blur = true } end,
  tests = {
    { "a blurred foe is 4 harder to hit", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Blur", { figure = me }, { 2, 2, 2 })
      t:eq(#arena.spells_on(t, me), 1)
      t:eq(arena.lost(t, me), 1, "1 ST to cast")
      -- the foe strikes with his staff: DX 12 - 4 = 8; an 11 misses
      arena.ready(t, foe)
      t:dice { 4, 4, 3 }
      t:act { kind = "attack", target = me }
      t:eq(arena.lost(t, me), 1, "missed")
    end },
    { "kept for 1 ST a turn", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Blur", { figure = me }, { 2, 2, 2 })
      t:answer(0, "Blur on A (1 ST)")
      t:pass(1)
      t:eq(#arena.spells_on(t, me), 1, "still on")
      t:eq(arena.lost(t, me), 2, "1 to cast, 1 to keep")
    end },
    { "not kept, it ends before movement", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Blur", { figure = me }, { 2, 2, 2 })
      t:answer(0)
      t:pass(1)
      t:eq(#arena.spells_on(t, me), 0)
      t:eq(arena.lost(t, me), 1)
    end },
  },
}
