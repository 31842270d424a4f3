-- 8th Alchemy "Boomstone": a magic stone its wielder may throw as his attack at a wizard,
-- object or creature: 4 magical fire damage, then the stone is discarded (it does not lie
-- where it fell: 8th, Throwing Objects, for what lands). Like every magic stone it is
-- destroyed when its wielder suffers fire damage, and then it explodes on him for 4 magical
-- fire damage (rules/stones.lua; not an attack: a death by it is indirect). Damage reduced
-- to 0 sets nothing off (8th: Canceling, Reducing, and Evading Spells).
-- reconstructed: range line of sight (like Large Rock). A throw that was cancelled or
-- evaded still uses the stone up: it lies where it fell only until the turn ends, then it
-- is discarded (unless someone picked it up by then).
local stones = require("rules.stones")
local stone_out = require("test.stone_out")

-- This card's object on the board, if it lies there.
local function lying(game, c)
  for _, o in ipairs(game:objects()) do
    if o.card == c and o.at then return o end
  end
  return nil
end

return card(stones.card {
  name = "Boomstone", copies = 3,
  range = "los", targets = { "wizard", "object", "creature" },
  traits = { "magic_stone", "thrown_weapon" },
  text = "Magic stone. Throw it as your attack at a wizard, object or creature you can see: 4 magical fire damage, and the stone is gone. Any fire damage to you destroys all the magic stones you carry, and a Boomstone destroyed so explodes on you for 4 magical fire damage.",
  on_play = function(ctx)
    stones.carry(ctx, { blast = 4 })
    ctx.data.thrown = nil
  end,
  on_throw = function(ctx, ev)
    if ev.card == ctx.card then ctx.data.thrown = true end
  end,
  resolve = function(ctx)
    ctx:damage(ctx.target, 4, { magical = true, fire = true })
    ctx:discard_card()
  end,
  on_turn_end = function(ctx)
    if not ctx.data.thrown then return end
    local o = lying(ctx.game, ctx.card)
    if o then
      ctx.game:remove_object(o.id)
      ctx:discard_card()
    end
    ctx.data.thrown = nil
  end,
  tests = {
    { "thrown: 4 magical fire, the stone is discarded, the turn's attack", function(t, g)
      local b = stone_out.facing(t, "Boomstone", "item")
      t:throw { card = b, at = t:wizard(1) }
      t:eq(t:lost(1), 4)
      t:eq(g:card(b).zone.kind, "pile", "discarded, not lying on the board")
      t:eq(#g:objects_at(g:player(1).at), 0)
      t:ok(g:turn().vars.attacked)
      t:eq(t:count { kind = "punch" }, 0, "no second attack")
    end },
    { "its fire shatters the target's stones, and his Boomstone explodes on him", function(t, g)
      local his = t:put(1, "Boomstone")
      g:set_card_data(his, "stone", { blast = 4 })
      local life = t:put(1, "Lifestone")
      local b = stone_out.facing(t, "Boomstone", "item")
      t:throw { card = b, at = t:wizard(1) }
      t:eq(t:lost(1), 4 + 4)
      t:eq(g:card(his).zone.kind, "pile")
      t:eq(g:card(life).zone.kind, "pile")
      t:eq(t:lost(0), 0, "the thrower is not hurt")
    end },
    { "a Fireball on a wizard with two Boomstones: 5 + 4 + 4", function(t, g)
      local a, b = t:turn_of(0, "Boomstone", "Boomstone")
      t:act { kind = "item", card = a }
      t:act { kind = "item", card = b }
      t:active(1)
      t:set_life(0, 14) -- (enough to live through 13, within any ruleset's life_max)
      local f = t:give(1, "Fireball")
      t:place(1, g:player(0).at)
      t:cast { card = f, at = t:wizard(0) }
      t:eq(t:lost(0), 13)
      t:eq(#g:play_area(0), 0)
      t:eq(t:lost(1), 0)
    end },
    { "not at its thrower; physical damage leaves it whole", function(t, g)
      local b = stone_out.out(t, "Boomstone", "item")
      t:eq(t:count { kind = "throw", card = b, target = t:wizard(0) }, 0)
      t:active(1)
      t:place(1, g:player(0).at)
      t:punch(t:wizard(0))
      t:eq(t:lost(0), 1)
      t:eq(g:card(b).zone.kind, "play")
    end },
  },
})
