-- Wizard (1978) Stone Flesh (seed L646): a continuing thrown spell, secret protection; the
-- subject's body stops 4 hits of every attack (with its armour; not with Iron Flesh).
return card {
  name = "Stone Flesh", school = "iq13", kind = "thrown", energy = 2,
  duration = "continuing", targets = { "figure" },
  traits = { "secret_protection", "helpful" },
  text = "The subject's skin turns to stone: it stops 4 hits of every attack, besides any armour. 2 ST, and 1 a turn to keep.",
  -- seed L300: one at a time on a figure
  resolve = function(ctx) ctx:enchant_once { stops = 4 } end,
  tests = {
    { "a blow of 6 does 2", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Stone Flesh", { figure = me }, { 2, 2, 2 })
      t:eq(arena.lost(t, me), 2, "2 ST to cast")
      arena.ready(t, foe)
      t:dice { 3, 3, 3, 6 }
      t:act { kind = "attack", target = me }
      t:eq(arena.lost(t, me), 4, "6 - 4 more")
    end },
    { "a secret: the foe does not see which spell it is", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Stone Flesh", { figure = me }, { 2, 2, 2 })
      local c = g:play_area(0)[1]
      t:ok(not g:sees(1, c))
      t:ok(g:sees(0, c))
      t:ok(foe ~= nil)
    end },
    { "not kept, it stops nothing", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Stone Flesh", { figure = me }, { 2, 2, 2 })
      t:answer(0)
      t:pass(1)
      t:eq(#arena.spells_on(t, me), 0)
      arena.ready(t, foe)
      t:dice { 3, 3, 3, 6 }
      t:act { kind = "attack", target = me }
      t:eq(arena.lost(t, me), 8)
    end },
  },
}
