-- A magic stone that guards its holder (require("lib.guard_stone")): classic SHIELDSTONE and
-- the 9th's HEARTSTONE are one card under two names. While it is shown, all damage to its
-- holder, of any kind, is 1 point less (the edition's rules/stones.lua, `guards_holder`).
-- Each card writes its name, text, count and tests (lib/same_card.lua). The module is
-- read-only and keeps no game state.
local same_card = require("lib.same_card")
local stones = require("rules.stones")
local M = {}

---@param own same_card.Own
---@return CardDef
function M.card(own)
  return same_card.build(own, { kind = "stone", traits = { "magic_stone" }, before_damage = stones.guards_holder(1) })
end

return M
