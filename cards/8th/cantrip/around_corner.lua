-- 8th Cantrip "Around the Corner": the next spell its caster casts this turn may pick a
-- target seen round one corner (game:los_bent).
-- reconstructed: the modifier is cast first, on its own, and lasts until the caster's next
-- spell or the end of the turn; it applies to sight-range targets that are wizards, squares
-- or objects (not walls or doors).
local stage = require("test.stage")

return card {
  -- copies: reconstructed: the White Cantrip deck is 24 cards of these 12 (8th: Setup, step 4)
  name = "Around the Corner", school = "cantrip", kind = "neutral", copies = 2,
  range = "caster", duration = "instant",
  text = "Your next spell this turn may target something you could see if your line of sight bent once around a corner.",
  resolve = function(ctx) ctx.game:set_turn_var("around_corner", true) end,
  tests = {
    { "a Zot! may then hit a wizard seen only round a corner", function(t, g)
      local z, c = stage.round_the_corner(t, "Zot!")
      t:cast { card = c }
      t:eq(g:card(c).zone.kind, "pile")
      t:answer(0, "damage")
      t:cast { card = z, at = t:wizard(1) }
      t:eq(t:lost(1), 1)
    end },
    { "only the next spell bends", function(t)
      stage.bend_used_up(t, "Zot!", function()
        local cw = t:put(1, "Create Wall")
        t:cast { card = t:give(0, "Dispel"), at = t:spell(cw) }
      end, "used up")
    end },
  },
}
