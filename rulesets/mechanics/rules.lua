-- The turn skeleton every edition extends (its rules.lua starts `local rules = base`): setup,
-- the turn vars, walking, picking up and dropping treasures and objects, and running an action.
-- What differs is a function of `rules` an edition replaces (marked "edition:").
-- Player ids in actions are the kernel's (0-based).
local common = require("rules.common")
local play = require("rules.play")
local targets = require("rules.targets")
local movement = require("rules.movement")
local rules = { phases = {}, performers = {}, ctx = require("rules.ctx") }

-- The fields a card's ctx may lack (then nil): what a hook is called with varies. Any other
-- name missing from a ctx is an error (a misspelt helper). An edition adds its own.
rules.ctx_fields = {
  target = true, energy = true, controller = true, caster = true, stack = true, against = true,
  attack = true, thrown = true, list = true,
}

---------------------------------------------------------------------------------------------
-- Setup
---------------------------------------------------------------------------------------------

-- The sector boards: shuffled, one per player in the layout's slots, turned at random where
-- the edition says so (config `turn_sectors_at_setup`; 8th: Setup, step 2).
function rules.build_board(game, n)
  local cfg = game:config()
  local faces = {}
  for i = 0, cfg.sector_faces - 1 do faces[#faces + 1] = i end
  faces = game:shuffle(faces)
  local order, rotations = {}, {}
  for i = 1, n do
    order[i] = faces[i]
    rotations[i] = cfg.turn_sectors_at_setup and (game:roll(4) - 1) or 0
  end
  game:arrange_board { side = cfg.board_side, order = order, rotations = rotations }
end

-- Two treasures of each player on his sector's treasure start squares; treasures are movable
-- objects (8th: Setup, step 3; classic, Starting the Game and Objects).
function rules.place_treasures(game)
  for _, pl in ipairs(game:players()) do
    for _, s in ipairs(game:treasure_starts(pl.home_sector)) do
      game:create_object { kind = "treasure", owner = pl.id, at = s, mobile = true }
    end
  end
end

-- edition: the deck(s), the card dealt at setup, who goes first.
function rules.build_deck(_game) error("the ruleset builds no deck (rules.build_deck)") end
function rules.deal(game, p) return common.draw(game, p) end
function rules.first_player(game) return game:roll(#game:players()) - 1 end

function rules.setup(game)
  local cfg = game:config()
  local players = game:players()
  rules.build_board(game, #players)
  rules.place_treasures(game)
  for _, pl in ipairs(players) do game:set_life(pl.id, cfg.life) end
  rules.build_deck(game)
  for _, pl in ipairs(players) do
    for _ = 1, cfg.hand do rules.deal(game, pl.id) end
  end
  game:set_first_player(rules.first_player(game))
end

---------------------------------------------------------------------------------------------
-- Turn state (turn vars reset at each turn start; player vars persist)
---------------------------------------------------------------------------------------------

function rules.tvar(game, k) return game:turn().vars[k] end

-- The base speed and the movement points (base speed + boost - points spent) are
-- rules/movement.lua's, which cards read and change too; an edition's movement.lua says the
-- base speed.
function rules.speed(game, p) return movement.speed(game, p) end
function rules.movement_left(game) return movement.left(game) end
function rules.spend(game, n) movement.spend(game, n) end

-- edition: does spell c in play count down its duration now (8th Permanent Creations don't)?
function rules.counts_down(_game, _c) return true end

-- Time passes for p's spells: `time_passes`, then one off the count of each of his spells
-- whose duration the edition counts (config `counted_duration`); at 0 the spell ends (8th:
-- Time Passes Phase, energy tokens; classic, The Turn: a duration ends at the start of one of
-- its caster's turns).
function rules.time_passes(game, p)
  game:after("time_passes", { player = p })
  local counted = game:config().counted_duration
  for _, c in ipairs(game:play_area(p)) do
    local card = game:card(c)
    if card.zone.kind == "play" and not common.is_object_card(game, c) and card.duration == counted
        and rules.counts_down(game, c) then
      local left = card.energy - 1
      game:set_card(c, { energy = left })
      if left <= 0 then common.end_spell(game, c) end
    end
  end
end

-- A wizard's first turn (8th: Attacking; 9th: Attacks: no attack in it): turn var
-- `first_turn` is true in the first turn of p (player var `had_turn` set from then on). The
-- edition calls it as p's turn starts.
function rules.note_first_turn(game, p)
  game:set_turn_var("first_turn", not game:player(p).vars.had_turn)
  game:set_player_var(p, "had_turn", true)
end

-- Spends one of p's `token` tokens (stun, lost turns) if he has one; true if he had.
function rules.spend_token(game, p, token)
  local n = game:player(p).tokens[token] or 0
  if n <= 0 then return false end
  game:set_token(p, token, n - 1)
  return true
end

---------------------------------------------------------------------------------------------
-- Walking (8th: Moving; classic, Movement)
---------------------------------------------------------------------------------------------

-- edition: may the active wizard walk now; the flags of game:steps for p; the steps he may
-- take of those the board allows.
function rules.can_move(game) return rules.movement_left(game) >= 1 end
function rules.step_flags(_game, _p) return nil end
function rules.filter_steps(_game, _p, steps) return steps end

function rules.add_moves(game, p, list)
  if not rules.can_move(game) then return end
  for _, s in ipairs(rules.filter_steps(game, p, game:steps(p, rules.step_flags(game, p)))) do
    list[#list + 1] = { kind = "move", dir = s.dir, to = s.to }
  end
end

-- The canonical edge a step from square `from` toward `dir` crosses (nil at a bare rim).
function rules.crossed_edge(game, from, dir)
  for _, n in ipairs(game:neighbours(from)) do
    if n.dir == dir then return game:edge(n.edge).edge end
  end
  return nil
end

-- edition: what stepping from `from` toward `dir` did besides moving (a door passed).
function rules.crossed(_game, _p, _from, _dir) end

-- One step: 1 movement point, `move` before (a handler may change where he goes and which way:
-- ev.to, ev.dir) and after, `leave` and `enter`.
function rules.performers.move(game, p, a)
  local from = game:player(p).at
  rules.spend(game, 1)
  game:set_turn_var("moved", true)
  local ev = game:before("move", { wizard = p, from = from, to = a.to, dir = a.dir })
  if not ev then return end
  local dir = ev.dir or a.dir
  game:after("leave", { who = p, square = from })
  game:place_seat_figure(p, ev.to)
  rules.crossed(game, p, from, dir)
  game:after("move", { wizard = p, from = from, to = ev.to, dir = dir })
  game:after("enter", { who = p, square = ev.to })
end

---------------------------------------------------------------------------------------------
-- Picking up and dropping (8th: Picking Up and Dropping Objects / Treasures; classic, Objects)
---------------------------------------------------------------------------------------------

-- edition: may the active wizard pick up an object now (a treasure he always may)?
---@return boolean
function rules.may_pick_up_object(_game) return true end

-- Treasures (one at a time) and movable objects in p's square; the treasure he carries.
function rules.add_pickups(game, p, list)
  local pl = game:player(p)
  local carried = common.carried_treasure(game, p)
  for _, o in ipairs(game:objects_at(pl.at)) do
    if o.kind == "treasure" then
      if not carried then
        list[#list + 1] = { kind = "pick_treasure", object = o.id }
      end
    elseif o.mobile and o.card and rules.may_pick_up_object(game) then
      list[#list + 1] = { kind = "pick_object", object = o.id }
    end
  end
  if carried then
    list[#list + 1] = { kind = "drop_treasure", object = carried.id }
  end
end

-- Picking up a treasure ends the phase of actions (8th: Move and Cast; classic: the turn).
function rules.performers.pick_treasure(game, p, a)
  if not game:before("pick_up", { player = p, object = a.object, treasure = true }) then return end
  game:set_object(a.object, { carried_by = p })
  game:after("pick_up", { player = p, object = a.object, treasure = true })
  return true
end

-- Dropping a treasure costs no movement.
function rules.performers.drop_treasure(game, p, a) common.drop_treasure(game, p, a.object) end

---------------------------------------------------------------------------------------------
-- Playing cards (rules/play.lua: the one procedure)
---------------------------------------------------------------------------------------------

-- Once a turn, a card worth a boost may be spent for that many movement points (8th: Speed
-- Boost; classic, Movement: a NUMBER added to the movement). (In words: rules.words.boost.)

function rules.add_speed_boosts(game, p, list)
  if rules.tvar(game, "boosted") then return end
  for _, c in ipairs(play.boost_cards(game, p)) do
    list[#list + 1] = { kind = "boost", card = c }
  end
end

function rules.performers.boost(game, p, a)
  game:set_turn_var("boosted", true)
  game:set_turn_var("boost", play.boost_value(game, p, a.card))
  common.discard(game, a.card, true)
  game:log("use", { card = a.card, player = p, as = "speed boost" })
end

-- Aimed at another wizard, or card c an attack on a square where another wizard stands (8th
-- Psychic Storm): bots that seek a fight look for `hostile` actions.
function rules.hostile(game, p, t, c)
  if t.kind == "wizard" then return t.player ~= p end
  if t.kind ~= "square" or not t.at or not c or game:card(c).kind ~= "attack" then return false end
  for _, q in ipairs(game:seats_at(t.at)) do
    if q ~= p then return true end
  end
  return false
end

-- edition: may p attack wizard q (never himself)?
function rules.may_attack_wizard(_game, p, q) return q ~= p end

-- Card c of p's hand played at each legal target (or at nothing, for a card without target
-- types), without a boost and with each boost it may take; `admit(t)`, if given, says which
-- targets. (In words: rules.words.cast.)
function rules.add_plays(game, p, c, list, cache, admit)
  local tlist = targets.legal(game, p, c, cache)
  if #tlist == 0 and #(game:card(c).targets or {}) == 0 then tlist = { { kind = "none" } } end
  local boosts = play.boosts(game, p, c)
  for _, t in ipairs(tlist) do
    if not admit or admit(t) then
      local hostile = rules.hostile(game, p, t, c)
      list[#list + 1] = { kind = "cast", card = c, target = t, hostile = hostile }
      for _, b in ipairs(boosts) do
        list[#list + 1] = { kind = "cast", card = c, target = t, boost = b, hostile = hostile }
      end
    end
  end
end

-- A carried object with the `thrown_weapon` trait thrown at each legal target of its card
-- (8th: Throwing Objects; classic, Dropping and Retrieving Objects); the caller checks that
-- p may attack.
function rules.add_throws(game, p, c, list, cache)
  if not common.has_trait(game, c, "thrown_weapon") then return end
  for _, t in ipairs(targets.legal(game, p, c, cache)) do
    if t.kind ~= "wizard" or rules.may_attack_wizard(game, p, t.player) then
      list[#list + 1] = { kind = "throw", card = c, target = t, hostile = rules.hostile(game, p, t, c) }
    end
  end
end

-- May p punch wizard q where they stand? Config `punch_reach`: "same_square" (classic,
-- Combat) or "adjacent" (his square or the next one: 8th: Punching; 9th: Attacks).
-- edition: may p punch wizard q now (whether q can be attacked)?
function rules.may_punch(game, p, q)
  local reach = game:config().punch_reach
  local at, there = game:player(p).at, game:player(q).at
  if common.same_sq(at, there) then return true end
  if reach == "adjacent" then return game:adjacent(at, there) end
  if reach ~= "same_square" then error("[config] punch_reach: unknown reach " .. tostring(reach)) end
  return false
end

-- Punches at the wizards p may punch, in turn order. (Reach first: it is the cheap question,
-- and the one that most often says no.)
function rules.add_wizard_punches(game, p, list)
  for _, q in ipairs(common.turn_order(game)) do
    if q ~= p and game:player(q).at and rules.may_punch(game, p, q) and rules.may_attack_wizard(game, p, q) then
      list[#list + 1] = { kind = "punch", target = { kind = "wizard", player = q }, hostile = true }
    end
  end
end

-- (The target in words for the game's record: rules/targets.lua, named.)
function rules.performers.cast(game, p, a)
  play.cast(game, p, { card = a.card, target = targets.named(game, a.target, p), boost = a.boost })
end
function rules.performers.throw(game, p, a) play.throw(game, p, { card = a.card, target = targets.named(game, a.target, p) }) end
function rules.performers.punch(game, p, a) play.punch(game, p, a.target) end

-- A card put face up in p's play area without being cast (an item carried, a stone shown):
-- it works from now on (its `on_play`).
function rules.put_in_play(game, p, c)
  game:move_card(c, { kind = "play", player = p })
  game:set_card(c, { controller = p })
  game:call_card(c, "on_play", { controller = p, caster = p })
  game:log("use", { card = c, player = p, as = "item" })
end

---------------------------------------------------------------------------------------------
-- Running an action
---------------------------------------------------------------------------------------------

-- edition: the actions p may take now, added to `list`; `cache` is shared by the cards of
-- this one listing (rules/targets.lua: legal). And what the action that ends them says.
function rules.add_actions(_game, _p, _list, _cache) end
function rules.end_label(_game) return "end" end

---------------------------------------------------------------------------------------------
-- Actions in words
---------------------------------------------------------------------------------------------

-- How an action reads, by its kind: (game, p, action) -> its label. An action listed without
-- a `label` is given one from here only for someone who reads labels (a person, the REPL, a
-- test: the kernel's call rules.label_actions); no bot reads them, so a listing makes no
-- words for the many actions nobody looks at. An edition adds its own kinds.
rules.words = {}

function rules.words.move(_game, _p, a) return "move " .. targets.dir_words(a.dir) end
-- edition: how a speed boost reads.
function rules.words.boost(game, _p, a) return "boost speed with " .. play.name_of(game, a.card) end
function rules.words.punch(game, p, a) return "punch " .. targets.words(game, a.target, p) end

local function object_name(game, id) return targets.object_name(game, game:object(id)) end
function rules.words.pick_treasure(game, _p, a) return "pick up " .. object_name(game, a.object) end
rules.words.pick_object = rules.words.pick_treasure
function rules.words.drop_treasure(game, _p, a) return "drop " .. object_name(game, a.object) end
-- (rules/doors.lua lists it)
function rules.words.hold_door(_game, _p, a) return "hold " .. targets.edge_words(a.edge, "door") .. " open" end

function rules.words.throw(game, p, a)
  return "throw " .. play.name_of(game, a.card) .. " at " .. targets.words(game, a.target, p)
end

-- "cast Fireball at B with Energy 6" (the verb: rules.play_verb).
function rules.words.cast(game, p, a)
  local s = rules.play_verb(game, p, a.card) .. " " .. play.name_of(game, a.card)
  local at = targets.words(game, a.target, p)
  if at ~= "" then s = s .. " at " .. at end
  if a.boost then s = s .. " with " .. play.name_of(game, a.boost) end
  return s
end

-- edition: the verb of playing card c from p's hand or play area ("cast").
function rules.play_verb(_game, _p, _c) return "cast" end

-- The kernel's call, read only, where p's actions are read by someone who reads labels: the
-- label of each action listed without one, where its kind has words (false where not).
function rules.label_actions(game, p, list)
  local out = {}
  for i, a in ipairs(list) do
    local words = rules.words[a.kind]
    out[i] = a.label == nil and words ~= nil and words(game, p, a) or false
  end
  return out
end

-- The kernel's call: the actions of player p, the one that ends the phase (`pass`) last. A
-- dead wizard only ends it.
function rules.actions(game, p)
  if not game:player(p).alive then return { { kind = "end", pass = true } } end
  local list = {}
  rules.add_actions(game, p, list, {})
  list[#list + 1] = { kind = "end", label = rules.end_label(game), pass = true }
  return list
end

function rules.performers.finish() return true end
rules.performers["end"] = rules.performers.finish

-- edition: what happens after every action (held doors close, ...).
function rules.after_action(_game, _p) end

-- The kernel's call: runs action `a` of player p; true ends the phase (the performer said
-- so, the game is over, or p died in it).
function rules.perform(game, p, a)
  local f = rules.performers[a.kind]
  if not f then error("unknown action kind " .. tostring(a.kind)) end
  local ended = f(game, p, a)
  rules.after_action(game, p)
  if common.check_victory(game) then return true end
  if not game:player(p).alive then return true end
  return ended == true
end

-- The front end's calls (read only): the line a person reads for a log entry, or nil; a
-- player's score in a few words; what the player deciding is told of his movement and hand.
-- Written in rules.narrate, which an edition extends.
function rules.narrate(game, entry, verbose) return require("rules.narrate").line(game, entry, verbose) end
function rules.status(game, p) return require("rules.narrate").status(game, p) end
function rules.turn_status(game, p) return require("rules.narrate").turn_status(game, p) end

-- For a bot that looks ahead (the search bot, src/search.rs; read only): how well wizard p
-- stands, as a whole number: his life, and ten for each victory point; nothing once dead.
-- reconstructed: the rulebooks weigh no positions; a point is worth about a wizard's life
-- and a half, as a kill is worth a point and the life it ends.
function rules.standing(game, p)
  local pl = game:player(p)
  if not pl.alive then return 0 end
  return math.max(pl.life, 0) + 10 * common.victory_points(game, p)
end

return rules
