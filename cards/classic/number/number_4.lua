-- classic NUMBER 4: movement, power or duration (classic, The Cards). 7 in the deck.
local numbers = require("rules.numbers")
local checks = require("test.numbers")

return card(numbers.card {
  value = 4, copies = 7,
  tests = {
    { "added to the movement: 3 + 4 moves this turn", function(t) checks.movement(t, "NUMBER 4", 4) end },
    { "a NUMBER is never cast by itself", function(t) checks.never_cast(t, "NUMBER 4") end },
  },
})
