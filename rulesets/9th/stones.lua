-- The 9th edition's magic stones: classic's (`base`), but a stone works and can be lost only
-- once it lies face up in front of its holder (9th: Magic Objects: stones must stay face up).
-- reconstructed (README, Q9): a stone drawn and still in the hand is not yet "carried", so a
-- Fireball does not burn it and Stone Dead does not count it.
local M = base

function M.carried(game, p)
  local out = {}
  for _, c in ipairs(game:play_area(p)) do
    if game:card(c).kind == "stone" then out[#out + 1] = c end
  end
  return out
end

return M
