-- Wizard (1978) Speed Movement (seed L595): a thrown spell, the subject's MA doubled for 4
-- turns; a second Speed makes it last longer, never faster.
return card {
  name = "Speed Movement", school = "iq10", kind = "thrown", energy = 2,
  duration = "turns", targets = { "figure" },
  traits = { "helpful" },
  text = "The subject moves at twice its MA for 4 turns. Another Speed on it adds 4 turns instead of doubling again. 2 ST.",
  resolve = function(ctx)
    local on = assert(ctx:victim())
    -- reconstructed: a 4 or a 3 to hit (seed L261) makes it last twice or three times as long
    local turns = 4 * (ctx.effect or 1)
    -- seed L595: two add their durations, not their effects
    if not ctx:lengthen(on, "speed", turns) then ctx:enchant { speed = true, turns = turns } end
  end,
  tests = {
    { "the subject's MA is doubled", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Speed Movement", { figure = me }, { 3, 3, 3 })
      t:eq(#arena.spells_on(t, me), 1)
      t:eq(arena.lost(t, me), 2)
      t:pass(1)
      t:active(0, "movement")
      t:ok(t:has { kind = "option", letter = "a", hexes = 20 }, "10 doubled")
    end },
    { "a miss costs 1 ST and speeds nobody", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Speed Movement", { figure = me }, { 6, 5, 5 })
      t:eq(#arena.spells_on(t, me), 0)
      t:eq(arena.lost(t, me), 1)
    end },
    { "it lasts 4 turns, the turn cast the first", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Speed Movement", { figure = me }, { 3, 3, 3 })
      t:pass(3)
      t:eq(#arena.spells_on(t, me), 1, "still on in the fourth turn")
      t:pass(1)
      t:eq(#arena.spells_on(t, me), 0, "gone in the fifth")
    end },
    { "a second Speed adds 4 turns, not a second doubling", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Speed Movement", { figure = me }, { 3, 3, 3 })
      t:pass(1)
      arena.ready(t, me)
      arena.cast(t, "Speed Movement", { figure = me }, { 3, 3, 3 })
      local on = arena.spells_on(t, me)
      t:eq(#on, 1, "one Speed")
      t:eq(on[1].data.turns, 7, "3 left of the first, and 4 more")
      t:active(0, "movement")
      t:ok(t:has { kind = "option", letter = "a", hexes = 20 })
      t:ok(not t:has { kind = "option", letter = "a", hexes = 40 })
    end },
  },
}
