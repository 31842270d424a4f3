-- Wiz-War, classic edition (Chessex): the behaviour of the ruleset. Comments cite the
-- sections of the classic rulebook ("classic, <section>"). Numbers live in ruleset.toml
-- ([config]); the shared mechanics it extends are rulesets/mechanics; its own helpers are in
-- common.lua, play.lua (counteractions, NUMBERs, landings), targets.lua, ctx.lua.
-- Player ids in action keys are the kernel's (0-based).
local common = require("rules.common")
local play = require("rules.play")
local targets = require("rules.targets")
local effects = require("rules.effects")
-- The shared turn skeleton (rulesets/mechanics/rules.lua), which this file extends.
local rules = base
local tvar = rules.tvar

-- classic: a TRAP! is sprung as it is drawn (ctx.drawn); a NUMBER's value (ctx.number).
rules.ctx_fields.drawn = true
rules.ctx_fields.number = true

---------------------------------------------------------------------------------------------
-- Setup (classic, Starting the Game): the board and treasures are the shared skeleton's. Each
-- player draws a sector at random; reconstructed: the rulebook shows the sectors unturned in
-- its setup diagrams.
---------------------------------------------------------------------------------------------

-- Is this card a designer's, for a blank place of the deck ([config] designer_cards)?
local function designers(cfg, key)
  local prefix = cfg.designer_cards and (cfg.designer_cards .. "/")
  return prefix ~= nil and key:sub(1, #prefix) == prefix
end

-- One deck of every printed card, each as many times as its file's `copies` says (or
-- [config.copies]); then the designers' cards, in key order, in the deck's blank places (at
-- most `blank_cards` copies in all: classic, the card list). Game var `blank_slots`: the
-- designers' card keys dealt in, one for each blank place a copy takes.
function rules.build_deck(game)
  local cfg = game:config()
  local blanks, dealt, deck = cfg.blank_cards or 0, {}, {}
  for _, key in ipairs(game:card_keys()) do
    local copies = (cfg.copies or {})[key] or game:card_def(key).copies or 1
    if designers(cfg, key) then
      copies = math.min(copies, blanks)
      blanks = blanks - copies
      for _ = 1, copies do dealt[#dealt + 1] = key end
    end
    for _ = 1, copies do deck[#deck + 1] = key end
  end
  game:new_cards(deck, { kind = "pile", pile = "deck" })
  game:set_var("blank_slots", dealt)
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

-- classic, Combat: no combat during the first round of turns (even with SPEED); one attack a
-- turn. Game var `combat_open` (card tests: rules.test_setup) opens combat at once.
-- edition: an edition over classic may say which turns are too early (9th: the first turn).
function rules.first_round(game)
  return game:turn().round == 0 and not game:vars().combat_open
end

-- Buddy: a befriended wizard may not punch or throw at his friend (rules/targets.lua: spares).
function rules.may_attack_wizard(game, p, q) return q ~= p and not targets.spares(game, p, q) end

-- May the active wizard still attack this turn (punches, attack spells, throws, strikes)?
function rules.can_attack(game)
  return not tvar(game, "attacked") and not rules.first_round(game)
end

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
-- a lost one.
-- edition: what a turn's start does before the lost turn is spent (9th: durations count at
-- the end of a turn instead).
function rules.start_of_turn_upkeep(game, p) rules.time_passes(game, p) end

-- edition: what a turn's end does before the cards are drawn (nothing in classic).
function rules.end_of_turn_upkeep(_game, _p) end

-- The start of a turn: the edition's upkeep, then a lost turn is spent: nothing but
-- counteractions this turn (classic, The Turn).
function rules.phases.start_of_turn(game)
  local p = game:turn().active
  rules.start_of_turn_upkeep(game, p)
  if rules.spend_token(game, p, "lost_turns") then
    game:set_turn_var("lost", true)
    game:log("lost_turn", { player = p, left = game:player(p).tokens.lost_turns or 0 })
  end
  common.check_victory(game)
end

-- classic, Getting New Cards: discard any cards you like, then draw up to two, never above
-- seven (drawing is always worth it, so the rules draw as many as allowed: no question).
-- reconstructed: a lost turn (classic, The Turn: only counteractions may be played in it)
-- neither discards nor draws; the rulebook lets a player draw after a turn-ending pick-up in
-- so many words, and says no such thing for lost turns.
function rules.phases.end_of_turn(game)
  local p = game:turn().active
  if not game:player(p).alive or game:vars().over then return end
  rules.end_of_turn_upkeep(game, p)
  if not game:player(p).alive then return common.check_victory(game) end
  if tvar(game, "lost") then
    game:log("no_draw", { player = p, lost_turn = true })
    return common.check_victory(game)
  end
  common.discard_and_draw(game, p)
  common.check_victory(game)
end

---------------------------------------------------------------------------------------------
-- Actions of the turn (classic, The Turn)
---------------------------------------------------------------------------------------------

local name_of = play.name_of

-- The Master Key lets its holder through doors (ctx.door_passes); cards in play may change how
-- he moves (rules/effects.lua: Mist-Body).
function rules.step_flags(game, p)
  return effects.move_flags(game, p, { door_passes = rules.ctx.door_passes({ game = game }, p) })
end

-- classic, Movement: one NUMBER card a turn may be added to the movement.
function rules.words.boost(game, _p, a) return "add " .. name_of(game, a.card) .. " to movement" end

-- classic, Combat: a punch (1 point) at a wizard in your own square; a wall or door of your
-- square; an object that fills a square (a thornbush, a stone) in your square or the next.
local function add_punches(game, p, list, attack_ok)
  if not attack_ok then return end
  local at = game:player(p).at
  rules.add_wizard_punches(game, p, list)
  for _, info in ipairs(game:lines_around(at)) do -- (its walls and doors, in key order)
    local kind = info.barrier
    list[#list + 1] = { kind = "punch", target = { kind = kind, edge = info.edge } }
  end
  -- (Whether it fills a square first: few objects do, and it is a field, not a call.)
  for _, o in ipairs(game:objects()) do
    if o.fills_square and targets.breakable(o) and o.at and o.at.side == nil
        and targets.object_adjacent(game, at, o.id, o.at) then
      list[#list + 1] = { kind = "punch", target = { kind = "object", id = o.id, at = o.at } }
    end
  end
end

-- Attacks and neutral spells; a counteraction as a neutral spell only if its card says it
-- has such a use (`can_cast` returns true). During a lost turn, only counteractions.
local function add_casts(game, p, list, cache, attack_ok)
  local lost = tvar(game, "lost")
  for _, c in ipairs(game:hand(p)) do
    local card = game:card(c)
    local ok = card.kind == "attack" or card.kind == "neutral"
    if card.kind == "counter" then ok = game:has_hook(c, "can_cast") end
    if lost and card.kind ~= "counter" then ok = false end
    if ok then
      -- (asked once: a counteraction needs a yes, any other card only no refusal)
      local can = game:call_card(c, "can_cast", { caster = p, controller = p })
      if can == false or (card.kind == "counter" and can ~= true) then ok = false end
    end
    if ok then
      rules.add_plays(game, p, c, list, cache, function(t)
        return attack_ok or not play.counts_as_attack(game, p, c, t)
      end)
    end
  end
end

-- A hand weapon (trait `weapon`: the Wizardblade) is wielded, not thrown: it is used like an
-- attack spell (`strike` goes through `cast`, so it may take a NUMBER and be counteracted)
-- and comes back shown (classic, The Cards: physical objects stay in the hand).
local function add_strikes(game, p, c, list, cache, attack_ok)
  if not attack_ok or not common.has_trait(game, c, "weapon") then return end
  rules.add_plays(game, p, c, list, cache, function(t) return not (t.kind == "wizard" and t.player == p) end)
end

-- A weapon is struck with, a spell cast.
function rules.play_verb(game, _p, c) return common.has_trait(game, c, "weapon") and "strike" or "cast" end

-- Objects displayed and dropped, in words (rules.words): a displayed one told apart from one
-- like it in the hand.
function rules.words.display(game, _p, a) return "display " .. name_of(game, a.card) end
function rules.words.drop_object(game, _p, a)
  return "drop " .. name_of(game, a.card) .. (game:card(a.card).zone.kind == "play" and " (displayed)" or "")
end

-- classic, Dropping and Retrieving Objects / The Cards: objects may be dropped, or thrown
-- (`thrown_weapon`, as the attack); magic stones and the Master Key may be displayed (their
-- power works once shown). Treasures may not be thrown.
local function add_objects(game, p, list, cache, attack_ok)
  for _, zone in ipairs({ "hand", "play" }) do
    local cards = zone == "hand" and game:hand(p) or game:play_area(p)
    for _, c in ipairs(cards) do
      if common.is_object(game, c) then
        if zone == "hand" and common.is_shown_object(game, c) then
          list[#list + 1] = { kind = "display", card = c }
        end
        list[#list + 1] = { kind = "drop_object", card = c }
        if attack_ok then rules.add_throws(game, p, c, list, cache) end
        add_strikes(game, p, c, list, cache, attack_ok)
      end
    end
  end
end

-- (Whether he may still attack is asked once: nothing changes while actions are listed.)
function rules.add_actions(game, p, list, cache)
  local attack_ok = rules.can_attack(game)
  if not tvar(game, "lost") then
    rules.add_moves(game, p, list)
    rules.add_speed_boosts(game, p, list)
    add_punches(game, p, list, attack_ok)
  end
  add_casts(game, p, list, cache, attack_ok)
  if not tvar(game, "lost") then
    add_objects(game, p, list, cache, attack_ok)
    rules.add_pickups(game, p, list)
  end
end

function rules.end_label(_game) return "end the turn" end

-- A door picked open (Pick Lock) relocks once the wizard has gone through it (classic, The
-- Board: a door relocks itself after passage). A `before_move` handler may have turned the
-- step (Blind: classic, The Die): `dir` is the way he really went.
function rules.crossed(game, _p, from, dir)
  -- (most steps: no door was picked open this turn, so none relocks)
  local picked = game:vars().picked_doors
  if not picked or #picked == 0 then return end
  local crossed = rules.crossed_edge(game, from, dir)
  if crossed and rules.ctx.relock_door({ game = game }, crossed) then
    game:after("door", { player = game:turn().active, edge = crossed, passed = true })
  end
end

local perform = rules.performers

-- A magic stone or the Master Key shown face up: its power works from now on (classic, The
-- Cards).
function perform.display(game, p, a) rules.put_in_play(game, p, a.card) end

function perform.drop_object(game, p, a)
  local c = a.card
  if game:card(c).zone.kind == "hand" then
    game:move_card(c, { kind = "play", player = p })
  end
  if not game:before("drop", { player = p, card = c }) then return end
  common.drop_object(game, p, c, game:player(p).at)
end

-- edition: where the card of an object p picked up goes: his hand (classic, Dropping and
-- Retrieving Objects: a stone works once he displays it).
function rules.take_picked_up(game, p, c) game:move_card(c, { kind = "hand", player = p }) end

-- classic, Objects: picking up any object ends the turn; the picker takes its card
-- (rules.take_picked_up).
function perform.pick_object(game, p, a)
  local o = game:object(a.object)
  if not game:before("pick_up", { player = p, object = a.object, card = o.card }) then return end
  game:remove_object(a.object)
  -- (told before its card goes into the hand, while everyone still sees what it is)
  game:after("pick_up", { player = p, object = a.object, card = o.card })
  rules.take_picked_up(game, p, o.card)
  common.discard_to_limit(game, p)
  return true
end

return rules
