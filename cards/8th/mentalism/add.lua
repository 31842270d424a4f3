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
local add = require("lib.add")
local first = require("test.first")

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

return card(add.card {
  name = "Add", school = "mentalism", copies = 2,
  range = "anywhere",
  text = "Choose two cards in your hand that have energy values and discard them: your next spell's energy is their sum. The one exception to the rule of one energy card per spell.",
  resolve = function(ctx)
    local game, p = ctx.game, ctx.caster
    local total = add.take_two(ctx, "energy card")
    -- it waits in the play area for the next spell (a card that put itself somewhere stays)
    game:move_card(ctx.card, { kind = "play", player = p })
    game:set_card(ctx.card, { controller = p })
    ctx.data.total = total
  end,
  before_cast = function(ctx, ev) feed(ctx, ev, ev.card, ev.caster) end,
  before_counter = function(ctx, ev) feed(ctx, ev, ev.card, ev.player) end,
  tests = {
    { "Energy 4 and Energy 5 make a Zot! of 9", function(t, g)
      -- (the second is the only one left: nobody is asked)
      local a, held = first.cast(t, "Add", { "Energy 4", "Energy 5", "Zot!" }, { answers = { { value = 4 } } })
      t:eq(g:card(held[1]).zone.kind, "pile")
      t:eq(g:card(held[2]).zone.kind, "pile")
      t:eq(g:card(a).zone.kind, "play", "waiting for the next spell")
      first.at_one(t, held[3], { answers = { { 0, "damage" } } })
      t:eq(t:lost(1), 9)
      t:eq(g:card(a).zone.kind, "pile", "used up")
    end },
    { "a Magic card's energy value counts: Powerthrust (2) + Energy 4", function(t)
      local _, held = first.cast(t, "Add", { "Powerthrust", "Energy 4", "Zot!" }, { answers = { { value = 2 } } })
      first.at_one(t, held[3], { answers = { { 0, "damage" } } })
      t:eq(t:lost(1), 6)
    end },
    { "only the next spell: the one after has its own energy", function(t, g)
      local a, held = first.cast(t, "Add", { "Energy 4", "Energy 5", "Meditate" }, { answers = { { value = 4 }, { value = 5 } } })
      t:cast { card = held[3] } -- takes the 9 (and has no use for it)
      t:eq(g:card(a).zone.kind, "pile")
      first.at_one(t, t:give(0, "Zot!"), { answers = { { 0, "damage" } } })
      t:eq(t:lost(1), 1)
    end },
    { "needs two cards with energy values", function(t) first.uncastable(t, "Add", { "Energy 4", "Zot!" }) end },
    { "cancelled by Negate Neutral, it takes nothing", function(t, g)
      local n = t:give(1, "Negate Neutral")
      t:answer(1, { card = n })
      local a, held = first.cast(t, "Add", { "Energy 4", "Energy 5" })
      t:eq(g:card(a).zone.kind, "pile")
      t:eq(g:hand(0), held, "the energy cards stay in hand")
    end },
  },
})
