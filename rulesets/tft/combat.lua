-- Physical attacks, hits and armour, and forced retreats (seed L412-L484).
local F = require("rules.figures")
local C = require("rules.casting")
local X = {}

-- The hits armour stops per attack (seed L447-L449): a beast's hide, and Stone or Iron
-- Flesh (not both: the better counts).
function X.armour(game, id)
  local f = game:figure(id)
  local n = 0
  local being = f.vars.being and F.being(game, f.vars.being)
  if being and f.vars.unreal == nil then n = being.armour or 0 end
  local best = 0
  for _, c in ipairs(F.spells_on(game, id)) do
    local stops = game:card_data(c, "stops")
    if math.type(stops) == "integer" and stops > best then best = stops end
  end
  return n + best
end

-- Harm from one attack or one source: armour first (seed L447), then hits. Returns the hits
-- taken. tags.magic: a spell that ignores armour (Death Spell) passes `pierce`.
function X.harm(game, id, amount, tags)
  tags = tags or {}
  local f = game:figure(id)
  if not f or amount <= 0 then return 0 end
  local stopped = tags.pierce and 0 or X.armour(game, id)
  local n = math.max(0, amount - stopped)
  if n == 0 then
    if f.vars.unreal == "image" then F.vanish(game, id, "touched") end
    return 0
  end
  return F.take_hits(game, id, n, tags.source)
end

-- Rolls dice d6 plus add (never below 0), times the effect of a 3 or a 4 (seed L261).
function X.dice(game, dice, add, effect)
  local total = add or 0
  for _ = 1, dice do total = total + game:roll(6) end
  return math.max(0, total) * (effect or 1)
end

-- What a figure strikes with: a wizard his staff, a being its table entry (seed L412-L440).
function X.weapon(game, f)
  if F.is_wizard(f) then return game:config().staff end
  local being = F.being(game, f.vars.being or f.kind)
  -- (a weapon dropped: bare hands, seed L444)
  if being and being.hands and (f.tokens.weapon or 0) == 2 then return being.hands end
  return being and being.attack or { dice = 1, add = 0 }
end

-- The enemies figure f may strike now: in its front hexes (seed L233, L414).
function X.targets(game, f)
  local out = {}
  for _, e in ipairs(game:figures()) do
    if e.at and F.enemies(e, f) and F.faces(game, f, e) and (not e.unseen) then out[#out + 1] = e end
  end
  return out
end

-- +2 from the enemy's side, +4 from its rear (seed L240); none at a figure on the ground,
-- which is all rear (L223: +4).
local function flank(game, a, b)
  if F.is_down(b) then return 4 end
  local bearing = game:bearing(b.at, b.facing, a.at)
  if not bearing or not bearing.wedge then return 0 end
  if bearing.wedge == 3 then return 4 end
  if bearing.wedge == 2 or bearing.wedge == 4 then return 2 end
  return 0
end

-- One physical attack (seed L414-L426): roll to hit at adjusted DX (4 dice against a figure
-- defending), then damage. A 17 drops the weapon and an 18 breaks it (wizards' staffs, L273).
-- An image that strikes vanishes (L358).
function X.attack(game, a_id, b_id)
  local a, b = game:figure(a_id), game:figure(b_id)
  F.reveal(game, a_id)
  game:after("attack", { attacker = a_id, target = b_id })
  local adj = F.adj_dx(game, a_id) + flank(game, a, b) + C.against(game, b_id) + C.own(game, a, b.at)
  local defending = game:turn().vars["stance:" .. b_id] == "defend" and F.armed(b)
  local hit, total, effect = C.roll_to_hit(game, adj, defending and 4 or 3)
  game:log("to_hit", { figure = a_id, roll = total, need = adj, hit = hit })
  if a.vars.unreal == "image" then
    F.vanish(game, a_id, "touched")
    if hit and b.vars.unreal == "image" then F.vanish(game, b_id, "touched") end
    return
  end
  if not hit then
    if F.is_wizard(a) and (total == 17 or total == 21 or total == 22) then F.set_token(game, a_id, "staff", 2) end
    if F.is_wizard(a) and (total == 18 or total >= 23) then F.set_token(game, a_id, "staff", 3) end
    return
  end
  local w = X.weapon(game, a)
  local dmg = X.dice(game, w.dice, w.add, effect)
  -- seed L442: a broken weapon does half damage, rounded down
  if (a.tokens.weapon or 0) == 3 then dmg = dmg // 2 end
  local n = X.harm(game, b_id, dmg, { physical = true, source = a_id })
  if n > 0 then
    local struck = game:turn().vars["struck:" .. a_id] or {}
    local list = {}
    for _, id in ipairs(struck) do list[#list + 1] = id end
    list[#list + 1] = b_id
    game:set_turn_var("struck:" .. a_id, list)
  end
end

-- A dragon's breath (seed L492): thrown-spell range, at any hex, for ST.
function X.breathe(game, a_id, b_id)
  local a, b = game:figure(a_id), game:figure(b_id)
  local being = F.being(game, a.vars.being)
  local adj = F.adj_dx(game, a_id) - F.distance(a.at, b.at) + C.against(game, b_id)
  game:after("attack", { attacker = a_id, target = b_id, breath = true })
  F.spend(game, a_id, being.breath.cost)
  local hit, total, effect = C.roll_to_hit(game, adj, 3)
  game:log("to_hit", { figure = a_id, roll = total, need = adj, hit = hit })
  if hit then X.harm(game, b_id, X.dice(game, being.breath.dice, 0, effect), { fire = true, source = a_id }) end
end

-- The hexes behind a many-hex figure: those next to it in the wedge behind its anchor.
-- reconstructed: the seed's dragon diagrams are lost.
function X.rear(game, f) return F.around(game, f, { 3 }) end

-- seed L492: a dragon on the ground lashes its tail when its turn to act comes, whatever it
-- then does: a roll at its adjusted DX against each one-hex figure in its rear hexes; one it
-- hits makes a saving roll on DX or falls. It does no harm. reconstructed: only at foes.
function X.tail(game, d)
  local being = F.being(game, d.vars.being or d.kind)
  if not (being and being.dragon) or not d.at or F.flying(game, d) or F.is_down(d) or F.is_out(d) then return end
  local rear = X.rear(game, d)
  for _, e in ipairs(game:figures()) do
    if e.at and not F.many_hexes(e) and F.enemies(e, d) and F.in_cells(e.at, rear) then
      game:after("attack", { attacker = d.id, target = e.id, tail = true })
      local hit, total = C.roll_to_hit(game, F.adj_dx(game, d.id), 3)
      game:log("to_hit", { figure = d.id, roll = total, need = F.adj_dx(game, d.id), hit = hit })
      if hit and not F.saving_roll(game, F.adj_dx(game, e.id), 3) then F.knock_down(game, e.id) end
    end
  end
end

-- seed L113, L474: a figure that put hits on an enemy with a physical attack this turn and
-- took none itself may push that enemy one hex to a vacant hex and follow or stand. An enemy
-- with nowhere to go makes a saving roll on DX or falls.
function X.retreats(game)
  for _, a in ipairs(game:figures()) do
    local struck = game:turn().vars["struck:" .. a.id]
    if struck and a.at and not F.is_out(a) and F.hits_this_turn(game, a.id) == 0 then
      for _, b_id in ipairs(struck) do
        local b = game:figure(b_id)
        a = game:figure(a.id)
        if a and b and b.at and not F.many_hexes(b) and F.distance(a.at, b.at) == 1 then
          X.force_back(game, a, b)
        end
      end
    end
  end
end

-- The hexes offered are those free as the pusher's side sees them. reconstructed: pushed
-- onto a figure hidden from it, the enemy goes nowhere, as if it had no room, and the hidden
-- figure shows where it stands.
function X.force_back(game, a, b)
  local opts = { { key = "none", label = "leave it where it is" } }
  local M = require("rules.movement")
  local function no_room()
    if not F.saving_roll(game, F.adj_dx(game, b.id), 3) then F.knock_down(game, b.id) end
  end
  for _, s in ipairs(game:cell_steps(b.at)) do
    if M.free(game, b, s.to, nil, a.controller) then
      opts[#opts + 1] = { key = s.to.q .. "," .. s.to.r, to = s.to, label = "push it to hex " .. game:cell_name(s.to), hostile = true }
    end
  end
  if #opts == 1 then return no_room() end
  local _, i = game:choose(a.controller, "retreat", "Force " .. F.name(game, b.id) .. " back?", opts)
  if not opts[i].to then return end
  if not M.free(game, b, opts[i].to) then
    for _, id in ipairs(game:figures_at(opts[i].to)) do F.reveal(game, id) end
    return no_room()
  end
  local from = b.at
  game:set_figure(b.id, { at = opts[i].to })
  game:after("move", { figure = b.id, from = from, to = opts[i].to, forced = true })
  local _, j = game:choose(a.controller, "advance", "Does " .. F.name(game, a.id) .. " follow?", {
    { key = "advance", label = "advance into the hex left", advance = true },
    { key = "stand", label = "stand still" },
  })
  if j == 1 and M.free(game, a, from) then
    local was = a.at
    game:set_figure(a.id, { at = from })
    game:after("move", { figure = a.id, from = was, to = from })
  end
end

return X
