-- 8th Mutation "Absorb Spell": a counter that cancels a spell as it is being cast and takes
-- that spell's card into its player's hand; an energy card that boosted it is discarded.
-- 8th: Counter Spell; Canceling, Reducing, and Evading Spells (a cancelled spell has no
-- effect; a cancelled attack still counts as the turn's attack).
-- reconstructed: the data disagree on its school (the components list puts it in Mentalism,
-- the card scans in Mutation): filed here. It answers any spell another player casts, aimed
-- at anyone or at nothing, counters included (a counter is a spell); not a punch, a throw or
-- an item's attack (no spell), and not a mundane act (never answerable). The boost was spent
-- as the spell was cast (rules/play.lua): it stays discarded. The card taken counts toward
-- the hand limit from then on.
return card {
  name = "Absorb Spell", school = "mutation", kind = "counter",
  duration = "instant", targets = { "spell" },
  text = "Play when another player casts a spell: it is cancelled, and you take its card into your hand. Any energy card used to boost it is discarded.",
  can_respond = function(ctx, entry)
    return (entry.kind == "spell" or entry.kind == "counter") and entry.card ~= nil
      and entry.controller ~= ctx.controller
      and ctx.game:card(entry.card).zone.kind == "stack"
  end,
  resolve = function(ctx)
    local game = ctx.game
    local entry = ctx.against and game:stack_entry(ctx.against)
    if not entry or not entry.card then return end
    ctx:cancel()
    -- The card leaves the stack for the absorber's hand (the settling leaves it there).
    game:move_card(entry.card, { kind = "hand", player = ctx.controller })
    game:set_card(entry.card, { controller = ctx.controller, target = nil, energy = 0 })
  end,
  tests = {
    { "a boosted Zot! at you: cancelled, the Zot! in your hand, the boost discarded", function(t, g)
      local c = require("test.duel").aim(t, "Zot!", { boost = "Energy 6", plays = { "Absorb Spell" } })
      t:eq(t:lost(1), 0)
      t:eq(g:card(c.card).zone.kind, "hand")
      t:eq(g:card(c.card).zone.player, 1, "the Zot! is his now")
      t:eq(g:card(assert(c.boost)).zone.kind, "pile", "the energy card is discarded")
      t:eq(g:card(c.plays[1]).zone.kind, "pile")
      t:ok(g:turn().vars.attacked, "the cancelled attack still counts")
    end },
    { "it takes a counter: the Full Shield goes to the attacker's hand and the Zot! hits", function(t, g)
      local plays = { "Full Shield", { "Absorb Spell", by = 0 } }
      local fs = require("test.duel").aim(t, "Zot!", { plays = plays, answers = { "damage" } }).plays[1]
      t:eq(t:lost(1), 1, "the shield never stood")
      t:eq(g:card(fs).zone.kind, "hand")
      t:eq(g:card(fs).zone.player, 0)
    end },
    { "absorbing a neutral spell aimed at nobody: a Wallivore never eats", function(t, g)
      local _, n = require("test.stage").by_wall(t)
      local w = t:give(0, "Wallivore")
      local a = t:give(1, "Absorb Spell")
      t:answer(1, { card = a })
      t:cast { card = w, at = t:wall(n.edge) }
      t:eq(g:edge(n.edge).barrier, "wall")
      t:eq(g:card(w).zone.player, 1)
    end },
    { "no answer to a punch, nor to a mundane act", function(t, g)
      -- the strict agent fails on a response request
      require("test.duel").punch(t, { held = { "Absorb Spell" } })
      t:eq(t:lost(1), 1)
      t:eq(#g:hand(1), 1, "still in hand")
    end },
  },
}
