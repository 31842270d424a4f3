-- Shared tests for the classic NUMBER cards (classic, Movement and The Cards): one NUMBER a
-- turn adds its value to the movement; a NUMBER is never cast on its own. A card file uses it as
--   tests = require("lib.numbers").tests("NUMBER 4", 4)
local spots = require("lib.spots")
local numbers = {}

function numbers.tests(name, value)
  return {
    { "added to the movement: 3 + " .. value .. " moves this turn", function(t)
      t:active(0)
      local c = t:give(0, name)
      t:act { kind = "boost", card = c }
      t:eq(t.game:turn().vars.boost, value)
      t:eq(t.game:card(c).zone.pile, "discard", "the NUMBER is discarded")
      t:eq(t:count { kind = "boost" }, 0, "one NUMBER on movement a turn")
      spots.moves(t, 3 + value)
      t:eq(t:count { kind = "move" }, 0, "no movement left")
    end },
    { "a NUMBER is never cast by itself", function(t)
      t:active(0)
      t:give(0, name)
      t:eq(t:count { kind = "cast" }, 0)
    end },
  }
end

return numbers
