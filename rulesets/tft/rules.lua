-- Wizard (Steve Jackson, 1978): the turn and the actions (seed L93-L156). The figures live in
-- figures.lua, moving in movement.lua, spells in casting.lua, blows and retreats in combat.lua,
-- the helpers spells call in ctx.lua. Seats are the players; the pieces are figures.
local F = require("rules.figures")
local C = require("rules.casting")
local M = require("rules.movement")
local X = require("rules.combat")
local rules = { phases = {}, ctx = require("rules.ctx") }

-- ctx fields a spell's hooks may lack (then nil).
rules.ctx_fields = { charge = true, effect = true, target = true }

---------------------------------------------------------------------------------------------
-- Setup: a wizard per seat on the entrances (seed L158), with the default attributes until
-- the first turn's `prepare` lets each player make his own.
---------------------------------------------------------------------------------------------

-- The entrance a seat starts on: ends taken in turn (seat 0 the first row's, seat 1 the last
-- row's, then the second entrance of each end).
local function start_of(game, p)
  local e = game:marked("entrance")
  local order = { e[1], e[#e], e[2], e[#e - 1] }
  return order[(p % #order) + 1]
end

-- The way a wizard on an entrance faces: the side of his hex nearest the way to the middle of
-- the map (the middle of the entrances). Distances in whole numbers: a hex's centre is
-- (2q + r, r) in half-hex steps across and rows down, a row 3/4 of a step squared apart.
local function inward(game, cell)
  local e = game:marked("entrance")
  local mx = 0 ---@type number
  local my = 0 ---@type number
  for _, c in ipairs(e) do mx, my = mx + 2 * c.q + c.r, my + c.r end
  local best, facing = nil, nil
  for _, s in ipairs(game:cell_steps(cell)) do
    local dx, dy = #e * (2 * s.to.q + s.to.r) - mx, #e * s.to.r - my
    local d = dx * dx + 3 * dy * dy
    if not best or d < best then best, facing = d, s.dir end
  end
  return facing
end

local function make_wizard(game, p, attrs, at, facing)
  at = at or start_of(game, p)
  return game:create_figure {
    kind = "wizard", owner = p, at = at, facing = facing or inward(game, at),
    attrs = { st = attrs.st, dx = attrs.dx, iq = attrs.iq, ma = game:config().ma },
    tokens = { staff = 1 },
    vars = { wizard = true },
  }
end

function rules.setup(game)
  for _, p in ipairs(game:players()) do make_wizard(game, p.id, game:config().default_wizard) end
  game:set_first_player(0)
end

-- Card tests start on the first turn's movement with the default wizards, knowing nothing.
function rules.test_setup(game)
  game:set_var("prepared", true)
end

-- seed L53-L91: each player shares his 8 extra points (16 in the `experienced` game) among ST,
-- DX and IQ, none below 8, then picks as many spells as his IQ from those his IQ allows.
function rules.phases.prepare(game)
  if game:vars().prepared then return end
  local cfg = game:config()
  local extra = game:option("experienced") and cfg.experienced_extra or cfg.extra
  for _, p in ipairs(game:players()) do
    local opts = {}
    for st = 0, extra do
      for dx = 0, extra - st do
        local a = { st = cfg.base + st, dx = cfg.base + dx, iq = cfg.base + extra - st - dx }
        opts[#opts + 1] = { key = a.st .. "/" .. a.dx .. "/" .. a.iq, label = "ST " .. a.st .. ", DX " .. a.dx .. ", IQ " .. a.iq, attrs = a }
      end
    end
    local _, i = game:choose(p.id, "attributes", "Your wizard's ST, DX and IQ?", opts)
    ---@type {st: integer, dx: integer, iq: integer}
    local a = opts[i].attrs
    local w = assert(F.wizard_of(game, p.id))
    game:set_figure(w.id, { attrs = { st = a.st, dx = a.dx, iq = a.iq } })
    local spells = {}
    for _, k in ipairs(game:card_keys()) do
      local def = game:card_def(k)
      if def and C.iq_of(def) <= a.iq then spells[#spells + 1] = { key = k, label = def.name .. " (IQ " .. C.iq_of(def) .. ")" } end
    end
    local n = math.min(a.iq, #spells)
    local chosen = game:choose(p.id, "spells", "Choose " .. n .. " spells", spells, { min = n, max = n })
    local staff = false
    for _, k in ipairs(chosen) do
      game:new_card(k, { kind = "hand", player = p.id })
      -- seed L429: a wizard who knows Staff starts with one.
      if game:card_def(k).name == "Staff" then staff = true end
    end
    game:set_figure(w.id, { tokens = { staff = staff and 1 or false } })
  end
  game:set_var("prepared", true)
end

---------------------------------------------------------------------------------------------
-- The turn (seed L99-L113)
---------------------------------------------------------------------------------------------

-- (1) Initiative: each seat with a wizard standing rolls a die; those tied for the highest
-- roll again until one wins. The winner moves first or last, as he likes. reconstructed: the
-- seed orders two players; with more, the others move in the order of their rolls, ties in
-- an order the dice draw (by seat, the first seats won about two points more of 4-player games).
function rules.phases.initiative(game)
  local seats = {}
  for _, p in ipairs(game:players()) do
    if p.alive then seats[#seats + 1] = { id = p.id, roll = game:roll(6) } end
  end
  local draw = {}
  for i, p in ipairs(game:shuffle(seats)) do draw[p.id] = i end
  table.sort(seats, function(a, b) return a.roll > b.roll or (a.roll == b.roll and draw[a.id] < draw[b.id]) end)
  local tied = {}
  for _, s in ipairs(seats) do
    if s.roll == seats[1].roll then tied[#tied + 1] = s end
  end
  while #tied > 1 do
    local best, still = 0, {}
    for _, s in ipairs(tied) do
      s.again = game:roll(6)
      best = math.max(best, s.again)
    end
    for _, s in ipairs(tied) do
      if s.again == best then still[#still + 1] = s end
    end
    tied = still
  end
  local order = { tied[1].id }
  for _, s in ipairs(seats) do
    if s.id ~= order[1] then order[#order + 1] = s.id end
  end
  if #order > 1 then
    local _, i = game:choose(order[1], "initiative", "You won the initiative: move first or last?", {
      { key = "first", label = "move first" },
      { key = "last", label = "move last" },
    }, { pass = "first" })
    if i == 2 then table.insert(order, table.remove(order, 1)) end
  end
  game:set_turn_var("order", order)
end

-- (2) Renew spells (casting.lua). Renewing comes before the roll for initiative here: nothing
-- in either depends on the other, and a player answers his own questions first.
function rules.phases.renew(game)
  C.renew(game)
  F.update_hidden(game)
end

local function moved(game, f) return game:turn().vars["option:" .. f.id] ~= nil end

-- The next figure of seat p to move: its figures on the board, able, in the order they were
-- made, that have not moved yet.
local function next_mover(game, p)
  for _, f in ipairs(F.of_seat(game, p)) do
    if F.able(game, f) and not moved(game, f) and f.vars.created ~= game:turn().number then return f end
  end
  return nil
end

-- Able to act this turn: not fallen this turn, not made this turn (seed L337), not yet acted.
local function may_act(game, f)
  local v = game:turn().vars
  return f.at and F.able(game, f) and not v["acted:" .. f.id] and f.vars.created ~= game:turn().number
    and not (f.tokens.fell == game:turn().number)
end

-- seed L109: the figure with the highest adjusted DX at that moment acts next; ties by die
-- (rolled once a turn for each figure that needs it).
local function next_to_act(game)
  local best, best_dx, best_tie
  for _, f in ipairs(game:figures()) do
    if may_act(game, f) then
      local dx = F.adj_dx(game, f.id)
      if not best or dx > best_dx or dx == best_dx then
        local tie = game:turn().vars["tie:" .. f.id]
        if best and dx == best_dx then
          if not best_tie then
            best_tie = game:roll(6)
            game:set_turn_var("tie:" .. best.id, best_tie)
          end
          if not tie then
            tie = game:roll(6)
            game:set_turn_var("tie:" .. f.id, tie)
          end
        end
        if not best or dx > best_dx or (tie and best_tie and tie > best_tie) then
          best, best_dx, best_tie = f, dx, tie
        end
      end
    end
  end
  return best
end

function rules.next_actor(game, phase)
  if phase == "movement" then
    for _, p in ipairs(game:turn().vars.order or {}) do
      if next_mover(game, p) then return p end
    end
    return nil
  end
  local f = next_to_act(game)
  if not f then return nil end
  game:set_turn_var("actor", f.id)
  if not game:turn().vars["lashed:" .. f.id] then
    -- seed L492: a dragon's tail, as its turn to act comes
    game:set_turn_var("lashed:" .. f.id, true)
    X.tail(game, f)
  end
  return f.controller
end

-- (5) Forced retreats, then the end of the turn: beings whose master fell go (seed L345), a
-- figure that took 5 hits or more is at -2 DX next turn (L477), and the fight may be over.
function rules.phases.retreats(game)
  X.retreats(game)
  F.update_hidden(game)
  for k, v in pairs(game:turn().vars) do
    local card = k:match("^dismiss:(%d+)$")
    if card and v then C.end_spell(game, tonumber(card)) end
  end
  for _, f in ipairs(game:figures()) do
    F.set_token(game, f.id, "wounded", F.hits_this_turn(game, f.id) >= 5 and 1 or 0)
  end
  rules.check_end(game)
end

-- seed L503 (arena combat): the fight ends when all on one side have fallen; the last seat
-- with its wizard conscious wins. Everyone fallen at once: no winner.
function rules.check_end(game)
  local standing = {}
  for _, p in ipairs(game:players()) do
    local w = F.wizard_of(game, p.id)
    local up = w and w.at and not F.is_out(w)
    if p.alive and not up then game:set_alive(p.id, false) end
    if up then standing[#standing + 1] = p.id end
  end
  if #standing == 1 then
    game:set_result(standing[1], "the last wizard standing")
  elseif #standing == 0 then
    game:set_result(nil, "every wizard fell")
  end
end

---------------------------------------------------------------------------------------------
-- Actions
---------------------------------------------------------------------------------------------

-- What figure f may do when its turn to act comes, by the option it chose and how far it went
-- (seed L155: it may change options if it has not moved more than the new one allows).
local function action_list(game, p, f)
  local list = {}
  local v = game:turn().vars
  ---@type string?
  local letter = v["option:" .. f.id]
  local went = v["moved:" .. f.id] or 0
  local ma = F.ma(game, f.id)
  -- (the options that fix what the figure does: dodge, drop, stand, defend, disengage, pick up)
  local fixed = (" d e g i k l crawl hold "):find(" " .. tostring(letter) .. " ", 1, true) ~= nil
  local label_of = function(id) return F.name(game, id) end
  if letter == "k" and F.engaged(game, f) then
    list[#list + 1] = { kind = "disengage", figure = f.id, label = "disengage one hex" }
  elseif letter == "l" then
    list[#list + 1] = { kind = "pick_up", figure = f.id, label = "pick up your weapon" }
  elseif not fixed and not v["stood:" .. f.id] then
    if F.is_wizard(f) and went <= 1 then
      for _, c in ipairs(game:hand(p)) do
        if C.castable(game, f, c) then
          local card = game:card(c)
          for _, t in ipairs(C.targets(game, f, card)) do
            local cost = C.cost(game, f, c, t)
            if C.affords(game, f, cost) then
              local at = t.figure and (" at " .. label_of(t.figure)) or (t.cell and (" at hex " .. game:cell_name(t.cell)) or "")
              list[#list + 1] = {
                kind = "cast", figure = f.id, card = c, target = t,
                label = "cast " .. card.name .. at, hostile = C.hostile(game, f, card, t) or nil,
                -- (a spell whose cost leaves him ST 1 knocks him out, seed L57)
                risky = F.st(game, f.id) - cost <= 1 or nil,
              }
            end
          end
        end
      end
      -- seed L214: a spell cast blind into a hex where a hidden foe may stand (a question of
      -- its own asks which hex); bots leave it to people
      if C.hidden_foe_somewhere(game, f) then
        for _, c in ipairs(game:hand(p)) do
          local card = game:card(c)
          if C.blind(card) and C.castable(game, f, c) then
            list[#list + 1] = {
              kind = "guess", figure = f.id, card = c, risky = true,
              label = "cast " .. card.name .. " blind, into a hex where a hidden foe may be",
            }
          end
        end
      end
      -- seed L307: a wizard may say "secret protection", roll, and cast nothing
      list[#list + 1] = { kind = "feint", figure = f.id, label = "feign secret protection" }
      for _, e in ipairs(game:figures()) do
        if e.at and e.owner ~= f.owner and e.vars.wizard == nil and not e.unseen then
          list[#list + 1] = { kind = "disbelieve", figure = f.id, target = e.id, label = "disbelieve " .. label_of(e.id) }
        end
      end
    end
    if went == 0 then
      -- seed L616: standing still, a figure may try to slip its own rope or one next to it
      for _, e in ipairs(game:figures()) do
        local rope = e.at and F.spell_on(game, e.id, "rope")
        if rope and (e.id == f.id or F.distance(e.at, f.at) == 1) then
          list[#list + 1] = { kind = "unrope", figure = f.id, target = e.id, label = "free " .. label_of(e.id) .. " of the rope" }
        end
      end
    end
    if F.armed(f) and went <= math.max(ma // 2, 1) and not F.is_down(f) then
      for _, e in ipairs(X.targets(game, f)) do
        list[#list + 1] = { kind = "attack", figure = f.id, target = e.id, label = "strike " .. label_of(e.id), hostile = true }
      end
      local being = f.vars.being and F.being(game, f.vars.being)
      if being and being.breath and F.st(game, f.id) > being.breath.cost + 1 then
        for _, e in ipairs(game:figures()) do
          if e.at and F.enemies(e, f) and not e.unseen and game:los(f.at, e.at) then
            list[#list + 1] = { kind = "breathe", figure = f.id, target = e.id, label = "breathe fire at " .. label_of(e.id), hostile = true }
          end
        end
      end
    end
  end
  list[#list + 1] = { kind = "wait", figure = f.id, key = "wait", label = "do nothing more", pass = true }
  return list
end

function rules.actions(game, p)
  local phase = game:turn().phase
  if phase == "movement" then
    local f = next_mover(game, p)
    return f and M.options(game, f) or {}
  end
  local f = game:figure(game:turn().vars.actor or -1)
  if not f or f.controller ~= p then return {} end
  if not may_act(game, f) then return { { kind = "wait", figure = f.id, key = "wait", label = "do nothing more", pass = true } } end
  return action_list(game, p, f)
end

-- seed L372-L376: the owner of the figure disbelieved rolls 3 dice in secret; at most the
-- disbeliever's IQ dispels an illusion. An image or a real thing stays either way.
local function disbelieve(game, f, target)
  local t = game:figure(target)
  game:log("disbelieve", { figure = f.id, target = target })
  local total = 0
  for _ = 1, 3 do total = total + game:roll(6, t.owner) end
  if t.vars.unreal == "illusion" and total <= F.iq(game, f.id) then F.vanish(game, target, "disbelieved") end
end

function rules.perform(game, p, a)
  if a.kind == "option" then
    M.perform(game, p, a)
    F.update_hidden(game)
    return false
  end
  game:set_turn_var("acted:" .. a.figure, true)
  local f = game:figure(a.figure)
  if a.kind == "cast" then
    C.cast(game, p, a)
  elseif a.kind == "guess" then
    C.guess(game, p, a)
  elseif a.kind == "attack" then
    X.attack(game, a.figure, a.target)
  elseif a.kind == "breathe" then
    X.breathe(game, a.figure, a.target)
  elseif a.kind == "feint" then
    game:after("cast", { figure = f.id, spell = "secret protection", target = { figure = f.id } })
    for _ = 1, 3 do game:roll(6) end
  elseif a.kind == "disbelieve" then
    disbelieve(game, f, a.target)
  elseif a.kind == "disengage" then
    M.disengage(game, p, f)
  elseif a.kind == "unrope" then
    local rope = F.spell_on(game, a.target, "rope")
    if rope and F.saving_roll(game, F.adj_dx(game, f.id), 3) then C.end_spell(game, rope) end
  elseif a.kind == "pick_up" then
    -- seed L438: ready again
    F.set_token(game, f.id, F.is_wizard(f) and "staff" or "weapon", 1)
  end
  F.update_hidden(game)
  return false
end

---------------------------------------------------------------------------------------------
-- What people read
---------------------------------------------------------------------------------------------

function rules.narrate(game, entry, verbose) return require("rules.narrate").line(game, entry, verbose) end
function rules.status(game, p) return require("rules.narrate").status(game, p) end

-- For the search bot (`Engine::sample`): a sample of what a seat sees lacks the figures hidden
-- from it, and a foe whose wizard is hidden would look beaten. Each such foe gets a stand-in
-- wizard, unseen, on a free hex no figure against him stands next to (where a hidden one may
-- be), drawn by the sample's dice. reconstructed: the default wizard's numbers, and no memory
-- of where he was last seen.
function rules.determinize(game, seat)
  if seat == nil then return end
  local figures = game:figures()
  for _, p in ipairs(game:players()) do
    if p.alive and p.id ~= seat and not F.wizard_of(game, p.id) then
      local hexes = {}
      for _, cell in ipairs(game:disc(start_of(game, 0), 40)) do
        local ok = not C.excluded(game, cell) and #game:figures_at(cell) == 0
        for _, o in ipairs(game:objects_at(cell)) do
          if o.blocks_move then ok = false end
        end
        for _, f in ipairs(figures) do
          if ok and f.at and f.controller ~= p.id and F.distance(f.at, cell) <= 1 then ok = false end
        end
        if ok then hexes[#hexes + 1] = cell end
      end
      if #hexes > 0 then
        local stand_in = make_wizard(game, p.id, game:config().default_wizard, hexes[game:roll(#hexes)], game:directions()[1])
        game:set_figure(stand_in, { unseen = true })
      end
    end
  end
end

-- For the search bot: a seat's share of the strength still standing.
function rules.standing(game, p)
  local mine, all = 0, 0
  for _, f in ipairs(game:figures()) do
    if f.at and not F.is_out(f) then
      local st = F.st(game, f.id)
      all = all + st
      if f.controller == p then mine = mine + st end
    end
  end
  if all == 0 then return 0 end
  return mine * 1000 // all
end

return rules
