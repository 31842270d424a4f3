-- Test helpers: questions about the board that the rulebook scenarios ask.
-- require("test.query") from a scenario file; read-only, it keeps no game state.
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
