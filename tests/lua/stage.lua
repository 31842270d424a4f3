-- Shared openings for card tests: player 0, made active, is put where the card wants him (on a
-- roomy square, beside a wall, inside an open seam, beside a wizard seen only round a
-- corner), found with test.spots, so the cards of both editions that test the same situation
-- set it up once; and the few checks the editions' versions of one card share. Each returns
-- what it found; the test goes on with its own checks:
--   local c, n = stage.cast_beside(t, "Rosebush", "square")
--   t:move(n.dir)
-- require("test.stage"); keeps no state.
local spots = require("test.spots")
local duel = require("test.duel")
local stage = {}

-- Player 0, active, on a roomy square: returns it and the free square beside it
-- (spots.roomy: { dir, to, edge, info }).
---@param t T
---@return Square at
---@return spots.Side side
function stage.roomy(t)
  t:active(0)
  local at, n = spots.roomy(t)
  t:place(0, at)
  return at, n
end

-- Player 0, active, on a roomy square casts a new card `name` on the free square beside him
-- (`on` = "square") or on the line between them (`on` = "border"). Returns the card, the
-- free square's side ({ dir, to, edge, info }) and his square.
---@param t T
---@param name string
---@param on "square"|"border"
---@return integer card
---@return spots.Side side
---@return Square at
function stage.cast_beside(t, name, on)
  local at, n = stage.roomy(t)
  local c = t:give(0, name)
  t:cast { card = c, at = on == "square" and t:square(n.to) or t:border(n.edge) }
  return c, n, at
end

-- Players 0 (active) and 1 side by side: 0 on a roomy square, 1 on the free square beside
-- it. Returns their squares.
---@param t T
---@return Square a
---@return Square b
function stage.side_by_side(t)
  local a, n = stage.roomy(t)
  t:place(1, n.to)
  return a, n.to
end

-- Player 0, active, on a square with an inner wall: returns the square and the wall's side
-- ({ dir, to, edge, info }).
---@param t T
---@return Square square
---@return spots.Side wall
function stage.by_wall(t)
  t:active(0)
  local from, n = spots.square_with_wall(t.game)
  assert(from and n, "a square with an inner wall")
  t:place(0, from)
  return from, n
end

-- Player 0, active, beside a door locked for him (spots.locked_door): returns his square, the
-- way through the door and its line.
---@param t T
---@return Square square
---@return Dir dir
---@return Edge door
function stage.by_locked_door(t)
  t:active(0)
  local from, dir, door = spots.locked_door(t.game, 0)
  assert(from and dir and door, "a door locked for player 0")
  t:place(0, from)
  return from, dir, door
end

-- Player 0, active, inside his sector beside an open seam with another (spots.open_seam):
-- returns the seam's side ({ dir, to, edge, info }), his square and his sector.
---@param t T
---@return spots.Side seam
---@return Square inside
---@return integer sector
function stage.by_seam(t)
  local g = t.game
  t:active(0)
  local sec = assert(g:sector_of(assert(g:player(0).at, "player 0 on the board")), "his sector")
  local seam, inside = spots.open_seam(g, sec)
  assert(seam and inside, "an open seam")
  t:place(0, inside)
  return seam, inside, sec
end

-- Player 0, active, holds a new `spell` and an Around the Corner; player 1 stands where 0 sees
-- him only with one bend, out of the spell's reach. Returns the spell and Around the Corner.
---@param t T
---@param spell string
---@return integer spell
---@return integer corner
function stage.round_the_corner(t, spell)
  local g = t.game
  t:active(0)
  local spot = spots.round_the_corner(g, g:player(0).at)
  assert(spot, "a square seen only with one bend")
  t:place(1, spot)
  local s = t:give(0, spell)
  local c = t:give(0, "Around the Corner")
  t:ok(not t:has { kind = "cast", card = s, target = t:wizard(1) }, "not in sight yet")
  return s, c
end

-- Pass Through Wall (either edition): player 0, beside an inner wall, casts it at that wall
-- and stands beyond it, the wall still standing and no movement point spent. Returns the card.
---@param t T
---@return integer
function stage.through_wall(t)
  local g = t.game
  local _, n = stage.by_wall(t)
  local c = t:give(0, "Pass Through Wall")
  t:cast { card = c, at = t:wall(n.edge) }
  t:eq(g:player(0).at, n.to)
  t:eq(g:edge(n.edge).barrier, "wall", "the wall still stands")
  t:eq(g:turn().vars.spent, nil, "no movement point spent")
  return c
end

-- Swap (either edition) aimed at player 1 beside player 0 is stopped by his Full Shield: both
-- stay where they were.
---@param t T
function stage.swap_stopped(t)
  local a, b = stage.side_by_side(t)
  duel.aim(t, "Swap", { square = b, plays = { "Full Shield" } })
  t:eq(t.game:player(0).at, a)
  t:eq(t.game:player(1).at, b)
end

-- Slow Death (either edition) on player 1, who then chooses to draw no card (his caster
-- draws 2 first): his hand stays empty and he loses nothing.
---@param t T
function stage.slow_death_undrawn(t)
  duel.aim(t, "Slow Death")
  t:answer(0, "draw_2")
  t:answer(1, "draw_0")
  t:pass(2)
  t:eq(#t.game:hand(1), 0)
  t:eq(t:lost(1), 0, "no card, no damage")
end

-- Pass Through Wall (either edition): player 0, beside an inner wall, is offered at least one
-- wall to pass. Returns his square, the card and its cast actions.
---@param t T
---@return Square square
---@return integer card
---@return table[] casts
function stage.pass_wall_offers(t)
  local from = stage.by_wall(t)
  local c = t:give(0, "Pass Through Wall")
  local list = t:list { kind = "cast", card = c }
  t:ok(#list >= 1, "the wall beside him")
  return from, c, list
end

-- Around the Corner (either edition) bends only its caster's next spell: player 0, with a new
-- `spell` held for player 1 seen only round a corner (stage.round_the_corner), casts it, then
-- `next` plays his next spell (given `spell`'s card); after it `spell` may no longer aim at
-- player 1 (`why`).
---@param t T
---@param spell string
---@param next fun(bent: integer)
---@param why string
function stage.bend_used_up(t, spell, next, why)
  local s, c = stage.round_the_corner(t, spell)
  t:cast { card = c }
  next(s)
  t:ok(not t:has { kind = "cast", card = s, target = t:wizard(1) }, why)
end

return stage
