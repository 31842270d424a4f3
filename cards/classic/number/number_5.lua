-- classic NUMBER 5: movement, power or duration (classic, The Cards). 4 in the deck.
return card {
  name = "NUMBER 5",
  kind = "number",
  energy = 5,
  copies = 4,
  text = "Add 5 to this turn's movement, or play it with a spell: the spell's power or duration is 5.",
  tests = require("lib.numbers").tests("NUMBER 5", 5),
}
