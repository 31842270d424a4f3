-- classic NUMBER 5: movement, power or duration (classic, The Cards). 4 in the deck.
return card {
  name = "NUMBER 5",
  kind = "number",
  energy = 5,
  copies = 4,
  text = "Add 5 to this turn's movement, or play it with a spell: the spell's power or duration is 5.",
  tests = {
    { "added to the movement: 3 + 5 moves this turn", function(t) require("test.numbers").movement(t, "NUMBER 5", 5) end },
    { "a NUMBER is never cast by itself", function(t) require("test.numbers").never_cast(t, "NUMBER 5") end },
  },
}
