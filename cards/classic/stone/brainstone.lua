-- classic BRAINSTONE (1 in the deck): a magic stone; once displayed, its holder may hold two
-- more cards (nine instead of seven, the stone itself still among them, classic, The Cards),
-- and he draws two cards at once [AF: +2 hand size, deal 2 on gaining it]. When it leaves him
-- (dropped, burnt, discarded, taken) the limit falls back and he discards down to it at once
-- [AF: settle the hand] (classic, Getting New Cards: more than seven, discard at once).
-- reconstructed: "gaining it" is displaying it (a stone's power works once displayed), each
-- time it is displayed; the two draws stop at the raised limit; a wizard dying with it
-- discards nothing for it (his cards go to his killer or the discard pile).
local stones = require("rules.stones")
local common = require("rules.common")

return card {
  name = "Brainstone", kind = "stone", copies = 1,
  traits = { "magic_stone" },
  text = "Magic stone. Power: while you show it you may hold 9 cards instead of 7. When you show it, draw 2 cards. When it leaves you, discard down to 7 at once.",
  on_play = function(ctx)
    stones.carry(ctx, { hand = 2 })
    local p = ctx.controller
    if p ~= nil then stones.draw_within_limit(ctx.game, p, 2) end
  end,
  on_end = function(ctx)
    ctx.data.stone = nil -- its power stops as it leaves
    local game, p = ctx.game, ctx.controller
    if p == nil then return end
    local pl = game:player(p)
    if not pl.alive or pl.life <= 0 then return end
    -- the stone itself is on its way out: it no longer counts
    local over = common.hand_count(game, p) - 1 - game:config().hand_limit
    if over > 0 then stones.discard_from_hand(game, p, over) end
  end,
  tests = {
    { "shown: two cards drawn, and nine may be held", function(t, g)
      require("test.magic_stones").brainstone_draws_two(t, "display", "NUMBER 2")
      t:act { kind = "end" }
      t:pass(1) -- no discard asked: 9 cards are within his limit
      t:eq(#g:hand(0), 8)
    end },
    { "dropped with 8 in the hand: he discards one at once", function(t, g)
      t:active(0)
      local s = t:put(0, "Brainstone")
      local keep = {}
      for i = 1, 8 do keep[i] = t:give(0, "NUMBER 2") end
      t:answer(0, { card = keep[1] })
      t:act { kind = "drop_object", card = s }
      t:eq(#g:hand(0), 7)
      t:eq(g:card(keep[1]).zone.pile, "discard")
    end },
    { "in the hand it gives nothing: seven is the limit", function(t, g)
      t:active(0)
      t:give(0, "Brainstone")
      for _ = 1, 6 do t:give(0, "NUMBER 2") end
      t:eq(common.hand_count(g, 0), 7)
      t:act { kind = "end" }
      t:pass(1) -- nothing drawn: the hand is full
      t:eq(#g:hand(0), 7)
    end },
  },
}
