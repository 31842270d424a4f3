-- Wizard (1978) Shock Shield (seed L603): a continuing thrown spell, secret protection: a die
-- of hits each turn to any creature in its subject's hex, 2 ST and 1 a turn.
-- reconstructed: only figures fighting hand to hand share a hex, and this game has no such
-- fighting (seed L531: the spell is meant for play with MELEE), so the shield is on its
-- subject (`shock`) and does nothing more here.
return card {
  name = "Shock Shield", school = "iq10", kind = "thrown", energy = 2,
  duration = "continuing", targets = { "figure" },
  traits = { "secret_protection", "helpful" },
  text = "A crackling shield: at the end of each turn, a die of hits to every other creature in the subject's hex (only hand-to-hand fighters share one). 2 ST, and 1 a turn to keep.",
  -- seed L300: one at a time on a figure
  resolve = function(ctx) ctx:enchant_once { shock = true } end,
  tests = {
    { "on its subject, unseen by the foe", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Shock Shield", { figure = me }, { 3, 3, 3 })
      local on = arena.spells_on(t, me)
      t:eq(#on, 1)
      t:eq(arena.lost(t, me), 2)
      t:ok(g:sees(0, on[1].id))
      t:ok(not g:sees(1, on[1].id), "secret protection")
    end },
    { "one at a time", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Shock Shield", { figure = me }, { 3, 3, 3 })
      t:answer(0, "Shock Shield on A (1 ST)")
      t:pass(1)
      arena.ready(t, me)
      arena.cast(t, "Shock Shield", { figure = me }, { 3, 3, 3 })
      t:eq(#arena.spells_on(t, me), 1)
      t:eq(arena.lost(t, me), 5, "2, 1 to keep, 2 for the second, which does nothing")
    end },
    { "kept for 1 ST a turn, else it ends", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Shock Shield", { figure = me }, { 3, 3, 3 })
      t:answer(0, "Shock Shield on A (1 ST)")
      t:pass(1)
      t:eq(#arena.spells_on(t, me), 1)
      t:eq(arena.lost(t, me), 3)
      t:answer(0)
      t:pass(1)
      t:eq(#arena.spells_on(t, me), 0)
    end },
  },
}
