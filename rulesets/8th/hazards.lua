-- Things lying in a square that act on whoever enters it (require("rules.hazards")): the
-- bushes (rules/bushes.lua), Handful of Tacks, Booby Trap's tokens.
-- 8th: Moving: a wizard enters a square with each step. reconstructed: the cards speak of
-- "entering" a square; we take every way in (a walk, a push, a flight, a swap): each emits
-- one `move` event per square entered (rules/borders.lua), which the card hears as `on_move`
-- (a spell in its play area, or an item lying on the board: both hear events). Creatures
-- moving are not hurt (their steps emit no `move` event).
-- 8th: Life, Damage, and Dying: such damage is no attack: a death by it is indirect (no
-- victory point), and it is not on the stack, so no counter answers it and it can't be evaded.
local common = require("rules.common")
local creations = require("rules.creations")
local M = {}

-- The object of card c in square s: one of its creations, or the card itself lying there.
function M.object_at(game, c, s)
  if not s then return nil end
  for _, id in ipairs(game:card_data(c, "objects") or {}) do
    local o = game:object(id)
    if o and o.id and o.at and o.at.side == nil and common.same_sq(o.at, s) then return o end
  end
  for _, o in ipairs(game:objects_at(s)) do
    if o.card == c then return o end
  end
  return nil
end

-- For an `on_move` handler: the object of this card that the moving wizard (alive) has just
-- entered, or nil.
function M.entered(ctx, ev)
  local game = ctx.game
  if ev.wizard == nil or not ev.to then return nil end
  local pl = game:player(ev.wizard)
  if not pl.alive or not pl.at or not common.same_sq(pl.at, ev.to) then return nil end
  return M.object_at(game, ctx.card, ev.to)
end

-- Damage dealt by the hazard of this card to wizard p: no attack, no stack entry; the
-- card's controller (if any) is its source. Returns what was dealt.
function M.hurt(ctx, p, amount, tags)
  ctx.stack, ctx.attack = false, false
  ctx.caster = ctx.game:card(ctx.card).controller
  return ctx:damage(p, amount, tags)
end

-- Object `id` is destroyed (not by the end of its spell): it leaves the board, and a spell
-- left with nothing it created ends (rules/creations.lua).
function M.destroy(game, id, by)
  local o = game:object(id)
  if not o or not o.id then return false end
  game:remove_object(id)
  game:after("object_destroyed", { object = id, by = by, what = common.object_facts(o) })
  creations.lost_object(game, id)
  return true
end

return M
