-- Legal targets of a card (require("rules.targets")): classic, The Cards (the location
-- indicator: L.O.S., ADJACENT, SAME SPACE, SELF, or none = anywhere) and Combat (you cannot
-- attack yourself, nor through any wall, firewall or bush). A target is a table with a `kind`,
-- what it names (player, id, square, edge, card, sector) and a short `label` for action keys.
local common = require("rules.common")
local M = {}

local SIDES = { "N", "E", "S", "W" }

local function sq_label(s) return s.x .. "," .. s.y end

function M.edge_key(e) return e.x .. "," .. e.y .. "," .. e.side end

-- Every edge of the board holding `barrier` ("wall", "door" or "open"), canonical, once.
function M.edges_of(game, barrier)
  return game:edges(barrier)
end

-- The four edges of a square, canonical, keyed by edge_key.
function M.edges_around(game, s)
  local out = {}
  for _, side in ipairs(SIDES) do
    local ok, info = pcall(function() return game:edge { x = s.x, y = s.y, side = side } end)
    if ok and info then out[M.edge_key(info.edge)] = info end
  end
  return out
end

-- Walls or doors that a wizard at `from` might see: the edges of the squares he sees (a
-- wall's centre in sight has a square in sight beside it), far fewer than the whole board.
local function edges_near(game, from, barrier)
  local out, seen = {}, {}
  local squares = game:visible_from(from)
  squares[#squares + 1] = from
  for _, s in ipairs(squares) do
    for k, info in pairs(M.edges_around(game, s)) do
      if info.barrier == barrier and not seen[k] then
        seen[k] = true
        out[#out + 1] = info
      end
    end
  end
  table.sort(out, function(a, b) return M.edge_key(a.edge) < M.edge_key(b.edge) end)
  return out
end

local function candidates(game, p, ttype, range)
  local out = {}
  if ttype == "wizard" or ttype == "self" then
    for _, pl in ipairs(game:players()) do
      if pl.alive and pl.at and (ttype == "wizard" or pl.id == p) then
        out[#out + 1] = { kind = "wizard", player = pl.id, at = pl.at, label = "player " .. pl.id }
      end
    end
  elseif ttype == "object" or ttype == "treasure" then
    for _, o in ipairs(game:objects()) do
      local is_treasure = o.kind == "treasure"
      if o.at and o.at.side == nil and is_treasure == (ttype == "treasure") then
        out[#out + 1] = { kind = ttype, id = o.id, at = o.at, label = ttype .. " #" .. o.id }
      end
    end
  elseif ttype == "square" or ttype == "empty_square" then
    for _, s in ipairs(game:squares()) do
      local empty = #game:wizards_at(s) == 0 and #game:objects_at(s) == 0
      if ttype == "square" or empty then
        out[#out + 1] = { kind = "square", at = s, x = s.x, y = s.y, label = "square " .. sq_label(s) }
      end
    end
  elseif ttype == "wall" or ttype == "door" then
    local from = game:player(p).at
    local list
    if range == "anywhere" or range == nil or not from then
      list = M.edges_of(game, ttype)
    else
      list = edges_near(game, from, ttype)
    end
    for _, info in ipairs(list) do
      out[#out + 1] = { kind = ttype, edge = info.edge, label = ttype .. " " .. M.edge_key(info.edge) }
    end
  elseif ttype == "border" then
    for _, info in ipairs(M.edges_of(game, "open")) do
      if not info.boundary then
        out[#out + 1] = { kind = "border", edge = info.edge, label = "border " .. M.edge_key(info.edge) }
      end
    end
  elseif ttype == "spell" then
    for _, pl in ipairs(game:players()) do
      for _, c in ipairs(game:play_area(pl.id)) do
        local card = game:card(c)
        if not common.is_object(game, c) then
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
  return out
end

-- An object in square `at` is ADJACENT to a wizard in `from`: the same square, or the next
-- one with the object in sight (a thornbush or stone filling its square does not hide itself).
function M.object_adjacent(game, from, id, at)
  if common.same_sq(from, at) then return true end
  for _, n in ipairs(game:neighbours(from)) do
    if common.same_sq(n.to, at) then return game:los_object(from, id) end
  end
  return false
end

-- classic, The Cards: the location indicator. Walls and doors are seen at their centre
-- (classic: "the center of the wall"); ADJACENT and SAME SPACE walls are the caster's
-- square's own edges.
-- `from`: where p stands, if the caller knows it.
function M.in_range(game, p, range, t, from)
  if range == nil or range == "anywhere" then return true end
  if t.kind == "board" or t.kind == "sector" or t.kind == "spell" then return true end
  from = from or game:player(p).at
  if not from then return false end
  if range == "self" then return t.kind == "wizard" and t.player == p end
  if t.edge then
    if range == "los" then return game:los_edge(from, t.edge, false) end
    return M.edges_around(game, from)[M.edge_key(t.edge)] ~= nil
  end
  local at = t.at
  if not at then return false end
  if range == "same_space" then
    return common.same_sq(from, at)
  elseif range == "adjacent" then
    if t.kind == "object" or t.kind == "treasure" then return M.object_adjacent(game, from, t.id, at) end
    return common.same_sq(from, at) or game:adjacent(from, at)
  elseif range == "los" then
    if common.same_sq(from, at) then return true end
    if t.kind == "object" or t.kind == "treasure" then return game:los_object(from, t.id) end
    return game:los(from, at)
  end
  return false
end

-- classic, Combat: the only inanimate objects one may attack are walls, doors and thornbushes,
-- and whatever else a card gives points (`toughness`: solid stone). An attack card or a
-- weapon (thrown or wielded) aimed at an object needs one with points; a dropped item or a
-- treasure has none. Neutral spells (Drag) may still aim at any object.
local function attackable(game, c, t)
  if t.kind ~= "object" then return true end
  local card = game:card(c)
  local weapon = common.has_trait(game, c, "weapon") or common.has_trait(game, c, "thrown_weapon")
  if card.kind ~= "attack" and not weapon then return true end
  local o = game:object(t.id)
  return o ~= nil and o.toughness ~= nil
end

-- Every legal target of card `c` for player `p`: its target types, its range, no attack on
-- oneself (classic, Combat), only objects that can be attacked, and the card's own
-- `can_target` hook.
-- `cache` (optional, a table the caller keeps for one listing of actions) shares the
-- candidate lists between cards.
function M.legal(game, p, c, cache)
  local card = game:card(c)
  local out, seen = {}, {}
  cache = cache or {}
  cache.in_range = cache.in_range or {}
  local asks = game:has_hook(c, "can_target")
  local from = game:player(p).at
  local verdicts = cache.in_range[tostring(card.range)] or {}
  cache.in_range[tostring(card.range)] = verdicts
  for _, ttype in ipairs(card.targets or {}) do
    local ck = ttype .. "/" .. tostring(card.range)
    if not cache[ck] then cache[ck] = candidates(game, p, ttype, card.range) end
    for _, t in ipairs(cache[ck]) do
      local self_attack = card.kind == "attack" and t.kind == "wizard" and t.player == p
      if not seen[t.label] and not self_attack and attackable(game, c, t) then
        if verdicts[t.label] == nil then verdicts[t.label] = M.in_range(game, p, card.range, t, from) end
        if verdicts[t.label] and (not asks or game:call_card(c, "can_target", { caster = p, controller = p }, t) ~= false) then
          seen[t.label] = true
          out[#out + 1] = t
        end
      end
    end
  end
  return out
end

return M
