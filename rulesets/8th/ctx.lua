-- Helpers the 8th ruleset offers card scripts as ctx:name(...) (require("rules.ctx")).
-- ctx carries: card, controller, caster, target, energy, stack (the card's stack entry while
-- it resolves), against (the entry a counter answers), attack (true for an attack spell).
local common = require("rules.common")
local borders = require("rules.borders")
local targets = require("rules.targets")
local creations = require("rules.creations")
local creatures = require("rules.creatures")
local transform = require("rules.transform")
local dice = require("rules.dice")
local H = {}

-- ctx.stack is the card's own stack entry while it resolves; in event hooks it is false
-- (without this key, ctx.stack would fall through to the game:stack primitive).
H.stack = false

-- A target as cards may give it: a player id, a target table, or an edge {x,y,side}.
local function normalize(t)
  if type(t) == "number" then return { kind = "wizard", player = t } end
  if type(t) == "table" and t.kind == nil and t.side ~= nil then return { kind = "wall", edge = t } end
  return t
end

local function stack_marks(ctx)
  if not ctx.stack then return {} end
  local e = ctx.game:stack_entry(ctx.stack)
  return (e and e.marks) or {}
end

-- 8th: Damaging and Destroying Objects: one crack per full 3 damage of one attack; a stone
-- wall breaks at 5 cracks, a door at 3; outer walls cannot be damaged.
local function damage_edge(game, ev)
  local cfg = game:config()
  local info = game:edge(ev.target.edge)
  if info.boundary or info.barrier == "open" then return 0 end
  local cracks = ev.amount // cfg.crack_every
  if cracks <= 0 then return 0 end
  local limit = info.barrier == "door" and cfg.door_cracks or cfg.wall_cracks
  local total = info.damage + cracks
  game:set_edge_damage(info.edge, math.min(total, limit))
  game:after("object_damaged", { target = ev.target, cracks = cracks })
  if total >= limit then
    game:destroy_barrier(info.edge)
    game:after("object_destroyed", { edge = info.edge })
    if info.created_by then creations.lost(game, info.created_by, { edge = info.edge }) end
  end
  return cracks
end

-- Objects take cracks only if their card gives them a limit (the object's toughness).
local function damage_object(game, ev)
  local o = game:object(ev.target.id)
  if not o or not o.id or not o.toughness then return 0 end
  local cracks = ev.amount // game:config().crack_every
  if cracks <= 0 then return 0 end
  local total = o.damage + cracks
  game:set_object(o.id, { damage = total })
  game:after("object_damaged", { target = ev.target, cracks = cracks })
  if total >= o.toughness then
    game:remove_object(o.id)
    if o.card then common.discard(game, o.card) end
    game:after("object_destroyed", { object = o.id })
    creations.lost_object(game, o.id)
  end
  return cracks
end

-- Deals damage; returns what was dealt (0 when reduced away: no secondary effects then).
-- tags: { magical = true } or { physical = true }, plus traits (fire = true, ...).
function H.damage(ctx, target, amount, tags)
  local game = ctx.game
  target = normalize(target)
  local marks = stack_marks(ctx)
  -- 8th: Canceling, Reducing, and Evading Spells.
  if marks.evaded then return 0 end
  -- A reduction counts only for the player it protects (reduce_p<id>), or for all (reduce).
  local cut = marks.reduce or 0
  if target.kind == "wizard" then cut = cut + (marks["reduce_p" .. target.player] or 0) end
  amount = math.max(0, amount - cut)
  if amount <= 0 then return 0 end
  local ev = game:before("damage", {
    target = target, amount = amount, tags = tags or {}, source = ctx.card,
    caster = ctx.caster or ctx.controller, attack = ctx.attack == true,
  })
  if not ev or ev.amount <= 0 then return 0 end
  local t = ev.target
  if t.kind == "wizard" then
    local pl = game:player(t.player)
    if not pl.alive then return 0 end
    game:set_life(t.player, pl.life - ev.amount)
    game:after("damage", ev)
    -- 8th: Life, Damage, and Dying.
    if pl.life - ev.amount <= 0 then common.kill(game, t.player, ev.caster, ev.attack) end
    return ev.amount
  elseif t.kind == "wall" or t.kind == "door" then
    local cracks = damage_edge(game, ev)
    game:after("damage", ev)
    return cracks > 0 and ev.amount or 0
  elseif t.kind == "creature" then
    return creatures.damage(game, ev)
  elseif t.kind == "object" then
    local cracks = damage_object(game, ev)
    game:after("damage", ev)
    return cracks > 0 and ev.amount or 0
  end
  return 0
end

-- 8th: Life, Damage, and Dying: life never goes above 20.
function H.heal(ctx, player, amount)
  local game = ctx.game
  local ev = game:before("heal", { player = player, amount = amount, source = ctx.card })
  if not ev then return 0 end
  local pl = game:player(ev.player)
  local new = math.min(game:config().life_max, pl.life + ev.amount)
  game:set_life(ev.player, new)
  game:after("heal", { player = ev.player, amount = new - pl.life, source = ctx.card })
  return new - pl.life
end

-- 8th: Stun Tokens / A Stunned Wizard: one token is spent per Time Passes phase.
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

-- Marks on the stack entry this card answers (a counter) or resolves as.
local function entry_of(ctx, entry) return entry or ctx.against or ctx.stack end

function H.cancel(ctx, entry) ctx.game:mark_stack(entry_of(ctx, entry), "cancelled", true) end

-- 8th: Canceling, Reducing, and Evading Spells. A reduction of damage protects one wizard,
-- by default the one who plays it (Shield: damage to you), not every target of the spell;
-- `player = false` reduces all its damage.
function H.reduce(ctx, amount, entry, player)
  local id = entry_of(ctx, entry)
  local e = ctx.game:stack_entry(id)
  local key = "reduce"
  if player ~= false then key = "reduce_p" .. (player or ctx.controller) end
  ctx.game:mark_stack(id, key, ((e.marks or {})[key] or 0) + amount)
end

-- Same section: a spell's duration (its energy tokens) may be reduced; reduced to 0, the
-- spell is cancelled.
function H.reduce_duration(ctx, amount, entry)
  local id = entry_of(ctx, entry)
  local e = ctx.game:stack_entry(id)
  local left = math.max(0, ((e.marks or {}).duration or e.energy or 0) - amount)
  ctx.game:mark_stack(id, "duration", left)
  if left == 0 then ctx.game:mark_stack(id, "cancelled", true) end
end

function H.evade(ctx, entry) ctx.game:mark_stack(entry_of(ctx, entry), "evaded", true) end

-- A square a card names: the target's square, or the square itself.
function H.square_of(ctx, t)
  t = normalize(t)
  if t.kind == "wizard" then return ctx.game:player(t.player).at end
  if t.at then return t.at end
  if t.x then return { x = t.x, y = t.y } end
  return nil
end

local function remember(ctx, key, v)
  local list = ctx.game:card_data(ctx.card, key) or {}
  list[#list + 1] = v
  ctx.game:set_card_data(ctx.card, key, list)
end

-- Why no object may be created in square s, or nil if one may. 8th: Home Base Squares and
-- Changing the Map: not on a home base, nor in a square with a wizard, an object, a treasure
-- or a creature.
local OCCUPANT = { treasure = "a treasure", creature = "a creature" }

local function creation_refused(game, s)
  if game:home_sector_at(s) ~= nil then return "a home base" end
  if #game:wizards_at(s) > 0 then return "occupied by a wizard" end
  local o = game:objects_at(s)[1]
  if o then return "occupied by " .. (OCCUPANT[o.kind] or "an object") end
  return nil
end

-- Creates an object for this card; it goes when the card leaves play. Returns its id, or nil
-- and the reason where none may be created (see creation_refused).
function H.create_object(ctx, spec)
  local game = ctx.game
  if spec.at and spec.at.side == nil then
    local why = creation_refused(game, spec.at)
    if why then return nil, why end
  end
  local id = game:create_object(spec)
  remember(ctx, "objects", id)
  game:after("object_created", { object = id, card = ctx.card })
  return id
end

-- The walls and doors this card has made that still stand (found by their maker, wherever a
-- sector turn carried them).
function H.walls_made(ctx)
  return common.walls_of(ctx.game, ctx.card)
end

-- After a card changed the map (a sector turned): spells whose creations the change removed
-- end (8th: Changing the Map).
function H.map_changed(ctx)
  creations.settle_all(ctx.game)
end

-- 8th: Creating and Destroying Walls.
function H.create_wall(ctx, edge)
  local game = ctx.game
  game:create_barrier(edge, false, ctx.card)
  ctx.game:set_card_data(ctx.card, "made_walls", true) -- its walls are found by their maker

  game:after("object_created", { edge = edge, card = ctx.card })
end

function H.destroy_wall(ctx, edge)
  local game = ctx.game
  local info = game:edge(edge)
  if info.boundary or info.barrier == "open" then return false end
  game:destroy_barrier(info.edge)
  game:after("object_destroyed", { edge = info.edge, card = ctx.card })
  if info.created_by then creations.lost(game, info.created_by, { edge = info.edge }) end
  return true
end

-- 8th: Maintaining Spells: ends a spell in play (its creations go), and every spell in play
-- whose target is that spell.
function H.end_spell(ctx, c)
  local game = ctx.game
  local card = game:card(c)
  if not card or card.zone.kind ~= "play" then return false end
  common.end_spell(game, c)
  for _, pl in ipairs(game:players()) do
    for _, d in ipairs(game:play_area(pl.id)) do
      local t = game:card(d).target
      if type(t) == "table" and t.kind == "spell" and t.card == c then H.end_spell(ctx, d) end
    end
  end
  return true
end

-- What wizard p carries that can be dropped: { key, treasure = object id } or { key, card = c }.
function H.carried(ctx, p)
  local game = ctx.game
  local out = {}
  local t = common.carried_treasure(game, p)
  if t then out[#out + 1] = { key = "treasure #" .. t.id, treasure = t.id } end
  for _, c in ipairs(game:play_area(p)) do
    local card = game:card(c)
    if card.kind == "item" then out[#out + 1] = { key = card.name .. " #" .. c, card = c } end
  end
  return out
end

-- 8th: Picking Up and Dropping Objects: wizard p drops a carried thing (an entry of
-- H.carried) in his square.
function H.drop(ctx, p, what)
  local game = ctx.game
  local at = game:player(p).at
  if what.treasure then
    if not game:before("drop", { player = p, object = what.treasure, treasure = true }) then return false end
    game:set_object(what.treasure, { at = at })
    game:after("drop", { player = p, object = what.treasure, treasure = true, square = at })
    return true
  end
  common.drop_object(game, p, what.card, at)
  return true
end

-- A one-time pass through a closed door for the active player this turn (Pick Lock): the
-- door relocks once he has gone through it, or at the end of the turn.
function H.grant_door_pass(ctx, edge)
  local game = ctx.game
  local passes = game:turn().vars.door_passes or {}
  passes[#passes + 1] = game:edge(edge).edge
  game:set_turn_var("door_passes", passes)
end

-- The spell's target as a player id, if it is a wizard.
function H.target_player(ctx)
  local t = normalize(ctx.target)
  return t and t.kind == "wizard" and t.player or nil
end

-- 8th: A Stunned Wizard: one who has attacked may not leave his square by any means, his
-- own spells included. Cards that move their caster ask first ...
function H.may_leave_square(ctx, p)
  local game = ctx.game
  if game:turn().active ~= p then return true end
  local tv = game:turn().vars
  return not (tv.stunned and tv.attacked)
end

-- ... and tell when they did (a stunned wizard who moved may not attack); `no_more`: the
-- caster may not move again this turn (Teleport).
function H.moved_self(ctx, no_more)
  ctx.game:set_turn_var("moved", true)
  if no_more then ctx.game:set_turn_var("no_movement", true) end
end

-- 8th: Random Directions (rules/dice.lua).
function H.random_direction(ctx) return dice.random_direction(ctx.game) end

-- 8th: Transformation: the card transforms wizard p (spec: speed, punch, counters_only).
function H.transform(ctx, p, spec) transform.transform(ctx.game, p, ctx.card, spec) end

-- Creatures (rules/creatures.lua): ctx:create_creature(spec).
for k, f in pairs(creatures.ctx) do H[k] = f end


-- Moving a wizard by a spell (push, flight) square by square, with one `move` event per
-- square like a walk (rules/borders.lua): ctx:move_along(p, dir, run, how).
function H.move_along(ctx, p, dir, run, how) return borders.move_along(ctx.game, p, dir, run, how) end

-- Targets of some types in range of this card's controller (rules/targets.lua).
function H.targets_of(ctx, types, range)
  return targets.of_types(ctx.game, ctx.controller or ctx.caster, types, range)
end

-- Puts a card (this one by default) on its discard pile.
function H.discard_card(ctx, c) common.discard(ctx.game, c or ctx.card) end

return H
