-- 8th Cantrip "Full Shield": a counter that cancels one spell aimed at you as it is cast.
return card {
  -- copies: reconstructed: the White Cantrip deck is 24 cards of these 12 (8th: Setup, step 4)
  name = "Full Shield", school = "cantrip", kind = "counter", copies = 2,
  range = "caster", duration = "instant", targets = { "spell" },
  text = "Play when a spell targets you: that spell is cancelled.",
  can_respond = function(ctx, entry)
    local t = entry.target
    return entry.kind == "spell" and t ~= nil and t.kind == "wizard" and t.player == ctx.controller
  end,
  resolve = function(ctx) ctx:cancel() end,
  tests = {
    { "cancels a Zot! aimed at you; the attack is still spent", function(t, g)
      require("test.duel").aim(t, "Zot!", { plays = { "Full Shield" } })
      t:eq(t:lost(1), 0)
      t:eq(#g:pile("discard"), 2, "both cards discarded")
      t:ok(g:turn().vars.attacked, "a cancelled attack still counts")
      t:eq(#t:log("counter"), 1)
    end },
    { "the target may pass and take the hit", function(t, g)
      require("test.duel").aim(t, "Zot!", { plays = { { pass = 1 } }, held = { "Full Shield" }, answers = { "damage" } })
      t:eq(t:lost(1), 1)
      t:eq(#g:hand(1), 1)
    end },
  },
}
