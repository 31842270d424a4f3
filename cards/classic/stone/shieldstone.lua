-- classic SHIELDSTONE (1 in the deck): a magic stone of protection.
-- reconstructed: no source gives its text; [AF]'s unfinished Shieldstone takes 1 point off
-- every damage its holder suffers, which we follow: once displayed, any damage to him, from
-- an attack or not (a falling wall, a thornbush, a TRAP!), is 1 point less (the Bloodstone
-- guards against attacks only). Damage brought to 0 is no damage, so its secondary effects
-- are stopped too (classic, The Cards).
local guard_stone = require("lib.guard_stone")
local duel = require("test.duel")
local stone_out = require("test.stone_out")

return card(guard_stone.card {
  name = "Shieldstone", copies = 1,
  text = "Magic stone. Power: while you show it, any damage you suffer, from an attack or not, is 1 point less.",
  tests = {
    { "shown: a TRAP! drawn hurts 1 less", function(t, g)
      stone_out.out(t, "Shieldstone", "display")
      g:new_card("TRAP!", { kind = "pile", pile = "deck" })
      t:act { kind = "end" }
      t:answer(0, "draw_1")
      t:pass(1)
      local rolls = t:log("roll")
      t:eq(t:life(0), 15 - (rolls[#rolls].result - 1))
    end },
    { "with a Bloodstone too: a Powerthrust of 4 does 2", function(t)
      t:put(1, "Shieldstone")
      t:put(1, "Bloodstone")
      duel.aim(t, "Powerthrust", { boost = "NUMBER 2" })
      t:eq(t:life(1), 13)
    end },
    { "in the hand it guards nothing", function(t)
      t:give(1, "Shieldstone")
      duel.punch(t)
      t:eq(t:life(1), 14)
    end },
  },
})
