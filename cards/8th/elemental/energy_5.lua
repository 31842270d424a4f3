-- 8th Elemental "Energy 5": an energy card worth 5 (Speed Boost or Boosting Spells).
return card {
  name = "Energy 5", school = "elemental", kind = "energy", energy = 5,
  text = "Discard for 5 extra movement points this turn, or play beside a spell so that spell has energy 5.",
  tests = {
    { "a speed boost adds 5 movement points", function(t) require("test.energy").speed_boost(t, "8th/elemental/energy_5", 5) end },
    { "a Zot! boosted with it deals 5", function(t) require("test.energy").boosts_a_zot(t, "8th/elemental/energy_5", 5) end },
  },
}
