-- 8th Elemental "Energy 4": an energy card worth 4 (Speed Boost or Boosting Spells).
return card {
  name = "Energy 4",
  school = "elemental",
  kind = "energy",
  energy = 4,
  copies = 2,
  text = "Discard for 4 extra movement points this turn, or play beside a spell so that spell has energy 4.",
  tests = require("lib.energy").tests("8th/elemental/energy_4", "Energy 4", 4),
}
