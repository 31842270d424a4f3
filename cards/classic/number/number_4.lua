-- classic NUMBER 4: movement, power or duration (classic, The Cards). 7 in the deck.
return card {
  name = "NUMBER 4",
  kind = "number",
  energy = 4,
  copies = 7,
  text = "Add 4 to this turn's movement, or play it with a spell: the spell's power or duration is 4.",
  tests = {
    { "added to the movement: 3 + 4 moves this turn", function(t) require("test.numbers").movement(t, "NUMBER 4", 4) end },
    { "a NUMBER is never cast by itself", function(t) require("test.numbers").never_cast(t, "NUMBER 4") end },
  },
}
