-- Checks shared by plain energy cards (8th: Energy, Speed Boost, Boosting Spells): every such
-- card is worth its value as a speed boost and as a spell's energy. A card's own tests call
-- them: `function(t) require("test.energy").speed_boost(t, "8th/elemental/energy_4", 4) end`.
local energy = {}

-- Spent as a speed boost it gives `value` movement points, once a turn, and is discarded.
function energy.speed_boost(t, key, value)
  t:active(0)
  local c = t:give(0, key)
  t:act { kind = "boost", card = c }
  t:eq(t.game:turn().vars.boost, value)
  t:eq(#t.game:hand(0), 0, "the card is discarded")
  t:eq(#t.game:pile("discard"), 1)
  t:eq(t:count { kind = "boost" }, 0, "only one speed boost a turn")
end

-- A Zot! boosted with it deals `value`.
function energy.boosts_a_zot(t, key, value)
  t:active(0)
  local e = t:give(0, key)
  local z = t:give(0, "Zot!")
  t:place(1, t.game:player(0).at)
  t:answer(0, "damage")
  t:cast { card = z, at = t:wizard(1), boost = e }
  t:eq(t:lost(1), value)
end

return energy
