-- 8th Mentalism "Add" (2 in Mentalism; the Alchemy deck borrows 1): put together the energy
-- values of two Magic cards for your next spell. The 8th FAQ: only one energy card may boost
-- an action (8th: Boosting Spells: a boost replaces the energy of 1), and Add is the one
-- exception.
-- reconstructed: Add is cast on its own (no target); as it resolves its player picks two cards
-- of his hand that have an energy value (energy cards or Magic cards with a printed value,
-- rules/play.lua `boost_cards`) and discards them; Add then waits in his play area (counting
-- toward his hand limit like a maintained spell) until he casts his next spell, on this turn
-- or a later one, a counter included, whose energy becomes the sum (if a boost played with
-- that spell is worth more, the spell keeps the larger). Add is then discarded. Cancelled
-- (Negate Neutral), it takes nothing: the two cards stay in hand. Another Add is not "your
-- next spell": it does not use the waiting sum.
local play = require("rules.play")

-- Gives the waiting sum to the spell `c` that p is casting (payload `ev`); true if it did.
local function feed(ctx, ev, c, p)
  local game = ctx.game
  local zone = game:card(ctx.card).zone
  local total = ctx.data.total
  if zone.kind ~= "play" or total == nil or p ~= zone.player or c == nil or c == ctx.card then return end
  if game:card(c).def == game:card(ctx.card).def then return end
  if (ev.energy or 0) < total then ev.energy = total end
  game:log("added", { card = c, energy = total })
  ctx.data.total = nil
  ctx:discard_card()
end

return card {
  name = "Add",
  school = "mentalism",
  kind = "neutral",
  range = "anywhere",
  duration = "instant",
  copies = 2,
  text = "Choose two cards in your hand that have energy values and discard them: your next spell's energy is their sum. The one exception to the rule of one energy card per spell.",
  can_cast = function(ctx)
    return #play.boost_cards(ctx.game, ctx.caster, ctx.card) >= 2
  end,
  resolve = function(ctx)
    local game, p = ctx.game, ctx.caster
    local total = play.spend_boosts(game, p, ctx.card, 2, "energy card")
    -- it waits in the play area for the next spell (a card that put itself somewhere stays)
    game:move_card(ctx.card, { kind = "play", player = p })
    game:set_card(ctx.card, { controller = p })
    ctx.data.total = total
  end,
  before_cast = function(ctx, ev) feed(ctx, ev, ev.card, ev.caster) end,
  before_counter = function(ctx, ev) feed(ctx, ev, ev.card, ev.player) end,
  tests = {
    { "Energy 4 and Energy 5 make a Zot! of 9", function(t)
      local g = t.game
      t:active(0)
      local a = t:give(0, "Add")
      local e4 = t:give(0, "Energy 4")
      local e5 = t:give(0, "Energy 5")
      local z = t:give(0, "Zot!")
      t:answer(0, { card = e4 }) -- (the second is the only one left: nobody is asked)
      t:cast { card = a }
      t:eq(g:card(e4).zone.kind, "pile")
      t:eq(g:card(e5).zone.kind, "pile")
      t:eq(g:card(a).zone.kind, "play", "waiting for the next spell")
      t:place(1, g:player(0).at)
      t:answer(0, "damage")
      t:cast { card = z, at = t:wizard(1) }
      t:eq(t:lost(1), 9)
      t:eq(g:card(a).zone.kind, "pile", "used up")
    end },
    { "a Magic card's energy value counts: Powerthrust (2) + Energy 4", function(t)
      local g = t.game
      t:active(0)
      local a = t:give(0, "Add")
      local pt = t:give(0, "Powerthrust")
      t:give(0, "Energy 4")
      local z = t:give(0, "Zot!")
      t:answer(0, { card = pt })
      t:cast { card = a }
      t:place(1, g:player(0).at)
      t:answer(0, "damage")
      t:cast { card = z, at = t:wizard(1) }
      t:eq(t:lost(1), 6)
    end },
    { "only the next spell: the one after has its own energy", function(t)
      local g = t.game
      t:active(0)
      local a = t:give(0, "Add")
      local e4 = t:give(0, "Energy 4")
      local e5 = t:give(0, "Energy 5")
      local m = t:give(0, "Meditate")
      t:answer(0, { card = e4 })
      t:answer(0, { card = e5 })
      t:cast { card = a }
      t:cast { card = m } -- takes the 9 (and has no use for it)
      t:eq(g:card(a).zone.kind, "pile")
      local z = t:give(0, "Zot!")
      t:place(1, g:player(0).at)
      t:answer(0, "damage")
      t:cast { card = z, at = t:wizard(1) }
      t:eq(t:lost(1), 1)
    end },
    { "needs two cards with energy values", function(t)
      t:active(0)
      local a = t:give(0, "Add")
      t:give(0, "Energy 4")
      t:give(0, "Zot!")
      t:eq(t:count { kind = "cast", card = a }, 0)
    end },
    { "cancelled by Negate Neutral, it takes nothing", function(t)
      local g = t.game
      t:active(0)
      local a = t:give(0, "Add")
      local e4 = t:give(0, "Energy 4")
      local e5 = t:give(0, "Energy 5")
      local n = t:give(1, "Negate Neutral")
      t:answer(1, { card = n })
      t:cast { card = a }
      t:eq(g:card(a).zone.kind, "pile")
      t:eq(g:hand(0), { e4, e5 }, "the energy cards stay in hand")
    end },
  },
}
