-- The 8th edition's doors (require("rules.doors")). 8th: Doors: the doors of a wizard's home
-- sector are unlocked for him, as is a door he made or one he has a pass for this turn (Pick
-- Lock); held doors close once their holder steps away. All of that is the mechanics'
-- (rulesets/mechanics/doors.lua: `base`: may_pass, passes, hold, release_far, add_actions);
-- the 8th adds the seal that its Seal Door spell puts on a door and takes off.
local M = base

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

return M
