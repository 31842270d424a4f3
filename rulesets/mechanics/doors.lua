-- Doors as the rules keep them (require("rules.doors")): the kernel knows only whether a door
-- stands open; who holds it, whether its lock was jammed shut or taken out, who owns it are
-- tags kept here on the door (game:set_door_tag), with a `look` for pictures. An edition's
-- doors.lua extends this module (`local M = base`).
-- Doors a wizard passes and holds (8th: Doors; 9th: The Board): the doors of his home sector
-- are unlocked for him, as is a door he made (its `owner` tag) or one he has a pass for this
-- turn (Pick Lock). Nobody follows him through a door unless he holds it open; once he is no
-- longer next to it, it closes and locks again. He may hold open a door he could pass
-- himself, from either square beside it; the hold lasts past his turn, as long as he stays
-- there. (classic calls none of this: its doors are picked and relock, its ctx.lua.)
local common = require("rules.common")
local targets = require("rules.targets")
local M = {}

function M.tags(game, e)
  local info = game:edge(e)
  return (info.door and info.door.tags) or {}
end

-- A lock jammed shut: no key or pick opens the door (classic Jam Lock).
function M.is_sealed(game, e) return M.tags(game, e).sealed == true end

-- A lock taken out: the door stands open for good (classic and 9th Remove Lock).
function M.is_jammed_open(game, e) return M.tags(game, e).jammed_open == true end

-- Who holds the door open (8th: Doors), or nil.
function M.holder(game, e) return M.tags(game, e).held_by end

-- Opens a door unless its lock is jammed shut; false if it stays shut.
function M.open(game, e)
  if M.is_sealed(game, e) then return false end
  game:set_door_open(e, true)
  return true
end

-- Closes a door unless its lock was taken out; false if it stays open.
function M.close(game, e)
  if M.is_jammed_open(game, e) then return false end
  game:set_door_open(e, false)
  return true
end

-- Jams a door's lock shut: the door closes and nothing opens it again.
function M.seal(game, e)
  game:set_door_tag(e, "jammed_open", nil)
  game:set_door_tag(e, "held_by", nil)
  game:set_door_open(e, false)
  game:set_door_tag(e, "sealed", true)
  game:set_door_tag(e, "look", "sealed")
end

-- Takes a door's lock out: it stands open for good.
function M.jam_open(game, e)
  game:set_door_open(e, true)
  game:set_door_tag(e, "jammed_open", true)
  game:set_door_tag(e, "look", "jammed")
end

-- Wizard p holds a door open; false if its lock is jammed shut. The door is listed in the
-- game var `held_doors` (M.release_far closes it when he leaves it).
function M.hold(game, p, e)
  if not M.open(game, e) then return false end
  game:set_door_tag(e, "held_by", p)
  game:set_door_tag(e, "look", "held")
  local held = common.copy(game:vars().held_doors)
  held[#held + 1] = e
  game:set_var("held_doors", held)
  game:after("door", { player = p, edge = e, held = true })
  return true
end

-- Whoever held the door lets go: it closes (unless its lock was taken out).
function M.release(game, e)
  game:set_door_tag(e, "held_by", nil)
  if M.tags(game, e).look == "held" then game:set_door_tag(e, "look", nil) end
  M.close(game, e)
end

-- The square p stands in, or nil when he is off the board.
local function square_of(game, p)
  local at = game:player(p).at
  if not at or at.side ~= nil then return nil end
  return at
end

local NONE = {} -- (never written: the answer when there is nothing)

-- The walls and doors of p's square (EdgeInfos) in the order of their keys: its doors are
-- those whose barrier is "door".
local function lines_of_square(game, p)
  local at = square_of(game, p)
  if not at then return NONE end
  return game:lines_around(at)
end

-- Is wizard p in one of the two squares beside edge e?
function M.beside(game, p, e)
  local at = square_of(game, p)
  if not at then return false end
  for _, info in next, targets.edges_around(game, at) do
    if common.same_edge(info.edge, e) then return true end
  end
  return false
end

-- edition: the sector whose owner passes door `info` (an EdgeInfo) freely: the printed
-- door's sector (the kernel's DoorView.sector), nil for a created one.
function M.owner_sector(_game, info) return info.door and info.door.sector end

-- Could p pass this closed door (an EdgeInfo) himself: one of his home sector
-- (M.owner_sector), one he made (tag `owner`), one he has a pass for this turn (turn var
-- `door_passes`)? Never a door sealed shut.
function M.may_pass(game, p, info)
  local d = info.door
  if not d or M.is_sealed(game, info.edge) then return false end
  if d.tags.owner == p then return true end
  local sector = M.owner_sector(game, info)
  if sector ~= nil and sector == game:player(p).home_sector then return true end
  if game:turn().active == p then
    for _, e in ipairs(game:turn().vars.door_passes or {}) do
      if common.same_edge(game:edge(e).edge, info.edge) then return true end
    end
  end
  return false
end

-- The closed doors p may pass now: those of his square he may open (M.may_pass) and those he
-- has a pass for (for game:steps `door_passes`).
function M.passes(game, p)
  local out = {}
  for _, e in ipairs(game:turn().active == p and game:turn().vars.door_passes or {}) do
    -- (a pass is worth nothing at a door sealed since: 8th Thaumaturgy "Seal Door")
    if not M.is_sealed(game, e) then out[#out + 1] = e end
  end
  for _, info in ipairs(lines_of_square(game, p)) do
    if info.barrier == "door" and not info.door.open and M.may_pass(game, p, info) then out[#out + 1] = info.edge end
  end
  return out
end

-- A closed door whose lock a pick or a key may open (Pick Lock, Master Key): not one sealed
-- shut (nobody unlocks or opens a sealed door; it may still be broken).
function M.unlockable(game, e)
  local info = game:edge(e)
  return info.barrier == "door" and not (info.door and info.door.open) and not M.is_sealed(game, info.edge)
end

-- Hold-door actions (`hold_door`) for the doors beside p that he may open and nobody holds.
function M.add_actions(game, p, list)
  for _, info in ipairs(lines_of_square(game, p)) do
    if info.barrier == "door" and M.holder(game, info.edge) == nil and not info.door.open and M.may_pass(game, p, info) then
      list[#list + 1] = { kind = "hold_door", edge = info.edge }
    end
  end
end

-- Closes every held door (game var `held_doors`) whose holder has left its side (or died).
-- The edition calls it after each action and each step, so that it happens at once.
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
