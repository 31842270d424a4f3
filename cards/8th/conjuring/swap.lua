-- 8th Conjuring "Swap": you and a wizard or creature you can see trade places; you may not
-- move again this turn.
-- reconstructed: range line of sight; a neutral spell, so not the turn's attack, but a
-- counter that answers a spell aimed at its wizard (Full Shield) stops it; each keeps what
-- he carries; no movement points are spent (rules/relocation.lua); a stunned wizard who has
-- attacked may not leave his square, so he may not cast it (8th: A Stunned Wizard).
local relocation = require("rules.relocation")
local stage = require("test.stage")
local duel = require("test.duel")

return card {
  name = "Swap", school = "conjuring", kind = "neutral",
  range = "los", duration = "instant", targets = { "wizard", "creature" },
  text = "Trade places with a wizard or creature you can see. You can't move any more this turn.",
  can_cast = function(ctx)
    if not ctx:may_leave_square(ctx.caster) then return false, "stunned after attacking: he may not leave his square" end
    return true
  end,
  resolve = function(ctx)
    local game, me, t = ctx.game, ctx.caster, ctx.target
    local mine = game:player(me).at
    if not mine then return end
    if t.kind == "wizard" then
      local there = game:player(t.player).at
      if not there or not game:player(t.player).alive then return end
      relocation.put_wizard(game, me, there, "swap")
      relocation.put_wizard(game, t.player, mine, "swap")
    else
      local o = game:object(t.id)
      if not o or not o.id or not o.at then return end
      relocation.put_wizard(game, me, o.at, "swap")
      relocation.put_creature(game, o.id, mine, "swap")
    end
    ctx:moved_self(true)
  end,
  tests = {
    { "the two wizards trade squares; no more movement; not an attack", function(t, g)
      local a, b = stage.side_by_side(t)
      duel.aim(t, "Swap", { square = b })
      t:eq(g:player(0).at, b)
      t:eq(g:player(1).at, a)
      t:ok(not g:turn().vars.attacked, "a neutral spell: the attack is still to make")
      t:ok(not t:has { kind = "move" }, "no more movement this turn")
      t:ok(t:has { kind = "punch" }, "he may still attack")
    end },
    { "Full Shield stops it", function(t)
      stage.swap_stopped(t)
      t:ok(t:has { kind = "move" }, "a cancelled Swap leaves his movement")
    end },
    { "a creature trades places too", function(t, g)
      local a, n = stage.roomy(t)
      local b = n.to
      local id = g:create_object { kind = "creature", at = b, owner = 1, data = { life = 3 } }
      local c = t:give(0, "Swap")
      t:cast { card = c, at = t:creature(id) }
      t:eq(g:player(0).at, b)
      t:eq(assert(g:object(id)).at, a)
    end },
    { "not on oneself; not when stunned after attacking", function(t, g)
      local c = t:turn_of(0, "Swap")
      t:eq(t:count { kind = "cast", card = c, target = t:wizard(0) }, 0, "no swap with oneself")
      t:place(1, g:player(0).at)
      g:set_turn_var("stunned", true)
      t:punch(t:wizard(1))
      t:eq(t:count { kind = "cast", card = c }, 0, "a stunned wizard who attacked stays put")
    end },
  },
}
