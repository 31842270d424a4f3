-- classic AROUND THE CORNER (1 in the deck): a spell that needs line of sight may turn one
-- corner [card list; the same name as the 8th edition's card].
-- reconstructed: it is cast first and bends the sight of its caster's next spell this turn
-- (the turn var `around_corner`, read by rules/targets.lua and cleared as any spell is cast,
-- rulesets/mechanics): that spell may aim at a wizard, square or object in L.O.S. from some
-- square he can see (one bend); not at walls or doors, and not a thrown or wielded object.
local modifiers = require("rules.modifiers")
local stage = require("test.stage")

local function sighted(game, c) return game:card(c).range == "los" end

return card(modifiers.card(sighted, {
  name = "Around the Corner", copies = 1,
  text = "The next spell you cast this turn may see round one corner: its line of sight may bend once.",
  resolve = function(ctx) ctx.game:set_turn_var("around_corner", true) end,
  tests = {
    { "a Fireball hits a wizard seen only round a corner", function(t)
      local f, c = stage.round_the_corner(t, "Fireball")
      t:cast { card = c }
      t:cast { card = f, at = t:wizard(1) }
      t:eq(t:life(1), 10)
    end },
    { "only the next spell bends", function(t)
      stage.bend_used_up(t, "Fireball", function(f)
        t:ok(t:has { kind = "cast", card = f, target = t:wizard(1) }, "bent now")
        t:act(t:list { kind = "cast", card = t:give(0, "Create Wall") }[1])
      end, "used up by the wall")
    end },
    { "Full Shield still stops the bent spell", function(t)
      local f, c = stage.round_the_corner(t, "Fireball")
      local s = t:give(1, "Full Shield")
      t:cast { card = c }
      t:answer(1, { card = s })
      t:cast { card = f, at = t:wizard(1) }
      t:eq(t:life(1), 15)
    end },
  },
}))
