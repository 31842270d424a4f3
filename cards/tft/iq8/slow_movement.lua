-- Wizard (1978) Slow Movement (seed L571): a thrown spell, the victim's MA halved for 4 turns;
-- a second Slow makes it last longer, never slower.
return card {
  name = "Slow Movement", school = "iq8", kind = "thrown", energy = 2,
  duration = "turns", targets = { "figure" },
  text = "The victim moves at half its MA for 4 turns. Another Slow on it adds 4 turns instead of slowing it more. 2 ST.",
  resolve = function(ctx)
    local on = assert(ctx:victim())
    -- reconstructed: a 4 or a 3 to hit (seed L261) makes it last twice or three times as long
    local turns = 4 * (ctx.effect or 1)
    -- seed L571: two add their durations, not their effects
    if not ctx:lengthen(on, "slow", turns) then ctx:enchant { slow = true, turns = turns } end
  end,
  tests = {
    { "the victim's MA is halved", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Slow Movement", { figure = foe }, { 3, 3, 3 })
      t:eq(#arena.spells_on(t, foe), 1)
      t:eq(arena.lost(t, me), 2)
      t:active(1, "movement")
      t:ok(t:has { kind = "option", letter = "a", hexes = 5 }, "10 halved")
      t:ok(not t:has { kind = "option", letter = "a", hexes = 10 })
    end },
    { "a miss costs 1 ST and slows nobody", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Slow Movement", { figure = foe }, { 5, 5, 4 })
      t:eq(#arena.spells_on(t, foe), 0)
      t:eq(arena.lost(t, me), 1)
    end },
    { "it lasts 4 turns, the turn cast the first", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      arena.cast(t, "Slow Movement", { figure = foe }, { 3, 3, 3 })
      t:pass(3)
      t:eq(#arena.spells_on(t, foe), 1, "still on in the fourth turn")
      t:pass(1)
      t:eq(#arena.spells_on(t, foe), 0, "gone in the fifth")
    end },
    { "a 4 to hit: twice as long", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      arena.cast(t, "Slow Movement", { figure = foe }, { 1, 1, 2 })
      t:eq(arena.spells_on(t, foe)[1].data.turns, 8)
    end },
    { "a second Slow adds 4 turns, not a second halving", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      arena.cast(t, "Slow Movement", { figure = foe }, { 3, 3, 3 })
      t:pass(1)
      arena.ready(t, arena.wizard(t, 0))
      arena.cast(t, "Slow Movement", { figure = foe }, { 3, 3, 3 })
      local on = arena.spells_on(t, foe)
      t:eq(#on, 1, "one Slow")
      t:eq(on[1].data.turns, 7, "3 left of the first, and 4 more")
      t:active(1, "movement")
      t:ok(t:has { kind = "option", letter = "a", hexes = 5 })
    end },
  },
}
