-- The classic edition's damage (require("rules.damage")): counteractions reduce, halve or stop
-- it in the order they resolved, indirect damage to a wizard opens its own window, walls, doors
-- and objects take hit points. The rest is the mechanics' (`base`).
local common = require("rules.common")
local M = base

-- classic, The Cards (COUNTERACTION): reductions and halvings, in the order the
-- counteractions resolved; a half rounds up.
function M.apply_mods(amount, marks)
  for _, m in ipairs(marks.mods or {}) do
    if m.op == "reduce" then
      amount = amount - m.n
    elseif m.op == "halve" then
      amount = (amount + 1) // 2
    elseif m.op == "stop" then
      amount = 0
    elseif m.op == "double" then -- Amplify (rules/modifiers.lua)
      amount = amount * 2
    end
    if amount <= 0 then return 0 end
  end
  return amount
end

-- classic, The Board: smashing a rim wall beside an exit lets you through to the opposite
-- edge, so the two rim walls a wrap-around (or warp) joins are one wall, like the double wall
-- where two sectors meet. The rim edge across from a rim edge, or nil.
local function rim_partner(game, edge)
  local info = game:edge(edge)
  if not info.boundary then return nil end
  local sides = common.edge_sides(game, info.edge)
  if #sides < 2 then return nil end
  return game:edge({ x = sides[2].square.x, y = sides[2].square.y, side = sides[2].side }).edge
end

-- Takes the wall or door off an edge, and off its rim partner; false if it cannot go.
function M.knock_down(game, edge, card)
  local other = rim_partner(game, edge)
  local ok = pcall(function() game:destroy_barrier(edge) end)
  if not ok then return false end
  game:after("object_destroyed", { edge = edge, card = card })
  if other and game:edge(other).barrier ~= "open" and pcall(function() game:destroy_barrier(other) end) then
    game:after("object_destroyed", { edge = other, card = card })
  end
  return true
end

-- classic, Combat: walls take 20 points, doors 15 (config); damage points add up on the edge
-- (and on its rim partner) until it falls. Edges that cannot be altered take nothing.
local function damage_edge(game, ev)
  local cfg = game:config()
  local info = game:edge(ev.target.edge)
  if info.barrier == "open" or info.barrier == "none" then return 0 end
  local limit = info.barrier == "door" and cfg.door_points or cfg.wall_points
  local total = info.damage + ev.amount
  if total >= limit then
    if not M.knock_down(game, info.edge) then return 0 end
    game:after("object_damaged", { target = ev.target, points = ev.amount })
  else
    game:set_edge_damage(info.edge, total)
    local other = rim_partner(game, info.edge)
    if other and game:edge(other).barrier == info.barrier then game:set_edge_damage(other, total) end
    game:after("object_damaged", { target = ev.target, points = ev.amount })
  end
  return ev.amount
end

-- Objects take points only if they have a toughness (Thornbush 5, a stone-filled square 20:
-- set by the card that makes them); treasures and dropped objects have none.
local function damage_object(game, ev)
  local o = game:object(ev.target.id)
  if not o or not o.id or not o.toughness then
    -- (an unbreakable object takes the blow for nothing: rules/targets.lua, breakable)
    if o and o.id and type(o.data) == "table" and o.data.unbreakable then
      game:after("object_damaged", { target = ev.target, points = 0 })
    end
    return 0
  end
  local total = o.damage + ev.amount
  game:set_object(o.id, { damage = total })
  game:after("object_damaged", { target = ev.target, points = ev.amount })
  if total >= o.toughness then
    game:remove_object(o.id)
    if o.card and game:card(o.card).zone.kind ~= "play" then common.discard(game, o.card) end
    game:after("object_destroyed", { object = o.id, what = common.object_facts(o) })
  end
  return ev.amount
end

-- Damage aimed at a wizard from outside a stack entry answering him (a falling wall, a
-- thornbush: indirect damage) opens its own window: classic, The Cards, ABSORB or BLUNT may
-- answer indirect damage. Returns the amount left.
-- The cards whose changes of `marks` lessen damage (all but a doubling), for the narration.
local function lesseners(marks, into)
  for _, m in ipairs(marks.mods or {}) do
    if m.op ~= "double" and m.card ~= nil then into[#into + 1] = m.card end
  end
  return into
end

local function indirect_window(ctx, victim, amount, tags, by)
  local game = ctx.game
  local id = game:push_stack {
    controller = ctx.controller or ctx.caster or victim, kind = "damage", energy = amount,
    target = { kind = "wizard", player = victim },
    marks = { defender = victim, amount = amount, tags = tags, source = ctx.card },
  }
  require("rules.play").respond(game, id) -- (at call time: play.lua requires this module)
  local e = game:pop_stack(id)
  lesseners(e.marks, by)
  if e.marks.cancelled or e.marks.evaded then return 0 end
  return M.apply_mods(amount, e.marks)
end

-- What the entry's counteractions leave, and the cards that lessened it; damage to a wizard
-- who is not the one the entry was aimed at (indirect damage) may still be answered, in its
-- own window.
function M.reduce(ctx, target, amount, tags, marks)
  local by = lesseners(marks, {})
  amount = M.apply_mods(amount, marks)
  if amount <= 0 then return 0, by end
  local game = ctx.game
  if target.kind == "wizard" and target.player ~= marks.defender and game:player(target.player).alive then
    amount = indirect_window(ctx, target.player, amount, tags, by)
  end
  return amount, by
end

M.things.wall = damage_edge
M.things.door = damage_edge
M.things.object = damage_object

return M
