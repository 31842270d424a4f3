-- The classic edition's part of rules.targets (classic, The Cards: the location indicator
-- L.O.S., ADJACENT, SAME SPACE, SELF, or none = anywhere; and Combat: you cannot attack
-- yourself, nor through any wall, firewall or bush); the rest is the shared mechanics' (`base`).
local common = require("rules.common")
local M = base

-- The walls or doors of the square `from`, by key. Only they can be in a range nearer than
-- L.O.S. (ADJACENT, SAME SPACE: M.in_range takes a line in such a range only if it is an edge of
-- the caster's square), so only they are candidates. Rim walls are walls too (classic, The
-- Board: one beside an exit can be smashed).
local function edges_of_square(game, from, barrier)
  local out = {}
  for _, info in ipairs(game:lines_around(from)) do -- (in key order)
    if info.barrier == barrier then
      out[#out + 1] = { kind = barrier, edge = info.edge }
    end
  end
  return out
end

-- Targets in key order (each once: M.target_key, "wall 3,2,N"), the keys sorted as plain
-- strings: no comparison function run for each pair, as `table.sort(list, by_key)` would.
local function in_key_order(list)
  local keys, of = {}, {}
  for i, t in ipairs(list) do
    local key = M.target_key(t)
    keys[i] = key
    of[key] = t
  end
  table.sort(keys)
  for i, key in ipairs(keys) do list[i] = of[key] end
  return list
end

-- In sight (L.O.S.), the lines seen as the edition says (config `walls_seen_at`: the 9th needs
-- only a point of the wall in sight, 9th: Targeting); nearer ranges, the caster's square's.
local function edges(barrier)
  return function(game, p, range)
    local from = game:player(p).at
    if range == "anywhere" or range == nil or not from then return M.edge_targets(game, barrier, barrier, true) end
    if range ~= "los" then return edges_of_square(game, from, barrier) end
    return in_key_order(M.edge_targets(game, barrier, barrier, true, range, from))
  end
end
M.kinds.wall = edges("wall")
M.kinds.door = edges("door")

-- An object in square `at` is ADJACENT to a wizard in `from`: the same square, or the next
-- one with the object in sight (a thornbush or stone filling its square does not hide itself).
function M.object_adjacent(game, from, id, at)
  if common.same_sq(from, at) then return true end
  for _, n in ipairs(game:neighbours(from)) do
    if common.same_sq(n.to, at) then return game:los_object(from, id) end
  end
  return false
end

local next_square = M.adjacent
function M.adjacent(game, from, t)
  if t.kind == "object" or t.kind == "treasure" then return M.object_adjacent(game, from, t.id, t.at) end
  return next_square(game, from, t)
end

-- classic, Combat: the only inanimate objects one may attack are walls, doors and thornbushes,
-- and whatever else a card gives points (`toughness`: solid stone). An attack card or a
-- weapon (thrown or wielded) aimed at an object needs one with points; a dropped item or a
-- treasure has none. Neutral spells (Drag) may still aim at any object. edition: an edition
-- over classic may say which objects an attack may aim at (M.excluded calls this).
function M.attackable(game, c, card, t)
  if t.kind ~= "object" then return true end
  local weapon = common.has_trait(game, c, "weapon") or common.has_trait(game, c, "thrown_weapon")
  if card.kind ~= "attack" and not weapon then return true end
  return M.breakable(game:object(t.id))
end

-- Does object o take points of damage: it has a toughness, or nothing breaks it (data
-- `unbreakable`: blows land on it for nothing, 9th Granite Cube)?
---@param o Object?
function M.breakable(o)
  return o ~= nil and (o.toughness ~= nil or (type(o.data) == "table" and o.data.unbreakable == true))
end

-- Squares a wizard may be teleported to (Teleport, Teleport Opponent): any square on the
-- board that no fixed object blocking movement fills (a thornbush, solid stone), as options
-- `{ label = "(x,y)", square }`.
function M.landing_squares(game)
  local out = {}
  for _, s in ipairs(game:squares()) do
    local blocked = false
    for _, o in ipairs(game:objects_at(s)) do if o.blocks_move then blocked = true end end
    if not blocked then out[#out + 1] = { label = M.sq_words(s), square = s } end
  end
  return out
end

-- Buddy: wizard p was befriended by q (q is in p's player var `buddies`): he may not attack
-- him; and any spell p aims at q would be his attack (classic, The Cards).
function M.spares(game, p, q)
  for _, x in ipairs(game:player(p).vars.buddies or {}) do
    if x == q then return true end
  end
  return false
end

-- Ugly: while wizard p is under an Ugly spell (player var `ugly`: the cards), every other
-- wizard looks away from him: he may aim no card at another wizard.
function M.shunned(game, p) return #(game:player(p).vars.ugly or {}) > 0 end

-- classic, Cards and Actions that Change the Map: nothing is created where something already
-- is. A wall is made on a line, not in a square: there it needs the line free of objects (a
-- Wall of Fire, a Waterwall's water). The 9th keeps this.
function M.creation_on_taken_line(game, card, t)
  return t.kind == "border" and M.is_creation(card) and #game:edge(t.edge).obstacles > 0
end

local self_attack = M.excluded
function M.excluded(game, p, c, card, t, cache)
  if t.kind == "wizard" and t.player ~= p and (M.spares(game, p, t.player) or M.shunned(game, p)) then return true end
  return self_attack(game, p, c, card, t, cache) or not M.attackable(game, c, card, t)
    or M.creation_on_taken_line(game, card, t)
end

return M
