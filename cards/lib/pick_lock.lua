-- A lock picked open (require("lib.pick_lock")): classic PICK LOCK and the 9th's NUMBER 2 cast
-- as a spell (the 9th deck leaves Pick Lock out and gives its 2s the lock-opening) are one card:
-- a locked door on a line of its caster's square, whose lock is not jammed (rules/doors.lua:
-- unlockable), stands open for him. How long it stays open is each edition's
-- ctx:grant_door_pass: in classic until he has gone through or his turn ends (classic, The
-- Board), in the 9th while he stays beside it (9th: The Board). pick_lock.card gives both cards
-- the fields and hooks they share; each writes its name, count, text and tests, and what it is
-- besides (a physical action, not a spell; a Number's value: lib/same_card.lua). The module is
-- read-only and keeps no game state.
local doors = require("rules.doors")
local same_card = require("lib.same_card")
local pick_lock = {}

-- Only a door whose lock may be picked.
---@param ctx Ctx
---@param t Target
---@return boolean
function pick_lock.can_target(ctx, t) return doors.unlockable(ctx.game, t.edge) end

---@param ctx Ctx
function pick_lock.resolve(ctx) ctx:grant_door_pass(ctx.target.edge) end

-- The whole card: a neutral card at a door beside its caster, with the hooks above; the card
-- writes its name, count, text and tests, and a Number's value or a trait of its own.
---@param own same_card.Own
---@return CardDef
function pick_lock.card(own)
  return same_card.build(own, {
    kind = "neutral",
    range = "adjacent", duration = "instant", targets = { "door" },
    can_target = pick_lock.can_target,
    resolve = pick_lock.resolve,
  })
end

return pick_lock
