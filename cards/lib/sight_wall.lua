-- A wall that sight does not cross and steps do (require("lib.sight_wall")): classic WALL OF
-- FIRE's flames (classic, Objects: a firewall is a fixed object, so it blocks sight; classic,
-- Combat: nothing is cast or attacked through it) and the 9th's WALL OF SHADOW stand on one
-- line between two squares as an object of the spell, fixed, blocking sight but not movement;
-- they go when the spell ends. What crossing it does (the flames burn, the shadow nothing) is
-- each card's own. The module is read-only and keeps no game state.
local sight_wall = {}

-- Raises an object of kind `kind` on the line the card aims at.
---@param ctx Ctx
---@param kind string
function sight_wall.raise(ctx, kind)
  ctx:create_object {
    kind = kind, at = ctx.game:edge(ctx.target.edge).edge, mobile = false,
    blocks_los = true, blocks_move = false,
  }
end

return sight_wall
