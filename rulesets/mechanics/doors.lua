-- Doors as the rules keep them (require("rules.doors")): the kernel knows only whether a door
-- stands open; who holds it, whether its lock was jammed shut or taken out, who owns it are
-- tags kept here on the door (game:set_door_tag), with a `look` for pictures. An edition's
-- doors.lua extends this module (`local M = base`).
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

-- Wizard p holds a door open; false if its lock is jammed shut.
function M.hold(game, p, e)
  if not M.open(game, e) then return false end
  game:set_door_tag(e, "held_by", p)
  game:set_door_tag(e, "look", "held")
  return true
end

-- Whoever held the door lets go: it closes (unless its lock was taken out).
function M.release(game, e)
  game:set_door_tag(e, "held_by", nil)
  if M.tags(game, e).look == "held" then game:set_door_tag(e, "look", nil) end
  M.close(game, e)
end

return M
