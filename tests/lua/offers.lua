-- Shared checks of where a card may be cast, for the cards of every edition: each target it is
-- offered passes the card's own check (offers.each: only empty lines, no outer wall, no
-- occupied square...), and what the same rule limits in every edition is checked once: no
-- object is created on a home base (8th: Creating Objects; classic, Cards and Actions that
-- Change the Map), as the 8th's Stone Block and classic Thornbush test alike.
-- require("test.offers"); keeps no state.
local spots = require("test.spots")
local offers = {}

-- Player 0, made active, beside player 1's empty home base in sight (spots.empty_home_in_sight),
-- holds a new card `name`: it is offered on other squares in sight, never on the home base.
-- Returns the card.
---@param t T
---@param name string
---@return integer
function offers.not_on_home(t, name)
  t:active(0)
  local home = spots.empty_home_in_sight(t)
  local c = t:give(0, name)
  t:ok(not t:has { kind = "cast", card = c, target = t:square(home) }, "the home base is no target")
  t:ok(#t:list { kind = "cast", card = c } > 0, "other squares in sight are")
  return c
end

-- Player 0, made active, holds a new card `name`: `check` runs on each cast of it he is
-- offered (only those at a target of kind `kind`, if given), and at least one is offered.
-- Returns the card.
---@param t T
---@param name string
---@param check fun(a: table) given each action offered (t:list)
---@param kind string?
---@return integer
function offers.each(t, name, check, kind)
  t:active(0)
  local c = t:give(0, name)
  local seen = 0
  for _, a in ipairs(t:list { kind = "cast", card = c, target = kind and { kind = kind } or nil }) do
    check(a)
    seen = seen + 1
  end
  t:ok(seen > 0, "some target is offered")
  return c
end

return offers
