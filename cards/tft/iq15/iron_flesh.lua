-- Wizard (1978) Iron Flesh (seed L670): a continuing thrown spell, secret protection; the
-- subject's body stops 6 hits of every attack (Stone Flesh's better, never added to it).
return card {
  name = "Iron Flesh", school = "iq15", kind = "thrown", energy = 3,
  duration = "continuing", targets = { "figure" },
  traits = { "secret_protection", "helpful" },
  text = "The subject's skin turns to iron: it stops 6 hits of every attack, besides any armour. 3 ST, and 1 a turn to keep.",
  -- seed L300: one at a time on a figure
  resolve = function(ctx) ctx:enchant_once { stops = 6 } end,
  tests = {
    { "a staff blow of 4 does nothing", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Iron Flesh", { figure = me }, { 2, 2, 2 })
      t:eq(arena.lost(t, me), 3, "3 ST to cast")
      arena.ready(t, foe)
      t:dice { 3, 3, 3, 4 }
      t:act { kind = "attack", target = me }
      t:eq(arena.lost(t, me), 3, "4 stopped")
    end },
    { "with Stone Flesh too, only the better counts", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Stone Flesh", { figure = me }, { 2, 2, 2 })
      arena.ready(t, me)
      arena.cast(t, "Iron Flesh", { figure = me }, { 2, 2, 2 })
      t:eq(arena.lost(t, me), 5)
      -- a giant's club: 3 dice + 3
      local giant = g:create_figure {
        kind = "giant", owner = 1, at = { q = arena.middle.q + 1, r = arena.middle.r - 1 }, facing = "SW",
        attrs = { st = 30, dx = 9, iq = 8, ma = 8 }, tokens = {}, vars = { being = "giant" },
      }
      arena.ready(t, giant)
      t:dice { 2, 2, 2, 2, 2, 2 }
      t:act { kind = "attack", target = me }
      t:eq(arena.lost(t, me), 8, "9 - 6, not 9 - 10")
      t:ok(foe ~= nil)
    end },
    { "not kept, it stops nothing", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Iron Flesh", { figure = me }, { 2, 2, 2 })
      t:answer(0)
      t:pass(1)
      t:eq(#arena.spells_on(t, me), 0)
      arena.ready(t, foe)
      t:dice { 3, 3, 3, 4 }
      t:act { kind = "attack", target = me }
      t:eq(arena.lost(t, me), 7)
    end },
  },
}
