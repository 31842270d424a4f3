-- 8th Conjuring "Fire Darts" (1 here; the Thaumaturgy deck holds 2 more): as many darts as
-- the spell's energy, 1 magical fire damage each, spread as the caster likes among targets
-- in sight; each dart is a source of its own (rules/volleys.lua).
-- reconstructed: the spell is cast at the first dart's target (a wizard, object or
-- creature in sight), and the caster aims the others as it resolves; a reduction (Shield)
-- stops one dart, a cancel (Full Shield) the whole spell (rules/volleys.lua says why); a
-- dart at a wall does nothing (under 3 damage: no crack), but burns a bush (rules/bushes.lua).
local volleys = require("rules.volleys")
local TYPES = { "wizard", "object", "creature" }

return card {
  name = "Fire Darts", school = "conjuring", kind = "attack",
  range = "los", duration = "instant",
  traits = { "fire" },
  targets = TYPES,
  text = "Loose as many darts of flame as this spell's energy, each dealing 1 magical fire damage, and share them as you like among wizards, objects and creatures you can see. Each dart counts as a separate source of damage.",
  resolve = function(ctx)
    local aims = volleys.aim(ctx, ctx.energy, TYPES)
    volleys.fire(ctx, aims, 1, { magical = true, fire = true })
  end,
  tests = {
    { "unboosted: one dart, 1 magical fire", function(t, g)
      require("test.duel").aim(t, "Fire Darts")
      t:eq(t:lost(1), 1)
      local tags = t:log("damage")[1].tags
      t:ok(tags.magical and tags.fire, "magical fire")
      t:ok(g:turn().vars.attacked, "the turn's attack")
    end },
    { "boosted by 5: five darts, shared between two wizards", function(t, g)
      local d, e = t:turn_of(0, "Fire Darts", "Energy 5")
      local at = g:player(0).at
      t:place(1, at)
      t:place(2, at)
      for _, who in ipairs({ "player 2", "player 1", "player 2", "player 2" }) do t:answer(0, who) end
      t:cast { card = d, at = t:wizard(1), boost = e }
      t:eq(t:lost(1), 2, "the first dart and one more")
      t:eq(t:lost(2), 3, "three darts")
      t:eq(#t:log("damage"), 5, "five separate hits")
    end, players = 3 },
    { "a Shield stops one dart only", function(t)
      local darts = { "player 1", "player 1", "player 1" }
      require("test.duel").aim(t, "Fire Darts", { boost = "Energy 4", plays = { "Shield" }, answers = darts })
      t:eq(t:lost(1), 3, "4 darts, one stopped")
    end },
    { "Full Shield cancels the spell: no dart hits", function(t)
      require("test.duel").aim(t, "Fire Darts", { boost = "Energy 4", plays = { "Full Shield" } })
      t:eq(t:lost(1), 0)
    end },
    { "no dart at oneself; a dart at a wall leaves no crack", function(t, g)
      local d = t:turn_of(0, "Fire Darts")
      t:eq(t:count { kind = "cast", card = d, target = t:wizard(0) }, 0)
      local a = t:list { kind = "cast", card = d, target = { kind = "wall" } }[1]
      t:ok(a, "a wall in sight")
      t:act(a)
      t:eq(g:edge(a.target.edge).damage, 0)
    end },
  },
}
