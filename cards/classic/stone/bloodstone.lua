-- classic BLOODSTONE (1 in the deck): a magic stone; once displayed, each attack that would
-- cost its holder points costs him 1 point less [AF] (classic, The Cards: a stone's power is
-- used as often as the chance comes). Attacks only: a spell aimed at him as the turn's attack,
-- a punch, a thrown object; not indirect damage (a falling wall, a TRAP!).
-- reconstructed: an attack reduced to 0 is no damage, so its secondary effects are stopped too
-- (classic, The Cards: if all damage is stopped, a lost turn is stopped as well).
local stones = require("rules.stones")

return card {
  name = "Bloodstone",
  kind = "stone",
  traits = { "magic_stone" },
  copies = 1,
  text = "Magic stone. Power: while you show it, every attack that would cost you points costs you 1 point less.",
  before_damage = function(ctx, ev)
    if stones.holder_hit(ctx, ev) ~= nil and ev.attack then stones.lessen(ctx, ev, 1) end
  end,
  tests = {
    { "shown: a Lightning Blast of 3 does 2, a punch nothing", function(t)
      local g = t.game
      t:active(0)
      local s = t:give(0, "Bloodstone")
      t:act { kind = "display", card = s }
      t:active(1)
      t:place(1, g:player(0).at)
      local b = t:give(1, "Lightning Blast")
      local n = t:give(1, "NUMBER 3")
      t:cast { card = b, at = t:wizard(0), boost = n }
      t:eq(t:life(0), 13)
      t:active(1)
      t:punch(t:wizard(0))
      t:eq(t:life(0), 13, "the punch's 1 point is stopped")
    end },
    { "a Lightning Blast of 1 stopped whole: no lost turn either", function(t)
      local g = t.game
      t:put(1, "Bloodstone")
      t:active(0)
      local b = t:give(0, "Lightning Blast")
      t:place(1, g:player(0).at)
      t:cast { card = b, at = t:wizard(1) }
      t:eq(t:life(1), 15)
      t:eq(g:player(1).tokens.lost_turns, nil)
    end },
    { "in the hand it does nothing; indirect damage is no attack", function(t)
      local g = t.game
      t:give(1, "Bloodstone")
      t:active(0)
      local f = t:give(0, "Fireball")
      t:place(1, g:player(0).at)
      t:cast { card = f, at = t:wizard(1) }
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
