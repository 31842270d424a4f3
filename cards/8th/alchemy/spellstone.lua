-- 8th Alchemy "Spellstone": a magic stone; its wielder draws 1 card more each turn, never
-- past his hand limit (8th: Discard and Draw Phase; rules/stones.lua). Fire damage to him
-- destroys all his magic stones.
-- reconstructed: the extra card is drawn as his Discard and Draw phase ends, after his
-- usual draw, whenever he has room for it (the card says "may": a player with room always
-- takes it here).
local stones = require("rules.stones")
local stone_out = require("test.stone_out")

return card(stones.card {
  name = "Spellstone",
  text = "Magic stone. While you carry it you draw 1 extra card each turn, though never past your hand limit. Any fire damage to you destroys all the magic stones you carry.",
  on_phase_end = function(ctx, ev)
    local p = stones.carrier(ctx.game, ctx.card)
    if p ~= nil and ev.phase == "discard_and_draw" and ctx.game:turn().active == p then
      stones.draw_within_limit(ctx.game, p, 1)
    end
  end,
  tests = {
    { "carried: three cards drawn at the end of the turn", function(t, g)
      stone_out.out(t, "Spellstone", "item")
      t:eq(#g:hand(0), 0)
      t:pass(1)
      t:eq(#g:hand(0), 3)
    end },
    { "not past the hand limit", function(t, g)
      stone_out.out(t, "Spellstone", "item")
      for _ = 1, 5 do t:give(0, "Zot!") end
      t:answer(0, "done")
      t:pass(1)
      t:eq(#g:hand(0), 6, "5 + 1 drawn: with the stone, 7")
    end },
    { "nothing extra on another player's turn", function(t, g)
      t:active(1)
      t:put(0, "Spellstone")
      t:pass(1)
      t:eq(#g:hand(0), 0, "player 0 drew nothing on player 1's turn")
    end },
    { "dropped, it gives nothing", function(t, g)
      local s = stone_out.out(t, "Spellstone", "item")
      t:act { kind = "drop_item", card = s }
      t:pass(1)
      t:eq(#g:hand(0), 2)
    end },
  },
})
