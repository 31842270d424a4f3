-- Legal targets of a card (require("rules.targets")): 8th "Magic Card Targets", "Target Range",
-- "Target Types", "Line of Sight and Adjacency". A target is a table with a `kind`, what it
-- names (player, id, square, edge, card, sector) and a short `label` used in action keys.
local common = require("rules.common")
local effects = require("rules.effects")
local M = {}

local SIDES = { "N", "E", "S", "W" }

local function sq_label(s) return s.x .. "," .. s.y end

local function edge_key(e) return e.x .. "," .. e.y .. "," .. e.side end

-- Walls or doors as targets. Outer walls (and doors) can never be damaged, passed or
-- changed (8th: Damaging and Destroying Objects; Changing the Map), so no card targets them.
local function barrier_targets(game, barrier, out)
  for _, info in ipairs(game:edges(barrier)) do
    if not info.boundary then
      local e = info.edge
      out[#out + 1] = { kind = barrier, edge = e, label = barrier .. " " .. edge_key(e) }
    end
  end
end

-- Candidate targets of one type, before the range check. 8th: Target Types: "wizard" is
-- another player's wizard ("self" is the caster); an object is an inanimate thing on the
-- board, walls and doors included (not treasures, carried items or creatures).
local function candidates(game, p, ttype)
  local out = {}
  if ttype == "wizard" or ttype == "self" then
    for _, pl in ipairs(game:players()) do
      if pl.alive and ((ttype == "wizard") == (pl.id ~= p)) then
        out[#out + 1] = { kind = "wizard", player = pl.id, at = pl.at, label = "player " .. pl.id }
      end
    end
  elseif ttype == "object" or ttype == "treasure" then
    for _, o in ipairs(game:objects()) do
      local is_treasure = o.kind == "treasure"
      if o.at and o.at.side == nil and is_treasure == (ttype == "treasure") and o.kind ~= "creature" then
        out[#out + 1] = { kind = ttype, id = o.id, at = o.at, label = ttype .. " #" .. o.id }
      end
    end
    if ttype == "object" then
      barrier_targets(game, "wall", out)
      barrier_targets(game, "door", out)
    end
  elseif ttype == "square" or ttype == "empty_square" then
    for _, s in ipairs(game:squares()) do
      local empty = #game:wizards_at(s) == 0 and #game:objects_at(s) == 0
      if ttype == "square" or empty then
        out[#out + 1] = { kind = "square", at = s, x = s.x, y = s.y, label = "square " .. sq_label(s) }
      end
    end
  elseif ttype == "wall" or ttype == "door" then
    barrier_targets(game, ttype, out)
  elseif ttype == "border" then
    for _, info in ipairs(game:edges("open")) do
      if not info.boundary then
        out[#out + 1] = { kind = "border", edge = info.edge, label = "border " .. edge_key(info.edge) }
      end
    end
  elseif ttype == "spell" then
    for _, pl in ipairs(game:players()) do
      for _, c in ipairs(game:play_area(pl.id)) do
        local card = game:card(c)
        if card.kind ~= "item" then
          out[#out + 1] = { kind = "spell", card = c, player = pl.id, label = "spell " .. card.name .. " #" .. c }
        end
      end
    end
  elseif ttype == "sector" then
    for i = 0, game:sector_count() - 1 do
      out[#out + 1] = { kind = "sector", sector = i, label = "sector " .. i }
    end
  elseif ttype == "board" then
    out[#out + 1] = { kind = "board", label = "the board" }
  end
  if ttype == "creature" then -- rules/creatures.lua
    for _, o in ipairs(game:objects()) do
      if o.kind == "creature" and o.at and o.at.side == nil then
        out[#out + 1] = { kind = "creature", id = o.id, at = o.at, label = "creature #" .. o.id }
      end
    end
  end
  return out
end

-- The edges of a square, canonical (for caster and adjacent ranges on walls and doors).
local function edges_around(game, s)
  local out = {}
  for _, side in ipairs(SIDES) do
    local ok, info = pcall(function() return game:edge { x = s.x, y = s.y, side = side } end)
    if ok and info then out[edge_key(info.edge)] = true end
  end
  return out
end

-- 8th: Target Range (caster, adjacent, within LOS, anywhere).
-- `bent`: the sight may bend round one corner (Around the Corner), for wizards, squares and
-- objects (not walls or doors).
-- `from`: where p stands, if the caller knows it.
function M.in_range(game, p, range, t, bent, from)
  if range == nil or range == "anywhere" then return true end
  if t.kind == "board" or t.kind == "sector" or t.kind == "spell" then return true end
  from = from or game:player(p).at
  if not from then return false end
  if t.edge then
    if range == "los" then return game:los_edge(from, t.edge, true) end
    return edges_around(game, from)[edge_key(t.edge)] == true
  end
  local at = t.at
  if not at then return false end
  if range == "caster" then
    if t.kind == "wizard" then return t.player == p end
    return common.same_sq(from, at)
  elseif range == "adjacent" then
    return common.same_sq(from, at) or game:adjacent(from, at)
  elseif range == "los" then
    if common.same_sq(from, at) then return true end
    if bent and game:los_bent(from, at) ~= nil then return true end
    if t.kind == "object" or t.kind == "treasure" then return game:los_object(from, t.id) end
    return game:los(from, at)
  end
  return false
end

-- Every legal target of card `c` for player `p`: its target types, its range, no attack on
-- oneself (8th: Attacking), and the card's own `can_target` hook.
-- `cache` (optional, a table the caller keeps for one listing of actions) shares candidate
-- lists and range verdicts between the cards of that listing: nothing changes meanwhile.
function M.legal(game, p, c, cache)
  local card = game:card(c)
  local types = card.targets or {}
  local out, seen = {}, {}
  cache = cache or {}
  cache.candidates = cache.candidates or {}
  cache.in_range = cache.in_range or {}
  -- 8th Cantrip "Around the Corner": the next spell cast this turn may see round one corner.
  local bent = card.kind ~= "item" and game:turn().active == p and game:turn().vars.around_corner == true
  local asks = game:has_hook(c, "can_target")
  local from = game:player(p).at
  cache.unattackable = cache.unattackable or {}
  local function unattackable(q)
    if cache.unattackable[q] == nil then cache.unattackable[q] = effects.has(game, q, "unattackable") end
    return cache.unattackable[q]
  end
  local rkey = tostring(card.range) .. (bent and "+bent" or "")
  local verdicts = cache.in_range[rkey] or {}
  cache.in_range[rkey] = verdicts
  for _, ttype in ipairs(types) do
    cache.candidates[ttype] = cache.candidates[ttype] or candidates(game, p, ttype)
    for _, t in ipairs(cache.candidates[ttype]) do
      local self_attack = card.kind == "attack" and t.kind == "wizard" and (t.player == p or unattackable(t.player))
      if not seen[t.label] and not self_attack then
        if verdicts[t.label] == nil then verdicts[t.label] = M.in_range(game, p, card.range, t, bent, from) end
        if verdicts[t.label] and (not asks or game:call_card(c, "can_target", { caster = p, controller = p }, t) ~= false) then
          seen[t.label] = true
          out[#out + 1] = t
        end
      end
    end
  end
  return out
end

-- Targets of the given types within `range` of player p, without a card (a card's action
-- choosing where to aim: Stone Spikes).
function M.of_types(game, p, types, range)
  local out, seen = {}, {}
  for _, ttype in ipairs(types) do
    for _, t in ipairs(candidates(game, p, ttype)) do
      if not seen[t.label] and M.in_range(game, p, range, t, false) then
        seen[t.label] = true
        out[#out + 1] = t
      end
    end
  end
  return out
end

return M
