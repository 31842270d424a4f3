-- Wizard (1978) Magic Fist (seed L567): a missile spell, a die less 2 for each ST put in.
return card {
  name = "Magic Fist", school = "iq8", kind = "missile",
  duration = "instant", targets = { "figure" },
  text = "A blow of force thrown at a figure: roll a die for each ST you put into it, less 2 a die.",
  resolve = function(ctx) ctx:missile(2) end,
  tests = {
    { "2 ST: two dice less 4", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      arena.cast(t, "Magic Fist", { figure = foe }, { 3, 3, 3, 5, 6 }, { "2" })
      t:eq(arena.lost(t, foe), 7, "5 + 6 - 4")
      t:eq(arena.lost(t, arena.wizard(t, 0)), 2, "the ST put in is spent")
    end },
    { "a miss still spends the ST put in", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Magic Fist", { figure = foe }, { 6, 6, 4 }, { "3" })
      t:eq(arena.lost(t, foe), 0)
      t:eq(arena.lost(t, me), 3)
    end },
    { "a 4 to hit doubles the damage", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      arena.cast(t, "Magic Fist", { figure = foe }, { 1, 1, 2, 6 }, { "1" })
      t:eq(arena.lost(t, foe), 8, "(6 - 2) twice")
    end },
    { "not at a figure behind the caster", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 3)
      arena.place(t, me, arena.middle, "W")
      t:give(0, "Magic Fist")
      t:ok(not t:has { kind = "cast", target = { figure = foe } })
    end },
  },
}
