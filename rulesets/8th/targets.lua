-- The 8th edition's part of rules.targets (8th: Magic Card Targets, Target Range, Target Types,
-- Line of Sight and Adjacency); the rest is the shared mechanics' (`base`).
local effects = require("rules.effects")
local borders = require("rules.borders")
local M = base

-- 8th: Target Types: the type wizard means another player's wizard (self is the caster).
local every_wizard = M.kinds.wizard
function M.kinds.wizard(game, p)
  local out = {}
  for _, t in ipairs(every_wizard(game, p)) do
    if t.player ~= p then out[#out + 1] = t end
  end
  return out
end

-- An object is an inanimate thing on the board, walls and doors included (they keep their
-- `wall`/`door` labels), not treasures, carried items or creatures. Outer walls and doors can
-- never be damaged, passed or changed (8th: Damaging and Destroying Objects; Changing the
-- Map), so no card targets them.
local things = M.kinds.object
function M.kinds.object(game, p, range)
  local out = things(game, p, range)
  -- (The walls and doors in sight stay known to be in a line of sight's range: M.candidates.)
  local walls, doors = M.kinds.wall(game, p, range), M.kinds.door(game, p, range)
  local in_sight = {}
  for _, edges in ipairs({ walls, doors }) do
    local seen = edges.in_sight
    for _, t in ipairs(edges) do
      out[#out + 1] = t
      if seen == true or (seen and seen[t]) then in_sight[t] = true end
    end
  end
  out.in_sight = in_sight
  return out
end

local open_lines = M.kinds.border
-- 8th: Target Types, Border Line: the line a wall is made on; Changing the Map: never where
-- a wall stands, and a token on a line is a wall there (Glossary, Wall: a Wall of Fire). So
-- no border target holds a token (rules/borders.lua), for every card that makes a wall or a
-- door on a line.
function M.kinds.border(game, p, range)
  local out = {}
  local _, tokens = borders.token_lines(game)
  local lines = open_lines(game, p, range)
  for _, t in ipairs(lines) do
    if tokens[M.edge_key(t.edge)] == nil then out[#out + 1] = t end
  end
  out.in_sight = lines.in_sight
  return out
end

-- The lines holding a wall token (a Wall of Fire), as walls ("the wall north of (x,y)"): the type
-- `wall_token`, for a card that passes walls (Pass Through Wall; 8th: Glossary, Wall).
-- reconstructed: the type `wall` stays the kernel's walls, so the cards that break, eat or
-- open a wall do not aim at a Wall of Fire (the rulebook does not say whether Destroy Wall
-- puts one out). The list says which lines are in sight: the kernel's walls in sight are only
-- its walls and doors.
function M.kinds.wall_token(game, p, range)
  local from = game:player(p).at
  local any_point = game:config().walls_seen_at == "any_point"
  local out, in_sight = {}, {}
  for i, e in ipairs(borders.token_lines(game)) do
    local t = { kind = "wall", edge = e }
    out[i] = t
    if range == "los" and from and game:los_edge(from, e, any_point) then in_sight[t] = true end
  end
  out.in_sight = in_sight
  return out
end

-- What the mechanics exclude (no attack on oneself, no creation on a home base), nor an
-- attack on a wizard who cannot be attacked (Mist Body: rules/effects.lua).
local self_attack = M.excluded
function M.excluded(game, p, c, card, t, cache)
  if self_attack(game, p, c, card, t, cache) then return true end
  if card.kind ~= "attack" or t.kind ~= "wizard" then return false end
  cache.unattackable = cache.unattackable or {}
  if cache.unattackable[t.player] == nil then
    cache.unattackable[t.player] = effects.has(game, t.player, "unattackable")
  end
  return cache.unattackable[t.player]
end

-- A creature whose card says it is no valid target for spells or attacks (8th Alchemy
-- "Homunculus": `untargetable` in its data) is left out of every creature target list.
local creatures_listed = M.kinds.creature
function M.kinds.creature(game, p, range)
  local out = {}
  for _, t in ipairs(creatures_listed(game, p, range)) do
    local o = game:object(t.id)
    if not (o and o.data and o.data.untargetable) then out[#out + 1] = t end
  end
  return out
end

return M
