-- classic NUMBER 6: movement, power or duration (classic, The Cards). 1 in the deck.
local numbers = require("rules.numbers")
local checks = require("test.numbers")

return card(numbers.card {
  value = 6, copies = 1,
  tests = {
    { "added to the movement: 3 + 6 moves this turn", function(t) checks.movement(t, "NUMBER 6", 6) end },
    { "a NUMBER is never cast by itself", function(t) checks.never_cast(t, "NUMBER 6") end },
  },
})
