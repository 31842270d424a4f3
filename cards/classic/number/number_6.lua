-- classic NUMBER 6: movement, power or duration (classic, The Cards). 1 in the deck.
return card {
  name = "NUMBER 6",
  kind = "number",
  energy = 6,
  copies = 1,
  text = "Add 6 to this turn's movement, or play it with a spell: the spell's power or duration is 6.",
  tests = {
    { "added to the movement: 3 + 6 moves this turn", function(t) require("test.numbers").movement(t, "NUMBER 6", 6) end },
    { "a NUMBER is never cast by itself", function(t) require("test.numbers").never_cast(t, "NUMBER 6") end },
  },
}
