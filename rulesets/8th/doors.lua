-- Holding doors open (require("rules.doors")).
-- 8th: Doors: nobody follows a wizard through a door unless he holds it open; once he is no
-- longer next to it, it closes and locks again. A wizard may hold open a door he could pass
-- himself (a door of his home sector, a door he owns, a door he has a pass for this turn)
-- from either square beside it. The hold lasts past his turn, as long as he stays there.
local M = {}

local SIDES = { "N", "E", "S", "W" }

local common = require("rules.common")

local function edge_label(e) return e.x .. "," .. e.y .. "," .. e.side end

-- Is wizard p in one of the two squares beside edge e?
function M.beside(game, p, e)
  local at = game:player(p).at
  if not at or at.side ~= nil then return false end
  for _, side in ipairs(SIDES) do
    local ok, info = pcall(function() return game:edge { x = at.x, y = at.y, side = side } end)
    if ok and info and common.same_edge(info.edge, e) then return true end
  end
  return false
end

-- Could p pass this closed door himself?
local function may_pass(game, p, info)
  local d = info.door
  if not d or d.sealed then return false end
  if d.owner_player == p then return true end
  if d.owner_sector ~= nil and d.owner_sector == game:player(p).home_sector then return true end
  if game:turn().active == p then
    for _, e in ipairs(game:turn().vars.door_passes or {}) do
      if common.same_edge(game:edge(e).edge, info.edge) then return true end
    end
  end
  return false
end

-- Hold-door actions for the doors beside p that he may open and nobody holds.
function M.add_actions(game, p, list)
  local at = game:player(p).at
  if not at or at.side ~= nil then return end
  for _, side in ipairs(SIDES) do
    local ok, info = pcall(function() return game:edge { x = at.x, y = at.y, side = side } end)
    if ok and info and info.barrier == "door" and info.door.held_by == nil and not info.door.open
        and may_pass(game, p, info) then
      list[#list + 1] = { label = "hold door " .. edge_label(info.edge), kind = "hold_door", edge = info.edge }
    end
  end
end

function M.hold(game, p, e)
  game:hold_door(e, p)
  local held = game:vars().held_doors or {}
  held[#held + 1] = e
  game:set_var("held_doors", held)
  game:after("door", { player = p, edge = e, held = true })
end

-- Closes every held door whose holder has left its side (or died). Called after each action
-- and each step, so that it happens at once.
function M.release_far(game)
  local held = game:vars().held_doors
  if not held or #held == 0 then return end
  local keep = {}
  for _, e in ipairs(held) do
    local info = game:edge(e)
    local holder = info.door and info.door.held_by
    if holder ~= nil and game:player(holder).alive and M.beside(game, holder, e) then
      keep[#keep + 1] = e
    elseif info.barrier == "door" and holder ~= nil then
      game:set_door_open(e, false)
      game:after("door", { player = holder, edge = info.edge, closed = true })
    end
  end
  game:set_var("held_doors", keep)
end

return M
