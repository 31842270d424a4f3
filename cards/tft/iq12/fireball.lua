-- Wizard (1978) Fireball (seed L625, L285): a missile spell, a die less 1 for each ST put in.
return card {
  name = "Fireball", school = "iq12", kind = "missile",
  duration = "instant", targets = { "figure" },
  text = "A ball of fire thrown at a figure: roll a die for each ST you put into it, less 1 a die.",
  resolve = function(ctx) ctx:missile(1) end,
  tests = {
    { "3 ST: three dice less 3", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Fireball", { figure = foe }, { 3, 3, 3, 2, 4, 5 }, { "3" })
      t:eq(arena.lost(t, foe), 8, "2 + 4 + 5 - 3")
      t:eq(arena.lost(t, me), 3)
    end },
    { "a miss still spends the ST put in", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Fireball", { figure = foe }, { 6, 6, 4 }, { "2" })
      t:eq(arena.lost(t, foe), 0)
      t:eq(arena.lost(t, me), 2)
    end },
    { "a bear's armour stops 2", function(t)
      local arena = require("test.arena")
      arena.duel(t, 3)
      local bear = arena.being(t, 1, "bear", arena.east(1), "W")
      arena.cast(t, "Fireball", { figure = bear }, { 3, 3, 3, 6 }, { "1" })
      t:eq(arena.lost(t, bear), 3, "6 - 1 - 2")
    end },
  },
}
