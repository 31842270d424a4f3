-- Evading attacks by a die roll (require("rules.dodge")): a wizard under a spell that lets
-- him dodge rolls a die when an attack would hit him (8th Mutation "Gnome Form": a d4, 1 or
-- 2 evades; the same holds for any card that evades "on a roll").
-- 8th: Canceling, Reducing, and Evading Spells: an evaded spell is still cast (a cancelled or
-- evaded attack still counts as the turn's attack) but it does not affect the wizard who
-- evaded it; "sometimes a wizard must roll a die to determine whether he successfully evades".
-- reconstructed: one roll per attack (per stack entry), made when the attack is answered with
-- the card as a counter, else the first time the attack would damage him; the roll is kept on
-- the entry (marks `evasion_<card>`), so an attack that hits several times rolls once. An
-- evaded entry is marked `evaded`: the rest of its damage misses too. Damage that is no
-- attack (a falling wall, a Wall of Fire) cannot be evaded, nor an attack whose card has the
-- trait `unevadable` (Psychic Storm: no roll is made against it).
local common = require("rules.common")
local M = {}

-- Card c's roll against stack entry `id` (rolled once, then remembered): `sides` of the die,
-- `evades(face)` whether that face dodges. Marks the entry evaded on success; returns it.
---@param evades fun(face: integer): boolean
function M.roll(game, c, id, sides, evades)
  local entry = game:stack_entry(id)
  if not entry then return false end
  if entry.card and common.has_trait(game, entry.card, "unevadable") then return false end
  local key = "evasion_" .. c
  local ok = (entry.marks or {})[key] ---@type boolean?
  if ok == nil then
    local hit = evades(game:roll(sides)) == true
    ok = hit
    game:mark_stack(id, key, ok)
    if hit then game:log("evaded", { card = c, entry = id }) end
  end
  if ok then game:mark_stack(id, "evaded", true) end
  return ok
end

-- For a card's `before_damage`: damage `ev` of an attack to wizard p, while card c (ctx.card)
-- lets him dodge. Returns false (the damage does not happen) when the attack's roll evades.
function M.before_damage(ctx, ev, p, sides, evades)
  local t = ev.target or {}
  if not ev.attack or t.kind ~= "wizard" or t.player ~= p then return nil end
  local stack = ctx.game:stack()
  local top = stack[#stack] -- the entry resolving now
  if not top then return nil end
  if M.roll(ctx.game, ctx.card, top.id, sides, evades) then return false end
  return nil
end

return M
