-- 8th Alchemy "Brainstone": a magic stone; its wielder's maximum hand size is 2 higher. The
-- first time a wizard plays or gains it he draws 2 cards; whenever it leaves his possession
-- (dropped, taken, destroyed) he discards 2 cards of his choice (rules/stones.lua). Fire
-- damage to him destroys all his magic stones.
-- reconstructed: "the first time" is counted per wizard (each wizard draws once for it in a
-- game); the draws stop at the hand limit (with the stone's 2 more); a wizard who dies
-- holding it discards nothing (his hand goes to his killer or the discard pile).
local stones = require("rules.stones")

return card(stones.card {
  name = "Brainstone",
  text = "Magic stone. While you carry it your maximum hand size is 2 higher. The first time you play or gain it, draw 2 cards; whenever it leaves you, discard 2 cards of your choice. Any fire damage to you destroys all the magic stones you carry.",
  on_play = function(ctx)
    stones.carry(ctx, { hand = 2 })
    local p = ctx.controller
    if p == nil then return end
    local had = ctx.data.had or {}
    for _, q in ipairs(had) do if q == p then return end end
    local list = {}
    for _, q in ipairs(had) do list[#list + 1] = q end
    list[#list + 1] = p
    ctx.data.had = list
    stones.draw_within_limit(ctx.game, p, 2)
  end,
  on_end = function(ctx)
    local p = ctx.controller
    if p == nil then return end
    local pl = ctx.game:player(p)
    if pl.alive and pl.life > 0 then stones.discard_from_hand(ctx.game, p, 2) end
  end,
  tests = {
    { "played: 2 cards drawn; hand limit 9", function(t, g)
      require("test.magic_stones").brainstone_draws_two(t, "item", "Zot!")
      t:eq(#g:hand(0), 8)
    end },
    { "dropped: 2 cards of his choice discarded; picked up again: no new draw", function(t, g)
      local s, keep = t:turn_of(0, "Brainstone", "Zot!")
      t:act { kind = "item", card = s }
      t:eq(#g:hand(0), 3)
      local drawn = {}
      for _, c in ipairs(g:hand(0)) do if c ~= keep then drawn[#drawn + 1] = c end end
      t:answer(0, { card = drawn[1] })
      t:answer(0, { card = drawn[2] })
      t:act { kind = "drop_item", card = s }
      t:eq(g:hand(0), { keep })
      local o = g:objects_at(g:player(0).at)[1]
      t:act { kind = "pick_object", object = o.id }
      t:eq(g:hand(0), { keep }, "only the first time")
    end },
    { "destroyed by fire: its wielder discards 2", function(t, g)
      t:active(1)
      local s = t:put(0, "Brainstone")
      g:set_card(s, { controller = 0 })
      t:give(0, "Zot!")
      t:give(0, "Zot!")
      t:give(0, "Zot!")
      local f = t:give(1, "Fireball")
      t:place(1, g:player(0).at)
      t:answer(0, { card = g:hand(0)[1] })
      t:answer(0, { card = g:hand(0)[2] })
      t:cast { card = f, at = t:wizard(0) }
      t:eq(g:card(s).zone.kind, "pile")
      t:eq(#g:hand(0), 1)
    end },
  },
})
