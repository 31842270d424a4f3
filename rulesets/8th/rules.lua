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
local rules = { phases = {}, ctx = require("rules.ctx") }

---------------------------------------------------------------------------------------------
-- Setup
---------------------------------------------------------------------------------------------

-- 8th: Setup, step 2: the sector boards are shuffled and turned at random.
local function build_board(game, n)
  local cfg = game:config()
  local faces = {}
  for i = 0, 3 do faces[#faces + 1] = i end
  faces = game:shuffle(faces)
  local order, rotations = {}, {}
  for i = 1, n do
    order[i] = faces[i]
    rotations[i] = game:roll(4) - 1
  end
  game:arrange_board { side = cfg.board_side, order = order, rotations = rotations }
end

-- 8th: Setup, step 3: two treasures of each player on his sector's treasure start squares.
local function place_treasures(game)
  for _, pl in ipairs(game:players()) do
    for _, s in ipairs(game:treasure_starts(pl.home_sector)) do
      game:create_object { kind = "treasure", owner = pl.id, at = s, mobile = true }
    end
  end
end

-- 8th: Setup, step 4 (and the optional rules on decks): rules/decks.lua.
local build_deck = decks.build

function rules.setup(game)
  local cfg = game:config()
  local players = game:players()
  build_board(game, #players)
  place_treasures(game)
  for _, pl in ipairs(players) do game:set_life(pl.id, cfg.life) end -- 8th: Setup, step 7
  build_deck(game)
  for _, pl in ipairs(players) do -- 8th: Setup, step 5
    for _ = 1, cfg.hand do common.draw(game, pl.id) end
  end
  game:set_first_player(game:roll(#players) - 1) -- 8th: Setup, step 7
end

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

local function tvar(game, k) return game:turn().vars[k] end

local function movement_left(game)
  return transform.base_speed(game, game:turn().active) + (tvar(game, "boost") or 0) - (tvar(game, "spent") or 0)
end

local function spend(game, n) game:set_turn_var("spent", (tvar(game, "spent") or 0) + n) end

-- 8th: Attacking (one attack, none on the first turn) and A Stunned Wizard (move or attack).
local function can_attack(game)
  if tvar(game, "attacked") or tvar(game, "first_turn") then return false end
  if effects.has(game, game:turn().active, "no_attacks") then return false end -- (Mist Body)
  return not (tvar(game, "stunned") and tvar(game, "moved"))
end

local function can_move(game)
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
  local cfg = game:config()
  local p = game:turn().active
  while #game:hand(p) > 0 do
    local opts = {}
    for _, c in ipairs(game:hand(p)) do
      opts[#opts + 1] = { key = "discard " .. game:card(c).name .. " #" .. c, card = c }
    end
    opts[#opts + 1] = { key = "done" }
    local key = game:choose(p, "discard", "Discard a card, or done", opts, { pass = "done" })
    if key == "done" then break end
    for _, o in ipairs(opts) do
      if o.key == key then common.discard(game, o.card) end
    end
  end
  -- Drawing is always worth it here, so the rules draw as many as allowed (no question).
  local room = math.min(cfg.draw, cfg.hand_limit - common.hand_count(game, p))
  for _ = 1, room do
    if not common.draw(game, p) then break end
  end
  common.discard_to_limit(game, p)
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

local function add_moves(game, p, list)
  if not can_move(game) then return end
  -- Cards in play may change how the wizard moves (rules/effects.lua).
  local flags = effects.move_flags(game, p, { door_passes = tvar(game, "door_passes") or {} })
  for _, s in ipairs(effects.filter_steps(game, p, game:steps(p, flags))) do
    list[#list + 1] = { key = "move " .. s.dir, kind = "move", dir = s.dir, to = s.to }
  end
end

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

-- 8th: Picking Up and Dropping Objects / Treasures.
local function add_pickups(game, p, list, cache)
  local pl = game:player(p)
  local has_treasure = common.carried_treasure(game, p) ~= nil
  for _, o in ipairs(game:objects_at(pl.at)) do
    if o.kind == "treasure" and not has_treasure then
      list[#list + 1] = { key = "pick up treasure #" .. o.id, kind = "pick_treasure", object = o.id }
    elseif o.kind ~= "treasure" and o.mobile and o.card and movement_left(game) >= 1 then
      list[#list + 1] = { key = "pick up " .. game:card(o.card).name .. " #" .. o.id, kind = "pick_object", object = o.id }
    end
  end
  local t = common.carried_treasure(game, p)
  if t then list[#list + 1] = { key = "drop treasure #" .. t.id, kind = "drop_treasure", object = t.id } end
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
  add_moves(game, p, list)
  add_boosts(game, p, list)
  add_punches(game, p, list)
  local cache = {} -- targets and range verdicts, shared by the cards of this one listing
  add_casts(game, p, list, cache)
  add_pickups(game, p, list, cache)
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

-- A door pass (Pick Lock) is spent by going through its door: the door relocks.
local function spend_door_pass(game, from, dir)
  local passes = tvar(game, "door_passes")
  if not passes or #passes == 0 then return end
  local crossed
  for _, n in ipairs(game:neighbours(from)) do
    if n.dir == dir then crossed = game:edge(n.edge).edge end
  end
  if not crossed then return end
  local left = {}
  for _, e in ipairs(passes) do
    local ce = game:edge(e).edge
    if not (ce.x == crossed.x and ce.y == crossed.y and ce.side == crossed.side) then left[#left + 1] = e end
  end
  game:set_turn_var("door_passes", left)
  if #left < #passes then game:after("door", { player = game:turn().active, edge = crossed, passed = true }) end
end

local function move(game, p, a)
  local from = game:player(p).at
  spend(game, 1)
  game:set_turn_var("moved", true)
  local ev = game:before("move", { wizard = p, from = from, to = a.to, dir = a.dir })
  if not ev then return end
  game:after("leave", { who = p, square = from })
  game:place_wizard(p, ev.to)
  doors.release_far(game)
  spend_door_pass(game, from, a.dir)
  game:after("move", { wizard = p, from = from, to = ev.to, dir = a.dir })
  game:after("enter", { who = p, square = ev.to })
end

local perform = {}

function perform.move(game, p, a) move(game, p, a) end

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

-- 8th: Picking Up and Dropping Treasures: picking one up ends Move and Cast.
function perform.pick_treasure(game, p, a)
  if not game:before("pick_up", { player = p, object = a.object, treasure = true }) then return end
  game:set_object(a.object, { carried_by = p })
  game:after("pick_up", { player = p, object = a.object, treasure = true })
  return true
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
        elseif o.how == "drop" then common.drop_item(game, p, o.card, game:player(p).at)
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

-- Dropping a treasure costs no movement.
function perform.drop_treasure(game, p, a)
  local at = game:player(p).at
  if not game:before("drop", { player = p, object = a.object, treasure = true }) then return end
  game:set_object(a.object, { at = at })
  game:after("drop", { player = p, object = a.object, treasure = true, square = at })
end

function perform.drop_item(game, p, a) common.drop_item(game, p, a.card, game:player(p).at) end

function perform.end_spell(game, p, a) common.end_spell(game, a.card) end

function perform.hold_door(game, p, a) doors.hold(game, p, a.edge) end

function perform.creature(game, p, a) return creatures.perform(game, p, a, respond) end

function perform.card_action(game, p, a) return card_actions.perform(game, p, a, respond) end

function perform.finish() return true end
perform["end"] = perform.finish

function rules.perform(game, p, a)
  local f = perform[a.kind]
  if not f then error("unknown action kind " .. tostring(a.kind)) end
  local ended = f(game, p, a)
  doors.release_far(game)
  if common.check_victory(game) then return true end
  if not game:player(p).alive then return true end
  return ended == true
end

return rules
