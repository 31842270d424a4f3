-- Shared checks for card tests of spells that move the wizard they are aimed at against his
-- will (the 8th's Mental Force, classic Teleport Opponent): what a counter that stops such a
-- spell leaves. Each test keeps its own further checks.
-- require("test.moved"); keeps no state.
local duel = require("test.duel")
local moved = {}

-- Player 0 aims a new card `name` at player 1 in his square (duel.aim), and 1's Full Shield
-- stops it: 1 stays where he stood. Returns the duel's cards.
---@param t T
---@param name string
---@return duel.Cards
function moved.shielded(t, name)
  local at = t.game:player(0).at
  local c = duel.aim(t, name, { plays = { "Full Shield" } })
  t:eq(t.game:player(1).at, at, "he stays where he stood")
  return c
end

return moved
