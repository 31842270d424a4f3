-- 8th Cantrip "Negate Neutral": a counter that cancels a neutral spell as it is cast.
return card {
  -- copies: reconstructed: the White Cantrip deck is 24 cards of these 12 (8th: Setup, step 4)
  name = "Negate Neutral", school = "cantrip", kind = "counter", copies = 2,
  duration = "instant",
  text = "Play when any neutral spell is cast: it is cancelled.",
  can_respond = function(ctx, entry)
    if entry.kind ~= "spell" or entry.card == nil then return false end
    return ctx.game:card(entry.card).kind == "neutral"
  end,
  resolve = function(ctx) ctx:cancel() end,
  tests = {
    { "cancels a Create Wall as it is cast", function(t, g)
      local c = t:turn_of(0, "Create Wall")
      local n = t:give(1, "Negate Neutral")
      local a = t:list { kind = "cast", card = c }[1]
      t:answer(1, { card = n })
      t:act(a)
      t:eq(g:edge(a.target.edge).barrier, "open", "no wall")
      t:eq(g:card(c).zone.kind, "pile")
      t:eq(g:card(n).zone.kind, "pile")
      t:eq(#t:log("counter"), 1)
    end },
    { "not offered against an attack", function(t, g)
      local z = t:turn_of(0, "Zot!")
      t:give(1, "Negate Neutral")
      t:place(1, g:player(0).at)
      t:answer(0, "damage") -- no respond request comes to player 1
      t:cast { card = z, at = t:wizard(1) }
      t:eq(t:lost(1), 1)
    end },
  },
}
