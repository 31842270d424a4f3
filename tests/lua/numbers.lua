-- Checks shared by the classic NUMBER cards (classic, Movement and The Cards): one NUMBER a
-- turn adds its value to the movement; a NUMBER is never cast on its own. A card's own tests
-- call them: `function(t) require("test.numbers").movement(t, "NUMBER 4", 4) end`.
local spots = require("test.spots")
local numbers = {}

-- Added to the movement: 3 + value moves this turn, one NUMBER a turn.
function numbers.movement(t, name, value)
  t:active(0)
  local c = t:give(0, name)
  t:act { kind = "boost", card = c }
  t:eq(t.game:turn().vars.boost, value)
  t:eq(t.game:card(c).zone.pile, "discard", "the NUMBER is discarded")
  t:eq(t:count { kind = "boost" }, 0, "one NUMBER on movement a turn")
  spots.moves(t, 3 + value)
  t:eq(t:count { kind = "move" }, 0, "no movement left")
end

-- Never cast by itself.
function numbers.never_cast(t, name)
  t:active(0)
  t:give(0, name)
  t:eq(t:count { kind = "cast" }, 0)
end

return numbers
