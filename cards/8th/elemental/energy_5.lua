-- 8th Elemental "Energy 5": an energy card worth 5 (Speed Boost or Boosting Spells).
return card {
  name = "Energy 5",
  school = "elemental",
  kind = "energy",
  energy = 5,
  text = "Discard for 5 extra movement points this turn, or play beside a spell so that spell has energy 5.",
  tests = require("lib.energy").tests("8th/elemental/energy_5", "Energy 5", 5),
}
