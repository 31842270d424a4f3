-- The 8th edition's part of rules.targets (8th: Magic Card Targets, Target Range, Target Types,
-- Line of Sight and Adjacency); the rest is the shared mechanics' (`base`).
local effects = require("rules.effects")
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
