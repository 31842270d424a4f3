-- 8th: Energy. Spent to boost movement (Speed Boost) or one spell (Boosting Spells).
return card {
  -- copies: reconstructed: the White Cantrip deck is 24 cards of these 12 (8th: Setup, step 4)
  name = "Energy 6", school = "cantrip", kind = "energy", copies = 2, energy = 6,
  text = "Discard to gain 6 movement points this turn, or play with a spell to make its energy 6.",
  tests = {
    { "a speed boost adds 6 movement points", function(t) require("test.energy").speed_boost(t, "8th/cantrip/energy_6", 6) end },
    { "a Zot! boosted with it deals 6", function(t) require("test.energy").boosts_a_zot(t, "8th/cantrip/energy_6", 6) end },
  },
}
