-- 8th Thaumaturgy "Anti-Anti": a counter to a counter. It cancels one counter spell played
-- against one of your own spells, and nothing can cancel it in turn.
-- 8th: Canceling, Reducing, and Evading Spells (a cancelled spell has no effect at all).
-- reconstructed: "one of your spells" is any spell you have on the stack (an attack, a
-- neutral spell, or one of your own counters); "cannot be cancelled" is read as: no counter
-- may answer it at all (trait `uncancellable`, rules/play.lua `closed`).
return card {
  name = "Anti-Anti", school = "thaumaturgy", kind = "counter", energy = 3,
  range = "caster", duration = "instant", targets = { "spell" },
  traits = { "uncancellable" },
  text = "Play when a counter spell is played against one of your spells: that counter is cancelled. Nothing can cancel Anti-Anti.",
  can_respond = function(ctx, entry)
    if entry.kind ~= "counter" or entry.marks.against == nil then return false end
    local mine = ctx.game:stack_entry(entry.marks.against)
    return mine ~= nil and mine.controller == ctx.controller
  end,
  resolve = function(ctx) ctx:cancel() end,
  tests = {
    { "cancels the Full Shield raised against your Zot!: the Zot! hits", function(t, g)
      local c = require("test.duel").aim(t, "Zot!", { plays = { "Full Shield", { "Anti-Anti", by = 0 } }, answers = { "damage" } })
      t:eq(t:lost(1), 1)
      t:eq(g:card(c.plays[1]).zone.kind, "pile", "the shield is spent for nothing")
      t:eq(g:card(c.plays[2]).zone.kind, "pile")
      t:eq(#t:log("counter"), 2)
    end },
    { "nothing answers it: the defender's own Anti-Anti is not offered", function(t, g)
      -- (the strict test agent fails on any request not queued: player 1 is not asked again)
      local c = require("test.duel").aim(t, "Zot!", {
        plays = { "Full Shield", { "Anti-Anti", by = 0 } }, held = { "Anti-Anti" }, answers = { "damage" },
      })
      t:eq(t:lost(1), 1)
      t:eq(g:card(c.held[1]).zone.kind, "hand")
    end },
    { "no use against a spell itself: a Zot! at you is not answered with it", function(t, g)
      local c = require("test.duel").aim(t, "Zot!", { held = { "Anti-Anti" }, answers = { "damage" } })
      t:eq(t:lost(1), 1)
      t:eq(g:card(c.held[1]).zone.kind, "hand")
    end },
    { "not cast on one's own turn; worth 3 energy as a boost", function(t, g)
      local aa = t:turn_of(0, "Anti-Anti")
      t:eq(t:count { kind = "cast", card = aa }, 0)
      t:act { kind = "boost", card = aa }
      t:eq(g:turn().vars.boost, 3)
    end },
  },
}
