-- Standing effects of cards in play (require("rules.effects")). A card in a play area states
-- them in its own data, `ctx.data.effect = { ... }`, and the rules read them here (the card
-- keeps nothing in Lua, and the effect stops as soon as the card leaves play). The keys every
-- edition reads:
--   move = { through_doors = true, through_walls = true, through_obstacles = true, ... }
--                              extra movement flags for its controller (game:steps flags)
--   move_blocked_by = { kind } object kinds that still stop its controller's steps
-- An edition's effects.lua extends this module (`local M = base`) with keys of its own.
local M = {}

local function next_stated(entries, i)
  while true do
    i = i + 1
    local entry = entries[i]
    if entry == nil then return nil end
    if type(entry.value) == "table" then return i, entry.player, entry.value, entry.card end
  end
end

-- Every card in play that states an effect, seat by seat, in the order the cards entered play:
-- `for _, player, effect, card in M.stated(game) do ... end` (player: whose play area holds
-- it). (An iterator over the kernel's answer: no function made for each question.)
function M.stated(game) return next_stated, game:play_area_data("effect"), 0 end

-- Does an effect on player p say `key`?
function M.has(game, p, key)
  for _, q, e in M.stated(game) do
    if q == p and e[key] then return true end
  end
  return false
end

-- Does some card in play, whoever controls it, state `key`? (A global effect.)
function M.anyone(game, key)
  for _, _, e in M.stated(game) do
    if e[key] then return true end
  end
  return false
end

-- The movement flags of player p: `base` plus what his effects add.
function M.move_flags(game, p, base_flags)
  local flags = {}
  for k, v in next, base_flags or {} do flags[k] = v end -- (copies: any order; `pairs` sorts)
  for _, q, e in M.stated(game) do
    if q == p and e.move then
      for k, v in next, e.move do flags[k] = v end
    end
  end
  return flags
end

-- Drops the steps into squares holding an object of a kind player p's effects say still
-- stops him (a wizard of mist passes objects, but not stone).
function M.filter_steps(game, p, steps)
  local blocked = {}
  for _, q, e in M.stated(game) do
    if q == p then for _, k in ipairs(e.move_blocked_by or {}) do blocked[k] = true end end
  end
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

return M
