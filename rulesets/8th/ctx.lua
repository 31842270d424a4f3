-- The 8th edition's card helpers, ctx:name(...) (require("rules.ctx")): damage in cracks, stun
-- tokens, reductions, walls, transformations, creatures, spell movement. The shared ones
-- (cancel, evade, create_object, heal, ...) are the mechanics' (`base`, rulesets/mechanics/ctx.lua).
local common = require("rules.common")
local borders = require("rules.borders")
local targets = require("rules.targets")
local creations = require("rules.creations")
local creatures = require("rules.creatures")
local transform = require("rules.transform")
local dice = require("rules.dice")
local stack = require("rules.stack")
local H = base
local normalize = targets.normalize

-- 8th: Stun Tokens / A Stunned Wizard: one token is spent per Time Passes phase.
---@param ctx Ctx
---@param player integer|{kind: string, player: integer} a player id or a wizard target
---@param turns? integer (default 1)
---@return boolean stunned
function H.stun(ctx, player, turns)
  local game = ctx.game
  player = normalize(player).player
  local ev = game:before("stun", { player = player, turns = turns or 1, source = ctx.card })
  if not ev then return false end
  local have = game:player(ev.player).tokens.stun or 0
  game:set_token(ev.player, "stun", have + ev.turns)
  game:after("stun", ev)
  return true
end

-- 8th: Canceling, Reducing, and Evading Spells. A reduction of damage protects one wizard,
-- by default the one who plays it (Shield: damage to you), not every target of the spell;
-- `player = false` reduces all its damage.
---@param ctx Ctx
---@param amount integer
---@param entry? integer the stack entry (default: the one it answers, else its own)
---@param player? integer|false the wizard protected (default: the card's controller; false: all)
function H.reduce(ctx, amount, entry, player)
  local id = stack.entry_of(ctx, entry)
  local e = ctx.game:stack_entry(id) --[[@as StackEntry]]
  local key = "reduce"
  if player ~= false then key = "reduce_p" .. (player or ctx.controller) end
  ctx.game:mark_stack(id, key, ((e.marks or {})[key] or 0) + amount)
  -- (whose reduction, for the narration: rules/damage.lua, reduce)
  local reducers = common.copy((e.marks or {}).reducers)
  reducers[#reducers + 1] = { card = ctx.card, player = player ~= false and (player or ctx.controller) or nil }
  ctx.game:mark_stack(id, "reducers", reducers)
end

-- Same section: a spell's duration (its energy tokens) may be reduced; reduced to 0, the
-- spell is cancelled.
---@param ctx Ctx
---@param amount integer
---@param entry? integer the stack entry (default: the one it answers, else its own)
function H.reduce_duration(ctx, amount, entry)
  local id = stack.entry_of(ctx, entry)
  local e = ctx.game:stack_entry(id) --[[@as StackEntry]]
  local left = math.max(0, ((e.marks or {}).duration or e.energy or 0) - amount)
  ctx.game:mark_stack(id, "duration", left)
  if left == 0 then ctx.game:mark_stack(id, "cancelled", true) end
end

-- The walls and doors this card has made that still stand (found by their maker, wherever a
-- sector turn carried them).
---@param ctx Ctx
---@return Edge[]
function H.walls_made(ctx)
  return common.walls_of(ctx.game, ctx.card)
end

-- After a card changed the map (a sector turned): spells whose creations the change removed
-- end (8th: Changing the Map).
---@param ctx Ctx
function H.map_changed(ctx)
  creations.settle_all(ctx.game)
end

---@param ctx Ctx
---@param edge Edge
---@return boolean destroyed
function H.destroy_wall(ctx, edge)
  local game = ctx.game
  local info = game:edge(edge)
  if info.boundary or info.barrier == "open" then return false end
  game:destroy_barrier(info.edge)
  game:after("object_destroyed", { edge = info.edge, card = ctx.card })
  if info.created_by then creations.lost(game, info.created_by, { edge = info.edge }) end
  return true
end

-- A one-time pass through a closed door for the active player this turn (Pick Lock): the
-- door relocks once he has gone through it, or at the end of the turn.
---@param ctx Ctx
---@param edge Edge
function H.grant_door_pass(ctx, edge)
  local game = ctx.game
  local passes = common.copy(game:turn().vars.door_passes)
  passes[#passes + 1] = game:edge(edge).edge
  game:set_turn_var("door_passes", passes)
end

-- 8th: A Stunned Wizard: one who has attacked may not leave his square by any means, his
-- own spells included. Cards that move their caster ask first ...
---@param ctx Ctx
---@param p integer
---@return boolean
function H.may_leave_square(ctx, p)
  local game = ctx.game
  if game:turn().active ~= p then return true end
  local tv = game:turn().vars
  return not (tv.stunned and tv.attacked)
end

-- ... and tell when they did (a stunned wizard who moved may not attack); `no_more`: the
-- caster may not move again this turn (Teleport).
---@param ctx Ctx
---@param no_more? boolean
function H.moved_self(ctx, no_more)
  ctx.game:set_turn_var("moved", true)
  if no_more then ctx.game:set_turn_var("no_movement", true) end
end

-- 8th: Random Directions (rules/dice.lua).
-- (p, whose move it is, has no say: the overlay lies as it was laid.)
---@param ctx Ctx
---@param _p integer whose move it is
---@return Dir
function H.random_direction(ctx, _p) return dice.random_direction(ctx.game) end

-- 8th: Transformation: the card transforms wizard p (spec: speed, punch, counters_only).
---@param ctx Ctx
---@param p integer
---@param spec {speed?: integer, punch?: integer, punch_die?: integer, counters_only?: boolean, items_free?: boolean, treasure_mp?: boolean}
function H.transform(ctx, p, spec) transform.transform(ctx.game, p, ctx.card, spec) end

-- Creatures (rules/creatures.lua): ctx:create_creature(spec).
for k, f in pairs(creatures.ctx) do H[k] = f end


-- Moving a wizard by a spell (push, flight) square by square, with one `move` event per
-- square like a walk (rules/borders.lua): ctx:move_along(p, dir, run, how).
-- A wizard moved by his own card is moving by choice: a stunned wizard who has attacked stays
-- where he is (8th: A Stunned Wizard), whatever the card, so no card can forget it.
---@param ctx Ctx
---@param p integer
---@param dir Dir
---@param run {squares: Square[], headings: Dir[]} a game:run's squares and headings
---@param how string the kind of movement ("push", "flight"...)
---@return Square? at where he ends (nil: he died on the way)
function H.move_along(ctx, p, dir, run, how)
  if p == (ctx.caster or ctx.controller) and not H.may_leave_square(ctx, p) then
    return ctx.game:player(p).at
  end
  return borders.move_along(ctx.game, p, dir, run, how)
end

-- Targets of some types in range of this card's controller (rules/targets.lua).
---@param ctx Ctx
---@param types string[]
---@param range string
---@return Target[]
function H.targets_of(ctx, types, range)
  return targets.of_types(ctx.game, ctx.controller or ctx.caster, types, range)
end

-- Puts a card (this one by default) on its discard pile.
---@param ctx Ctx
---@param c? integer the card (default: this one)
function H.discard_card(ctx, c) common.discard(ctx.game, c or ctx.card) end

local end_whole_spell = H.end_spell

-- Ends a spell in play (its creations go), and every spell in play aimed at it. A spell whose
-- pieces are dispelled one at a time (rules/creations.lua, dispel_piece: Booby Trap's tokens)
-- loses only one piece to a card aimed at it while more than one is left.
---@param ctx Ctx
---@param c integer the card
---@return boolean ended
function H.end_spell(ctx, c)
  if creations.dispel_piece(ctx, c) then return true end
  return end_whole_spell(ctx, c)
end

return H
