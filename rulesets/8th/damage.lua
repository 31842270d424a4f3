-- The 8th edition's damage (require("rules.damage")): reductions protect one wizard, walls,
-- doors and objects take cracks, creatures lose life. The rest is the mechanics' (`base`).
local common = require("rules.common")
local creations = require("rules.creations")
local creatures = require("rules.creatures")
local effects = require("rules.effects")
local M = base

-- A wizard who cannot be attacked (Mist Body: rules/effects.lua `unattackable`) takes no
-- damage from an attack, however it reaches him: aimed at him (target lists leave him out
-- already), along a bolt's line or over an area. Damage that is no attack (crossing a Wall
-- of Fire) still hurts him.
local to_wizard = M.to_wizard
function M.to_wizard(game, ev)
  if ev.attack and effects.has(game, ev.target.player, "unattackable") then return 0 end
  return to_wizard(game, ev)
end

-- 8th: Canceling, Reducing, and Evading Spells: a reduction counts only for the player it
-- protects (reduce_p<id>), or for all (reduce); the cards that made one (marks.reducers,
-- rules/ctx.lua: reduce) are named to the narration.
function M.reduce(_ctx, target, amount, _tags, marks)
  local cut = marks.reduce or 0
  if target.kind == "wizard" then cut = cut + (marks["reduce_p" .. target.player] or 0) end
  if cut <= 0 then return amount, nil end
  local by = {}
  for _, r in ipairs(marks.reducers or {}) do
    if r.player == nil or (target.kind == "wizard" and r.player == target.player) then by[#by + 1] = r.card end
  end
  return math.max(0, amount - cut), by
end

-- The cracks damage `ev` gives: one per full 3 points (config crack_every), or one per
-- point when the damage says so (tag `crack_per_point`: 8th Thaumaturgy "Wizardblade").
local function cracks_of(game, ev)
  if (ev.tags or {}).crack_per_point then return ev.amount end
  return ev.amount // game:config().crack_every
end

-- 8th: Damaging and Destroying Objects: one crack per full 3 damage of one attack; a stone
-- wall breaks at 5 cracks, a door at 3; outer walls cannot be damaged.
local function damage_edge(game, ev)
  local cfg = game:config()
  local info = game:edge(ev.target.edge)
  if info.boundary or info.barrier == "open" then return 0 end
  local cracks = cracks_of(game, ev)
  if cracks <= 0 then return 0 end
  local limit = info.barrier == "door" and cfg.door_cracks or cfg.wall_cracks
  local total = info.damage + cracks
  game:set_edge_damage(info.edge, math.min(total, limit))
  game:after("object_damaged", { target = ev.target, cracks = cracks })
  if total >= limit then
    game:destroy_barrier(info.edge)
    game:after("object_destroyed", { edge = info.edge })
    if info.created_by then creations.lost(game, info.created_by, { edge = info.edge }) end
  end
  return cracks
end

-- Objects take cracks only if their card gives them a limit (the object's toughness).
local function damage_object(game, ev)
  local o = game:object(ev.target.id)
  if not o or not o.id or not o.toughness then return 0 end
  local cracks = cracks_of(game, ev)
  if cracks <= 0 then return 0 end
  local total = o.damage + cracks
  game:set_object(o.id, { damage = total })
  game:after("object_damaged", { target = ev.target, cracks = cracks })
  if total >= o.toughness then
    game:remove_object(o.id)
    if o.card then common.discard(game, o.card) end
    game:after("object_destroyed", { object = o.id, what = common.object_facts(o) })
    creations.lost_object(game, o.id)
  end
  return cracks
end

local function by_cracks(f)
  return function(game, ev) return f(game, ev) > 0 and ev.amount or 0 end
end
M.things.wall = by_cracks(damage_edge)
M.things.door = M.things.wall
M.things.object = by_cracks(damage_object)

-- A creature loses life (rules/creatures.lua hears its own `damage` event).
local things = M.to_thing
function M.to_thing(game, ev)
  if ev.target.kind == "creature" then return creatures.damage(game, ev) end
  return things(game, ev)
end

return M
