-- Wizard (1978) Reverse Missiles (seed L614, L287): a thrown secret protection; missile spells
-- aimed at its subject turn back on their sender, 2 ST and 1 a turn.
return card {
  name = "Reverse Missiles", school = "iq11", kind = "thrown", energy = 2,
  duration = "continuing", targets = { "figure" },
  traits = { "secret_protection", "helpful" },
  text = "Missile spells aimed at the subject fly back and strike whoever sent them; blows are not turned. 2 ST, and 1 a turn to keep.",
  -- seed L300: one at a time on a figure
  resolve = function(ctx) ctx:enchant_once { reverse = true } end,
  tests = {
    { "a Magic Fist at the subject strikes its sender", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Reverse Missiles", { figure = me }, { 2, 2, 2 })
      arena.ready(t, foe)
      local c = t:give(1, "Magic Fist")
      t:dice { 3, 3, 3, 6 }
      t:answer(1, "1")
      t:act { kind = "cast", card = c, target = { figure = me } }
      t:eq(arena.lost(t, me), 2, "only the spell's cost")
      t:eq(arena.lost(t, foe), 5, "1 ST put in, and 6 - 2 hits")
    end },
    { "no help against a staff", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Reverse Missiles", { figure = me }, { 2, 2, 2 })
      arena.ready(t, foe)
      t:dice { 3, 3, 3, 4 }
      t:act { kind = "attack", target = me }
      t:eq(arena.lost(t, me), 6, "2 for the spell, 4 hits")
      t:eq(arena.lost(t, foe), 0)
    end },
    { "not kept, it ends", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Reverse Missiles", { figure = me }, { 2, 2, 2 })
      t:answer(0, "Reverse Missiles on A (1 ST)")
      t:pass(1)
      t:eq(#arena.spells_on(t, me), 1, "kept a turn")
      t:eq(arena.lost(t, me), 3)
      t:answer(0)
      t:pass(1)
      t:eq(#arena.spells_on(t, me), 0)
    end },
  },
}
