-- The one way to play a card, or anything played like one (a punch, a creature's bite, an
-- action a card in play offers) (require("rules.play")):
--
--   1. announce: the turn's attack is used (even if what follows cancels it), the boost spent;
--   2. before-events (`before_cast`, `before_attack`, ...): a handler may cancel, or change the
--      play's energy (the first payload's `energy`);
--   3. the entry goes on the stack; after-events; the response window, where counters answer
--      it and may be answered in turn;
--   4. it resolves unless cancelled (or evaded, for what can be evaded);
--   5. it leaves the stack and settles (discarded, kept in play, or back where it came from).
--
-- What differs by edition is a function here an edition's play.lua replaces (`local M = base`):
-- who may respond and with what, what a play counts as, how a boost is spent, what an entry is
-- marked with, where a thrown object lands, what a punch deals.
local common = require("rules.common")
local targets = require("rules.targets")
local M = {}

-- A card as options name it: by its name (two alike in one hand read the same: either will do).
local function name_of(game, c) return game:card(c).name end
M.name_of = name_of

---------------------------------------------------------------------------------------------
-- The procedure
---------------------------------------------------------------------------------------------

-- Plays `spec`: { player, kind (the stack entry's), card?, target?, energy?, marks?,
-- attack? (the turn's attack is used at once), events = { { name, payload }, ... },
-- evadable? (default true), resolve = function(entry), settle? = function(entry, cancelled) }.
-- Returns the entry as it left the stack and whether it was cancelled.
function M.play(game, spec)
  if spec.attack then game:set_turn_var("attacked", true) end
  local energy = spec.energy or 0
  local ok = true
  for i, ev in ipairs(spec.events or {}) do
    if ok then
      local changed = game:before(ev[1], ev[2])
      ok = changed ~= nil
      if ok and i == 1 and changed.energy ~= nil then energy = changed.energy end
    end
  end
  if spec.card then game:set_card(spec.card, { controller = spec.player, target = spec.target, energy = energy }) end
  local id = game:push_stack {
    card = spec.card, controller = spec.player, kind = spec.kind, target = spec.target, energy = energy,
    marks = spec.marks or {},
  }
  if ok then
    for _, ev in ipairs(spec.events or {}) do
      if ev[1] == "cast" then ev[2].energy = energy end
      game:after(ev[1], ev[2])
    end
    M.respond(game, id)
  end
  local entry = game:stack_entry(id)
  local cancelled = not ok or entry.marks.cancelled == true
  if not cancelled and not (spec.evadable ~= false and entry.marks.evaded) then spec.resolve(entry) end
  entry = game:pop_stack(id)
  if spec.settle then spec.settle(entry, cancelled) end
  return entry, cancelled
end

---------------------------------------------------------------------------------------------
-- The response window
---------------------------------------------------------------------------------------------

-- edition: the players who may answer `entry`, in the order they are asked.
function M.responders(game, entry)
  local out = {}
  for _, q in ipairs(common.turn_order(game)) do
    if q ~= entry.controller then out[#out + 1] = q end
  end
  return out
end

-- edition: is the window of `entry` closed (nothing may answer it any more)?
function M.closed(_game, entry) return entry.marks.cancelled == true end

-- edition: may card c of q's hand answer `entry`?
function M.may_answer(game, q, c, entry)
  return game:card(c).kind == "counter" and game:call_card(c, "can_respond", { controller = q, caster = q }, entry)
end

-- The answers q may give: each card that may answer, with each boost it may take.
function M.answers(game, q, entry)
  local opts = {}
  for _, c in ipairs(game:hand(q)) do
    if M.may_answer(game, q, c, entry) then
      local label = "counter with " .. name_of(game, c)
      opts[#opts + 1] = { label = label, card = c }
      for _, b in ipairs(M.boosts(game, q, c, true)) do
        opts[#opts + 1] = { label = label .. " with " .. name_of(game, b), card = c, boost = b }
      end
    end
  end
  return opts
end

-- Wizard p as player q reads him in a sentence: "you", else his name; `own`: "your", "B's".
local function whom(game, p, q, own)
  if p == nil then return own and "its" or "someone" end
  if p == q then return own and "your" or "you" end
  local name = targets.wizard_label(game, p)
  return own and (name .. "'s") or name
end

local function capital(s) return s:sub(1, 1):upper() .. s:sub(2) end

-- What entry `a` is, as a thing player q reads of ("your Slow Death", "B's punch").
local function entry_thing(game, a, q)
  local owner = whom(game, a.controller, q, true)
  local name = a.card and targets.card_name(game, a.card)
  if name then return owner .. " " .. name end
  if a.kind == "creature_attack" then return owner .. " creature's attack" end
  if a.kind == "throw" and a.marks.source then
    return owner .. " " .. (targets.card_name(game, a.marks.source) or "attack")
  end
  return owner .. " " .. (a.kind:gsub("_", " "))
end

-- What stack entry `entry` does, as player q reads it when he may answer it: who does what to
-- whom ("C casts Slow Death at you", "B punches A", "B's Reflection answers your Slow Death").
function M.entry_words(game, entry, q)
  local marks = entry.marks or {}
  local by = entry.controller
  local t = entry.target
  if marks.redirect ~= nil then t = { kind = "wizard", player = marks.redirect } end
  local aim = nil ---@type string?
  if type(t) == "table" and t.kind ~= "none" and not (t.kind == "wizard" and t.player == by) then
    if t.kind == "wizard" and t.player ~= nil then
      aim = whom(game, t.player, q)
    elseif t.kind == "spell" and t.player ~= nil and targets.card_name(game, t.card) then
      aim = whom(game, t.player, q, true) .. " " .. targets.card_name(game, t.card)
    else
      aim = targets.target_words(game, t)
    end
  end
  local at = (aim and aim ~= "") and (" at " .. aim) or ""
  local who = capital(whom(game, by, q))
  local name = entry.card and targets.card_name(game, entry.card)
  local kind = entry.kind
  if kind == "spell" then return who .. " casts " .. (name or "a spell") .. at end
  if kind == "counter" then
    local a = marks.against and game:stack_entry(marks.against)
    if not a then return who .. " answers with " .. (name or "a card") end
    return capital(whom(game, by, q, true)) .. " " .. (name or "card") .. " answers " .. entry_thing(game, a, q)
  end
  if kind == "throw" then
    if name then return who .. " throws " .. name .. at end
    local with = marks.source and targets.card_name(game, marks.source)
    return who .. " attacks" .. (aim and (" " .. aim) or "") .. (with and (" with " .. with) or "")
  end
  if kind == "punch" then return who .. " punches " .. (aim or "") end
  if kind == "creature_attack" then
    local o = marks.creature and game:object(marks.creature)
    local it = (o and o.id) and targets.object_name(game, o) or (whom(game, by, q, true) .. " creature")
    return capital(it) .. " attacks " .. (aim or "")
  end
  if kind == "damage" then -- (damage that is no attack, answered on its own: classic)
    local victim = (type(t) == "table" and t.player ~= nil) and whom(game, t.player, q) or "someone"
    local from = marks.source and targets.card_name(game, marks.source)
    return capital(victim) .. " " .. ((victim == "you") and "are" or "is") .. " about to take "
      .. (marks.amount or entry.energy or 0) .. " damage" .. (from and (" from " .. from) or "")
  end
  if kind == "pick_up" then
    local o = marks.object and game:object(marks.object)
    return who .. " picks up " .. ((o and o.id) and targets.object_name(game, o) or "a treasure")
  end
  return who .. ": " .. (kind:gsub("_", " ")) .. (name and (" (" .. name .. ")") or "")
end

-- The response window of entry `id`: the responders, in order, may each answer it, one card
-- at a time, until a whole round passes (or the window closes). Each answer is itself played
-- (M.counter), so it may be answered before it resolves.
function M.respond(game, id)
  local again = true
  while again do
    again = false
    for _, q in ipairs(M.responders(game, game:stack_entry(id))) do
      local entry = game:stack_entry(id)
      if M.closed(game, entry) then return end
      local opts = M.answers(game, q, entry)
      if #opts > 0 then
        opts[#opts + 1] = { key = "pass" }
        local _, i = game:choose(q, "respond", M.entry_words(game, entry, q) .. ": answer it?", opts, { pass = "pass" })
        local o = opts[i] ---@type table
        if o.card then
          M.counter(game, q, o.card, id, o.boost)
          again = true
        end
      end
    end
  end
end

---------------------------------------------------------------------------------------------
-- Boosts, settling
---------------------------------------------------------------------------------------------

-- edition: the spell's power without a boost.
function M.default_energy(game) return game:config().default_energy end

-- Has card b an energy value (8th: Energy, Boosting Spells; 9th: Numbers, the 2s and 3s that
-- are also spells)?
function M.has_energy_value(game, b)
  local v = game:card(b).energy_value
  return v ~= nil and v > 0
end

-- edition: is card b worth a boost (a speed boost, a spell's power)? A card with an energy
-- value (classic replaces it: NUMBER cards only).
M.is_boost = M.has_energy_value

-- The cards of p's hand worth a boost, but card c.
function M.boost_cards(game, p, c)
  local out = {}
  for _, b in ipairs(game:hand(p)) do
    if b ~= c and M.is_boost(game, b) then out[#out + 1] = b end
  end
  return out
end

-- edition: the cards of p's hand that may boost card c (`answering`: c answers the stack).
function M.boosts(game, p, c, _answering) return M.boost_cards(game, p, c) end

-- edition: what boost card b is worth to p.
function M.boost_value(game, _p, b) return game:card(b).energy_value end

-- Player p picks `n` cards of his hand that may boost (card c aside), one at a time, each
-- discarded as it is picked; `spent(b)`, if given, hears each. Returns the sum of their
-- values. `what` names them in the question. (Add, in both editions.)
function M.spend_boosts(game, p, c, n, what, spent)
  local total = 0
  for k = 1, n do
    local opts = {}
    for _, b in ipairs(M.boost_cards(game, p, c)) do
      opts[#opts + 1] = { label = "add " .. M.name_of(game, b), card = b, value = M.boost_value(game, p, b) }
    end
    if #opts == 0 then break end
    local _, i = game:choose(p, "add", "Add: " .. what .. " " .. k .. " of " .. n .. "?", opts)
    total = total + opts[i].value
    common.discard(game, opts[i].card)
    if spent then spent(opts[i].card) end
  end
  return total
end

-- The power a card has with boost card b (or none): b's value replaces the default; the
-- boost is spent (discarded).
function M.spend_boost(game, p, b)
  if not b then return M.default_energy(game) end
  local energy = M.boost_value(game, p, b)
  common.discard(game, b, true)
  game:log("use", { card = b, player = p, as = "boost" })
  return energy
end

-- edition: where an object card goes after use instead of the discard pile (nil: it doesn't).
---@return string?
function M.kept_zone(_game, _p, _c) return nil end

-- Where a card goes once it has resolved: back where it belongs (M.kept_zone); instants and
-- cancelled cards are discarded; a spell whose duration the edition counts (config
-- `counted_duration`) stays in play with `energy` left (none left: discarded, 8th: Canceling,
-- Reducing, and Evading Spells); others stay in play. A card that put itself somewhere stays.
function M.settle(game, p, c, cancelled, energy)
  local card = game:card(c)
  if card.zone.kind ~= "stack" then return end
  local zone = M.kept_zone(game, p, c)
  if zone then return game:move_card(c, { kind = zone, player = p }) end
  if cancelled or card.duration == nil or card.duration == "instant" then return common.discard(game, c) end
  if card.duration == game:config().counted_duration then
    if energy <= 0 then return common.discard(game, c) end
    game:move_card(c, { kind = "play", player = p })
    game:set_card(c, { energy = energy })
  else
    game:move_card(c, { kind = "play", player = p })
  end
end

---------------------------------------------------------------------------------------------
-- Plays
---------------------------------------------------------------------------------------------

-- edition: the marks an entry of `kind` ("spell", "throw", "punch") starts with (who it is
-- aimed at, ...).
function M.entry_marks(_game, _p, _c, _target, _attack, _kind) return {} end

-- edition: is casting card c at `target` the turn's attack?
function M.counts_as_attack(game, _p, c, _target) return game:card(c).kind == "attack" end

-- Runs card c's `resolve` for each wizard the entry now aims at: its target, or the wizard it
-- was turned on (marks.redirect), or both its target and its caster (marks.split).
function M.resolve_aims(game, p, c, entry, target, extra)
  local marks = entry.marks
  local aims = { target or false }
  if marks.redirect ~= nil then
    aims = { { kind = "wizard", player = marks.redirect } }
  elseif marks.split then
    aims = { target, { kind = "wizard", player = p } }
  end
  for _, t in ipairs(aims) do
    if t == false then t = nil end
    local ctx = { caster = p, controller = p, target = t, energy = entry.energy, stack = entry.id }
    for k, v in next, extra do ctx[k] = v end -- (a copy: any order)
    if t and t.kind == "wizard" then game:mark_stack(entry.id, "defender", t.player) end
    game:call_card(c, "resolve", ctx)
  end
end

-- A spell cast from the hand (8th: Playing Magic Cards, Boosting Spells; classic, The Cards).
-- Action `a`: { card, target, boost? }. Returns M.play's results (the entry, cancelled), as
-- M.throw and M.punch do.
function M.cast(game, p, a)
  -- Around the Corner bends the sight of one spell only: the next one cast (rules/targets.lua).
  if game:turn().vars.around_corner then game:set_turn_var("around_corner", nil) end
  local c = a.card
  local target = a.target
  if target and target.kind == "none" then target = nil end
  local attack = M.counts_as_attack(game, p, c, target)
  if attack then game:set_turn_var("attacked", true) end -- even if it is cancelled
  local energy = M.spend_boost(game, p, a.boost)
  local events = { { "cast", { card = c, caster = p, target = target, energy = energy } } } ---@type table[]
  if attack then events[2] = { "attack", { attacker = p, target = target, card = c } } end
  return M.play(game, {
    player = p, kind = "spell", card = c, target = target, energy = energy, events = events,
    marks = M.entry_marks(game, p, c, target, attack, "spell"),
    resolve = function(entry) M.resolve_aims(game, p, c, entry, target, { attack = attack }) end,
    settle = function(entry, cancelled) M.settle(game, p, c, cancelled, entry.marks.duration or entry.energy) end,
  })
end

-- edition: the marks of a counter q plays against entry `against`.
function M.counter_marks(_game, _q, against) return { against = against } end

-- Card c of q answers stack entry `against` (8th: Counter Spell; classic, COUNTERACTION),
-- boosted by card `boost` where the edition allows it. Counters cannot be evaded.
function M.counter(game, q, c, against, boost)
  local energy = M.spend_boost(game, q, boost)
  M.play(game, {
    player = q, kind = "counter", card = c, energy = energy, evadable = false,
    marks = M.counter_marks(game, q, against),
    events = { { "counter", { card = c, against = against, player = q } } },
    resolve = function(entry)
      game:call_card(c, "resolve", { controller = q, caster = q, energy = entry.energy, stack = entry.id, against = against })
    end,
    settle = function(entry, cancelled) M.settle(game, q, c, cancelled, entry.marks.duration or entry.energy) end,
  })
end

-- edition: where a throw by p at `target` comes down, as a function of its entry (called once
-- it has resolved; nil: the object is discarded). Reckoned before the throw.
---@return fun(entry: StackEntry): Square?
function M.landing(game, p, _target)
  local at = game:player(p).at
  return function(_entry) return at end
end

-- A carried object thrown at a target: the turn's attack, answered like any attack; the
-- card's `resolve` runs with ctx.thrown = true; the object then lands (M.landing), even if
-- the throw was cancelled or missed (8th: Throwing Objects; classic, Dropping and Retrieving
-- Objects).
function M.throw(game, p, a)
  local c, target = a.card, a.target
  local land = M.landing(game, p, target)
  if game:card(c).zone.kind == "play" then game:call_card(c, "on_end", { controller = p }) end
  return M.play(game, {
    player = p, kind = "throw", card = c, target = target, attack = true,
    marks = M.entry_marks(game, p, c, target, true, "throw"),
    events = {
      { "throw", { card = c, thrower = p, target = target } },
      { "attack", { attacker = p, target = target, card = c, thrown = true } },
    },
    resolve = function(entry) M.resolve_aims(game, p, c, entry, target, { attack = true, thrown = true }) end,
    settle = function(entry)
      if game:card(c).zone.kind ~= "stack" then return end -- the card put itself somewhere
      local at = land(entry)
      if not at then return common.discard(game, c) end
      local obj = game:create_object { kind = "item", card = c, at = at, mobile = true, owner = p }
      game:set_card(c, { controller = nil, target = nil })
      game:log("landed", { card = c, object = obj, square = at })
    end,
  })
end

-- Damage dealt by something that is not a card (a punch, a creature's bite), as the attack of
-- the entry `id` (the ruleset's ctx:damage does the rest).
function M.deal(game, p, id, target, amount, tags)
  local rules_ctx = require("rules.ctx") -- (at call time: ctx.lua requires this module)
  local ctx = setmetatable({ game = game, caster = p, controller = p, attack = true, stack = id }, { __index = rules_ctx }) --[[@as Ctx]]
  return rules_ctx.damage(ctx, target, amount, tags)
end

-- edition: what p's punch deals.
function M.punch_damage(game, _p) return game:config().punch_damage end

-- A punch: physical damage, the turn's attack, answered like any attack (8th: Punching;
-- classic, Combat).
function M.punch(game, p, target)
  return M.play(game, {
    player = p, kind = "punch", target = target, attack = true,
    marks = M.entry_marks(game, p, nil, target, true, "punch"),
    events = { { "attack", { attacker = p, target = target, punch = true } } },
    resolve = function(entry) M.deal(game, p, entry.id, target, M.punch_damage(game, p), { physical = true }) end,
  })
end

return M
