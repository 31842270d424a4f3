-- 8th Alchemy "Lifestone": a magic stone; its wielder gains 1 life as each of his turns
-- begins, never above 20 (8th: Life, Damage, and Dying). Fire damage to him destroys all
-- his magic stones (rules/stones.lua).
local stones = require("rules.stones")
local stone_out = require("test.stone_out")

return card(stones.card {
  name = "Lifestone",
  text = "Magic stone. While you carry it you gain 1 life when each of your turns begins (20 at most). Any fire damage to you destroys all the magic stones you carry.",
  on_turn_start = function(ctx)
    local p = stones.carrier(ctx.game, ctx.card)
    if p ~= nil and ctx.game:turn().active == p then ctx:heal(p, 1) end
  end,
  tests = {
    { "carried: +1 life at the start of each of his turns, not on others'", function(t, g)
      stone_out.out(t, "Lifestone", "item")
      t:set_life(0, 10)
      t:pass(1)
      t:eq(g:turn().active, 1)
      t:eq(t:life(0), 10, "nothing on another player's turn")
      t:pass(1)
      t:eq(g:turn().active, 0)
      t:eq(t:life(0), 11)
    end },
    { "never above the life maximum (config life_max: 20 in the 8th)", function(t, g)
      local max = g:config().life_max ---@type integer
      stone_out.out(t, "Lifestone", "item")
      t:set_life(0, max)
      t:pass(2)
      t:eq(g:turn().active, 0)
      t:eq(t:life(0), max)
    end },
    { "dropped, it heals nobody", function(t, g)
      local s = stone_out.out(t, "Lifestone", "item")
      t:act { kind = "drop_item", card = s }
      t:set_life(0, 10)
      t:pass(2)
      t:eq(g:turn().active, 0)
      t:eq(t:life(0), 10)
    end },
    { "a Fireball on its wielder destroys it", function(t, g)
      t:active(1)
      local s = t:put(0, "Lifestone")
      local f = t:give(1, "Fireball")
      t:place(1, g:player(0).at)
      t:cast { card = f, at = t:wizard(0) }
      t:eq(t:lost(0), 5)
      t:eq(g:card(s).zone.kind, "pile", "the stone shattered")
      t:eq(#g:play_area(0), 0)
    end },
  },
})
