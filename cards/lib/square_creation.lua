-- A creation that fills an empty square in sight and stays there (require("lib.square_creation")):
-- 8th Thornbush and Rosebush, classic Thornbush, classic Fill Square With Stone and the 9th's
-- Granite Cube (lib/stone_square.lua). `card` gives the fields they all share; the card gives
-- its name, count, text, hooks and tests. Read-only; it keeps no game state.
local same_card = require("lib.same_card")
local M = {}

---@param def table the card's own fields
---@return CardDef
function M.card(def)
  return same_card.family({
    kind = "neutral",
    range = "los", duration = "permanent", targets = { "empty_square" },
    traits = { "creation" },
  }, def)
end

return M
