-- classic NUMBER 2: movement, power or duration (classic, The Cards). 12 in the deck.
local numbers = require("rules.numbers")
local checks = require("test.numbers")

return card(numbers.card {
  value = 2, copies = 12,
  tests = {
    { "added to the movement: 3 + 2 moves this turn", function(t) checks.movement(t, "NUMBER 2", 2) end },
    { "a NUMBER is never cast by itself", function(t) checks.never_cast(t, "NUMBER 2") end },
  },
})
