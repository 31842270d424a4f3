-- Wiz-War, 8th edition (Fantasy Flight Games, 2013): the phases and the actions of the
-- ruleset, over the shared turn skeleton (rulesets/mechanics/rules.lua). Numbers live in
-- ruleset.toml ([config]); the 8th's other rules in the modules beside this file (its README).
-- Player ids in actions are the kernel's (0-based).
local common = require("rules.common")
local effects = require("rules.effects")
local card_actions = require("rules.card_actions")
local decks = require("rules.decks")
local transform = require("rules.transform")
local doors = require("rules.doors")
local creatures = require("rules.creatures")
local creations = require("rules.creations")
local play = require("rules.play")
local attacks = require("rules.attacks")
local targets = require("rules.targets")
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

-- 8th: Attacking and A Stunned Wizard (rules/attacks.lua).
local can_attack = attacks.may_attack

function rules.can_move(game)
  if tvar(game, "no_movement") then return false end -- a card said: no more movement this turn
  return movement_left(game) >= 1 and not (tvar(game, "stunned") and tvar(game, "attacked"))
end

---------------------------------------------------------------------------------------------
-- Phases
---------------------------------------------------------------------------------------------

-- 8th: Time Passes Phase: effects, then one energy token off each temporary spell (ending
-- it at 0), then one stun token spent: stunned this turn. (The first turn is noted first:
-- 8th: Attacking.)
function rules.phases.time_passes(game)
  local p = game:turn().active
  rules.note_first_turn(game, p)
  rules.time_passes(game, p)
  if rules.spend_token(game, p, "stun") then game:set_turn_var("stunned", true) end
  common.hold_hand_limits(game) -- a spell that ran out may have put him over (Extra Arms)
  common.check_victory(game)
end

-- 8th: Optional Rules, Permanent Creations: their energy tokens are not spent.
function rules.counts_down(game, c) return not creations.is_permanent_creation(game, c) end

-- 8th: Discard and Draw Phase: discard any, then draw up to 2 without passing the limit.
function rules.phases.discard_and_draw(game)
  common.discard_and_draw(game, game:turn().active)
  common.hold_hand_limits(game)
  common.check_victory(game)
end

---------------------------------------------------------------------------------------------
-- Actions of the Move and Cast phase (8th: Move and Cast Phase in Detail)
---------------------------------------------------------------------------------------------

local name_of = play.name_of

-- Cards in play may change how the wizard moves (rules/effects.lua); the doors he may open let
-- him through (rules/doors.lua: his home sector's, his own, a picked lock's).
function rules.step_flags(game, p)
  return effects.move_flags(game, p, { door_passes = doors.passes(game, p) })
end

function rules.filter_steps(game, p, steps) return effects.filter_steps(game, p, steps) end

-- 8th: Punching: 1 physical damage to a wizard in your square or an adjacent one (the
-- mechanics' rules.may_punch with [config] punch_reach = "adjacent").

-- A wizard who cannot be attacked (Mist Body: rules/effects.lua) is no target of punches and
-- throws.
function rules.may_attack_wizard(game, p, q) return q ~= p and not effects.has(game, q, "unattackable") end

-- May p cast card c (its record `card`) now; `attack_ok`: may he still attack this turn?
local function castable(game, p, c, card, attack_ok)
  if card.kind ~= "attack" and card.kind ~= "neutral" then return false end
  if card.kind == "attack" and not attack_ok then return false end
  if effects.forbidden(game, c) then return false end -- a trait forbidden while a spell lasts
  if not transform.may_cast(game, p, card.kind) then return false end
  return game:call_card(c, "can_cast", { caster = p, controller = p }) ~= false
end

-- 8th: Playing Magic Cards and Boosting Spells: each legal target, with or without one
-- energy card (whose value replaces the default energy).
local function add_casts(game, p, list, cache, attack_ok)
  for _, c in ipairs(game:hand(p)) do
    local card = game:card(c)
    if castable(game, p, c, card, attack_ok) then
      rules.add_plays(game, p, c, list, cache)
    elseif card.kind == "item" and not effects.forbidden(game, c) then
      list[#list + 1] = { kind = "item", card = c }
    end
  end
end

-- 8th: Picking Up and Dropping Objects: an object costs 1 MP.
function rules.may_pick_up_object(game) return movement_left(game) >= 1 end

-- Items played, carried items dropped, maintained spells ended, in words (rules.words).
function rules.words.item(game, _p, a) return "play " .. name_of(game, a.card) end
function rules.words.drop_item(game, _p, a) return "drop " .. name_of(game, a.card) end
function rules.words.end_spell(game, _p, a) return "end spell " .. targets.spell_words(game, a.card) end

-- Carried items (drop, throw) and maintained spells (end).
local function add_carried(game, p, list, cache, attack_ok)
  for _, c in ipairs(game:play_area(p)) do
    if game:card(c).kind == "item" then
      list[#list + 1] = { kind = "drop_item", card = c }
      -- 8th: Thrown weapons: the turn's attack, at a legal target of the card.
      if attack_ok then rules.add_throws(game, p, c, list, cache) end
    elseif not creations.is_permanent_creation(game, c) then
      -- 8th: Maintaining Spells: the caster may end a maintained spell during his turn.
      list[#list + 1] = { kind = "end_spell", card = c }
    end
  end
end

-- (Whether he may still attack is asked once: nothing changes while actions are listed.)
function rules.add_actions(game, p, list, cache)
  local attack_ok = can_attack(game)
  rules.add_moves(game, p, list)
  rules.add_speed_boosts(game, p, list)
  if attack_ok then rules.add_wizard_punches(game, p, list) end
  add_casts(game, p, list, cache, attack_ok)
  rules.add_pickups(game, p, list)
  add_carried(game, p, list, cache, attack_ok)
  doors.add_actions(game, p, list)
  creatures.add_actions(game, p, list)
  card_actions.add(game, p, list, attack_ok)
end

function rules.end_label(_game) return "end the Move and Cast phase" end

-- A door pass (Pick Lock) is spent by going through its door: the door relocks. A held door
-- closes as soon as its holder has stepped away from it (rules/doors.lua).
function rules.crossed(game, _p, from, dir)
  doors.release_far(game)
  local passes = tvar(game, "door_passes")
  if not passes or #passes == 0 then return end
  local crossed = rules.crossed_edge(game, from, dir)
  if not crossed then return end
  local left = {}
  for _, e in ipairs(passes) do
    if not common.same_edge(game:edge(e).edge, crossed) then left[#left + 1] = e end
  end
  game:set_turn_var("door_passes", left)
  if #left < #passes then game:after("door", { player = game:turn().active, edge = crossed, passed = true }) end
end

local perform = rules.performers

-- 8th: Item: played face up to the play area, carried from then on.
function perform.item(game, p, a)
  rules.put_in_play(game, p, a.card)
  common.discard_to_limit(game, p)
end

-- 8th: Picking Up and Dropping Objects: an item that would take the wizard over his hand
-- limit needs room first: he discards a card, ends a maintained spell or drops a carried item.
---@param game Game
local function make_room(game, p)
  local limit = game:config().hand_limit
  while common.items_count(game, p) and common.hand_count(game, p) >= limit do
    local opts = {} ---@type Option[]
    for _, c in ipairs(game:hand(p)) do
      opts[#opts + 1] = { label = "discard " .. name_of(game, c), card = c, how = "discard" }
    end
    for _, c in ipairs(game:play_area(p)) do
      if common.counts_toward_limit(game, p, c) then
        local item = game:card(c).kind == "item"
        local what = item and ("drop " .. name_of(game, c)) or ("end spell " .. targets.spell_words(game, c))
        opts[#opts + 1] = { label = what, card = c, how = item and "drop" or "end" }
      end
    end
    local _, i = game:choose(p, "make_room", "Make room for the item: discard, end a spell or drop an item", opts)
    local o = opts[i]
    if o.how == "discard" then common.discard(game, o.card)
    elseif o.how == "drop" then common.drop_object(game, p, o.card, game:player(p).at)
    else common.end_spell(game, o.card) end
  end
end

-- 8th: Picking Up and Dropping Objects: 1 MP; Heavy Items makes it end the phase.
function perform.pick_object(game, p, a)
  spend(game, 1)
  local o = game:object(a.object)
  if not game:before("pick_up", { player = p, object = a.object, card = o.card }) then return end
  make_room(game, p)
  game:remove_object(a.object)
  rules.put_in_play(game, p, o.card)
  game:after("pick_up", { player = p, object = a.object, card = o.card })
  return game:option("heavy_items") == true
end

-- 8th Mutation forms that pick treasures up deftly (Golem Form, Extra Arms: the form's
-- `treasure_mp`, rules/transform.lua): a treasure costs 1 MP and the phase goes on.
-- reconstructed: with no movement point left it is picked up the usual way (8th: Picking Up
-- and Dropping Treasures: the phase ends).
local pick_treasure = perform.pick_treasure
function perform.pick_treasure(game, p, a)
  local f = transform.form(game, p)
  if not (f and f.treasure_mp and movement_left(game) >= 1) then return pick_treasure(game, p, a) end
  spend(game, 1)
  pick_treasure(game, p, a)
  return false
end

-- Pick-ups some card forbids for now are not offered:
--   the turn var `no_treasure_pickup` (8th Mutation "Mad Dash"): no treasure this turn;
--   objects and treasures a card in play holds in place (8th Conjuring "Glue": effects.pinned);
--   anything at all while a global effect says so (8th Thaumaturgy "Gravity": `no_pickups`).
local function pickup_forbidden(game, a)
  if a.kind ~= "pick_treasure" and a.kind ~= "pick_object" then return false end
  return (a.kind == "pick_treasure" and tvar(game, "no_treasure_pickup"))
    or effects.pinned(game, a.object) or effects.anyone(game, "no_pickups")
end

local add_pickups = rules.add_pickups
function rules.add_pickups(game, p, list)
  local offered = {}
  add_pickups(game, p, offered)
  for _, a in ipairs(offered) do
    if not pickup_forbidden(game, a) then list[#list + 1] = a end
  end
end

function perform.drop_item(game, p, a) common.drop_object(game, p, a.card, game:player(p).at) end

function perform.end_spell(game, _p, a) common.end_spell(game, a.card) end

function perform.hold_door(game, p, a) doors.hold(game, p, a.edge) end

function perform.creature(game, p, a) return creatures.perform(game, p, a) end

function perform.card_action(game, p, a) return card_actions.perform(game, p, a) end

-- A treasure picked up opens a response window (rules/triggers.lua: Alchemy's Fool's Gold).
function rules.on_pick_up(game, ev) require("rules.triggers").on_pick_up(game, ev) end

-- Held doors close at once when their holder is no longer beside them (rules/doors.lua); a
-- player the action put over his hand limit discards down to it (rules/common.lua).
function rules.after_action(game, _p)
  doors.release_far(game)
  common.hold_hand_limits(game)
end

return rules
