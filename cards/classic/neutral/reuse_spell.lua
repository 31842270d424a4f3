-- classic REUSE SPELL (1 in the deck): a spell is used again instead of going to the discard
-- pile [card list: "take a spell back from the discard pile"].
-- reconstructed: Reuse Spell is cast first and waits for its caster's next instant spell this
-- turn (rules/modifiers.lua); once that spell has done its work (or been stopped by a
-- counteraction) it goes back to his hand instead of the discard pile, to be cast again on a
-- later action. Spells that stay in play (durations, permanent ones) are not taken: they never
-- reach the discard pile that turn.
local modifiers = require("rules.modifiers")
local common = require("rules.common")
local first = require("test.first")

local function instant(game, c)
  local d = game:card(c).duration
  return modifiers.is_spell(game, c) and (d == nil or d == "instant")
end

return card(modifiers.card(instant, {
  name = "Reuse Spell", copies = 1,
  text = "The next instant spell you cast this turn comes back to your hand once used, instead of being discarded.",
  resolve = function(ctx) modifiers.wait(ctx) end,
  on_cast = function(ctx, ev)
    modifiers.attach(ctx, ev, instant, function(_e)
      ctx.game:set_card_data(ctx.card, "reused", ev.card)
    end, true)
  end,
  on_discard = function(ctx, ev)
    local game = ctx.game
    local me = game:card(ctx.card)
    if me.zone.kind ~= "play" or game:card_data(ctx.card, "reused") ~= ev.card then return end
    game:move_card(ev.card, { kind = "hand", player = me.zone.player })
    game:log("reused", { card = ev.card, player = me.zone.player })
    game:set_card_data(ctx.card, "reused", nil)
    common.discard(game, ctx.card)
  end,
  on_turn_end = function(ctx)
    modifiers.expire(ctx)
    local game = ctx.game
    if game:card(ctx.card).zone.kind == "play" then common.discard(game, ctx.card) end
  end,
  tests = {
    { "the Fireball comes back to the hand, Reuse Spell is discarded", function(t, g)
      local r, held = first.cast(t, "Reuse Spell", { "Fireball" })
      local f = held[1]
      first.at_one(t, f)
      t:eq(t:life(1), 10)
      t:eq(g:card(f).zone.kind, "hand")
      t:eq(g:card(f).zone.player, 0)
      t:eq(g:card(r).zone.pile, "discard")
    end },
    { "only the next spell: a second one is discarded as usual", function(t, g)
      local _, held = first.cast(t, "Reuse Spell", { "Destroy Wall" })
      local d1 = held[1]
      local once = t:list { kind = "cast", card = d1 }[1]
      t:ok(once, "a wall to destroy")
      t:act(once)
      t:eq(g:card(d1).zone.kind, "hand", "back in hand")
      local again = t:list { kind = "cast", card = d1 }[1]
      t:ok(again, "another wall")
      t:act(again)
      t:eq(g:card(d1).zone.pile, "discard", "the second time it goes")
    end },
    { "a shielded spell comes back too; a duration spell is not taken", function(t, g)
      local s = t:give(1, "Full Shield")
      local _, held = first.cast(t, "Reuse Spell", { "Fireball" })
      local f = held[1]
      first.at_one(t, f, { answers = { { 1, { card = s } } } })
      t:eq(t:life(1), 15)
      t:eq(g:card(f).zone.kind, "hand")
      local r2 = t:turn_of(0, "Reuse Spell")
      t:give(0, "Slow")
      t:eq(t:count { kind = "cast", card = r2 }, 1, "Fireball is there to be reused")
      g:move_card(f, { kind = "pile", pile = "discard" })
      t:eq(t:count { kind = "cast", card = r2 }, 0, "nothing but a duration spell")
    end },
  },
}))
