-- classic NUMBER 3: movement, power or duration (classic, The Cards). 10 in the deck.
local numbers = require("rules.numbers")
local checks = require("test.numbers")

return card(numbers.card {
  value = 3, copies = 10,
  tests = {
    { "added to the movement: 3 + 3 moves this turn", function(t) checks.movement(t, "NUMBER 3", 3) end },
    { "a NUMBER is never cast by itself", function(t) checks.never_cast(t, "NUMBER 3") end },
  },
})
