-- 8th Cantrip "Dispel": ends one spell in play, with every spell aimed at it.
-- reconstructed: range taken as anywhere (spells in play have no square).
return card {
  -- copies: reconstructed: the White Cantrip deck is 24 cards of these 12 (8th: Setup, step 4)
  name = "Dispel", school = "cantrip", kind = "neutral", copies = 2,
  range = "anywhere", duration = "instant", targets = { "spell" },
  text = "End one spell that is in play (not an instant one), and any spells that affect it.",
  can_target = function(ctx, t)
    local d = ctx.game:card(t.card).duration
    return d == "temporary" or d == "permanent"
  end,
  resolve = function(ctx) ctx:end_spell(ctx.target.card) end,
  tests = {
    { "dispelling an enemy's Create Wall ends it and the wall goes", function(t, g)
      local cw = t:turn_of(1, "Create Wall")
      local a = t:list { kind = "cast", card = cw }[1]
      t:act(a)
      local e = a.target.edge
      t:eq(g:edge(e).barrier, "wall")
      local d = t:turn_of(0, "Dispel")
      t:cast { card = d, at = t:spell(cw) }
      t:eq(g:edge(e).barrier, "open", "the wall went with the spell")
      t:eq(g:card(cw).zone.kind, "pile")
      t:eq(#g:play_area(1), 0)
      t:eq(#t:log("spell_end"), 1)
    end },
    { "a spell aimed at the dispelled one ends too", function(t, g)
      t:active(0)
      local a, b = t:put(1, "Create Wall"), t:put(1, "Create Wall")
      g:set_card(b, { target = { kind = "spell", card = a }, controller = 1 })
      g:set_card(a, { controller = 1 })
      local d = t:give(0, "Dispel")
      t:cast { card = d, at = t:spell(a) }
      t:eq(#g:play_area(1), 0, "both ended")
      t:eq(#t:log("spell_end"), 2)
    end },
    { "no spell in play, no target", function(t)
      local d = t:turn_of(0, "Dispel")
      t:eq(t:count { kind = "cast", card = d }, 0)
    end },
  },
}
