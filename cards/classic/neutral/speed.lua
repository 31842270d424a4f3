-- classic SPEED (2 in the deck): take another turn right after this one [AF]. classic, Combat:
-- even so, no attack in the first round of turns (an extra turn does not end the round).
-- reconstructed: the issue lists it with the NUMBER cards, but our sources give it no NUMBER
-- use; a NUMBER played with it does nothing (so none is offered).
return card {
  name = "Speed", kind = "neutral", copies = 2,
  range = "self", duration = "instant", targets = { "self" },
  text = "When this turn ends, you take another turn at once.",
  resolve = function(ctx)
    ctx.game:give_extra_turn(ctx.caster)
    ctx.game:log("extra_turn", { player = ctx.caster }) -- (the kernel logs only the turn itself)
  end,
  tests = {
    { "the caster plays again right after his turn, then play goes on", function(t, g)
      local s = t:turn_of(0, "Speed")
      t:cast { card = s, at = t:wizard(0) }
      t:eq(#t:log("extra_turn"), 1, "told")
      t:act { kind = "end" }
      t:pass(1)
      t:eq(g:turn().active, 0, "another turn for player 0")
      t:eq(g:turn().vars.attacked, nil, "a fresh turn")
      t:act { kind = "end" }
      t:pass(1)
      t:eq(g:turn().active, 1, "then player 1")
    end },
    { "no attack in the first round, even on the extra turn", function(t, g)
      g:set_var("combat_open", nil)
      local s = t:turn_of(0, "Speed")
      t:cast { card = s, at = t:wizard(0) }
      t:act { kind = "end" }
      t:pass(1)
      t:eq(g:turn().active, 0)
      t:eq(g:turn().round, 0)
      local f = t:give(0, "Fireball")
      t:place(1, g:player(0).at)
      t:ok(not t:has { kind = "punch" }, "no punch")
      t:ok(not t:has { kind = "cast", card = f }, "no Fireball")
    end },
  },
}
