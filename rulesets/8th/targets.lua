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
  for _, t in ipairs(M.kinds.wall(game, p, range)) do out[#out + 1] = t end
  for _, t in ipairs(M.kinds.door(game, p, range)) do out[#out + 1] = t end
  return out
end

-- No attack on oneself, nor on a wizard who cannot be attacked (Mist Body: rules/effects.lua).
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

-- 8th Cantrip "Around the Corner": the next spell cast this turn may see round one corner.
function M.bent(game, p, c, card)
  return card.kind ~= "item" and game:turn().active == p and game:turn().vars.around_corner == true
end

-- 8th Alchemy "Visionstone" (rules/stones.lua, power `see_through`): its wielder's spells, not
-- his thrown items, may see through one wall or door, chosen anew for each cast. Within one
-- listing every spell of his sees the same way (Around the Corner, if cast, wins).
local bent_by_corner = M.bent
function M.bent(game, p, c, card)
  if bent_by_corner(game, p, c, card) then return true end
  if card.kind ~= "item" and require("rules.stones").bonus(game, p, "see_through") > 0 then return "through_wall" end
  return false
end

local in_range_plain = M.in_range
function M.in_range(game, p, range, t, bent, from)
  if bent ~= "through_wall" then return in_range_plain(game, p, range, t, bent, from) end
  if in_range_plain(game, p, range, t, false, from) then return true end
  return range == "los" and require("rules.stones").seen_through_wall(game, from or game:player(p).at, t)
end

return M
