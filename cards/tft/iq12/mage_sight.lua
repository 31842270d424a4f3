-- Wizard (1978) Mage Sight (seed L631, L399): a thrown spell; its subject sees what blur,
-- invisibility, shadow or darkness hide, 2 ST and 1 a turn.
return card {
  name = "Mage Sight", school = "iq12", kind = "thrown", energy = 2,
  duration = "continuing", targets = { "figure" },
  traits = { "helpful" },
  text = "The subject sees through blur, invisibility, shadow and darkness, and may aim spells at figures hidden by them. 2 ST, and 1 a turn to keep.",
  -- seed L300: one at a time on a figure
  resolve = function(ctx) ctx:enchant_once { sight = true } end,
  tests = {
    { "an invisible foe can be aimed at", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.enchant(t, 1, "Invisibility", foe, { invisible = true, turns = 9 })
      local fist = t:give(0, "Magic Fist")
      t:ok(not t:has { kind = "cast", card = fist, target = { figure = foe } }, "not without it")
      arena.cast(t, "Mage Sight", { figure = me }, { 2, 2, 2 })
      t:eq(arena.lost(t, me), 2)
      t:answer(0, "Mage Sight on A (1 ST)")
      t:pass(1)
      arena.ready(t, me)
      t:ok(t:has { kind = "cast", card = fist, target = { figure = foe } })
    end },
    { "not kept, it ends", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.enchant(t, 1, "Invisibility", foe, { invisible = true, turns = 9 })
      arena.cast(t, "Mage Sight", { figure = me }, { 2, 2, 2 })
      t:answer(0)
      t:pass(1)
      t:eq(#arena.spells_on(t, me), 0)
      arena.ready(t, me)
      t:give(0, "Magic Fist")
      t:ok(not t:has { kind = "cast", target = { figure = foe } })
    end },
  },
}
