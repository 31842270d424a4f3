-- Movement (seed L115-L195): each figure picks one option of the list (a) to (n) when its turn
-- to move comes, moves as far as the option lets it, and may then turn to face any side.
local F = require("rules.figures")
local C = require("rules.casting")
local M = {}

local function key(c) return c.q .. "," .. c.r end

-- Fell this turn or last (seed L191: a figure that falls may do nothing next turn but stand up
-- or crawl).
function M.fell_lately(game, f)
  local fell = f.tokens.fell
  return fell ~= nil and fell >= game:turn().number - 1
end

-- The options open to figure f now (seed L117-L150), each with the hexes it lets f move.
function M.options(game, f)
  local out = {}
  local ma = F.ma(game, f.id)
  -- seed L160: halved movement still lets a wizard move one hex and cast.
  local half = math.max(ma // 2, math.min(ma, 1))
  local one = math.min(ma, 1)
  local wizard = F.is_wizard(f)
  local armed = F.armed(f) and f.vars.unreal ~= "image"
  local function add(letter, what, hexes, extra)
    local o = { kind = "option", figure = f.id, letter = letter, hexes = hexes, label = "(" .. letter .. ") " .. what }
    for k, v in pairs(extra or {}) do o[k] = v end
    out[#out + 1] = o
  end
  -- (doing nothing at all: what an idle seat answers; not for a figure an Avert drives away)
  if not F.spell_on(game, f.id, "avert") then add("hold", "stand still and do nothing this turn", 0, { pass = true }) end
  if F.is_down(f) then
    add("g", "stand up", 0, { stand = true })
    add("crawl", "crawl up to 2 hexes", math.min(2, ma))
    if wizard and not M.fell_lately(game, f) then add("c", "cast a spell lying down", 0) end
    return out
  end
  -- (a wizard's staff, or a being's weapon, dropped at its feet)
  local staff_here = (f.tokens.staff or 0) == 2 or (f.tokens.weapon or 0) == 2
  -- seed L182-L184: a flier of its own takes off as its move begins (half its flying MA this
  -- turn), and may land at any time, where it is or where its flight ends, moving no more on
  -- the ground that turn. reconstructed: not in the tunnel game (L182: a dragon cannot fly in
  -- a tunnel; the others would lose what flying gives).
  local fly = f.attrs.fly
  if fly and not wizard and not F.spell_on(game, f.id, "flying") and not game:option("tunnel") then
    if (f.tokens.aloft or 0) > 0 then
      add("land", "land where you are", 0, { land = true })
      add("alight", "fly up to " .. ma .. " hexes and land there", ma, { land_after = true })
    else
      add("fly", "take off and fly up to " .. fly // 2 .. " hexes", fly // 2, { take_off = true })
    end
  end
  if not F.engaged(game, f) then
    add("a", "move up to " .. ma .. " hexes", ma)
    if armed then add("b", "charge: move up to " .. half .. " and attack", half) end
    if wizard then add("c", "move up to " .. one .. " and cast a spell", one) end
    add("d", "dodge, moving up to " .. half, half, { stance = "dodge" })
    add("e", "drop to the ground, moving up to " .. half, half, { drop = true })
    if wizard then add("f", "disbelieve, moving up to " .. one, one) end
    if staff_here then add("l", "pick up your weapon", 0) end
  else
    if armed then add("h", "shift and attack", one) end
    if armed then add("i", "shift and defend", one, { stance = "defend" }) end
    if wizard then add("j", "shift and cast a spell", one) end
    add("k", "disengage when your turn to act comes", one)
    if staff_here then add("l", "pick up your weapon", 0) end
    if wizard then add("m", "shift and disbelieve", one) end
  end
  return out
end

-- May f stand on cell (its whole footprint there)? Not on a wall, another figure or, in the
-- tunnel, a shaded hex; a beast of IQ under 8 shuns fire (seed L590).
function M.cells_at(game, f, cell, facing)
  local offsets = f.vars.cells
  if not offsets then return { cell } end
  return game:footprint(cell, facing or f.facing, offsets)
end

-- (`seat` given: as that seat sees it, a figure hidden from it not there)
function M.free(game, f, cell, facing, seat)
  local cells = M.cells_at(game, f, cell, facing)
  if not cells then return false end
  for _, c in ipairs(cells) do
    if C.excluded(game, c) then return false end
    for _, o in ipairs(game:objects_at(c)) do
      if o.blocks_move then return false end
      if o.kind == "fire" and f.attrs.iq < 8 then return false end
    end
    for _, id in ipairs(game:figures_at(c)) do
      if id ~= f.id and (seat == nil or F.seen_by(game:figure(id), seat)) then return false end
    end
  end
  return true
end

-- Might figure g be an image, to f's side? A one-hex foe made by a spell (its kind `shown_as`
-- to others: a creation, whose nature they cannot see); f on foot and of one hex.
function M.may_be_image(g, f)
  return g.shown_as ~= nil and F.enemies(g, f) and not F.many_hexes(g) and not F.many_hexes(f)
end

-- What entering a hex on the way costs f, or nil if it may not pass there, and whether it may
-- stop there. A flyer goes over figures, fire and walls (seed L186); on foot, a figure may jump
-- a fallen or unconscious one for 3 MA, or step into its hex for 1 and stop there (L175; the
-- third result, the jump's cost, says so) and, `through` set, try to walk through a foe's
-- one-hex figure it hopes is an image (L362). A figure its side cannot see is not there for
-- it: it learns otherwise by walking into it (`walk`). reconstructed: the jump is the hex's
-- whole cost, and asks no roll; a giant or dragon only jumps.
function M.passage(game, f, cell, aloft, through)
  local cells = M.cells_at(game, f, cell)
  if not cells then return nil end
  for _, c in ipairs(cells) do
    if C.excluded(game, c) then return nil end
  end
  if aloft == nil then aloft = F.flying(game, f) end
  if aloft then return 1, M.free(game, f, cell, nil, f.controller) end
  local stand, fallen, walked_through = true, false, false
  for _, c in ipairs(cells) do
    for _, o in ipairs(game:objects_at(c)) do
      if o.blocks_move or (o.kind == "fire" and f.attrs.iq < 8) then return nil end
    end
    for _, id in ipairs(game:figures_at(c)) do
      local g = game:figure(id)
      if id ~= f.id and F.seen_by(g, f.controller) then
        stand = false
        if F.is_down(g) or F.is_out(g) then
          fallen = true
        elseif through and M.may_be_image(g, f) then
          walked_through = true
        else
          return nil
        end
      end
    end
  end
  if fallen and not walked_through and not F.many_hexes(f) then return 1, true, 3 end
  if fallen then return 3, false end
  return 1, stand
end

-- The hexes where entering stops a one-hex figure: the front hexes of armed enemies (seed L162)
-- that its side sees; a flyer's, only those of enemies in the air (L186).
local function stops_for(game, f)
  local stops = {}
  if F.many_hexes(f) then return stops end
  local flying = F.flying(game, f)
  for _, e in ipairs(game:figures()) do
    if e.at and F.enemies(e, f) and F.armed(e) and not F.is_out(e) and (not flying or F.flying(game, e))
      and F.seen_by(e, f.controller) then
      for _, c in ipairs(F.front(game, e)) do stops[key(c)] = true end
    end
  end
  return stops
end

---@class Reached a place of the search for where a figure may go
---@field cell Cell
---@field cost integer the MA spent to get there
---@field from? string the key of the place before
---@field over? boolean passed over, not a hex to stop on
---@field ends? boolean where the move ends (a fallen figure's hex, stepped into)
---@field through? boolean reached only through a foe taken for an image
---@field push? integer[] (a push, `M.pushes`) the figures pushed back
---@field via? Cell (a push) the hex the pusher comes from
---@field cells? Cell[] (a push) the hexes the pusher covers at its end

-- Every hex f may end on moving up to `hexes` of MA, with the cheapest path there (a search
-- over the board's steps, by cost: a jump costs more than a step). It may pass hexes it may not
-- stop on (`M.passage`), not end there. A hex it may either jump or step into and stop is two
-- places of the search: the step's (keyed by the hex, where the move ends) and the jump's
-- (keyed "^" and the hex, passed over). Each place found keeps the key of the one before.
function M.reach(game, f, hexes, through)
  local start = f.at
  ---@type table<string, Reached>
  local seen = { [key(start)] = { cell = start, cost = 0 } }
  local found = { key(start) }
  local stops = stops_for(game, f)
  local flying = F.flying(game, f)
  local by_cost = { [0] = { key(start) } }
  -- (what entering a hex costs, worked out once a hex: it is entered from up to six sides)
  local passages = {} ---@type table<string, table>
  local function passage(k, cell)
    local known = passages[k]
    if not known then
      local step, stand, jump = M.passage(game, f, cell, flying, through)
      known = { step or false, stand, jump }
      passages[k] = known
    end
    return known[1] or nil, known[2], known[3]
  end
  local function arrive(k, cell, total, from, over, ends)
    if total > hexes or (seen[k] and seen[k].cost <= total) then return end
    if not seen[k] and not over then found[#found + 1] = k end
    seen[k] = { cell = cell, cost = total, from = from, over = over or nil, ends = ends or nil }
    by_cost[total] = by_cost[total] or {}
    table.insert(by_cost[total], k)
  end
  for cost = 0, hexes - 1 do
    for _, k0 in ipairs(by_cost[cost] or {}) do
      local here = seen[k0]
      -- (an enemy's front stops a figure there; one it may not stop on it may not enter)
      if here.cost == cost and not here.ends and (cost == 0 or not stops[key(here.cell)]) then
        for _, s in ipairs(game:cell_steps(here.cell)) do
          local k = key(s.to)
          local step, stand, jump = passage(k, s.to)
          if step then arrive(k, s.to, cost + step, k0, not stand, jump ~= nil) end
          if jump then arrive("^" .. k, s.to, cost + jump, k0, true) end
        end
      end
    end
  end
  local out = {}
  for _, k in ipairs(found) do
    if not seen[k].over then out[#out + 1] = seen[k] end
  end
  return out, seen
end

-- An engaged figure's shift (seed L170): one hex, staying next to every enemy engaging it.
function M.shifts(game, f)
  local by = F.engaged_by(game, f)
  local out = {}
  for _, r in ipairs((M.reach(game, f, 1))) do
    local ok = true
    for _, e in ipairs(by) do
      local near = false
      for _, c in ipairs(e.cells) do
        if F.distance(c, r.cell) <= 1 then near = true end
      end
      if not near then ok = false end
    end
    if ok then out[#out + 1] = r end
  end
  return out
end

-- seed L582: a figure under Avert must end its move at least 2 hexes farther from the wizard
-- than it began; with nowhere to go it makes a saving roll on DX or falls.
function M.averted(game, f, list)
  local by = F.spell_on(game, f.id, "avert")
  if not by then return list end
  local w = game:figure(game:card_data(by, "caster"))
  if not w or not w.at then return list end
  local need = F.distance(f.at, w.at) + 2
  local out = {}
  for _, r in ipairs(list) do
    if F.distance(r.cell, w.at) >= need then out[#out + 1] = r end
  end
  if #out == 0 then
    if not F.saving_roll(game, F.adj_dx(game, f.id), 3) then F.knock_down(game, f.id) end
    return { list[1] }
  end
  return out
end

-- The hexes of the enemies f's side sees (what hunters close in on).
local function foes_seen(game, f)
  local out = {}
  for _, e in ipairs(game:figures()) do
    if e.at and F.enemies(e, f) and not e.unseen then out[#out + 1] = e.at end
  end
  return out
end

-- The nearest of `foes`' distance from a cell.
local function nearest(foes, cell)
  ---@type integer?
  local best
  for _, at in ipairs(foes) do
    local d = F.distance(cell, at)
    if not best or d < best then best = d end
  end
  return best
end

-- Moves along the path to `to`: fire hexes passed burn 2 and a fire stopped in 4 (seed L590),
-- a slippery hex entered asks a saving roll or the figure falls there (L648).
-- A figure standing in a hex f enters, not its own: one f's side cannot see, or a foe f tries
-- to walk through (L362), or nil.
local function standing_in(game, f, cell)
  for _, id in ipairs(game:figures_at(cell)) do
    local g = game:figure(id)
    if id ~= f.id and not F.is_down(g) and not F.is_out(g) then return g end
  end
  return nil
end

-- seed L362: a figure that runs into one that is no image stops short of it; the one run into
-- makes a saving roll on 3 dice against DX, the runner on 4, or each falls (a giant or dragon
-- rolls for no one-hex figure). reconstructed: running into a figure one could not see is the
-- same, and shows where it stands.
local function bump(game, f, g)
  F.reveal(game, g.id)
  game:log("bumped", { figure = f.id, target = g.id })
  if not F.many_hexes(g) and not F.saving_roll(game, F.adj_dx(game, g.id), 3) then F.knock_down(game, g.id) end
  if not F.many_hexes(f) and not F.saving_roll(game, F.adj_dx(game, f.id), 4) then F.knock_down(game, f.id) end
end

local function walk(game, f, seen, to)
  local path = {} ---@type Reached[]
  local k = key(to)
  while seen[k] and seen[k].from do
    table.insert(path, 1, seen[k])
    k = seen[k].from
  end
  local burn = 0
  local last, spent, fallen = f.at, 0, false
  -- (a flyer passes over fire and floor alike, seed L186: only where it stops may it burn)
  local aloft = F.flying(game, f)
  local bumped = nil ---@type Figure?
  for i, step in ipairs(path) do
    local c = step.cell
    -- (a flyer meets a figure only where it comes down: one it could not see, there)
    local g = (not aloft or i == #path) and standing_in(game, f, c)
    if g and g.vars.unreal == "image" then
      -- seed L362: an image walked through is gone
      F.vanish(game, g.id, "walked through")
    elseif g then
      bumped = g
      break
    end
    last, spent, fallen = c, step.cost, step.ends == true
    if F.filled_by(game, c, "fire") and (i == #path or not aloft) then burn = burn + (i == #path and 4 or 2) end
    if not aloft and not step.over and F.filled_by(game, c, "slippery") and not F.saving_roll(game, F.adj_dx(game, f.id), 3) then
      game:set_figure(f.id, { at = c })
      F.knock_down(game, f.id)
      break
    end
  end
  local from = f.at
  if game:figure(f.id) then game:set_figure(f.id, { at = last }) end
  game:after("move", { figure = f.id, from = from, to = last, hexes = spent })
  -- seed L175: one who steps into a fallen figure's hex (the search marked it) rolls 3 dice
  -- against DX or falls there.
  if fallen and game:figure(f.id) and not F.is_down(assert(game:figure(f.id)))
      and not F.saving_roll(game, F.adj_dx(game, f.id), 3) then
    F.knock_down(game, f.id)
  end
  if burn > 0 then require("rules.combat").harm(game, f.id, burn, { fire = true }) end
  if bumped then bump(game, f, bumped) end
  return spent
end

-- The hexes next to a one-hex figure it may be pushed to: free for it and outside `taken`.
local function room_for(game, g, taken)
  local out = {}
  for _, s in ipairs(game:cell_steps(g.at)) do
    if M.free(game, g, s.to) and not F.in_cells(s.to, taken) then out[#out + 1] = s.to end
  end
  return out
end

-- seed L177-L181: a giant or dragon may end its move, or take its shift, one hex further onto
-- one-hex figures whose ST together is less than its own, if each has a free hex next to it to
-- go to. reconstructed: onto enemies only (the seed does not say whose). Returns the pushes its
-- reached hexes allow within `hexes`: {cell, cost, via (the hex before), push, cells}.
function M.pushes(game, f, reached, hexes)
  local out = {}
  if not f.vars.cells then return out end
  local done = {}
  for _, r in ipairs(reached) do
    if r.cost < hexes then
      for _, s in ipairs(game:cell_steps(r.cell)) do
        local cells = not done[key(s.to)] and M.cells_at(game, f, s.to)
        done[key(s.to)] = true
        local push, st, ok = {}, 0, cells ~= nil
        for _, c in ipairs(cells or {}) do
          if C.excluded(game, c) or F.filled_by(game, c, "wall") then ok = false end
          for _, id in ipairs(game:figures_at(c)) do
            local g = game:figure(id)
            if id ~= f.id and g then
              if F.many_hexes(g) or not F.enemies(f, g) or #room_for(game, g, cells) == 0 then ok = false end
              push[#push + 1] = id
              st = st + F.st(game, id)
            end
          end
        end
        if ok and #push > 0 and st < F.st(game, f.id) then
          out[#out + 1] = { cell = s.to, cost = r.cost + 1, via = r.cell, push = push, cells = cells }
        end
      end
    end
  end
  return out
end

-- The push itself: the big figure moves to the hex it came from, then onto the pushed ones,
-- each of which steps to a free hex next to it (its controller's choice) on a saving roll
-- against DX, or falls there (seed L179).
local function push_on(game, f, seen, r)
  local moved = walk(game, f, seen, r.via)
  for _, id in ipairs(r.push) do
    local g = game:figure(id)
    if g and g.at then
      local opts = {}
      for _, c in ipairs(room_for(game, g, r.cells)) do opts[#opts + 1] = { key = key(c), to = c, label = "to hex " .. game:cell_name(c) } end
      if #opts > 0 then
        local _, i = game:choose(g.controller, "pushed", F.name(game, id) .. " is pushed back: where to?", opts)
        local from = g.at
        game:set_figure(id, { at = opts[i].to })
        game:after("move", { figure = id, from = from, to = opts[i].to, forced = true })
        if not F.saving_roll(game, F.adj_dx(game, id), 3) then F.knock_down(game, id) end
      end
    end
  end
  local from = game:figure(f.id).at
  game:set_figure(f.id, { at = r.cell })
  game:after("move", { figure = f.id, from = from, to = r.cell, hexes = 1 })
  return moved + 1
end

-- The option chosen: move (asking where, then which way to face), and remember what was
-- chosen for the action phase.
function M.perform(game, p, a)
  local f = game:figure(a.figure)
  game:set_turn_var("moved:" .. f.id, 0)
  game:set_turn_var("option:" .. f.id, a.letter)
  if a.stance then game:set_turn_var("stance:" .. f.id, a.stance) end
  if a.letter == "hold" then return end
  if a.land then
    F.set_token(game, f.id, "aloft", 0)
    return M.face(game, p, assert(game:figure(f.id)))
  end
  if a.take_off then
    F.set_token(game, f.id, "aloft", game:turn().number)
    f = assert(game:figure(f.id))
  end
  if a.stand then
    -- seed L145 (g): a figure fallen in a slippery hex must make a saving roll to stand (L648).
    if not (F.filled_by(game, f.at, "slippery") and not F.saving_roll(game, F.adj_dx(game, f.id), 3)) then
      F.set_token(game, f.id, "down", 0)
    end
    game:set_turn_var("stood:" .. f.id, true)
  elseif a.hexes > 0 then
    local engaged = F.engaged(game, f)
    local list, seen = M.reach(game, f, engaged and 1 or a.hexes)
    if engaged then list = M.shifts(game, f) end
    list = M.averted(game, f, list)
    if not F.spell_on(game, f.id, "avert") then
      for _, r in ipairs(M.pushes(game, f, list, engaged and 1 or a.hexes)) do list[#list + 1] = r end
    end
    -- seed L362: the hexes reached only by walking through a foe one takes for an image (bots
    -- leave them to people)
    local past_seen = seen
    local suspect = false
    for _, g in ipairs(game:figures()) do
      if g.at and M.may_be_image(g, f) and F.seen_by(g, f.controller) and F.distance(g.at, f.at) < a.hexes then
        suspect = true
      end
    end
    if suspect and not engaged and not F.spell_on(game, f.id, "avert") then
      local reached = {}
      for _, r in ipairs(list) do reached[key(r.cell)] = true end
      local past, through_seen = M.reach(game, f, a.hexes, true)
      past_seen = through_seen
      for _, r in ipairs(past) do
        if not reached[key(r.cell)] then
          r.through = true
          list[#list + 1] = r
        end
      end
    end
    local function path_of(r) return r.through and past_seen or seen end
    if #list > 1 then
      local foes = foes_seen(game, f)
      local here = nearest(foes, f.at)
      ---@type integer?
      local best
      for _, r in ipairs(list) do
        local d = nearest(foes, r.cell)
        if d and (not best or d < best) then best = d end
      end
      local opts = {}
      for _, r in ipairs(list) do
        local d = nearest(foes, r.cell)
        local o = { key = key(r.cell), to = r.cell, label = r.cost == 0 and "stay" or ("to hex " .. game:cell_name(r.cell)) }
        if r.push then
          o.key, o.label, o.push = "push " .. key(r.cell), "push on to hex " .. game:cell_name(r.cell), true
        elseif r.through then
          o.key, o.risky = "through " .. key(r.cell), true
          o.label = "to hex " .. game:cell_name(r.cell) .. ", through a foe you take for an image"
        end
        -- what hunters take: the hexes nearest a foe, when they are nearer than here
        if d and d == best and here and d < here then o.hostile = true end
        opts[#opts + 1] = o
      end
      local _, i = game:choose(p, "destination", "Where does " .. F.name(game, f.id) .. " move?", opts)
      local chosen = list[i] -- (the options are the hexes of the list, in its order)
      if chosen.push then
        game:set_turn_var("moved:" .. f.id, push_on(game, f, seen, chosen))
      else
        game:set_turn_var("moved:" .. f.id, walk(game, f, path_of(chosen), chosen.cell))
      end
    elseif #list == 1 and list[1].cost > 0 then
      game:set_turn_var("moved:" .. f.id, walk(game, f, path_of(list[1]), list[1].cell))
    end
  end
  f = game:figure(a.figure)
  if not f or not f.at then return end
  if a.drop then F.set_token(game, f.id, "down", 1) end
  if a.land_after and F.flying(game, f) then F.set_token(game, f.id, "aloft", 0) end
  M.face(game, p, f)
end

-- seed L221: a figure may turn to face any side at the end of its move (a many-hex figure as
-- its hexes allow).
function M.face(game, p, f)
  if F.is_down(f) then return end
  local opts = {}
  for _, d in ipairs(game:directions()) do
    if not f.vars.cells or M.free(game, f, f.at, d) then
      local o = { key = d, label = "face " .. d, facing = d }
      for _, e in ipairs(game:figures()) do
        if e.at and F.enemies(e, f) and not e.unseen then
          local b = game:bearing(f.at, d, e.at)
          if b and b.wedge == 0 then o.hostile = true end
        end
      end
      opts[#opts + 1] = o
    end
  end
  if #opts == 0 then return end
  local _, i = game:choose(p, "facing", "Which way does " .. F.name(game, f.id) .. " face?", opts)
  game:set_figure(f.id, { facing = opts[i].facing })
end

-- seed L452-L461: a figure that chose to disengage steps one hex away when its turn to act
-- comes, onto no enemy.
function M.disengage(game, p, f)
  local list, seen = M.reach(game, f, 1)
  local opts = {}
  for _, r in ipairs(list) do
    if r.cost == 1 then opts[#opts + 1] = { key = key(r.cell), to = r.cell, label = "to hex " .. game:cell_name(r.cell) } end
  end
  if #opts == 0 then return end
  local _, i = game:choose(p, "disengage", "Where does " .. F.name(game, f.id) .. " step back?", opts)
  walk(game, f, seen, opts[i].to)
end

return M
