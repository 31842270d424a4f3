-- 8th Mutation "Adrenaline": while the spell lasts its wizard may attack twice in each of his
-- turns; stunned, he may attack once and move, or attack twice and not move.
-- 8th: Attacking (one attack a turn) and A Stunned Wizard (move or attack, not both): the
-- turn var `attacked` marks the attack used; the first attack of each of his turns gives it
-- back, so the rules' own checks allow the second (a stunned wizard who attacked and then
-- moved may not attack again: he has moved; one who attacked twice may not move).
-- reconstructed: cast on oneself only (the card's benefit goes to its target; casting it on
-- an enemy would only help him); the second attack may be of any kind (spell, punch, throw).
return card {
  name = "Adrenaline", school = "mutation", kind = "neutral", copies = 2,
  range = "caster", duration = "temporary",
  text = "While this spell lasts you may make two attacks in each of your turns. If you are stunned you may attack once and move, or attack twice without moving.",
  on_attack = function(ctx, ev)
    local game, p = ctx.game, ctx.controller
    if ev.attacker ~= p or game:turn().active ~= p then return end
    if game:turn().vars.adrenaline then return end
    game:set_turn_var("adrenaline", true)
    game:set_turn_var("attacked", nil)
  end,
  tests = {
    { "two punches in one turn, not three", function(t, g)
      local a, e = t:turn_of(0, "Adrenaline", "Energy 4")
      t:cast { card = a, boost = e }
      t:place(1, g:player(0).at)
      t:punch(t:wizard(1))
      t:punch(t:wizard(1))
      t:eq(t:lost(1), 2)
      t:eq(t:count { kind = "punch" }, 0, "no third attack")
      t:active(0)
      t:punch(t:wizard(1))
      t:ok(t:has { kind = "punch" }, "two again next turn")
    end },
    { "stunned: attack once, then move, then no more attack", function(t, g)
      local a, e = t:turn_of(0, "Adrenaline", "Energy 4")
      t:cast { card = a, boost = e }
      t:active(0)
      g:set_turn_var("stunned", true) -- a stun token spent in Time Passes
      t:place(1, g:player(0).at)
      t:punch(t:wizard(1))
      t:ok(t:has { kind = "move" }, "he may still move")
      require("test.spots").moves(t, 1)
      t:eq(t:count { kind = "punch" }, 0, "moved: no second attack")
    end },
    { "stunned: two attacks, then no move", function(t, g)
      local a, e = t:turn_of(0, "Adrenaline", "Energy 4")
      t:cast { card = a, boost = e }
      t:active(0)
      g:set_turn_var("stunned", true)
      t:place(1, g:player(0).at)
      t:punch(t:wizard(1))
      t:punch(t:wizard(1))
      t:eq(t:lost(1), 2)
      t:eq(t:count { kind = "move" }, 0, "attacked twice: he stays")
    end },
    { "the other wizard's attacks are not doubled", function(t, g)
      local a, e = t:turn_of(0, "Adrenaline", "Energy 4")
      t:cast { card = a, boost = e }
      t:active(1)
      t:place(1, g:player(0).at)
      t:punch(t:wizard(0))
      t:eq(t:count { kind = "punch" }, 0)
    end },
  },
}
