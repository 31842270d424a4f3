-- classic NUMBER 5: movement, power or duration (classic, The Cards). 4 in the deck.
local numbers = require("rules.numbers")
local checks = require("test.numbers")

return card(numbers.card {
  value = 5, copies = 4,
  tests = {
    { "added to the movement: 3 + 5 moves this turn", function(t) checks.movement(t, "NUMBER 5", 5) end },
    { "a NUMBER is never cast by itself", function(t) checks.never_cast(t, "NUMBER 5") end },
  },
})
