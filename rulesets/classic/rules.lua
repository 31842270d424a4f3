-- Wiz-War, classic edition (Chessex): the behaviour of the ruleset. Comments cite the
-- sections of the classic rulebook ("classic, <section>"). Numbers live in ruleset.toml
-- ([config]); helpers in common.lua, stack.lua, targets.lua, ctx.lua.
-- Player ids in action keys are the kernel's (0-based).
local common = require("rules.common")
local stack = require("rules.stack")
local targets = require("rules.targets")
-- The shared turn skeleton (rulesets/mechanics/rules.lua), which this file extends.
local rules = base
local tvar = rules.tvar

---------------------------------------------------------------------------------------------
-- Setup (classic, Starting the Game): the board and treasures are the shared skeleton's. Each
-- player draws a sector at random; reconstructed: the rulebook shows the sectors unturned in
-- its setup diagrams.
---------------------------------------------------------------------------------------------

-- One deck of every card, each as many times as its file's `copies` says (or [config.copies]).
function rules.build_deck(game)
  local cfg = game:config()
  for _, key in ipairs(game:card_keys()) do
    local def = game:card_def(key)
    local copies = (cfg.copies or {})[key] or def.copies or 1
    for _ = 1, copies do game:new_card(key, { kind = "pile", pile = "deck" }) end
  end
  game:shuffle_pile("deck")
end

-- The highest roll of the d4 goes first; tied players roll again. Play goes clockwise
-- (seat order).
function rules.first_player(game)
  local cfg = game:config()
  local rolling = {}
  for _, pl in ipairs(game:players()) do rolling[#rolling + 1] = pl.id end
  while #rolling > 1 do
    local best, tied = 0, {}
    for _, p in ipairs(rolling) do
      local r = game:roll(cfg.first_player_die)
      if r > best then best, tied = r, { p } elseif r == best then tied[#tied + 1] = p end
    end
    rolling = tied
  end
  return rolling[1]
end

-- Seven cards each; a TRAP! dealt is discarded and replaced.
function rules.deal(game, p) return common.draw(game, p, true) end

-- Card tests start clean: empty hands, player 0 active, the first round over.
function rules.test_setup(game)
  for _, pl in ipairs(game:players()) do
    for _, c in ipairs(game:hand(pl.id)) do game:move_card(c, { kind = "pile", pile = "deck" }) end
  end
  game:set_first_player(0)
  game:set_var("combat_open", true)
end

---------------------------------------------------------------------------------------------
-- Turn state (turn vars reset at each turn start; player vars persist)
---------------------------------------------------------------------------------------------

local function displayed_with(game, p, trait)
  local n = 0
  for _, c in ipairs(game:play_area(p)) do
    if common.has_trait(game, c, trait) then n = n + 1 end
  end
  return n
end

-- classic, Movement: three spaces a turn. The turn var `speed` is set when the turn starts
-- (3, +1 per displayed `speed_bonus` card); `on_turn_start` handlers of cards may change it.
function rules.speed(game, p)
  return tvar(game, "speed") or game:config().base_speed
end

-- classic, Combat: no combat during the first round of turns (even with SPEED); one attack a
-- turn.
local function first_round(game)
  return game:turn().round == 0 and not game:vars().combat_open
end

local function can_attack(game)
  return not tvar(game, "attacked") and not first_round(game)
end

-- classic, Movement / The Cards: a NUMBER card's value, +1 for each displayed card with
-- the `number_bonus` trait of its player (Powerstone).
local function number_value(game, p, c)
  return (game:card(c).energy_value or 0) + displayed_with(game, p, "number_bonus")
end
rules.number_value = number_value

-- For tests and tools: the victory and elimination check, as run after every action.
function rules.check_victory(game) return common.check_victory(game) end

function rules.on_turn_start(game)
  local p = game:turn().active
  game:set_turn_var("speed", game:config().base_speed + displayed_with(game, p, "speed_bonus"))
end

-- classic, The Board: a door picked open this turn and not gone through relocks itself.
function rules.on_turn_end(game)
  rules.ctx.relock_picked_doors({ game = game })
end

---------------------------------------------------------------------------------------------
-- Phases
---------------------------------------------------------------------------------------------

-- classic, The Turn: a spell's duration runs from its casting to the start of one of its
-- caster's turns (the NUMBER says which): one turn off each at the start of his turn, even
-- a lost one. Then a lost turn is spent: nothing but counteractions this turn.
function rules.phases.start_of_turn(game)
  local p = game:turn().active
  game:after("time_passes", { player = p })
  for _, c in ipairs(game:play_area(p)) do
    local card = game:card(c)
    if card.zone.kind == "play" and not common.is_object(game, c) and card.duration == "duration" then
      local left = card.energy - 1
      game:set_card(c, { energy = left })
      if left <= 0 then common.end_spell(game, c) end
    end
  end
  local lost = game:player(p).tokens.lost_turns or 0
  if lost > 0 then
    game:set_token(p, "lost_turns", lost - 1)
    game:set_turn_var("lost", true)
    game:log("lost_turn", { player = p, left = lost - 1 })
  end
  common.check_victory(game)
end

-- classic, Getting New Cards: discard any cards you like, then draw up to two, never above
-- seven (drawing is always worth it, so the rules draw as many as allowed: no question).
-- reconstructed: a lost turn (classic, The Turn: "NOTHING ... except for COUNTERACTION")
-- neither discards nor draws; the rulebook lets a player draw after a turn-ending pick-up in
-- so many words, and says no such thing for lost turns.
function rules.phases.end_of_turn(game)
  local p = game:turn().active
  if not game:player(p).alive or game:vars().over then return end
  if tvar(game, "lost") then
    game:log("no_draw", { player = p, lost_turn = true })
    return
  end
  common.discard_and_draw(game, p)
  common.check_victory(game)
end

---------------------------------------------------------------------------------------------
-- Actions of the turn (classic, The Turn)
---------------------------------------------------------------------------------------------

local function name_of(game, c) return game:card(c).name .. " #" .. c end

local function numbers_in_hand(game, p)
  local out = {}
  for _, c in ipairs(game:hand(p)) do
    if game:card(c).kind == "number" then out[#out + 1] = c end
  end
  return out
end

-- Does the card use a NUMBER (for power or duration)? Others are offered without one.
local function takes_number(game, c)
  local card = game:card(c)
  return card.duration == "duration" or common.has_trait(game, c, "number_power")
end

-- The Master Key lets its holder through doors (ctx.door_passes).
function rules.step_flags(game, p)
  return { door_passes = rules.ctx.door_passes({ game = game }, p) }
end

-- classic, Movement: one NUMBER card a turn may be added to the movement.
local function add_number_moves(game, p, list)
  if tvar(game, "boosted") then return end
  for _, c in ipairs(numbers_in_hand(game, p)) do
    list[#list + 1] = { key = "add " .. name_of(game, c) .. " to movement", kind = "number_move", card = c }
  end
end

-- classic, Combat: a punch (1 point) at a wizard in your own square; a wall or door of your
-- square; an object that fills a square (a thornbush, a stone) in your square or the next.
local function add_punches(game, p, list)
  if not can_attack(game) then return end
  local at = game:player(p).at
  for _, q in ipairs(common.turn_order(game)) do
    if q ~= p and common.same_sq(at, game:player(q).at) then
      list[#list + 1] = { key = "punch player " .. q, kind = "punch", target = { kind = "wizard", player = q }, hostile = true }
    end
  end
  local edges = {}
  for k, info in pairs(targets.edges_around(game, at)) do
    if info.barrier == "wall" or info.barrier == "door" then edges[#edges + 1] = { k = k, info = info } end
  end
  table.sort(edges, function(a, b) return a.k < b.k end)
  for _, e in ipairs(edges) do
    local kind = e.info.barrier
    list[#list + 1] = { key = "punch " .. kind .. " " .. e.k, kind = "punch", target = { kind = kind, edge = e.info.edge } }
  end
  for _, o in ipairs(game:objects()) do
    if o.toughness and o.fills_square and o.at and o.at.side == nil
        and targets.object_adjacent(game, at, o.id, o.at) then
      list[#list + 1] = { key = "punch object #" .. o.id, kind = "punch", target = { kind = "object", id = o.id, at = o.at } }
    end
  end
end

-- Aimed at another wizard: bots that seek a fight look for `hostile` actions.
local function hostile(p, t) return t.kind == "wizard" and t.player ~= p end

-- classic, The Cards: a neutral spell used on an opponent counts as the turn's attack; a
-- hand weapon's blow always does (classic, Combat: any attack on an object is the attack).
local function counts_as_attack(game, p, c, t)
  if game:card(c).kind == "attack" or common.has_trait(game, c, "weapon") then return true end
  return t ~= nil and t.kind == "wizard" and t.player ~= p
end

-- Attacks and neutral spells; a counteraction as a neutral spell only if its card says it
-- has such a use (`can_cast` returns true). During a lost turn, only counteractions.
local function add_casts(game, p, list, cache)
  local lost = tvar(game, "lost")
  local numbers = numbers_in_hand(game, p)
  for _, c in ipairs(game:hand(p)) do
    local card = game:card(c)
    local ok = card.kind == "attack" or card.kind == "neutral"
    if card.kind == "counter" then ok = game:has_hook(c, "can_cast") end
    if lost and card.kind ~= "counter" then ok = false end
    if ok and game:call_card(c, "can_cast", { caster = p, controller = p }) == false then ok = false end
    if ok and card.kind == "counter" and game:call_card(c, "can_cast", { caster = p, controller = p }) ~= true then ok = false end
    if ok then
      local tlist = targets.legal(game, p, c, cache)
      if #(card.targets or {}) == 0 then tlist = { { kind = "none", label = "" } } end
      for _, t in ipairs(tlist) do
        if not counts_as_attack(game, p, c, t) or can_attack(game) then
          local base = "cast " .. name_of(game, c) .. (t.label ~= "" and (" at " .. t.label) or "")
          list[#list + 1] = { key = base, kind = "cast", card = c, target = t, hostile = hostile(p, t) }
          if takes_number(game, c) then
            for _, n in ipairs(numbers) do
              list[#list + 1] = { key = base .. " with " .. name_of(game, n), kind = "cast", card = c, target = t, number = n, hostile = hostile(p, t) }
            end
          end
        end
      end
    end
  end
end

-- A hand weapon (trait `weapon`: the Wizardblade) is wielded, not thrown: it is used like an
-- attack spell (`strike` goes through `cast`, so it may take a NUMBER and be counteracted)
-- and comes back shown (classic, The Cards: physical objects stay in the hand).
local function add_strikes(game, p, c, list)
  if not common.has_trait(game, c, "weapon") or not can_attack(game) then return end
  local numbers = numbers_in_hand(game, p)
  for _, t in ipairs(targets.legal(game, p, c)) do
    if not (t.kind == "wizard" and t.player == p) then
      local base = "strike " .. name_of(game, c) .. " at " .. t.label
      list[#list + 1] = { key = base, kind = "cast", card = c, target = t, hostile = hostile(p, t) }
      if takes_number(game, c) then
        for _, n in ipairs(numbers) do
          list[#list + 1] = { key = base .. " with " .. name_of(game, n), kind = "cast", card = c, target = t, number = n, hostile = hostile(p, t) }
        end
      end
    end
  end
end

-- classic, Dropping and Retrieving Objects / The Cards: objects may be dropped, or thrown
-- (`thrown_weapon`, as the attack); magic stones and the Master Key may be displayed (their
-- power works once shown). Treasures may not be thrown.
local function add_objects(game, p, list, cache)
  local attack_ok = can_attack(game)
  for _, zone in ipairs({ "hand", "play" }) do
    local cards = zone == "hand" and game:hand(p) or game:play_area(p)
    for _, c in ipairs(cards) do
      if common.is_object(game, c) then
        if zone == "hand" and common.is_shown_object(game, c) then
          list[#list + 1] = { key = "display " .. name_of(game, c), kind = "display", card = c }
        end
        list[#list + 1] = { key = "drop " .. name_of(game, c), kind = "drop_object", card = c }
        if attack_ok and common.has_trait(game, c, "thrown_weapon") then
          for _, t in ipairs(targets.legal(game, p, c, cache)) do
            if not (t.kind == "wizard" and t.player == p) then
              list[#list + 1] = { key = "throw " .. name_of(game, c) .. " at " .. t.label, kind = "throw", card = c, target = t, hostile = hostile(p, t) }
            end
          end
        end
        add_strikes(game, p, c, list)
      end
    end
  end
end

function rules.actions(game, p)
  local list = {}
  if not game:player(p).alive then return { { key = "end", kind = "end", pass = true } } end
  if not tvar(game, "lost") then
    rules.add_moves(game, p, list)
    add_number_moves(game, p, list)
    add_punches(game, p, list)
  end
  local cache = {} -- target candidates, shared by the cards of this one listing
  add_casts(game, p, list, cache)
  if not tvar(game, "lost") then
    add_objects(game, p, list, cache)
    rules.add_pickups(game, p, list)
  end
  list[#list + 1] = { key = "end", label = "end the turn", kind = "end", pass = true }
  return list
end

---------------------------------------------------------------------------------------------
-- Casting, throwing, punching (classic, The Cards and Combat)
---------------------------------------------------------------------------------------------

-- Runs a card's `resolve` for each wizard the entry now aims at: its target, or the wizard
-- it was turned on (redirect), or both its target and its caster (split).
local function resolve_entry(game, p, c, entry, target, extra)
  local marks = entry.marks
  local aims = { target or false }
  if marks.redirect ~= nil then
    aims = { { kind = "wizard", player = marks.redirect } }
  elseif marks.split then
    aims = { target, { kind = "wizard", player = p } }
  end
  for _, t in ipairs(aims) do
    if t == false then t = nil end
    local ctx = { caster = p, controller = p, target = t, energy = entry.energy, number = entry.energy, stack = entry.id }
    for k, v in pairs(extra) do ctx[k] = v end
    if t and t.kind == "wizard" then game:mark_stack(entry.id, "defender", t.player) end
    game:call_card(c, "resolve", ctx)
  end
end

-- classic, The Cards: one NUMBER per action gives the spell its power or duration (1
-- without one). The spell goes on the stack; the wizard it is used on may counteract it.
local function cast(game, p, a)
  local c = a.card
  local target = a.target
  if target and target.kind == "none" then target = nil end
  local attack = counts_as_attack(game, p, c, target)
  if attack then game:set_turn_var("attacked", true) end -- even if it is counteracted
  local number = game:config().default_number
  if a.number then
    number = number_value(game, p, a.number)
    common.discard(game, a.number)
  end
  local payload = { card = c, caster = p, target = target, energy = number }
  payload = game:before("cast", payload)
  local ok = payload ~= nil
  if ok then number = payload.energy end
  game:set_card(c, { controller = p, target = target, energy = number })
  local defender = nil
  if attack and not common.has_trait(game, c, "not_spell") then defender = stack.defender_of(game, p, target) end
  local id = game:push_stack { card = c, controller = p, kind = "spell", target = target, energy = number, marks = { defender = defender } }
  if ok and attack then ok = game:before("attack", { attacker = p, target = target, card = c }) ~= nil end
  if ok then
    game:after("cast", { card = c, caster = p, target = target, energy = number })
    if attack then game:after("attack", { attacker = p, target = target, card = c }) end
    stack.respond(game, id)
  end
  local entry = game:stack_entry(id)
  local cancelled = not ok or entry.marks.cancelled
  if not cancelled and not entry.marks.evaded then
    resolve_entry(game, p, c, entry, target, { attack = attack })
  end
  entry = game:pop_stack(id)
  stack.settle(game, p, c, cancelled, entry.energy)
end

-- Does something in square s stop a thrown object (a thornbush, solid stone: an object that
-- fills its square or blocks the way)?
local function stops_throws(game, s)
  for _, o in ipairs(game:objects_at(s)) do
    if o.fills_square or o.blocks_move then return true end
  end
  return false
end

-- The square a throw at `target` is aimed at: a wizard's or an object's square; for a wall or
-- door, the square beside it on the thrower's side (his own, or the nearest he sees).
local function aimed_square(game, from, target)
  if target.kind == "wizard" then return game:player(target.player).at end
  if not target.edge then return target.at end
  local best, best_len
  for _, side in ipairs(rules.ctx.edge_sides({ game = game }, target.edge)) do
    local s = side.square
    if common.same_sq(s, from) then return from end
    local line = game:line_squares(from, s)
    if line and (not best or #line < best_len) then best, best_len = s, #line end
  end
  return best
end

-- classic, Dropping and Retrieving Objects: a thrown object lands in the targeted square,
-- unless a barrier such as a thornbush is in the way: then in the square just before it (the
-- target's own square too, when it is a thornbush or stone).
local function landing_square(game, p, target)
  local from = game:player(p).at
  local aim = target and aimed_square(game, from, target)
  if not aim then return from end
  local last = from
  for _, s in ipairs(game:line_squares(from, aim) or { aim }) do
    if stops_throws(game, s) then return last end
    last = s
  end
  return last
end

-- A thrown object (Dagger, Large Rock) is the turn's attack; the card's `resolve` runs with
-- ctx.thrown = true; it then lies where it landed (landing_square, reckoned as it is thrown),
-- even if it missed.
local function throw(game, p, a)
  local c, target = a.card, a.target
  local at = landing_square(game, p, target) -- where it flies, before the blow changes things
  game:set_turn_var("attacked", true)
  if game:card(c).zone.kind == "play" then game:call_card(c, "on_end", { controller = p }) end
  game:set_card(c, { controller = p, target = target })
  local id = game:push_stack {
    card = c, controller = p, kind = "throw", target = target, energy = 0,
    marks = { defender = stack.defender_of(game, p, target) },
  }
  local ok = game:before("throw", { card = c, thrower = p, target = target }) ~= nil
  if ok then ok = game:before("attack", { attacker = p, target = target, card = c, thrown = true }) ~= nil end
  if ok then
    game:after("throw", { card = c, thrower = p, target = target })
    game:after("attack", { attacker = p, target = target, card = c, thrown = true })
    stack.respond(game, id)
  end
  local entry = game:stack_entry(id)
  if ok and not entry.marks.cancelled and not entry.marks.evaded then
    resolve_entry(game, p, c, entry, target, { attack = true, thrown = true })
  end
  game:pop_stack(id)
  if game:card(c).zone.kind == "stack" then
    local obj = game:create_object { kind = "item", card = c, at = at, mobile = true, owner = p }
    game:set_card(c, { controller = nil, target = nil })
    game:log("landed", { card = c, object = obj, square = at })
  end
end

-- classic, Combat: a punch is 1 point of physical damage and the turn's attack.
local function punch(game, p, target)
  game:set_turn_var("attacked", true)
  if not game:before("attack", { attacker = p, target = target, punch = true }) then return end
  game:after("attack", { attacker = p, target = target, punch = true })
  local id = game:push_stack {
    controller = p, kind = "punch", target = target, energy = 0,
    marks = { defender = stack.defender_of(game, p, target) },
  }
  stack.respond(game, id)
  local entry = game:stack_entry(id)
  if not entry.marks.cancelled and not entry.marks.evaded then
    local ctx = setmetatable({ game = game, caster = p, controller = p, attack = true, stack = id }, { __index = rules.ctx })
    rules.ctx.damage(ctx, target, game:config().punch_damage, { physical = true })
  end
  game:pop_stack(id)
end

-- A door picked open (Pick Lock) relocks once the wizard has gone through it (classic, The
-- Board: a door relocks itself after passage). A `before_move` handler may have turned the
-- step (Blind: classic, The Die): `dir` is the way he really went.
function rules.crossed(game, p, from, dir)
  local crossed = rules.crossed_edge(game, from, dir)
  if crossed and rules.ctx.relock_door({ game = game }, crossed) then
    game:after("door", { player = game:turn().active, edge = crossed, passed = true })
  end
end

local perform = rules.performers

function perform.number_move(game, p, a)
  game:set_turn_var("boosted", true)
  game:set_turn_var("boost", number_value(game, p, a.card))
  common.discard(game, a.card)
end

function perform.punch(game, p, a) punch(game, p, a.target) end

function perform.cast(game, p, a) cast(game, p, a) end

function perform.throw(game, p, a) throw(game, p, a) end

-- A magic stone or the Master Key shown face up: its power works from now on (classic, The
-- Cards).
function perform.display(game, p, a)
  game:move_card(a.card, { kind = "play", player = p })
  game:set_card(a.card, { controller = p })
  game:call_card(a.card, "on_play", { controller = p, caster = p })
end

function perform.drop_object(game, p, a)
  local c = a.card
  if game:card(c).zone.kind == "hand" then
    game:move_card(c, { kind = "play", player = p })
  end
  if not game:before("drop", { player = p, card = c }) then return end
  common.drop_object(game, p, c, game:player(p).at)
end

-- classic, Objects: picking up any object ends the turn; the picker takes its card into his
-- hand (classic, Dropping and Retrieving Objects): a stone works once he displays it.
function perform.pick_object(game, p, a)
  local o = game:object(a.object)
  if not game:before("pick_up", { player = p, object = a.object, card = o.card }) then return end
  game:remove_object(a.object)
  game:move_card(o.card, { kind = "hand", player = p })
  game:after("pick_up", { player = p, object = a.object, card = o.card })
  common.discard_to_limit(game, p)
  return true
end

return rules
