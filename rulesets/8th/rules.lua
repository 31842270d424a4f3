-- Wiz-War, 8th edition (Fantasy Flight Games, 2013): the behaviour of the ruleset.
-- Numbers live in ruleset.toml ([config]); helpers in common.lua, targets.lua, ctx.lua.
-- Player ids in action keys are the kernel's (0-based).
local common = require("rules.common")
local targets = require("rules.targets")
local effects = require("rules.effects")
local card_actions = require("rules.card_actions")
local decks = require("rules.decks")
local transform = require("rules.transform")
local doors = require("rules.doors")
local creatures = require("rules.creatures")
local creations = require("rules.creations")
local throwing = require("rules.throwing")
-- The shared turn skeleton (rulesets/mechanics/rules.lua), which this file extends.
local rules = base
local tvar, spend, movement_left = rules.tvar, rules.spend, rules.movement_left

---------------------------------------------------------------------------------------------
-- Setup (the board and treasures: the shared skeleton; 8th: Setup)
---------------------------------------------------------------------------------------------

-- 8th: Setup, step 4 (and the optional rules on decks): rules/decks.lua.
rules.build_deck = decks.build

-- Card tests start clean: empty hands, player 0 active, nobody on a first turn.
function rules.test_setup(game)
  for _, pl in ipairs(game:players()) do
    local deck = decks.piles_of(game, pl.id)
    for _, c in ipairs(game:hand(pl.id)) do game:move_card(c, { kind = "pile", pile = deck }) end
  end
  game:set_first_player(0)
end

---------------------------------------------------------------------------------------------
-- Turn state (turn vars reset at each turn start; player vars persist)
---------------------------------------------------------------------------------------------

-- 8th: Moving, Changing Base Speed: the form's base speed (rules/transform.lua).
function rules.speed(game, p) return transform.base_speed(game, p) end

-- 8th: Attacking (one attack, none on the first turn) and A Stunned Wizard (move or attack).
local function can_attack(game)
  if tvar(game, "attacked") or tvar(game, "first_turn") then return false end
  if effects.has(game, game:turn().active, "no_attacks") then return false end -- (Mist Body)
  return not (tvar(game, "stunned") and tvar(game, "moved"))
end

function rules.can_move(game)
  if tvar(game, "no_movement") then return false end -- a card said: no more movement this turn
  return movement_left(game) >= 1 and not (tvar(game, "stunned") and tvar(game, "attacked"))
end

---------------------------------------------------------------------------------------------
-- Phases
---------------------------------------------------------------------------------------------

-- 8th: Time Passes Phase: effects, then one energy token off each temporary spell (ending
-- it at 0), then one stun token spent: stunned this turn.
function rules.phases.time_passes(game)
  local p = game:turn().active
  local pl = game:player(p)
  game:set_turn_var("first_turn", not pl.vars.had_turn)
  game:set_player_var(p, "had_turn", true)
  game:after("time_passes", { player = p })
  for _, c in ipairs(game:play_area(p)) do
    local card = game:card(c)
    if card.kind ~= "item" and card.duration == "temporary" and not creations.is_permanent_creation(game, c) then
      local left = card.energy - 1
      game:set_card(c, { energy = left })
      if left <= 0 then common.end_spell(game, c) end
    end
  end
  local stun = game:player(p).tokens.stun or 0
  if stun > 0 then
    game:set_token(p, "stun", stun - 1)
    game:set_turn_var("stunned", true)
  end
  common.check_victory(game)
end

-- 8th: Discard and Draw Phase: discard any, then draw up to 2 without passing the limit.
function rules.phases.discard_and_draw(game)
  common.discard_and_draw(game, game:turn().active)
  common.check_victory(game)
end

---------------------------------------------------------------------------------------------
-- Actions of the Move and Cast phase (8th: Move and Cast Phase in Detail)
---------------------------------------------------------------------------------------------

local function name_of(game, c) return game:card(c).name .. " #" .. c end

local function energy_cards(game, p, except)
  local out = {}
  for _, c in ipairs(game:hand(p)) do
    local v = game:card(c).energy_value
    if c ~= except and v and v > 0 then out[#out + 1] = c end
  end
  return out
end

-- Cards in play may change how the wizard moves (rules/effects.lua); a door pass lets him
-- through its door (Pick Lock).
function rules.step_flags(game, p)
  return effects.move_flags(game, p, { door_passes = tvar(game, "door_passes") or {} })
end

function rules.filter_steps(game, p, steps) return effects.filter_steps(game, p, steps) end

-- 8th: Speed Boost: once per turn, discard a card with an energy value for that many MP.
local function add_boosts(game, p, list)
  if tvar(game, "boosted") then return end
  for _, c in ipairs(energy_cards(game, p)) do
    list[#list + 1] = { key = "boost speed with " .. name_of(game, c), kind = "boost", card = c }
  end
end

-- 8th: Punching: 1 physical damage to a wizard in your square or an adjacent one.
local function add_punches(game, p, list)
  if not can_attack(game) then return end
  local at = game:player(p).at
  for _, q in ipairs(common.turn_order(game)) do
    local there = game:player(q).at
    if q ~= p and there and (common.same_sq(at, there) or game:adjacent(at, there))
        and not effects.has(game, q, "unattackable") then
      list[#list + 1] = { key = "punch player " .. q, kind = "punch", target = q, hostile = true }
    end
  end
end

local function castable(game, p, c)
  local card = game:card(c)
  if card.kind ~= "attack" and card.kind ~= "neutral" then return false end
  if card.kind == "attack" and not can_attack(game) then return false end
  if effects.forbidden(game, c) then return false end -- a trait forbidden while a spell lasts
  if not transform.may_cast(game, p, card.kind) then return false end
  return game:call_card(c, "can_cast", { caster = p, controller = p }) ~= false
end

-- 8th: Playing Magic Cards and Boosting Spells: each legal target, with or without one
-- energy card (whose value replaces the default energy).
local function add_casts(game, p, list, cache)
  for _, c in ipairs(game:hand(p)) do
    local card = game:card(c)
    if castable(game, p, c) then
      local boosts = energy_cards(game, p, c)
      local tlist = targets.legal(game, p, c, cache)
      if #(card.targets or {}) == 0 then tlist = { { kind = "none", label = "" } } end
      for _, t in ipairs(tlist) do
        local base = "cast " .. name_of(game, c) .. (t.label ~= "" and (" at " .. t.label) or "")
        -- `hostile`: aimed at another wizard (bots that seek a fight look for it)
        local hostile = t.kind == "wizard" and t.player ~= p
        list[#list + 1] = { key = base, kind = "cast", card = c, target = t, hostile = hostile }
        for _, b in ipairs(boosts) do
          list[#list + 1] = { key = base .. " with " .. name_of(game, b), kind = "cast", card = c, target = t, boost = b, hostile = hostile }
        end
      end
    elseif card.kind == "item" and not effects.forbidden(game, c) then
      list[#list + 1] = { key = "play " .. name_of(game, c), kind = "item", card = c }
    end
  end
end

-- 8th: Thrown weapons: a carried item with the `thrown_weapon` trait may be thrown as the
-- turn's attack at a legal target of the card (its range and target types), not oneself.
local function add_throws(game, p, c, list, cache)
  local card = game:card(c)
  if not can_attack(game) then return end
  local thrown = false
  for _, tr in ipairs(card.traits or {}) do if tr == "thrown_weapon" then thrown = true end end
  if not thrown then return end
  for _, t in ipairs(targets.legal(game, p, c, cache)) do
    if not (t.kind == "wizard" and (t.player == p or effects.has(game, t.player, "unattackable"))) then
      list[#list + 1] = { key = "throw " .. name_of(game, c) .. " at " .. t.label, kind = "throw", card = c, target = t, hostile = t.kind == "wizard" }
    end
  end
end

-- 8th: Picking Up and Dropping Objects: an object costs 1 MP.
function rules.may_pick_up_object(game) return movement_left(game) >= 1 end

-- Carried items (drop, throw) and maintained spells (end).
local function add_carried(game, p, list, cache)
  for _, c in ipairs(game:play_area(p)) do
    if game:card(c).kind == "item" then
      list[#list + 1] = { key = "drop " .. name_of(game, c), kind = "drop_item", card = c }
      add_throws(game, p, c, list, cache)
    elseif not creations.is_permanent_creation(game, c) then
      -- 8th: Maintaining Spells: the caster may end a maintained spell during his turn.
      list[#list + 1] = { key = "end spell " .. name_of(game, c), kind = "end_spell", card = c }
    end
  end
end

function rules.actions(game, p)
  local list = {}
  if not game:player(p).alive then return { { key = "end", kind = "end", pass = true } } end
  rules.add_moves(game, p, list)
  add_boosts(game, p, list)
  add_punches(game, p, list)
  local cache = {} -- targets and range verdicts, shared by the cards of this one listing
  add_casts(game, p, list, cache)
  rules.add_pickups(game, p, list)
  add_carried(game, p, list, cache)
  doors.add_actions(game, p, list)
  creatures.add_actions(game, p, list)
  card_actions.add(game, p, list, can_attack(game))
  list[#list + 1] = { key = "end", label = "end the Move and Cast phase", kind = "end", pass = true }
  return list
end

---------------------------------------------------------------------------------------------
-- Casting, the stack and responses
---------------------------------------------------------------------------------------------

-- Where a card goes once it has resolved (8th: Magic Card Duration).
local function settle(game, p, c, cancelled, energy)
  local card = game:card(c)
  if card.zone.kind ~= "stack" then return end -- the card put itself somewhere
  if cancelled or card.duration == nil or card.duration == "instant" then
    common.discard(game, c)
  elseif card.duration == "temporary" then
    if energy <= 0 then return common.discard(game, c) end -- duration reduced to 0: cancelled
    game:move_card(c, { kind = "play", player = p })
    game:set_card(c, { energy = energy })
  else
    game:move_card(c, { kind = "play", player = p })
  end
end

local respond

-- The energy of a spell cast with energy card `boost` (or none): the card's value replaces
-- the default energy, and the card is discarded (8th: Boosting Spells).
local function spend_boost(game, boost)
  if not boost then return game:config().default_energy end
  local energy = game:card(boost).energy_value
  common.discard(game, boost)
  return energy
end

-- A counter card answers stack entry `against` (8th: Counter Spell), boosted like any spell
-- by an energy card. It may be answered in turn before it resolves.
local function play_counter(game, q, c, against, boost)
  local energy = spend_boost(game, boost)
  game:set_card(c, { controller = q, energy = energy })
  local id = game:push_stack { card = c, controller = q, kind = "counter", energy = energy, marks = { against = against } }
  local ok = game:before("counter", { card = c, against = against, player = q })
  if ok then
    game:after("counter", { card = c, against = against, player = q })
    respond(game, id)
  end
  local entry = game:stack_entry(id)
  local cancelled = not ok or entry.marks.cancelled
  if not cancelled then
    game:call_card(c, "resolve", { controller = q, caster = q, energy = entry.energy, stack = id, against = against })
  end
  game:pop_stack(id)
  settle(game, q, c, cancelled, entry.marks.duration or entry.energy)
end

-- 8th: Mundane spells can't be countered.
local function is_mundane(game, c)
  for _, tr in ipairs(game:card(c).traits or {}) do if tr == "mundane" then return true end end
  return false
end

-- The response window: each other living player, in turn order, may play counter cards
-- whose `can_respond` accepts the entry, one at a time, until all pass.
respond = function(game, id)
  local again = true
  while again do
    again = false
    for _, q in ipairs(common.turn_order(game)) do
      local entry = game:stack_entry(id)
      if entry.marks.cancelled then return end
      if entry.card and is_mundane(game, entry.card) then return end -- 8th: Mundane
      if q ~= entry.controller then
        local opts = {}
        for _, c in ipairs(game:hand(q)) do
          -- A counter card, or a neutral one with a `can_respond` hook (spell-or-counter cards).
          local kind = game:card(c).kind
          if (kind == "counter" or (kind == "neutral" and game:has_hook(c, "can_respond")))
              and not effects.forbidden(game, c)
              and game:call_card(c, "can_respond", { controller = q, caster = q }, entry) then
            local base = "counter with " .. name_of(game, c)
            opts[#opts + 1] = { key = base, card = c }
            for _, b in ipairs(energy_cards(game, q, c)) do
              opts[#opts + 1] = { key = base .. " with " .. name_of(game, b), card = c, boost = b }
            end
          end
        end
        if #opts > 0 then
          opts[#opts + 1] = { key = "pass" }
          local key = game:choose(q, "respond", "Respond to stack entry " .. id .. "?", opts, { pass = "pass" })
          for _, o in ipairs(opts) do
            if o.key == key and o.card then
              play_counter(game, q, o.card, id, o.boost)
              again = true
            end
          end
        end
      end
    end
  end
end

-- 8th: Playing Magic Cards, Boosting Spells, Canceling/Reducing/Evading Spells.
local function cast(game, p, a)
  local c, card = a.card, game:card(a.card)
  -- Around the Corner bends the sight of one spell only: the next one cast.
  if tvar(game, "around_corner") then game:set_turn_var("around_corner", nil) end
  local is_attack = card.kind == "attack"
  if is_attack then game:set_turn_var("attacked", true) end -- even if it is cancelled
  local energy = spend_boost(game, a.boost)
  local target = a.target
  if target and target.kind == "none" then target = nil end
  game:set_card(c, { controller = p, target = target, energy = energy })
  local id = game:push_stack { card = c, controller = p, kind = "spell", target = target, energy = energy }
  local payload = { card = c, caster = p, target = target, energy = energy }
  local ok = game:before("cast", payload)
  if ok and is_attack then ok = game:before("attack", { attacker = p, target = target, card = c }) end
  if ok then
    game:after("cast", payload)
    if is_attack then game:after("attack", { attacker = p, target = target, card = c }) end
    respond(game, id)
  end
  local entry = game:stack_entry(id)
  local cancelled = not ok or entry.marks.cancelled
  if not cancelled and not entry.marks.evaded then
    game:call_card(c, "resolve", {
      caster = p, controller = p, target = target, energy = entry.energy, stack = id, attack = is_attack,
    })
  end
  game:pop_stack(id)
  settle(game, p, c, cancelled, entry.marks.duration or entry.energy)
end

-- 8th: Thrown weapons: the throw is the turn's attack and may be answered like one; the
-- card's `resolve` runs with ctx.thrown = true; the item then lands as an object anyone may
-- pick up, even if the throw was cancelled: in the target's square, or before what stopped
-- it (8th: Throwing Objects, rules/throwing.lua).
local function throw(game, p, a)
  local c = a.card
  game:set_turn_var("attacked", true)
  local target = a.target
  local from = game:player(p).at
  local flight = throwing.flight(game, from, throwing.aim(game, from, target))
  game:call_card(c, "on_end", { controller = p })
  local id = game:push_stack { card = c, controller = p, kind = "throw", target = target, energy = 0 }
  local payload = { card = c, thrower = p, target = target }
  local ok = game:before("throw", payload)
  if ok then ok = game:before("attack", { attacker = p, target = target, card = c, thrown = true }) end
  if ok then
    game:after("throw", payload)
    game:after("attack", { attacker = p, target = target, card = c, thrown = true })
    respond(game, id)
  end
  local entry = game:stack_entry(id)
  if ok and not entry.marks.cancelled and not entry.marks.evaded then
    game:call_card(c, "resolve", { caster = p, controller = p, target = target, energy = 0, stack = id, attack = true, thrown = true })
  end
  game:pop_stack(id)
  if game:card(c).zone.kind ~= "stack" then return end -- the card put itself somewhere
  local at = from and throwing.landing(game, from, flight, entry.marks.blocked_at)
  if not at then return common.discard(game, c) end
  local obj = game:create_object { kind = "item", card = c, at = at, mobile = true, owner = p }
  game:set_card(c, { controller = nil, target = nil })
  game:log("landed", { card = c, object = obj, square = at })
end

-- 8th: Punching (the turn's attack; it can be answered like any attack).
local function punch(game, p, q)
  game:set_turn_var("attacked", true)
  local target = { kind = "wizard", player = q }
  if not game:before("attack", { attacker = p, target = target, punch = true }) then return end
  game:after("attack", { attacker = p, target = target, punch = true })
  local id = game:push_stack { controller = p, kind = "punch", target = target, energy = 0 }
  respond(game, id)
  local entry = game:stack_entry(id)
  if not entry.marks.cancelled and not entry.marks.evaded then
    local ctx = setmetatable({ game = game, caster = p, controller = p, attack = true, stack = id }, { __index = rules.ctx })
    rules.ctx.damage(ctx, target, transform.punch_damage(game, p), { physical = true })
  end
  game:pop_stack(id)
end

-- A door pass (Pick Lock) is spent by going through its door: the door relocks. A held door
-- closes as soon as its holder has stepped away from it (rules/doors.lua).
function rules.crossed(game, p, from, dir)
  doors.release_far(game)
  local passes = tvar(game, "door_passes")
  if not passes or #passes == 0 then return end
  local crossed = rules.crossed_edge(game, from, dir)
  if not crossed then return end
  local left = {}
  for _, e in ipairs(passes) do
    local ce = game:edge(e).edge
    if not (ce.x == crossed.x and ce.y == crossed.y and ce.side == crossed.side) then left[#left + 1] = e end
  end
  game:set_turn_var("door_passes", left)
  if #left < #passes then game:after("door", { player = game:turn().active, edge = crossed, passed = true }) end
end

local perform = rules.performers

function perform.boost(game, p, a)
  game:set_turn_var("boosted", true)
  game:set_turn_var("boost", game:card(a.card).energy_value)
  common.discard(game, a.card)
end

function perform.punch(game, p, a) punch(game, p, a.target) end

function perform.throw(game, p, a) throw(game, p, a) end

function perform.cast(game, p, a) cast(game, p, a) end

-- 8th: Item: played face up to the play area, carried from then on.
function perform.item(game, p, a)
  game:move_card(a.card, { kind = "play", player = p })
  game:set_card(a.card, { controller = p })
  game:call_card(a.card, "on_play", { controller = p, caster = p })
  common.discard_to_limit(game, p)
end

-- 8th: Picking Up and Dropping Objects: an item that would take the wizard over his hand
-- limit needs room first: he discards a card, ends a maintained spell or drops a carried item.
local function make_room(game, p)
  local limit = game:config().hand_limit
  while common.items_count(game, p) and common.hand_count(game, p) >= limit do
    local opts = {}
    for _, c in ipairs(game:hand(p)) do
      opts[#opts + 1] = { key = "discard " .. name_of(game, c), card = c, how = "discard" }
    end
    for _, c in ipairs(game:play_area(p)) do
      if common.counts_toward_limit(game, p, c) then
        local item = game:card(c).kind == "item"
        opts[#opts + 1] = { key = (item and "drop " or "end spell ") .. name_of(game, c), card = c, how = item and "drop" or "end" }
      end
    end
    local key = game:choose(p, "make_room", "Make room for the item: discard, end a spell or drop an item", opts)
    for _, o in ipairs(opts) do
      if o.key == key then
        if o.how == "discard" then common.discard(game, o.card)
        elseif o.how == "drop" then common.drop_object(game, p, o.card, game:player(p).at)
        else common.end_spell(game, o.card) end
      end
    end
  end
end

-- 8th: Picking Up and Dropping Objects: 1 MP; Heavy Items makes it end the phase.
function perform.pick_object(game, p, a)
  spend(game, 1)
  local o = game:object(a.object)
  if not game:before("pick_up", { player = p, object = a.object, card = o.card }) then return end
  make_room(game, p)
  game:remove_object(a.object)
  game:move_card(o.card, { kind = "play", player = p })
  game:set_card(o.card, { controller = p })
  game:call_card(o.card, "on_play", { controller = p, caster = p })
  game:after("pick_up", { player = p, object = a.object, card = o.card })
  return game:option("heavy_items") == true
end

function perform.drop_item(game, p, a) common.drop_object(game, p, a.card, game:player(p).at) end

function perform.end_spell(game, p, a) common.end_spell(game, a.card) end

function perform.hold_door(game, p, a) doors.hold(game, p, a.edge) end

function perform.creature(game, p, a) return creatures.perform(game, p, a, respond) end

function perform.card_action(game, p, a) return card_actions.perform(game, p, a, respond) end

-- Held doors close at once when their holder is no longer beside them (rules/doors.lua).
function rules.after_action(game, p) doors.release_far(game) end

return rules
