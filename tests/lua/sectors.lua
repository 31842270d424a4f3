-- Shared steps for the tests of Rotate Sector (the 8th's Cantrip and classic's: both turn a
-- sector board in place, a quarter turn either way or a half turn, the caster choosing after
-- the sector): the sector player 0 stands in, its bounding box, a created wall on one of its
-- seams, the cast itself, and a wizard in one of its corners turned with it.
--   local sec = sectors.own(t)
--   local x0, x1, y0, y1 = sectors.bounds(t.game, sec)
--   sectors.rotate(t, sec, "half turn")
-- require("test.sectors"); keeps no state.
local stage = require("test.stage")
local sectors = {}

-- Player 0, made active: returns the sector he stands in.
---@param t T
---@return integer
function sectors.own(t)
  local g = t.game
  t:active(0)
  local sec = assert(g:sector_of(assert(g:player(0).at, "player 0 on the board")), "his sector")
  return sec
end

-- The corners of a sector's bounding box: its least and greatest x, then y.
---@param game Game
---@param sec integer
---@return integer x0
---@return integer x1
---@return integer y0
---@return integer y1
function sectors.bounds(game, sec)
  local x0, x1, y0, y1 = math.maxinteger, math.mininteger, math.maxinteger, math.mininteger
  for _, s in ipairs(game:sector_squares(sec)) do
    x0, x1 = math.min(x0, s.x), math.max(x1, s.x)
    y0, y1 = math.min(y0, s.y), math.max(y1, s.y)
  end
  return x0, x1, y0, y1
end

-- Player 0 casts a new Rotate Sector at sector `sec`, answering `way` ("clockwise",
-- "counterclockwise" or "half turn"). Returns the card.
---@param t T
---@param sec integer
---@param way string
---@return integer
function sectors.rotate(t, sec, way)
  local c = t:give(0, "Rotate Sector")
  t:answer(0, way)
  t:cast { card = c, at = t:sector(sec) }
  return c
end

-- Player 0, active, inside his sector beside an open seam with another (stage.by_seam), casts
-- a new Create Wall on the seam. Returns the seam's side, his square, his sector and the card.
---@param t T
---@return spots.Side seam
---@return Square inside
---@return integer sector
---@return integer wall
function sectors.walled_seam(t)
  local seam, inside, sec = stage.by_seam(t)
  local w = t:give(0, "Create Wall")
  t:cast { card = w, at = t:border(seam.edge) }
  return seam, inside, sec, w
end

-- Player 1 stands in the first corner (least x and y) of player 0's sector (sectors.own), and
-- player 0 turns that sector `way` (sectors.rotate). Returns the sector, the card and the
-- corners of the sector's bounding box (sectors.bounds: least and greatest x, then y).
---@param t T
---@param way string
---@return integer sector
---@return integer card
---@return integer x0
---@return integer x1
---@return integer y0
---@return integer y1
function sectors.corner_turned(t, way)
  local sec = sectors.own(t)
  local x0, x1, y0, y1 = sectors.bounds(t.game, sec)
  t:place(1, { x = x0, y = y0 })
  local c = sectors.rotate(t, sec, way)
  return sec, c, x0, x1, y0, y1
end

return sectors
