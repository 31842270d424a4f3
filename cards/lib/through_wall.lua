-- Where Pass Through Wall takes its caster (require("lib.through_wall")): the 8th's PASS
-- THROUGH WALL (Thaumaturgy) and classic PASS THROUGH WALL (which the 9th borrows) both carry
-- him across one line of his own square into the square beyond it (through a rim link, or
-- classic's wrap-around, too), never into a square an object fills so that nobody may enter
-- it (classic, Objects: solid stone). Which lines are walls he may aim at is each edition's
-- (its targets), and so is how he is moved. The module is read-only and keeps no game state.
local common = require("rules.common")
local through_wall = {}

-- The square beyond line `edge` of the caster's square, if he may be put there; else nil.
---@param ctx Ctx
---@param edge Edge
---@return Square?
function through_wall.beyond(ctx, edge)
  local game = ctx.game
  local s = common.across(game, edge, game:player(ctx.caster).at)
  if s and not common.movement_blocked_at(game, s) then return s end
  return nil
end

-- Only a wall with a square beyond it he may be put in.
---@param ctx Ctx
---@param t Target
---@return boolean
function through_wall.can_target(ctx, t) return through_wall.beyond(ctx, t.edge) ~= nil end

return through_wall
