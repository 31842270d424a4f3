-- The 9th edition's card helpers, ctx:name(...): doors held open, the d4's direction, sectors
-- rearranged with a die for the changed walls, and counters that nullify. The rest is
-- classic's (`base`).
local stack = require("rules.stack")
local doors = require("rules.doors")
local H = base

-- 9th: The Board: a door opened by a card stands open for the one who opened it (the active
-- player) until he moves away from it (rules.lua: crossed, after_action).
---@param ctx Ctx
---@param edge Edge
function H.grant_door_pass(ctx, edge)
  local game = ctx.game
  doors.hold(game, game:turn().active, game:edge(edge).edge)
end

-- 9th: The Board: destroying a wall that holds a door removes the door too (in our board a
-- door is its own line: a spell that destroys walls may aim at it).
---@param _ctx Ctx
---@return boolean
function H.doors_fall_with_walls(_ctx) return true end

-- 9th: Movement: the d4 gives the direction on a fixed overlay (reconstructed: face 1 east,
-- the rest clockwise; rules/dice.lua), no facing to pick.
---@param ctx Ctx
---@param _p integer whose move it is
---@return Dir
function H.random_direction(ctx, _p) return require("rules.dice").random_direction(ctx.game) end

-- 9th: Rearranging the Board: a wall created or destroyed on a seam of the moved sector goes
-- with it on a high roll of the d4 (3 or 4), stays with the board on a low one (reconstructed,
-- README Q6: one roll for the whole spell).
local function seam_fate(game)
  local roll = game:roll(4)
  local fate = roll >= 3 and "sector" or "board"
  game:log("seam_roll", { roll = roll, fate = fate })
  return fate
end

---@param ctx Ctx
---@param sector integer
---@param quarters integer
---@return table moved
function H.rotate_sector(ctx, sector, quarters)
  return ctx.game:turn_sector(sector, quarters, seam_fate(ctx.game))
end

-- Swap Sectors: two sectors trade places, unturned (9th: Rearranging the Board).
---@param ctx Ctx
---@param a integer
---@param b integer
---@return table moved
function H.swap_sectors(ctx, a, b)
  return ctx.game:swap_sectors(a, b, seam_fate(ctx.game))
end

-- A counter that cancels an attack outright nullifies it (entry mark `nullified`): its player
-- may attack again (rules/play.lua).
local cancel = H.cancel
---@param ctx Ctx
---@param entry? integer the stack entry (default: the one it answers, else its own)
function H.cancel(ctx, entry)
  cancel(ctx, entry)
  if ctx.against then ctx.game:mark_stack(stack.entry_of(ctx, entry), "nullified", true) end
end

return H
