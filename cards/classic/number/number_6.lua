-- classic NUMBER 6: movement, power or duration (classic, The Cards). 1 in the deck.
return card {
  name = "NUMBER 6",
  kind = "number",
  energy = 6,
  copies = 1,
  text = "Add 6 to this turn's movement, or play it with a spell: the spell's power or duration is 6.",
  tests = require("lib.numbers").tests("NUMBER 6", 6),
}
