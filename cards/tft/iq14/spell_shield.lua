-- Wizard (1978) Spell Shield (seed L667): a continuing thrown spell, secret protection; no
-- special, missile or thrown spell can be cast on its subject, and its caster pays in full.
return card {
  name = "Spell Shield", school = "iq14", kind = "thrown", energy = 3,
  duration = "continuing", targets = { "figure" },
  traits = { "secret_protection", "helpful" },
  text = "No spell but a creation takes hold on the subject; whoever casts one at it loses its whole cost. Blows still land. 3 ST, and 1 a turn to keep.",
  -- seed L300: one at a time on a figure
  resolve = function(ctx) ctx:enchant_once { shield = true } end,
  tests = {
    { "a Magic Fist at the subject does nothing, and costs its caster in full", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 2)
      arena.cast(t, "Spell Shield", { figure = me }, { 2, 2, 2 })
      t:eq(arena.lost(t, me), 3)
      arena.ready(t, foe)
      local c = t:give(1, "Magic Fist")
      t:dice { 3, 3, 3 }
      t:answer(1, "3")
      t:act { kind = "cast", card = c, target = { figure = me } }
      t:eq(arena.lost(t, me), 3, "no harm")
      t:eq(arena.lost(t, foe), 3)
    end },
    { "a thrown spell is stopped too, at its full cost", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Spell Shield", { figure = foe }, { 2, 2, 2 })
      arena.ready(t, me)
      arena.cast(t, "Stop", { figure = foe }, { 2, 2, 2 })
      t:eq(#arena.spells_on(t, foe), 1, "the shield alone")
      t:eq(arena.lost(t, me), 6, "3 for the shield, 3 for Stop")
    end },
    { "no shield against blows", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Spell Shield", { figure = me }, { 2, 2, 2 })
      arena.ready(t, foe)
      t:dice { 3, 3, 3, 4 }
      t:act { kind = "attack", target = me }
      t:eq(arena.lost(t, me), 7)
    end },
    { "not kept, spells take hold again", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 2)
      arena.cast(t, "Spell Shield", { figure = me }, { 2, 2, 2 })
      t:answer(0)
      t:pass(1)
      t:eq(#arena.spells_on(t, me), 0)
      arena.ready(t, foe)
      local c = t:give(1, "Magic Fist")
      t:dice { 3, 3, 3, 6 }
      t:answer(1, "1")
      t:act { kind = "cast", card = c, target = { figure = me } }
      t:eq(arena.lost(t, me), 7, "3, then 6 - 2")
    end },
  },
}
