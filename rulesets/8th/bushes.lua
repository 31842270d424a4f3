-- Bushes (require("rules.bushes")): Rosebush and Thornbush of the Conjuring school.
-- 8th: Creating Objects and Playing Items / Home Base Squares: a creation, never on a home
-- base nor in a square holding a wizard, object, treasure or creature; it lasts as long as
-- its spell. 8th: Line of Sight and Adjacency: a bush fills its square, so nobody sees through
-- it (a thrown thing stops in front of it: 8th, Throwing Objects). 8th: Damaging and
-- Destroying Objects: its card gives it a crack limit of 1 (3 damage of one attack), and
-- any fire damage burns it. A wizard may walk into it (it does not block movement); what
-- entering does is the card's (rules/hazards.lua).
-- reconstructed: range line of sight (like Stone Block); a bush burns at 1 fire damage of
-- any source, a Fire Darts dart included.
local hazards = require("rules.hazards")
local creations = require("rules.creations")
local M = {}

-- resolve: the bush of `kind` grows in the target square; if the square has filled since,
-- nothing grows and the spell is discarded (a `fizzled` log entry says why).
function M.grow(ctx, kind)
  return creations.make(ctx, {
    kind = kind, at = ctx.target.at, data = { spell = ctx.card }, mobile = false,
    blocks_move = false, blocks_los = true, fills_square = true, toughness = 1,
  })
end

-- on_damage: fire damage to one of this card's bushes burns it (its spell ends).
function M.burn(ctx, ev)
  local t = ev.target
  if not t or t.kind ~= "object" or not (ev.tags or {}).fire or (ev.amount or 0) <= 0 then return end
  for _, id in ipairs(ctx.data.objects or {}) do
    if id == t.id then hazards.destroy(ctx.game, id, ctx.card) end
  end
end

-- on_move: the bush of this card the moving wizard has just entered, if any.
function M.entered(ctx, ev) return hazards.entered(ctx, ev) end

-- Thorns or roses: damage that is no attack (rules/hazards.lua).
M.hurt = hazards.hurt

return M
