-- The 8th edition's doors (require("rules.doors"); the tags and verbs are the mechanics',
-- `base`). 8th: Doors: the doors of a wizard's home sector are unlocked for him, as is a door
-- he made (its `owner` tag) or one he has a pass for this turn (Pick Lock). Nobody follows a
-- wizard through a door unless he holds it open; once he is no longer next to it, it closes
-- and locks again. A wizard may hold open a door he could pass himself, from either square
-- beside it; the hold lasts past his turn, as long as he stays there.
local common = require("rules.common")
local targets = require("rules.targets")
local M = base

-- The edges of p's square, sorted (none when he is off the board).
local function edges_of_square(game, p)
  local at = game:player(p).at
  if not at or at.side ~= nil then return {} end
  local out = {}
  for _, info in pairs(targets.edges_around(game, at)) do out[#out + 1] = info end
  return out
end

-- Is wizard p in one of the two squares beside edge e?
function M.beside(game, p, e)
  for _, info in ipairs(edges_of_square(game, p)) do
    if common.same_edge(info.edge, e) then return true end
  end
  return false
end

-- Could p pass this closed door himself?
local function may_pass(game, p, info)
  local d = info.door
  if not d or M.is_sealed(game, info.edge) then return false end
  if d.tags.owner == p then return true end
  if d.sector ~= nil and d.sector == game:player(p).home_sector then return true end
  if game:turn().active == p then
    for _, e in ipairs(game:turn().vars.door_passes or {}) do
      if common.same_edge(game:edge(e).edge, info.edge) then return true end
    end
  end
  return false
end

-- The closed doors p may pass now: those of his square he may open (his home sector's, his
-- own) and those he has a pass for (game:steps `door_passes`).
function M.passes(game, p)
  local out = {}
  for _, e in ipairs(game:turn().active == p and game:turn().vars.door_passes or {}) do
    -- (a pass is worth nothing at a door sealed since: 8th Thaumaturgy "Seal Door")
    if not M.is_sealed(game, e) then out[#out + 1] = e end
  end
  for _, info in ipairs(edges_of_square(game, p)) do
    if info.barrier == "door" and not info.door.open and may_pass(game, p, info) then out[#out + 1] = info.edge end
  end
  return out
end

-- A closed door whose lock a pick or a key may open (Pick Lock, Master Key): not one sealed
-- shut (Seal Door: nobody unlocks or opens a sealed door; it may still be broken).
function M.unlockable(game, e)
  local info = game:edge(e)
  return info.barrier == "door" and not (info.door and info.door.open) and not M.is_sealed(game, info.edge)
end

-- The seal card c put on a door comes off (the spell ended): the door is an ordinary one again.
function M.unseal(game, c)
  for _, info in ipairs(game:edges("door")) do
    local tags = (info.door and info.door.tags) or {}
    if tags.sealed_by == c then
      game:set_door_tag(info.edge, "sealed", nil)
      game:set_door_tag(info.edge, "sealed_by", nil)
      if tags.look == "sealed" then game:set_door_tag(info.edge, "look", nil) end
    end
  end
end

-- Hold-door actions for the doors beside p that he may open and nobody holds.
function M.add_actions(game, p, list)
  for _, info in ipairs(edges_of_square(game, p)) do
    if info.barrier == "door" and M.holder(game, info.edge) == nil and not info.door.open and may_pass(game, p, info) then
      list[#list + 1] = { label = "hold door " .. targets.edge_key(info.edge), kind = "hold_door", edge = info.edge }
    end
  end
end

local hold = M.hold
function M.hold(game, p, e)
  if not hold(game, p, e) then return false end
  local held = common.copy(game:vars().held_doors)
  held[#held + 1] = e
  game:set_var("held_doors", held)
  game:after("door", { player = p, edge = e, held = true })
  return true
end

-- Closes every held door whose holder has left its side (or died). Called after each action
-- and each step, so that it happens at once.
function M.release_far(game)
  local held = game:vars().held_doors
  if not held or #held == 0 then return end
  local keep = {}
  for _, e in ipairs(held) do
    local info = game:edge(e)
    local holder = info.barrier == "door" and M.holder(game, e) or nil
    if holder ~= nil and game:player(holder).alive and M.beside(game, holder, e) then
      keep[#keep + 1] = e
    elseif holder ~= nil then
      M.release(game, e)
      game:after("door", { player = holder, edge = info.edge, closed = true })
    end
  end
  game:set_var("held_doors", keep)
end

return M
