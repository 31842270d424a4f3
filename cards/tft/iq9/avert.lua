-- Wizard (1978) Avert (seed L582): a continuing thrown spell that drives its victim off: every
-- turn it must get 2 hexes or more farther from the caster; 2 ST and 1 a turn.
return card {
  name = "Avert", school = "iq9", kind = "thrown", energy = 2,
  duration = "continuing", targets = { "figure" },
  text = "The victim is driven away: every turn its move must leave it 2 or more hexes farther from you; with no room to flee it rolls against DX or falls. 2 ST, and 1 a turn to keep.",
  resolve = function(ctx)
    -- (the moves allowed are the rules', movement.lua M.averted)
    if ctx:already_on(assert(ctx:victim())) then
      ctx:end_casting()
    else
      ctx:enchant { avert = true }
    end
  end,
  tests = {
    { "the victim must move 2 hexes away", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 3)
      arena.cast(t, "Avert", { figure = foe }, { 3, 3, 3 })
      t:eq(arena.lost(t, me), 2)
      t:answer(0, "Avert on B (1 ST)")
      t:pass(1)
      t:eq(arena.lost(t, me), 3, "kept for 1 ST")
      t:active(1, "movement")
      t:ok(not t:has { kind = "option", letter = "hold" }, "it may not stand still")
      -- 3 hexes off, it runs to a hex 5 or more from the caster
      t:answer(1, "5,8")
      t:answer(1, "W")
      t:act { kind = "option", letter = "a" }
      t:eq(assert(g:figure(foe)).at, { q = 5, r = 8 })
    end },
    { "a miss costs 1 ST", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 3)
      arena.cast(t, "Avert", { figure = foe }, { 6, 5, 2 })
      t:eq(#arena.spells_on(t, foe), 0)
      t:eq(arena.lost(t, me), 1)
    end },
    { "not kept, it ends", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 3)
      arena.cast(t, "Avert", { figure = foe }, { 3, 3, 3 })
      t:answer(0)
      t:pass(1)
      t:eq(#arena.spells_on(t, foe), 0)
      t:active(1, "movement")
      t:ok(t:has { kind = "option", letter = "hold" })
    end },
  },
}
