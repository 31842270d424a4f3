-- Checks shared by the tests of Wizard's summoning spells (rulesets/tft, seed L608 on): a real
-- being comes where the spell is cast and goes when its summoner stops keeping it.
--   local summons = require("test.summons")
--   local bear = summons.appears(t, "Summon Bear", "bear", 4)   -- then the bear's own numbers
--   summons.goes_unkept(t, "Summon Bear", "bear")
-- Where: seat 0's wizard `gap` hexes from his foe (arena.duel), the spell cast at `cell` (the
-- hex next to him east, unless a big being needs more room). require("test.summons"); keeps
-- no state.
local arena = require("test.arena")
local summons = {}

---@class summons.Where
---@field gap? integer hexes between the two wizards (arena.duel)
---@field cell? Cell where the spell is cast

---@param t T
---@param where? summons.Where
---@return integer caster
local function cast(t, spell, where)
  where = where or {}
  local me = arena.duel(t, where.gap)
  arena.cast(t, spell, { cell = where.cell or arena.east(1) }, { 3, 4, 4 })
  return me
end

-- `spell` cast brings one real `being`, shown to the foe as what it is, for `cost` ST.
-- Returns its record, for the being's own numbers.
---@param t T
---@param spell string
---@param being string
---@param cost integer
---@param where? summons.Where
---@return Figure
function summons.appears(t, spell, being, cost, where)
  local me = cast(t, spell, where)
  local found = arena.figures_of(t, being)
  t:eq(#found, 1, "one " .. being)
  t:eq(found[1].vars.unreal, nil, "real")
  t:eq(found[1].shown_as, being, "shown to the foe as a " .. being)
  t:eq(arena.lost(t, me), cost, cost .. " ST to cast")
  return found[1]
end

-- Not kept at the start of its summoner's next turn, the being goes.
---@param t T
---@param spell string
---@param being string
---@param where? summons.Where
function summons.goes_unkept(t, spell, being, where)
  cast(t, spell, where)
  t:eq(#arena.figures_of(t, being), 1, "it came")
  t:answer(0)
  t:pass(1)
  t:eq(#arena.figures_of(t, being), 0, "not kept, it goes")
end

return summons
