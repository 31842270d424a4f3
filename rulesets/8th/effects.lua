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
local M = {}

-- Calls f(player, effect, card) for every card in play that states an effect.
local function each(game, f)
  for _, pl in ipairs(game:players()) do
    for _, c in ipairs(game:play_area(pl.id)) do
      local e = game:card_data(c, "effect")
      if type(e) == "table" then f(pl.id, e, c) end
    end
  end
end

-- Does an effect on player p say `key`?
function M.has(game, p, key)
  local found = false
  each(game, function(q, e) if q == p and e[key] then found = true end end)
  return found
end

-- The movement flags of player p: `base` plus what his effects add.
function M.move_flags(game, p, base)
  local flags = {}
  for k, v in pairs(base or {}) do flags[k] = v end
  each(game, function(q, e)
    if q == p and e.move then
      for k, v in pairs(e.move) do flags[k] = v end
    end
  end)
  return flags
end

-- Drops the steps into squares holding an object of a kind player p's effects say still
-- stops him (a wizard of mist passes objects, but not stone).
function M.filter_steps(game, p, steps)
  local blocked = {}
  each(game, function(q, e)
    if q == p then for _, k in ipairs(e.move_blocked_by or {}) do blocked[k] = true end end
  end)
  if next(blocked) == nil then return steps end
  local out = {}
  for _, s in ipairs(steps) do
    local ok = true
    for _, o in ipairs(game:objects_at(s.to)) do
      if blocked[o.kind] then ok = false end
    end
    if ok then out[#out + 1] = s end
  end
  return out
end

-- May card c not be played now (a trait some effect forbids)?
function M.forbidden(game, c)
  local traits = {}
  for _, t in ipairs(game:card(c).traits or {}) do traits[t] = true end
  local no = false
  each(game, function(_, e)
    for _, t in ipairs(e.forbid_traits or {}) do
      if traits[t] then no = true end
    end
  end)
  return no
end

-- Is object (or treasure) `id` held in place by a card in play (8th Conjuring "Glue":
-- effect `pins = { id, ... }`): nobody may pick it up or move it?
function M.pinned(game, id)
  local held = false
  each(game, function(_, e)
    for _, x in ipairs(e.pins or {}) do
      if x == id then held = true end
    end
  end)
  return held
end

-- Does some card in play, whoever controls it, state `key`? (A global effect: 8th
-- Thaumaturgy "Gravity" states `no_pickups`.)
function M.anyone(game, key)
  local found = false
  each(game, function(_, e) if e[key] then found = true end end)
  return found
end

return M
