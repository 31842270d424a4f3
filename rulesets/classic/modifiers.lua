-- Spells that change other spells (require("rules.modifiers")): Add, Amplify, Extend, Reuse
-- Spell. Such a card is cast on its own and then waits, face up before its caster, for the
-- next spell he casts that it can change; as that spell goes on the stack the waiting card
-- attaches to it (a mark on its stack entry, or a change of its NUMBER) and is discarded.
-- A counteraction that changes the spell it answers (Reverse, Shrink) marks that entry through
-- the same marks (`mark`, `add_mod`).
-- reconstructed: the classic rules say nothing of how such cards are timed. A waiting card
-- lasts to the end of its caster's turn (then it is discarded unused); it never attaches to
-- an object (a weapon's blow) nor to another card that changes spells.
local common = require("rules.common")
local same_card = require("lib.same_card")
local M = {}

-- The stack entry of card c (the topmost one), or nil.
function M.entry_of_card(game, c)
  local st = game:stack()
  for i = #st, 1, -1 do
    if st[i].card == c then return st[i] end
  end
  return nil
end

-- Sets a mark on stack entry `id`.
function M.mark(game, id, key, value) game:mark_stack(id, key, value) end

-- Adds a change of point damage to stack entry `id` ({ op = "double" }, { op = "halve" }...:
-- rules/damage.lua `apply_mods`, in the order they were added).
function M.add_mod(game, id, mod)
  local e = game:stack_entry(id)
  if not e then return end
  local mods = common.copy((e.marks or {}).mods)
  mods[#mods + 1] = mod
  game:mark_stack(id, "mods", mods)
end

-- Is card c a spell (an attack, neutral or counteraction card, not an object)?
function M.is_spell(game, c)
  local k = game:card(c).kind
  return (k == "attack" or k == "neutral" or k == "counter") and not common.is_object(game, c)
end

-- Is card c one of those that change spells (trait `modifier`)?
function M.is_modifier(game, c) return common.has_trait(game, c, "modifier") end

-- Card ctx.card (resolving) now waits in its caster's play area for his next spell; `data`
-- (any value) is kept with it for the card's own use.
function M.wait(ctx, data)
  local game, p = ctx.game, ctx.caster
  game:move_card(ctx.card, { kind = "play", player = p })
  game:set_card(ctx.card, { controller = p, target = nil })
  game:set_card_data(ctx.card, "modifier", data == nil and true or data)
  game:log("waiting", { card = ctx.card, player = p })
end

-- Is this waiting card ready to attach to card c cast by player p? `fits(game, c)` says which
-- spells it changes.
local function ready(ctx, c, p, fits)
  local game = ctx.game
  local me = game:card(ctx.card)
  if me.zone.kind ~= "play" or me.zone.player ~= p or game:card_data(ctx.card, "modifier") == nil then return false end
  if c == nil or c == ctx.card or common.is_object(game, c) or M.is_modifier(game, c) then return false end
  if game:card(c).kind == "number" then return false end
  return fits == nil or fits(game, c)
end

-- For a waiting card's `before_cast` hook: if the spell being cast (payload `ev`) is one it
-- changes, `apply(ev)` may change the payload (its `energy`: the NUMBER); the card is used up.
function M.before(ctx, ev, fits, apply)
  if not ready(ctx, ev.card, ev.caster, fits) then return end
  apply(ev)
  M.used(ctx, ev.card)
end

-- For a waiting card's `on_cast` hook: if the spell just cast is one it changes,
-- `apply(entry)` marks its stack entry; the card is used up (`keep`: it stays before its
-- caster, no longer waiting, for what it does once the spell is over).
function M.attach(ctx, ev, fits, apply, keep)
  if not ready(ctx, ev.card, ev.caster, fits) then return end
  local e = M.entry_of_card(ctx.game, ev.card)
  if not e then return end
  apply(e)
  M.used(ctx, ev.card, keep)
end

-- The waiting card has attached to spell c: it is discarded (or kept, `keep`, for a card
-- that has more to do once the spell is over: Reuse Spell).
function M.used(ctx, c, keep)
  local game = ctx.game
  game:log("modified", { card = c, by = ctx.card })
  game:set_card_data(ctx.card, "modifier", nil)
  if not keep then common.discard(game, ctx.card) end
end

-- For a waiting card's `on_turn_end` hook: unused at the end of its caster's turn, it goes.
function M.expire(ctx)
  local game = ctx.game
  local me = game:card(ctx.card)
  if me.zone.kind == "play" and game:card_data(ctx.card, "modifier") ~= nil and game:turn().active == me.zone.player then
    game:set_card_data(ctx.card, "modifier", nil)
    common.discard(game, ctx.card)
    game:log("unused", { card = ctx.card })
  end
end

-- Does player p hold a spell card (not a NUMBER, object or other modifier) that `fits`?
function M.holds_fitting(game, p, self_card, fits)
  local function fitting(c)
    return c ~= self_card and M.is_spell(game, c) and not M.is_modifier(game, c) and (fits == nil or fits(game, c))
  end
  for _, c in ipairs(game:hand(p)) do
    if fitting(c) then return true end
  end
  return false
end

-- The fields every card that changes spells shares: a neutral instant with the modifier
-- trait, cast only while its caster holds a spell it may change (`fits`). `def` gives the rest
-- (name, count, text, hooks, tests).
---@param fits fun(game: Game, c: integer): boolean
---@param def table
---@return CardDef
function M.card(fits, def)
  return same_card.family({
    kind = "neutral",
    duration = "instant",
    traits = { "modifier" },
    can_cast = function(ctx) return M.holds_fitting(ctx.game, ctx.caster, ctx.card, fits) end,
  }, def)
end

return M
