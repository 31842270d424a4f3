-- 8th Alchemy "Powerstone": a magic stone; every Magic card its wielder spends for its energy
-- value, to boost his speed or a spell (a counter too: 8th, Counter Spell, counters are spells),
-- is worth 1 more (8th: Speed Boost, Boosting Spells; rules/stones.lua). Fire damage to him
-- destroys all his magic stones.
-- reconstructed: an unboosted spell keeps its energy 1 (the stone raises the value of a card
-- spent, not the default energy).
local stones = require("rules.stones")
local duel = require("test.duel")
local stone_out = require("test.stone_out")

return card(stones.card {
  name = "Powerstone", copies = 2,
  text = "Magic stone. While you carry it, each card you spend for its energy value, to boost your speed or a spell, is worth 1 more. Any fire damage to you destroys all the magic stones you carry.",
  powers = { boost = 1 },
  tests = {
    { "carried: a Zot! boosted with Energy 4 deals 5", function(t)
      stone_out.out(t, "Powerstone", "item")
      duel.aim(t, "Zot!", { boost = "Energy 4", answers = { "damage" } })
      t:eq(t:lost(1), 5)
    end },
    { "a speed boost with Energy 4 gives 5 movement points", function(t, g)
      stone_out.out(t, "Powerstone", "item")
      t:act { kind = "boost", card = t:give(0, "Energy 4") }
      t:eq(g:turn().vars.boost, 5)
    end },
    { "in the hand the stone adds nothing", function(t)
      t:give(0, "Powerstone")
      duel.aim(t, "Zot!", { boost = "Energy 4", answers = { "damage" } })
      t:eq(t:lost(1), 4, "in the hand: 4")
    end },
    { "carried, it boosts a counter: Energy 4 makes it 5", function(t, g)
      t:active(1)
      local s = t:put(0, "Powerstone")
      g:set_card_data(s, "stone", { boost = 1 })
      local z = t:give(1, "Zot!")
      local shield, e = t:give(0, "Full Shield"), t:give(0, "Energy 4")
      t:place(1, g:player(0).at)
      t:answer(0, { card = shield, boost = e })
      t:cast { card = z, at = t:wizard(0) }
      t:eq(t:lost(0), 0, "cancelled")
      t:eq(t:log("counter")[1].card, shield)
      t:eq(g:card(shield).energy, 5)
    end },
  },
})
