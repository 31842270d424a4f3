-- One card printed in two editions (require("lib.same_card")): where a shared module gives two
-- editions' cards their common fields and hooks (lib/water_wall.lua, lib/pick_lock.lua,
-- lib/stone_square.lua), each card file writes only what is its own (its name, text, count,
-- tests, its school where its edition has them, and any printed value or trait of its edition), and same_card.build puts the two
-- together into the definition `card` takes. The module is read-only and keeps no game state.
local same_card = {}

-- What each edition's card writes itself.
---@class same_card.Own
---@field name string the printed name
---@field text string the rules text, in the edition's own words
---@field copies integer? copies in the deck
---@field school string? its school, in an edition that has schools (the 8th)
---@field energy integer? a printed value of its edition's (a Number's)
---@field traits string[]? words of its edition's vocabulary, where the cards differ
---@field tests {[1]: string, [2]: fun(t: T, g: Game), players?: integer, rulesets?: string[]}[]? its own tests

local OWN = { name = true, school = true, text = true, copies = true, energy = true, traits = true, tests = true } ---@type table<string, boolean>

-- A card of a family (the 8th's magic stones, a square filled by a creation...): the fields
-- and hooks its module gives, with every field of the card's own over them; a family's card
-- may add hooks and replace any field. `reads`: the fields of `own` the module reads itself
-- (settings of its own, such as a stone's powers), which are not card fields.
---@param shared table the fields and hooks the family shares
---@param own table
---@param reads? table<string, true>
---@return CardDef
function same_card.family(shared, own, reads)
  local def = {}
  for k, v in pairs(shared) do def[k] = v end
  for k, v in pairs(own) do
    if not (reads and reads[k]) then def[k] = v end
  end
  return def --[[@as CardDef]]
end

-- The card's definition: the shared fields and hooks, with the card's own fields over them.
-- One card printed in two editions writes only what OWN lists; `reads` as for `family`.
---@param own same_card.Own
---@param shared table the fields and hooks the editions share
---@param reads? table<string, true>
---@return CardDef
function same_card.build(own, shared, reads)
  for k in pairs(own) do
    -- a field the shared module decides would be lost here: say so rather than drop it
    if not (OWN[k] or (reads and reads[k])) then
      error("same_card: `" .. tostring(k) .. "` is the shared module's to give, not the card's", 2)
    end
  end
  return same_card.family(shared, own, reads)
end

return same_card
