-- 8th Alchemy "Speedstone": a magic stone; its wielder's base move is 1 higher
-- (8th: Moving, Changing Base Speed: points left change at once with the base speed).
-- Fire damage to him destroys all his magic stones (rules/stones.lua).
local stones = require("rules.stones")
local magic_stones = require("test.magic_stones")
local stone_out = require("test.stone_out")

return card(stones.card {
  name = "Speedstone", copies = 2,
  text = "Magic stone. While you carry it your base move is 1 higher. Any fire damage to you destroys all the magic stones you carry.",
  powers = { speed = 1 },
  tests = {
    { "carried: four steps a turn instead of three", function(t)
      stone_out.out(t, "Speedstone", "item")
      t:eq(magic_stones.steps_left(t), 4)
    end },
    { "two stones: five steps", function(t)
      local a, b = t:turn_of(0, "Speedstone", "Speedstone")
      t:act { kind = "item", card = a }
      t:act { kind = "item", card = b }
      t:eq(magic_stones.steps_left(t), 5)
    end },
    { "in the hand or dropped it does nothing", function(t, g)
      local s = stone_out.out(t, "Speedstone", "item")
      t:act { kind = "drop_item", card = s }
      t:eq(magic_stones.steps_left(t), 3)
      t:ok(g:card(s).zone.kind == "board", "it lies on the board")
    end },
    { "fire reduced to nothing leaves it whole; real fire destroys it", function(t, g)
      t:active(1)
      local s, b = t:put(0, "Speedstone"), t:give(0, "Bloodshard")
      local H = require("rules.ctx")
      local ctx = setmetatable({ game = g, caster = 1, controller = 1, stack = false }, { __index = H }) --[[@as Ctx]]
      g:move_card(b, { kind = "play", player = 0 })
      H.damage(ctx, t:wizard(0), 1, { magical = true, fire = true })
      t:eq(t:lost(0), 0, "Bloodshard took the 1 point away")
      t:eq(g:card(s).zone.kind, "play", "no damage, no shattering")
      H.damage(ctx, t:wizard(0), 2, { magical = true, fire = true })
      t:eq(t:lost(0), 1)
      t:eq(g:card(s).zone.kind, "pile", "destroyed by the fire")
      t:eq(g:card(b).zone.kind, "play", "a trinket is no stone")
    end },
  },
})
