-- The helpers every edition offers card scripts as ctx:name(...) (require("rules.ctx")). An
-- edition's ctx.lua extends this module (`local H = base`) with its own verbs and replaces
-- what it does differently. ctx carries: game, card, data, controller, caster, target, energy
-- (the spell's power), stack (the card's own stack entry while it resolves), against (the
-- entry a counter answers), attack (true when it is the turn's attack), and what an edition
-- adds (thrown, drawn, number...).
local common = require("rules.common")
local stack = require("rules.stack")
local targets = require("rules.targets")
local damage = require("rules.damage")
local H = {}

-- ctx.stack is the card's own stack entry while it resolves; in an event hook it is false
-- (without this key, ctx.stack would fall through to the game:stack primitive).
H.stack = false

-- Asks player p to choose one option (ctx.game:choose: returns the key and the option's
-- position; for several at once, ctx.game:choose with opts.min or opts.max).
---@param ctx Ctx
---@param p integer
---@param kind string
---@param prompt string
---@param options Option[]
---@param opts? {pass?: string} the key of the option that means "none"
---@return string key
---@return integer index
function H.choose(ctx, p, kind, prompt, options, opts) return ctx.game:choose(p, kind, prompt, options, opts) end

-- Rolls a die of n sides.
---@param ctx Ctx
---@param n integer the die's sides
---@return integer
function H.roll(ctx, n) return ctx.game:roll(n) end

-- The entry is cancelled: it has no effect at all (8th: Canceling, Reducing, and Evading
-- Spells; classic, The Cards: a cancelled attack still counts as the attack).
---@param ctx Ctx
---@param entry? integer the stack entry (default: the one it answers, else its own)
function H.cancel(ctx, entry) ctx.game:mark_stack(stack.entry_of(ctx, entry), "cancelled", true) end

-- It is evaded: cast, but it misses and affects nothing.
---@param ctx Ctx
---@param entry? integer the stack entry (default: the one it answers, else its own)
function H.evade(ctx, entry) ctx.game:mark_stack(stack.entry_of(ctx, entry), "evaded", true) end

-- Deals damage; returns what was dealt (0 when reduced away or evaded: no secondary effects
-- then, 8th: Canceling, Reducing, and Evading Spells; classic, The Cards). tags:
-- { magical = true } or { physical = true }, plus traits (fire = true, ...). What the
-- counters on the card's entry leave is the edition's (rules/damage.lua), as is what a wall,
-- an object or a creature takes.
---@param ctx Ctx
---@param target integer|Edge|{kind: string, player?: integer, at?: Square, edge?: Edge, id?: integer, card?: integer, sector?: integer} a player id, a target, or an edge (a wall)
---@param amount integer
---@param tags? table<string, boolean>
---@return integer dealt
function H.damage(ctx, target, amount, tags)
  local game = ctx.game
  target = targets.normalize(target)
  tags = tags or {}
  local marks = stack.marks(game, stack.own_entry(ctx))
  if marks.evaded then return 0 end
  local full, by = amount, nil
  amount, by = damage.reduce(ctx, target, amount, tags, marks)
  if amount < full and target.kind == "wizard" then
    -- (told: what the counters took off, which the damage line alone would not say)
    game:log("reduced", { player = target.player, amount = full - math.max(amount, 0), left = math.max(amount, 0), cards = by })
  end
  if amount <= 0 then return 0 end
  local ev = game:before("damage", {
    target = target, amount = amount, tags = tags, source = ctx.card,
    caster = ctx.caster or ctx.controller, attack = ctx.attack == true,
  })
  if not ev or ev.amount <= 0 then return 0 end
  if ev.target.kind == "wizard" then return damage.to_wizard(game, ev) end
  return damage.to_thing(game, ev)
end

-- For a `before_damage` handler: damage `ev` to a wizard is `n` less (not below 0), by this
-- card, and the log says so (the narration: "Bloodshard takes 1 of the damage to A").
---@param ctx Ctx
---@param ev table the damage event's payload (amount, target)
---@param n integer
function H.lessen_damage(ctx, ev, n)
  local cut = math.min(n, ev.amount)
  if cut <= 0 then return end
  ev.amount = ev.amount - cut
  local t = ev.target or {}
  ctx.game:log("reduced", { card = ctx.card, player = t.player, amount = cut, left = ev.amount })
end

-- A square a card names: the target's square, or the square itself.
---@param ctx Ctx
---@param t integer|Square|{kind: string, player?: integer, at?: Square} a player id, a target or a square
---@return Square?
function H.square_of(ctx, t)
  t = targets.normalize(t)
  if t.kind == "wizard" then return ctx.game:player(t.player).at end
  if t.at then return t.at end
  if t.x then return { x = t.x, y = t.y } end
  return nil
end

-- The squares on either side of an edge, as { square, side } (common.edge_sides).
---@param ctx Ctx
---@param edge Edge
---@return {square: Square, side: Dir}[]
function H.edge_sides(ctx, edge) return common.edge_sides(ctx.game, edge) end

-- How a square is keyed, in one place (rules/targets.lua): "x,y" (for sets, messages of tests).
---@param _ctx Ctx
---@param s Square
---@return string
function H.square_key(_ctx, s) return targets.sq_label(s) end

-- How an edge is keyed, in one place (rules/targets.lua): "x,y,S".
---@param _ctx Ctx
---@param e Edge
---@return string
function H.edge_key(_ctx, e) return targets.edge_key(e) end

-- The spell's target as a player id, if it is a wizard.
---@param ctx Ctx
---@return integer?
function H.target_player(ctx)
  local t = targets.normalize(ctx.target)
  return t and t.kind == "wizard" and t.player or nil
end

local function remember(ctx, key, v)
  local list = common.copy(ctx.game:card_data(ctx.card, key))
  list[#list + 1] = v
  ctx.game:set_card_data(ctx.card, key, list)
end

-- Why no object may be created in square s, or nil if one may: not on a home base, nor in a
-- square holding a wizard, an object, a treasure or a creature (8th: Home Base Squares and
-- Changing the Map; classic, Cards and Actions that Change the Map).
local OCCUPANT = { treasure = "a treasure", creature = "a creature" }

local function creation_refused(game, s)
  if game:home_sector_at(s) ~= nil then return "a home base" end
  if #game:seats_at(s) > 0 then return "occupied by a wizard" end
  local o = game:objects_at(s)[1]
  if o then return "occupied by " .. (OCCUPANT[o.kind] or "an object") end
  return nil
end

-- Creates an object for this card; it goes when the card leaves play. Where the edition says
-- fixed objects block (config `fixed_objects_block`: classic, Objects), an object not made
-- movable blocks sight and movement unless the spec says otherwise. Returns its id, or nil and
-- the reason where none may be created.
---@param ctx Ctx
---@param spec ObjectSpec
---@return integer? id
---@return string? reason
function H.create_object(ctx, spec)
  local game = ctx.game
  if spec.at and spec.at.side == nil then
    local why = creation_refused(game, spec.at)
    if why then return nil, why end
  end
  if game:config().fixed_objects_block then
    local s = {} ---@type ObjectSpec
    for k, v in next, spec do s[k] = v end -- (a copy: any order)
    if s.mobile == nil then s.mobile = false end
    if s.blocks_los == nil then s.blocks_los = not s.mobile end
    if s.blocks_move == nil then s.blocks_move = not s.mobile end
    spec = s
  end
  local id = game:create_object(spec)
  remember(ctx, "objects", id)
  game:after("object_created", { object = id, card = ctx.card, what = common.object_facts(game:object(id)) })
  return id
end

-- A wall on an empty edge, made by this card: found again by its maker (common.walls_of)
-- wherever a sector turn carries it (8th: Creating and Destroying Walls; classic: walls are
-- cast on the lines between squares).
---@param ctx Ctx
---@param edge Edge
function H.create_wall(ctx, edge)
  local game = ctx.game
  game:create_barrier(edge, false, ctx.card)
  game:set_card_data(ctx.card, "made_walls", true)
  game:after("object_created", { edge = edge, card = ctx.card })
end

-- Ends a spell in play (its creations go), and every spell in play aimed at it.
---@param ctx Ctx
---@param c integer the card
---@return boolean ended
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

-- What wizard p carries that the card's caster may pick for him to drop: { key, treasure =
-- object id } or { key, card = c } (his treasure, then the object cards he carries:
-- common.carried_cards, those the caster sees). Where an edition carries objects in the hand
-- (common.carries_in_hand), which the caster does not see, one entry { from_hand = true }
-- stands for "an object from his hand", its holder picking which (H.drop): offered whenever
-- his hand holds cards, so it tells nothing of what they are.
---@param ctx Ctx
---@param p integer
---@return {label: string, treasure?: integer, card?: integer, from_hand?: boolean}[]
function H.carried(ctx, p)
  local game, chooser = ctx.game, ctx.caster
  local out = {}
  local t = common.carried_treasure(game, p)
  if t then out[#out + 1] = { label = targets.object_name(game, t), treasure = t.id } end
  for _, c in ipairs(common.carried_cards(game, p)) do
    if chooser == nil or game:sees(chooser, c) then
      out[#out + 1] = { label = game:card(c).name, card = c }
    end
  end
  if chooser ~= nil and chooser ~= p and common.carries_in_hand(game) and #game:hand(p) > 0 then
    out[#out + 1] = { label = "an object from his hand (he picks which, if he has one)", from_hand = true }
  end
  return out
end

-- Wizard p drops a carried thing (an entry of H.carried) in his square; false if refused, or
-- if he was to pick an object from his hand and holds none.
---@param ctx Ctx
---@param p integer
---@param what {treasure?: integer, card?: integer, from_hand?: boolean} an entry of ctx:carried(p)
---@return boolean dropped
function H.drop(ctx, p, what)
  local game = ctx.game
  if what.treasure then return common.drop_treasure(game, p, what.treasure) end
  if what.from_hand then
    local objects = {} ---@type Option[]
    for _, c in ipairs(common.carried_cards(game, p)) do
      if game:card(c).zone.kind == "hand" then objects[#objects + 1] = { label = game:card(c).name, card = c } end
    end
    if #objects == 0 then
      game:log("no_object", { player = p })
      return false
    end
    local _, i = game:choose(p, "drop", "Which object from your hand do you drop?", objects)
    what = objects[i]
  end
  common.drop_object(game, p, what.card, game:player(p).at)
  return true
end

-- Heals a wizard; life never goes above config `life_max` where the edition has one (8th:
-- Life, Damage, and Dying; classic, Starting the Game: no upper limit). Returns what he got.
---@param ctx Ctx
---@param player integer|{kind: string, player: integer} a player id or a wizard target
---@param amount integer
---@return integer healed
function H.heal(ctx, player, amount)
  local game = ctx.game
  player = targets.normalize(player).player
  local ev = game:before("heal", { player = player, amount = amount, source = ctx.card })
  if not ev then return 0 end
  local pl = game:player(ev.player)
  local new = pl.life + ev.amount
  local cap = game:config().life_max ---@type integer?
  if cap then new = math.min(cap, new) end
  game:set_life(ev.player, new)
  game:after("heal", { player = ev.player, amount = new - pl.life, source = ctx.card })
  return new - pl.life
end

return H
