-- Wizard (1978) Sleep (seed L606): a thrown spell that knocks its victim down asleep until he is
-- hit; useless on a basic ST of 20 or more.
return card {
  name = "Sleep", school = "iq11", kind = "thrown", energy = 3,
  -- reconstructed: natural waking takes hours, longer than any fight, so it lasts until a hit
  duration = "lasting",
  targets = { "figure" },
  text = "The victim falls down asleep and can do nothing until something hits him. No use on a figure of basic ST 20 or more. 3 ST.",
  resolve = function(ctx)
    local id = assert(ctx:victim())
    -- reconstructed: the spell struck but found a victim too strong (or asleep already): it
    -- does nothing, and its cost is paid, as a spell nullified by Spell Shield is (seed L667)
    if ctx:already_on(id) or assert(ctx:figure(id)).attrs.st >= 20 then
      ctx:end_casting()
      return
    end
    -- (the rules end it at the first hit; a neighbour shaking him awake over two turns is not
    -- offered by the rules yet)
    ctx:enchant { helpless = true, asleep = true }
    ctx:knock_down(id)
  end,
  tests = {
    { "the victim falls asleep and can do nothing", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Sleep", { figure = foe }, { 3, 3, 3 })
      t:eq(#arena.spells_on(t, foe), 1)
      t:eq(assert(g:figure(foe)).tokens.down, 1, "he falls")
      t:eq(arena.lost(t, me), 3)
      t:pass(1)
      arena.ready(t, foe)
      t:eq(t:actions(), { "do nothing more" })
    end },
    { "a hit wakes the sleeper", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Sleep", { figure = foe }, { 3, 3, 3 })
      t:pass(1)
      arena.ready(t, me)
      t:dice { 3, 3, 3, 2 }
      t:act { kind = "attack", target = foe }
      t:eq(arena.lost(t, foe), 2)
      t:eq(#arena.spells_on(t, foe), 0, "awake")
    end },
    { "no use on a bear", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      local bear = arena.being(t, 1, "bear", arena.east(1), "W")
      arena.cast(t, "Sleep", { figure = bear }, { 3, 3, 3 })
      t:eq(#arena.spells_on(t, bear), 0)
      t:ok(not assert(g:figure(bear)).tokens.down, "still standing")
      t:eq(arena.lost(t, me), 3, "the cost is paid all the same")
    end },
    { "a miss costs 1 ST and does nothing", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Sleep", { figure = foe }, { 5, 5, 5 })
      t:eq(#arena.spells_on(t, foe), 0)
      t:eq(arena.lost(t, me), 1)
    end },
  },
}
