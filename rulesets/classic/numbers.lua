-- The NUMBER cards (require("rules.numbers")): classic, The Cards. A NUMBER adds its value to
-- this turn's movement, or is played beside a spell to give it power or duration; the five
-- cards differ only in their value and in how many the deck holds, so each card file names
-- those two and keeps its tests, and this module writes the rest once. Read-only; it keeps
-- no game state.
local M = {}

-- The definition of the NUMBER worth `value`, `copies` in the deck, with the card's own
-- `tests`.
---@param own {value: integer, copies: integer, tests: {[1]: string, [2]: fun(t: T, g: Game)}[]}
---@return CardDef
function M.card(own)
  local value = own.value
  return {
    name = "NUMBER " .. value,
    kind = "number",
    energy = value,
    copies = own.copies,
    text = ("Add %d to this turn's movement, or play it with a spell: the spell's power or duration is %d."):format(
      value,
      value
    ),
    tests = own.tests,
  }
end

return M
