-- Shared opening for the tests of magic stones (the 8th's Mightstone, Boomstone, Powerstone,
-- Spellstone and Speedstone, classic Shadowstone, Bloodstone and Speedstone, the 9th's
-- Heartstone): the holder has the stone out (in the 8th he
-- plays it as an item, action `item`; in classic he shows it, action `display`), and for the
-- stones that work on a blow, the other wizard stands in his square, to be punched, thrown at
-- or cast at (or to strike). Each test keeps its own blow and checks:
--   stone_out.facing(t, "Mightstone", "item")
--   t:punch(t:wizard(1))
-- require("test.stone_out"); keeps no state.
local stone_out = {}

-- Player 0, made active, brings out a new stone `name` (action `how`). Returns the stone.
---@param t T
---@param name string
---@param how "item"|"display"
---@return integer
function stone_out.out(t, name, how) return stone_out.out_by(t, 0, name, how) end

-- The same, and player 1 is brought into his square. Returns the stone.
---@param t T
---@param name string
---@param how "item"|"display"
---@return integer
function stone_out.facing(t, name, how)
  local s = stone_out.out(t, name, how)
  t:place(1, t.game:player(0).at)
  return s
end

-- Player `p`, made active, brings out a new stone `name` (action `how`), as stone_out.out does
-- for player 0. Returns the stone.
---@param t T
---@param p integer
---@param name string
---@param how "item"|"display"
---@return integer
function stone_out.out_by(t, p, name, how)
  t:active(p)
  local s = t:give(p, name)
  t:act { kind = how, card = s }
  return s
end

return stone_out
