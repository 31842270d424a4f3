-- Putting a wizard or creature straight into another square by magic, not by a walk
-- (require("rules.relocation")): Swap, and any card that moves a wizard to a square without
-- a straight run (rules/borders.lua is for runs).
-- 8th: Moving: no movement points are spent. As every other way of moving, it emits `leave`,
-- one `move` (with no direction: no border line is crossed, so a Wall of Fire is not) and
-- `enter`, so a thing lying in the square he lands in acts on him (rules/hazards.lua).
local M = {}

-- Puts wizard p in square s; `how` names the movement in the event ("swap", "teleport").
function M.put_wizard(game, p, s, how)
  local from = game:player(p).at
  if not from then return end
  game:after("leave", { who = p, square = from })
  game:place_seat_figure(p, s)
  game:after("move", { wizard = p, from = from, to = s, forced = how })
  if game:player(p).alive then game:after("enter", { who = p, square = s }) end
end

-- Puts creature `id` in square s.
function M.put_creature(game, id, s, how)
  local o = game:object(id)
  if not o or not o.id then return end
  game:set_object(id, { at = s })
  game:log("creature_move", { object = id, from = o.at, to = s, forced = how })
end

return M
