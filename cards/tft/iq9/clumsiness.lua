-- Wizard (1978) Clumsiness (seed L578): a thrown spell, -2 DX for each ST put in, for 3 turns
-- (1 on a figure of ST 30 or more).
-- reconstructed: two Clumsiness spells on a figure add up (the rule of one at a time, seed
-- L300, names spells that are on or off; this one's power is already its ST).
return card {
  name = "Clumsiness", school = "iq9", kind = "thrown",
  duration = "turns", targets = { "figure" },
  traits = { "charged" },
  text = "The victim loses 2 DX for each ST you put in, for 3 turns (1 turn if its ST is 30 or more).",
  resolve = function(ctx)
    local id = assert(ctx:victim())
    -- (its ST now, as the rule says "ST", not "basic ST")
    local turns = ctx:st(id) >= 30 and 1 or 3
    -- reconstructed: a 4 or a 3 to hit (seed L261) makes it last twice or three times as long
    ctx:enchant { dx = -2 * assert(ctx.charge), turns = turns * (ctx.effect or 1) }
  end,
  tests = {
    { "2 ST: the foe's staff strikes at DX 8", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Clumsiness", { figure = foe }, { 3, 3, 3 }, { "2" })
      t:eq(arena.lost(t, me), 2)
      arena.ready(t, foe)
      t:dice { 3, 3, 3 }
      t:act { kind = "attack", target = me }
      t:eq(arena.lost(t, me), 2, "a 9 misses at DX 12 - 4")
    end },
    { "cast blind with ST put in, into a hex with nobody, it costs what a miss does: 1 ST (seed L214)", function(t)
      local arena = require("test.arena")
      local me = arena.cast_blind(t, "Clumsiness", arena.east(3), { 1, 2, 2 }, { "3" })
      t:eq(#t:log("nothing_there"), 1)
      t:eq(arena.lost(t, me), 1, "not the 3 ST put in")
    end },
    { "it lasts 3 turns", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      arena.cast(t, "Clumsiness", { figure = foe }, { 3, 3, 3 }, { "1" })
      t:pass(2)
      t:eq(#arena.spells_on(t, foe), 1, "still on in the third turn")
      t:pass(1)
      t:eq(#arena.spells_on(t, foe), 0)
    end },
    { "a bear of ST 30 shakes it off after 1 turn", function(t)
      local arena = require("test.arena")
      arena.duel(t, 4)
      local bear = arena.being(t, 1, "bear", arena.east(1), "W")
      arena.cast(t, "Clumsiness", { figure = bear }, { 3, 3, 3 }, { "1" })
      t:eq(#arena.spells_on(t, bear), 1)
      t:pass(1)
      t:eq(#arena.spells_on(t, bear), 0)
    end },
    { "a miss costs 1 ST, not the ST put in", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Clumsiness", { figure = foe }, { 6, 5, 1 }, { "3" })
      t:eq(#arena.spells_on(t, foe), 0)
      t:eq(arena.lost(t, me), 1)
    end },
  },
}
