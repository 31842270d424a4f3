-- Shared opening for the tests of a lock picked open (lib/pick_lock.lua: classic Pick Lock, the
-- 9th's NUMBER 2 cast as a spell): player 0, made active, stands beside a door locked for him,
-- finds no step through it, and casts the card at it. The test goes on with each edition's own
-- checks of how long the door stays open:
--   local c, from, dir, door = require("test.locks").picked(t, "Pick Lock")
-- require("test.locks"); keeps no state.
local stage = require("test.stage")
local locks = {}

-- Player 0 (active) beside a door locked for him (stage.by_locked_door) casts a new card `name`
-- at it. Returns the card, his square, the way through the door and its line.
---@param t T
---@param name string
---@return integer card
---@return Square square
---@return Dir dir
---@return Edge door
function locks.picked(t, name)
  local from, dir, door = stage.by_locked_door(t)
  t:ok(not t:has { kind = "move", dir = dir }, "locked before")
  local c = t:give(0, name)
  t:cast { card = c, at = t:door(door) }
  return c, from, dir, door
end

return locks
