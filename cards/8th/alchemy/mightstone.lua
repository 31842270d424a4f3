-- 8th Alchemy "Mightstone": a magic stone; its wielder's punches deal a die roll (d4) more
-- physical damage (8th: Punching; rules/stones.lua). Fire damage to him destroys all his
-- magic stones. Energy value 2.
-- reconstructed: the die is added to the punch's 1 (one hit), rolled as the punch lands.
local stones = require("rules.stones")
local duel = require("test.duel")
local stone_out = require("test.stone_out")

return card(stones.card {
  name = "Mightstone", energy = 2,
  text = "Magic stone. While you carry it your punches deal a die roll more physical damage. Any fire damage to you destroys all the magic stones you carry.",
  powers = { punch_die = 1 },
  tests = {
    { "carried: a punch deals 1 + a d4 (2 to 5)", function(t)
      stone_out.facing(t, "Mightstone", "item")
      t:punch(t:wizard(1))
      local lost = t:lost(1)
      t:ok(lost >= 2 and lost <= 5, "lost " .. lost)
      t:eq(t:log("damage")[1].tags.physical, true)
    end },
    { "a spell gets nothing from it", function(t)
      stone_out.facing(t, "Mightstone", "item")
      duel.aim(t, "Fireball")
      t:eq(t:lost(1), 5)
    end },
    { "in the hand it adds nothing; it can be spent as energy 2", function(t, g)
      t:active(0)
      t:act { kind = "boost", card = t:give(0, "Mightstone") }
      t:eq(g:turn().vars.boost, 2)
      duel.punch(t)
      t:eq(t:lost(1), 1)
    end },
  },
})
