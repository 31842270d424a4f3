-- Create Wall (require("lib.create_wall")): one card in the 8th (a Cantrip) and in classic, a
-- permanent stone wall raised on an empty line in sight. The editions differ in what breaks a
-- wall and in which lines are empty (their rules), not in the card: each edition's file writes
-- its name, school, count, text and tests (lib/same_card.lua). The module is read-only and
-- keeps no game state.
local same_card = require("lib.same_card")
local M = {}

---@param own same_card.Own
---@return CardDef
function M.card(own)
  return same_card.build(own, {
    kind = "neutral",
    range = "los", duration = "permanent", targets = { "border" },
    traits = { "creation" },
    resolve = function(ctx) ctx:create_wall(ctx.target.edge) end,
  })
end

return M
