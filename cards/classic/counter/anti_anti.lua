-- classic ANTI-ANTI (1 in the deck): a counteraction against a counteraction [AF]: the
-- counteraction played against your spell has no effect (classic, The Cards: a
-- COUNTERACTION can itself be counteracted).
return card {
  name = "Anti-Anti", kind = "counter",
  text = "Counteraction: a counteraction played against you (against your attack) has no effect.",
  can_respond = function(ctx, entry)
    return entry.kind == "counter" and entry.marks.defender == ctx.controller
  end,
  resolve = function(ctx) ctx:cancel() end,
  tests = {
    { "the attacker cancels the Full Shield: the Fireball hits", function(t, g)
      local f, aa = t:turn_of(0, "Fireball", "Anti-Anti")
      local s = t:give(1, "Full Shield")
      t:place(1, g:player(0).at)
      t:answer(1, { card = s })
      t:answer(0, { card = aa })
      t:cast { card = f, at = t:wizard(1) }
      t:eq(t:life(1), 10)
      t:eq(#t:log("counter"), 2)
    end },
    { "an Anti-Anti may be answered by another counteraction... of the defender's", function(t, g)
      local f, aa = t:turn_of(0, "Fireball", "Anti-Anti")
      local s, s2 = t:give(1, "Full Shield"), t:give(1, "Full Shield")
      t:place(1, g:player(0).at)
      t:answer(1, { card = s })
      t:answer(0, { card = aa })
      t:answer(1, { card = s2 })
      t:cast { card = f, at = t:wizard(1) }
      t:eq(t:life(1), 15, "the second shield stops the Fireball")
    end },
    { "it is never offered against nothing", function(t)
      local aa = t:turn_of(0, "Anti-Anti")
      t:ok(not t:has { card = aa }, "no action with Anti-Anti")
    end },
  },
}
