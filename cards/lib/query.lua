-- Shared card helpers: questions about the board that many cards and tests ask.
-- require("lib.query") from a card file; the module is read-only and keeps no game state.
local query = {}

-- Every treasure belonging to `owner` (lying on the board or carried), in object-id order.
function query.treasures_of(game, owner)
  local out = {}
  for _, o in ipairs(game:objects()) do
    if o.kind == "treasure" and o.owner == owner then out[#out + 1] = o end
  end
  return out
end

return query
