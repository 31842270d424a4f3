-- Wizard (1978) Confusion (seed L580): a thrown spell, -2 IQ for each ST put in, for 3 turns:
-- the victim cannot cast spells above its IQ now, but keeps up those already cast.
-- reconstructed: two Confusion spells on a figure add up, as Clumsiness's do.
return card {
  name = "Confusion", school = "iq9", kind = "thrown",
  duration = "turns", targets = { "figure" },
  traits = { "charged" },
  text = "The victim loses 2 IQ for each ST you put in, for 3 turns: it cannot cast spells its lowered IQ would not allow, but may keep up those already on.",
  resolve = function(ctx)
    -- (the rules read the lowered IQ when a spell is cast, casting.lua C.castable, never when one is renewed)
    -- reconstructed: a 4 or a 3 to hit (seed L261) makes it last twice or three times as long
    ctx:enchant { iq = -2 * assert(ctx.charge), turns = 3 * (ctx.effect or 1) }
  end,
  tests = {
    { "2 ST: IQ 11 falls to 7, too low for Blur", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      t:give(1, "Blur")
      arena.cast(t, "Confusion", { figure = foe }, { 3, 3, 3 }, { "2" })
      t:eq(arena.lost(t, me), 2)
      arena.ready(t, foe)
      t:ok(not t:has { kind = "cast" })
    end },
    { "1 ST leaves IQ 9: Blur still", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 1)
      t:give(1, "Blur")
      arena.cast(t, "Confusion", { figure = foe }, { 3, 3, 3 }, { "1" })
      arena.ready(t, foe)
      t:ok(t:has { kind = "cast" })
    end },
    { "the victim keeps up a spell already cast", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      g:set_figure(foe, { attrs = { st = 16, dx = 12, iq = 16 } })
      t:active(1, "actions")
      g:set_turn_var("actor", foe)
      local c = t:give(1, "Blur")
      t:dice { 2, 2, 2 }
      t:act { kind = "cast", card = c, target = { figure = foe } }
      arena.ready(t, me)
      -- DX 12 - 1 - 4 (the Blur): a 6 hits
      arena.cast(t, "Confusion", { figure = foe }, { 1, 2, 3 }, { "5" })
      t:answer(1, "Blur on B (1 ST)")
      t:pass(1)
      t:eq(#arena.spells_on(t, foe), 2, "Blur kept at IQ 6, and the Confusion")
    end },
    { "it lasts 3 turns", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      arena.cast(t, "Confusion", { figure = foe }, { 3, 3, 3 }, { "1" })
      t:pass(2)
      t:eq(#arena.spells_on(t, foe), 1)
      t:pass(1)
      t:eq(#arena.spells_on(t, foe), 0)
    end },
  },
}
