-- classic TELEPATH (1 in the deck): a neutral spell; the caster reads another wizard's mind and
-- sees his hand. [AF] marks it as needing no line of sight: no location indicator, so
-- anywhere (classic, The Cards). Cast on an opponent it is the turn's attack and he may
-- counteract it (classic, The Cards: a NEUTRAL used on an opponent).
-- reconstructed: our sources give no more text. The hand is shown to the caster alone: each
-- card is revealed to him (he sees it until it moves), and a `revealed` entry, logged for him
-- alone, names the cards (what a front end shows him).
return card {
  name = "Telepath", kind = "neutral", copies = 1,
  range = "anywhere", duration = "instant", targets = { "wizard" },
  text = "Read the mind of another wizard, wherever he is: you see every card in his hand. Used on an opponent, it is your attack.",
  can_target = function(ctx, t) return t.kind == "wizard" and t.player ~= ctx.caster end,
  resolve = function(ctx)
    local game = ctx.game
    local p = ctx:target_player()
    if p == nil or p == ctx.caster or not game:player(p).alive then return end
    local cards, names = {}, {}
    for _, c in ipairs(game:hand(p)) do
      game:reveal(c, ctx.caster)
      cards[#cards + 1] = c
      names[#names + 1] = game:card(c).name
    end
    game:log("revealed", { to = ctx.caster, player = p, cards = cards, names = names }, ctx.caster)
  end,
  tests = {
    { "his whole hand is shown to the caster, out of sight too; the turn's attack", function(t, g)
      local c = t:turn_of(0, "Telepath")
      local f, n = t:give(1, "Fireball"), t:give(1, "NUMBER 3")
      t:place(1, g:home(g:player(1).home_sector))
      t:cast { card = c, at = t:wizard(1) }
      local seen = t:log("revealed")
      t:eq(#seen, 1)
      t:eq(seen[1].to, 0)
      t:eq(seen[1].cards, { f, n })
      t:eq(g:card(f).zone.player, 1, "he keeps his cards")
      t:ok(g:turn().vars.attacked)
    end },
    { "not on oneself", function(t)
      local c = t:turn_of(0, "Telepath")
      t:ok(not t:has { kind = "cast", card = c, target = t:wizard(0) })
      t:ok(t:has { kind = "cast", card = c, target = t:wizard(1) })
    end },
    { "Full Shield keeps his mind closed", function(t)
      local c = t:turn_of(0, "Telepath")
      local s = t:give(1, "Full Shield")
      t:answer(1, { card = s })
      t:cast { card = c, at = t:wizard(1) }
      t:eq(#t:log("revealed"), 0)
    end },
  },
}
