-- classic NUMBER 3: movement, power or duration (classic, The Cards). 10 in the deck.
return card {
  name = "NUMBER 3",
  kind = "number",
  energy = 3,
  copies = 10,
  text = "Add 3 to this turn's movement, or play it with a spell: the spell's power or duration is 3.",
  tests = {
    { "added to the movement: 3 + 3 moves this turn", function(t) require("test.numbers").movement(t, "NUMBER 3", 3) end },
    { "a NUMBER is never cast by itself", function(t) require("test.numbers").never_cast(t, "NUMBER 3") end },
  },
}
