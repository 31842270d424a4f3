-- Standing effects of cards in play (require("rules.effects")). A card in a play area states
-- them in its own data, `ctx.data.effect = { ... }`, and the rules read them here (the card
-- keeps nothing in Lua, and the effect stops as soon as the card leaves play):
--   no_attacks = true          its controller may not attack
--   unattackable = true        its controller cannot be attacked
--   move = { through_doors = true, through_obstacles = true, ... }
--                              extra movement flags for its controller (game:steps flags)
--   move_blocked_by = { kind } object kinds that still stop its controller's steps
--   forbid_traits = { trait }  nobody may play a card with one of these traits
--   pins = { object id }       nobody may pick these objects or treasures up (Glue)
--   no_pickups = true          nobody at all may pick up objects or treasures (Gravity)
-- `move` and `move_blocked_by`, with M.stated, M.has, M.anyone, M.move_flags and
-- M.filter_steps, are the shared mechanics' (rulesets/mechanics/effects.lua); the rest is the
-- 8th's.
local M = base

-- May card c not be played now (a trait some effect forbids)?
function M.forbidden(game, c)
  for _, _, e in M.stated(game) do
    -- (the card's traits are read only where a trait is forbidden: seldom)
    for _, banned in ipairs(e.forbid_traits or {}) do
      for _, t in ipairs(game:card(c).traits or {}) do
        if t == banned then return true end
      end
    end
  end
  return false
end

-- Is object (or treasure) `id` held in place by a card in play (8th Conjuring "Glue":
-- effect `pins = { id, ... }`): nobody may pick it up or move it?
function M.pinned(game, id)
  for _, _, e in M.stated(game) do
    for _, x in ipairs(e.pins or {}) do
      if x == id then return true end
    end
  end
  return false
end

return M
