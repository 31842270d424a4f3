-- classic BLOODSTONE (1 in the deck): a magic stone; once displayed, each attack that would
-- cost its holder points costs him 1 point less [AF] (classic, The Cards: a stone's power is
-- used as often as the chance comes). Attacks only: a spell aimed at him as the turn's attack,
-- a punch, a thrown object; not indirect damage (a falling wall, a TRAP!).
-- reconstructed: an attack reduced to 0 is no damage, so its secondary effects are stopped too
-- (classic, The Cards: if all damage is stopped, a lost turn is stopped as well).
local stones = require("rules.stones")
local duel = require("test.duel")
local stone_out = require("test.stone_out")

return card {
  name = "Bloodstone", kind = "stone", copies = 1,
  traits = { "magic_stone" },
  text = "Magic stone. Power: while you show it, every attack that would cost you points costs you 1 point less.",
  before_damage = function(ctx, ev)
    if stones.holder_hit(ctx, ev) ~= nil and ev.attack then stones.lessen(ctx, ev, 1) end
  end,
  tests = {
    { "shown: a Lightning Blast of 3 does 2, a punch nothing", function(t)
      stone_out.facing(t, "Bloodstone", "display")
      duel.aim(t, "Lightning Blast", { by = 1, at = 0, boost = "NUMBER 3" })
      t:eq(t:life(0), 13)
      t:active(1)
      t:punch(t:wizard(0))
      t:eq(t:life(0), 13, "the punch's 1 point is stopped")
    end },
    { "a Lightning Blast of 1 stopped whole: no lost turn either", function(t, g)
      t:put(1, "Bloodstone")
      duel.aim(t, "Lightning Blast")
      t:eq(t:life(1), 15)
      t:eq(g:player(1).tokens.lost_turns, nil)
    end },
    { "in the hand it does nothing; indirect damage is no attack", function(t, g)
      t:give(1, "Bloodstone")
      duel.aim(t, "Fireball")
      t:eq(t:life(1), 10, "not displayed: the full 5")
      local s2 = t:put(0, "Bloodstone")
      t:eq(g:card(s2).zone.kind, "play")
      g:new_card("TRAP!", { kind = "pile", pile = "deck" })
      t:act { kind = "end" }
      t:answer(0, "draw_1")
      t:pass(1)
      local rolls = t:log("roll")
      t:eq(t:life(0), 15 - rolls[#rolls].result, "the TRAP! hurts in full")
    end },
  },
}
