-- classic NUMBER 2: movement, power or duration (classic, The Cards). 12 in the deck.
return card {
  name = "NUMBER 2",
  kind = "number",
  energy = 2,
  copies = 12,
  text = "Add 2 to this turn's movement, or play it with a spell: the spell's power or duration is 2.",
  tests = {
    { "added to the movement: 3 + 2 moves this turn", function(t) require("test.numbers").movement(t, "NUMBER 2", 2) end },
    { "a NUMBER is never cast by itself", function(t) require("test.numbers").never_cast(t, "NUMBER 2") end },
  },
}
