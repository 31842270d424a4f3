-- Wizard (1978) Lightning (seed L657, L279-L289): a missile spell, a full die for each ST put in.
return card {
  name = "Lightning", school = "iq14", kind = "missile",
  duration = "instant", targets = { "figure" },
  text = "A bolt thrown at a figure: roll a die for each ST you put into it, nothing taken off.",
  -- reconstructed: blasting through a created wall (L281, L657) belongs to the missile's flight
  -- past what stands in its line, which the rules do not trace yet; magic items destroyed with
  -- a being it kills are not in this game.
  resolve = function(ctx) ctx:missile(0) end,
  tests = {
    { "3 ST: three dice, nothing off", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Lightning", { figure = foe }, { 3, 3, 3, 1, 2, 3 }, { "3" })
      t:eq(arena.lost(t, foe), 6)
      t:eq(arena.lost(t, me), 3)
    end },
    { "a miss still spends the ST put in", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Lightning", { figure = foe }, { 6, 6, 4 }, { "2" })
      t:eq(arena.lost(t, foe), 0)
      t:eq(arena.lost(t, me), 2)
    end },
    { "Stone Flesh stops 4 of it", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Stone Flesh", { figure = foe }, { 2, 2, 2 })
      arena.ready(t, me)
      arena.cast(t, "Lightning", { figure = foe }, { 3, 3, 3, 6 }, { "1" })
      t:eq(arena.lost(t, foe), 2)
    end },
    { "not at oneself", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      t:give(0, "Lightning")
      t:ok(not t:has { kind = "cast", target = { figure = me } })
    end },
  },
}
