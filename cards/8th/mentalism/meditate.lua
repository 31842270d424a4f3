-- 8th Mentalism "Meditate": a moment of calm; draw three cards, then discard down to the hand
-- limit (8th: A Player's Turn: hand limit 7, maintained spells and carried items counting,
-- Maintaining Spells). The turn goes on afterwards.
-- reconstructed: range taken as the caster; the card's energy value 3 comes from the scans'
-- OCR.
local common = require("rules.common")

return card {
  name = "Meditate", school = "mentalism", kind = "neutral", copies = 2, energy = 3,
  range = "caster", duration = "instant",
  text = "Clear your mind: draw three cards, then discard down to your hand limit. Your turn goes on.",
  resolve = function(ctx)
    local p = ctx.caster
    for _ = 1, 3 do common.draw(ctx.game, p) end
    common.discard_to_limit(ctx.game, p)
  end,
  tests = {
    { "draws three cards; the turn goes on", function(t, g)
      local m = t:turn_of(0, "Meditate")
      t:give(0, "Zot!")
      t:cast { card = m }
      t:eq(#g:hand(0), 4, "Zot! and three new cards")
      t:eq(g:card(m).zone.kind, "pile")
      t:eq(g:turn().phase, "move_and_cast", "still the Move and Cast phase")
      t:ok(t:has { kind = "move" }, "he may still move")
    end },
    { "then discards down to the hand limit, maintained spells counting", function(t, g)
      local m, z = t:turn_of(0, "Meditate", "Zot!")
      for _ = 1, 3 do t:give(0, "Zot!") end
      t:put(0, "Flood") -- a maintained spell counts toward the limit
      t:answer(0, { card = z })
      t:cast { card = m }
      t:eq(#g:hand(0), 6, "4 + 3 drawn = 7 in hand, with the Flood 8: one discarded")
      t:eq(g:card(z).zone.kind, "pile", "the one he chose")
      t:eq(#t:log("draw"), 3)
    end },
    { "Negate Neutral cancels it: nothing drawn", function(t, g)
      local m = t:turn_of(0, "Meditate")
      local n = t:give(1, "Negate Neutral")
      t:answer(1, { card = n })
      t:cast { card = m }
      t:eq(#g:hand(0), 0)
      t:eq(#t:log("draw"), 0)
    end },
    { "no target and no attack: usable on the first turn", function(t, g)
      t:active(0)
      g:set_turn_var("first_turn", true)
      local m = t:give(0, "Meditate")
      t:ok(t:has { kind = "cast", card = m })
      t:cast { card = m }
      t:eq(g:turn().vars.attacked, nil, "not an attack")
    end },
  },
}
