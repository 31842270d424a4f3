-- Wizard (1978) Stop (seed L650): a thrown spell; the victim's MA is 0 for four turns (it may
-- still act in its hex).
return card {
  name = "Stop", school = "iq13", kind = "thrown", energy = 3,
  duration = "turns", targets = { "figure" },
  text = "The victim cannot leave its hex for 4 turns, though it may still fight and cast. 3 ST.",
  resolve = function(ctx)
    -- reconstructed: the seed does not say whether Stops add up (Slow's do, L571); we keep
    -- one at a time (L300): a second does nothing. A 4 or a 3 to hit makes it last twice or
    -- three times as long (seed L261).
    ctx:enchant_once { stopped = true, turns = 4 * (ctx.effect or 1) }
  end,
  tests = {
    { "the victim cannot move, but may still act", function(t, g)
      local arena = require("test.arena")
      local F = require("rules.figures")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Stop", { figure = foe }, { 3, 3, 3 })
      t:eq(F.ma(g, foe), 0)
      t:eq(arena.lost(t, me), 3)
      arena.ready(t, foe)
      t:dice { 3, 3, 3, 1 }
      t:act { kind = "attack", target = me }
      t:eq(arena.lost(t, me), 4, "its staff still strikes")
    end },
    { "it lasts four turns, the one cast included", function(t, g)
      local arena = require("test.arena")
      local F = require("rules.figures")
      local _, foe = arena.duel(t, 1)
      arena.cast(t, "Stop", { figure = foe }, { 3, 3, 3 })
      t:pass(3)
      t:eq(F.ma(g, foe), 0, "fourth turn")
      t:pass(1)
      t:eq(#arena.spells_on(t, foe), 0)
      t:eq(F.ma(g, foe), 10)
    end },
    { "a miss: it moves as ever, and 1 ST lost", function(t, g)
      local arena = require("test.arena")
      local F = require("rules.figures")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Stop", { figure = foe }, { 6, 5, 1 })
      t:eq(F.ma(g, foe), 10)
      t:eq(arena.lost(t, me), 1)
    end },
    { "a 4 to hit: twice as long", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 1)
      arena.cast(t, "Stop", { figure = foe }, { 1, 1, 2 })
      t:eq(arena.spells_on(t, foe)[1].data.turns, 8)
    end },
  },
}
