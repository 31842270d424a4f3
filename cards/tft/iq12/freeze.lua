-- Wizard (1978) Freeze (seed L623): a thrown spell that leaves its victim helpless for 2 to 12
-- turns (two dice); useless on a basic ST of 30 or more, 4 ST.
return card {
  name = "Freeze", school = "iq12", kind = "thrown", energy = 4,
  duration = "turns", targets = { "figure" },
  text = "The victim stands frozen, able to do nothing, for two dice of turns. No use on a figure of basic ST 30 or more. 4 ST.",
  resolve = function(ctx)
    local id = assert(ctx:victim())
    -- reconstructed: a victim too strong, or frozen already, is not touched; the cost is paid,
    -- as for a spell that struck but was undone (seed L667)
    if ctx:already_on(id) or assert(ctx:figure(id)).attrs.st >= 30 then
      ctx:end_casting()
      return
    end
    -- seed L261-L263: a 4 or a 3 to hit makes it last twice or three times as long
    local turns = (ctx:roll(6) + ctx:roll(6)) * (ctx.effect or 1)
    ctx:enchant { helpless = true, turns = turns }
  end,
  tests = {
    { "frozen for 2 turns on a roll of 2", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Freeze", { figure = foe }, { 3, 3, 3, 1, 1 })
      t:eq(arena.lost(t, me), 4)
      t:eq(#arena.spells_on(t, foe), 1)
      t:pass(1)
      arena.ready(t, foe)
      t:eq(t:actions(), { "do nothing more" }, "the second turn: frozen still")
      t:pass(1)
      t:eq(#arena.spells_on(t, foe), 0, "thawed on the third")
    end },
    { "a 4 to hit doubles the turns", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      arena.cast(t, "Freeze", { figure = foe }, { 1, 1, 2, 3, 4 })
      t:eq(arena.spells_on(t, foe)[1].data.turns, 14)
    end },
    { "no use on a bear", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      local bear = arena.being(t, 1, "bear", arena.east(1), "W")
      arena.cast(t, "Freeze", { figure = bear }, { 3, 3, 3 })
      t:eq(#arena.spells_on(t, bear), 0)
      t:eq(arena.lost(t, me), 4)
    end },
  },
}
