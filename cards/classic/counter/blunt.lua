-- classic BLUNT (2 in the deck): a counteraction halving one attack's point damage [AF];
-- the half rounds up (classic, The Cards). It may also answer indirect damage to you.
-- reconstructed: it answers punches and thrown objects too, not only spells (a punch of 1
-- stays 1: half rounds up).
local ANSWERS = { spell = true, throw = true, punch = true, damage = true }

return card {
  name = "Blunt", kind = "counter", copies = 2,
  traits = { "reduces_damage" },
  text = "Counteraction: the point damage an attack or indirect damage would do to you is halved, rounding up.",
  can_respond = function(ctx, entry)
    return ANSWERS[entry.kind] == true and entry.marks.defender == ctx.controller
  end,
  resolve = function(ctx) ctx:halve() end,
  tests = {
    { "a Powerthrust of 7 does 4 (half, rounded up)", function(t)
      require("test.duel").aim(t, "Powerthrust", { boost = "NUMBER 5", plays = { "Blunt" } })
      t:eq(t:life(1), 11)
    end },
    { "with Absorb: 7 halved to 4, then 3 absorbed: 1 point", function(t)
      require("test.duel").aim(t, "Powerthrust", { boost = "NUMBER 5", plays = { "Blunt", "Absorb" } })
      t:eq(t:life(1), 14)
      t:eq(#t:log("counter"), 2)
    end },
    { "a punch of 1 still does 1", function(t)
      require("test.duel").punch(t, { plays = { "Blunt" } })
      t:eq(t:life(1), 14)
    end },
  },
}
