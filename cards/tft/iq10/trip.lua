-- Wizard (1978) Trip (seed L593): a thrown spell, the victim falls down unhurt; 2 ST, 4 against
-- a figure of ST 30 or more.
-- reconstructed: "has 30 ST" is read as its ST now. (No chasms or rivers in the arena, so no
-- roll to keep from falling in.)
return card {
  name = "Trip", school = "iq10", kind = "thrown", energy = 2,
  duration = "instant", targets = { "figure" },
  text = "The victim falls to the ground, taking no hits. 2 ST, or 4 if it has 30 ST or more.",
  -- the dearer cost is the victim's: the caster must have it before he casts (seed L59)
  cost = function(ctx, target)
    if target.figure and ctx:st(target.figure) >= 30 then return 4 end
    return 2
  end,
  resolve = function(ctx) ctx:knock_down(assert(ctx:victim())) end,
  tests = {
    { "the foe falls and loses his action", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Trip", { figure = foe }, { 3, 3, 3 })
      local f = assert(g:figure(foe))
      t:eq(f.tokens.down, 1)
      t:eq(arena.lost(t, foe), 0, "no hits")
      t:eq(arena.lost(t, me), 2)
      t:ok(g:turn().vars["acted:" .. foe], "no action left this turn")
    end },
    { "a bear of ST 30 costs 4", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      local bear = arena.being(t, 1, "bear", arena.east(1), "W")
      arena.cast(t, "Trip", { figure = bear }, { 3, 3, 3 })
      t:eq(assert(g:figure(bear)).tokens.down, 1)
      t:eq(arena.lost(t, me), 4)
    end },
    { "a wizard with 4 ST may not trip a bear: it would leave him less than 1", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 4)
      local bear = arena.being(t, 1, "bear", arena.east(1), "W")
      g:set_figure(me, { tokens = { lost = 12 } })
      local c = t:give(0, "Trip")
      t:ok(t:has { kind = "cast", card = c, target = { figure = foe } }, "the foe, for 2")
      t:ok(not t:has { kind = "cast", card = c, target = { figure = bear } }, "not the bear, for 4")
    end },
    { "a wild miss against a bear costs the full 4", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      local bear = arena.being(t, 1, "bear", arena.east(1), "W")
      arena.cast(t, "Trip", { figure = bear }, { 6, 6, 5 })
      t:eq(assert(g:figure(bear)).tokens.down, nil)
      t:eq(arena.lost(t, me), 4)
    end },
    { "a miss costs 1 ST and he stands", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Trip", { figure = foe }, { 5, 5, 1 })
      t:eq(assert(g:figure(foe)).tokens.down, nil)
      t:eq(arena.lost(t, me), 1)
    end },
  },
}
