-- 8th: Energy. Spent to boost movement (Speed Boost) or one spell (Boosting Spells).
return card {
  name = "Energy 6",
  school = "cantrip",
  kind = "energy",
  energy = 6,
  text = "Discard to gain 6 movement points this turn, or play with a spell to make its energy 6.",
  tests = require("lib.energy").tests("8th/cantrip/energy_6", "Energy 6", 6),
}
