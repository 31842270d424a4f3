-- classic AMPLIFY (2 in the deck): a spell's point value is doubled [AF: "double the total
-- energy of a spell", only for point-based spells].
-- reconstructed: Amplify is cast first and waits for its caster's next spell this turn
-- (rules/modifiers.lua); that spell then does twice its points of damage, to wizards, walls,
-- doors and objects alike (a NUMBER's points or a fixed value such as Fireball's). The
-- doubling comes before the defender's counteractions (Absorb, Blunt...), which then work on
-- the doubled points; a spell without points gains nothing (its duration is Extend's).
local modifiers = require("rules.modifiers")
local first = require("test.first")

local spell = modifiers.is_spell

return card(modifiers.card(spell, {
  name = "Amplify", copies = 2,
  text = "The next spell you cast this turn does double its points of damage.",
  resolve = function(ctx) modifiers.wait(ctx) end,
  on_cast = function(ctx, ev)
    modifiers.attach(ctx, ev, spell, function(e) modifiers.add_mod(ctx.game, e.id, { op = "double" }) end)
  end,
  on_turn_end = function(ctx) modifiers.expire(ctx) end,
  tests = {
    { "a Fireball does 10; the next spell is plain again", function(t, g)
      local a, held = first.cast(t, "Amplify", { "Fireball" })
      t:eq(g:card(a).zone.kind, "play", "waiting")
      first.at_one(t, held[1])
      t:eq(t:life(1), 5)
      t:eq(g:card(a).zone.pile, "discard")
      local f2 = t:turn_of(0, "Fireball")
      t:cast { card = f2, at = t:wizard(1) }
      t:eq(t:life(1), 0, "5 more, not 10")
    end },
    { "with a NUMBER: a Lightning Blast of 3 does 6 and stuns", function(t, g)
      local _, held = first.cast(t, "Amplify", { "Lightning Blast", "NUMBER 3" })
      first.at_one(t, held[1], { boost = held[2] })
      t:eq(t:life(1), 9)
      t:eq(g:player(1).tokens.lost_turns, 1)
    end },
    { "doubled before the counteractions: Blunt halves the 10 to 5", function(t)
      local bl = t:give(1, "Blunt")
      local _, held = first.cast(t, "Amplify", { "Fireball" })
      first.at_one(t, held[1], { answers = { { 1, { card = bl } } } })
      t:eq(t:life(1), 10)
    end },
    { "not without a spell to amplify; unused, it goes at the turn's end", function(t, g)
      local a = first.uncastable(t, "Amplify", {}, "nothing to amplify")
      t:give(0, "Fireball")
      t:cast { card = a }
      t:pass(1)
      t:eq(g:card(a).zone.pile, "discard")
    end },
  },
}))
