-- 8th Elemental "Energy 4": an energy card worth 4 (Speed Boost or Boosting Spells).
return card {
  name = "Energy 4", school = "elemental", kind = "energy", copies = 2, energy = 4,
  text = "Discard for 4 extra movement points this turn, or play beside a spell so that spell has energy 4.",
  tests = {
    { "a speed boost adds 4 movement points", function(t) require("test.energy").speed_boost(t, "8th/elemental/energy_4", 4) end },
    { "a Zot! boosted with it deals 4", function(t) require("test.energy").boosts_a_zot(t, "8th/elemental/energy_4", 4) end },
  },
}
