-- Checks shared by the magic stones both editions print (8th Alchemy and classic's stones:
-- Speedstone, Visionstone, Brainstone). A stone works while its holder has it out: in the 8th
-- he plays it as an item (action `item`), in classic he shows it (action `display`); each
-- check takes that action's kind. A card's own tests call them:
-- `function(t) require("test.magic_stones").no_throw_through_wall(t, "item", true) end`.
-- Read-only: it keeps no game state.
local stones = require("rules.stones")
local magic_stones = {}

-- How many steps the active wizard can take now, one after another (each the first move
-- offered, walking back and forth until none is left).
---@param t T
---@return integer
function magic_stones.steps_left(t)
  local n = 0
  while true do
    local step = t:list { kind = "move" }[1]
    if not step then return n end
    t:act(step)
    n = n + 1
  end
end

-- Player 0, made active, gets a new stone `name` and brings it out (action `how`): returns it.
---@param t T
---@param name string
---@param how string
---@return integer
local function brought_out(t, name, how)
  t:active(0)
  local s = t:give(0, name)
  t:act { kind = how, card = s }
  return s
end

-- A square next to player 0 across an inner wall or door, out of his sight, or nil.
---@param game Game
---@return Square?
local function behind_wall(game)
  local at = game:player(0).at
  if not at then return nil end
  for _, n in ipairs(game:neighbours(at)) do
    local info = game:edge(n.edge)
    if (info.barrier == "wall" or info.barrier == "door") and not info.boundary and not game:los(at, n.to) then
      return n.to
    end
  end
  return nil
end

-- Visionstone: player 0, active, holds a Visionstone and a spell card `spell`; player 1 stands
-- behind a wall beside him, out of the spell's reach. Returns the stone and the spell.
---@param t T
---@param spell string
---@return integer stone
---@return integer spell
function magic_stones.wizard_behind_wall(t, spell)
  t:active(0)
  local s = t:give(0, "Visionstone")
  local c = t:give(0, spell)
  local sq = behind_wall(t.game)
  assert(sq, "a square behind a wall")
  t:place(1, sq)
  t:eq(t:count { kind = "cast", card = c, target = t:wizard(1) }, 0, "not without the stone")
  return s, c
end

-- Visionstone: out (`how`), it lets no thrown object through the wall: not a Large Rock
-- its holder has ready (`in_play`: in his play area, else in his hand).
---@param t T
---@param how string
---@param in_play boolean
function magic_stones.no_throw_through_wall(t, how, in_play)
  brought_out(t, "Visionstone", how)
  local r = in_play and t:put(0, "Large Rock") or t:give(0, "Large Rock")
  t:place(1, behind_wall(t.game))
  t:eq(t:count { kind = "throw", card = r, target = t:wizard(1) }, 0)
end

-- Visionstone: out (`how`), it reaches through no more than one wall: a wizard hidden behind
-- more is no target of `spell`.
---@param t T
---@param how string
---@param spell string
function magic_stones.not_two_walls(t, how, spell)
  local g = t.game
  brought_out(t, "Visionstone", how)
  local c = t:give(0, spell)
  local at = assert(g:player(0).at, "player 0 on the board")
  local far ---@type Square?
  for _, q in ipairs(g:squares()) do
    if not far and not g:los(at, q) and not stones.seen_through_wall(g, at, { at = q }) then far = q end
  end
  assert(far, "a square hidden behind more than one wall")
  t:place(1, far)
  t:eq(t:count { kind = "cast", card = c, target = t:wizard(1) }, 0)
end

-- Brainstone: player 0, active, brings a Brainstone out (`how`) and draws 2 cards; given 6
-- more (`filler`), the 8 in his hand and the stone count 7 toward his limit, 2 more being
-- allowed. Returns the stone.
---@param t T
---@param how string
---@param filler string
---@return integer
function magic_stones.brainstone_draws_two(t, how, filler)
  local g = t.game
  local s = brought_out(t, "Brainstone", how)
  t:eq(#g:hand(0), 2)
  for _ = 1, 6 do t:give(0, filler) end
  t:eq(require("rules.common").hand_count(g, 0), 7, "8 in hand + the stone, 2 more allowed: at the limit")
  return s
end

return magic_stones
