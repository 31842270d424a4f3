-- classic ABSORB (2 in the deck): a counteraction taking up to 3 points off one attack's
-- point damage; no use against a spell with a duration [JB, AF]. It may also answer indirect
-- damage to you, such as a falling wall (classic, The Cards).
-- reconstructed: it answers punches and thrown objects too (physical attacks with point
-- damage: the sources say "one attack's point damage", not only spells).
local ANSWERS = { spell = true, throw = true, punch = true, damage = true }

return card {
  name = "Absorb", kind = "counter", copies = 2,
  traits = { "reduces_damage" },
  text = "Counteraction: when an attack or indirect damage would cost you points, 3 of those points are absorbed. No use against spells with a duration.",
  can_respond = function(ctx, entry)
    if not ANSWERS[entry.kind] or entry.marks.defender ~= ctx.controller then return false end
    return not (entry.card and ctx.game:card(entry.card).duration == "duration")
  end,
  resolve = function(ctx) ctx:reduce(3) end,
  tests = {
    { "a Lightning Blast of 5 does 2; the lost turn still happens", function(t, g)
      local c = require("test.duel").aim(t, "Lightning Blast", { boost = "NUMBER 5", plays = { "Absorb" } })
      t:eq(t:life(1), 13)
      t:eq(g:player(1).tokens.lost_turns, 1)
      t:eq(g:card(c.plays[1]).zone.pile, "discard")
    end },
    { "all the damage absorbed: no lost turn either", function(t, g)
      require("test.duel").aim(t, "Lightning Blast", { boost = "NUMBER 3", plays = { "Absorb" } })
      t:eq(t:life(1), 15)
      t:eq(g:player(1).tokens.lost_turns, nil)
    end },
    { "it answers a punch", function(t)
      require("test.duel").punch(t, { plays = { "Absorb" } })
      t:eq(t:life(1), 15)
      t:eq(#t:log("counter"), 1, "the Absorb took the punch's point")
    end },
    -- (classic only: the 9th deck has no TRAP!)
    { "it answers indirect damage: a TRAP! drawn", function(t, g)
      local a = t:turn_of(0, "Absorb")
      g:new_card("TRAP!", { kind = "pile", pile = "deck" })
      t:act { kind = "end" }
      t:answer(0, "done")
      t:answer(0, "draw_2")
      t:answer(0, { card = a })
      t:pass(1)
      local rolls = t:log("roll")
      local trap = rolls[#rolls].result
      t:eq(rolls[#rolls].sides, 4)
      t:eq(t:life(0), 15 - math.max(0, trap - 3), "3 of the trap's " .. trap .. " points absorbed")
      t:eq(#t:log("counter"), 1)
    end, rulesets = { "classic" } },
    { "it cannot be played when nothing is aimed at you", function(t)
      local a = t:turn_of(0, "Absorb")
      t:ok(not t:has { card = a }, "no action with Absorb")
    end },
  },
}
