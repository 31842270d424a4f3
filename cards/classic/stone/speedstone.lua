-- classic SPEEDSTONE (1 in the deck): a magic stone; once shown, its holder moves one square
-- more each turn [AF] (the rules add it at the start of his turn: trait `speed_bonus`).
local magic_stones = require("test.magic_stones")
local stone_out = require("test.stone_out")

return card {
  name = "Speedstone", kind = "stone", copies = 1,
  traits = { "magic_stone", "speed_bonus" },
  text = "Magic stone. Power: while you show it, you may move one square more each turn.",
  tests = {
    { "shown: four squares a turn from the next turn on", function(t, g)
      stone_out.out(t, "Speedstone", "display")
      t:pass(2)
      t:eq(g:turn().active, 0)
      t:eq(g:turn().vars.speed, 4)
      t:eq(magic_stones.steps_left(t), 4)
    end },
    { "dropped, it no longer speeds its owner", function(t, g)
      local s = stone_out.out(t, "Speedstone", "display")
      t:act { kind = "drop_object", card = s }
      t:pass(2)
      t:eq(g:turn().active, 0)
      t:eq(g:turn().vars.speed, 3)
    end },
    { "a Fireball that hurts its holder burns it", function(t, g)
      local s = t:put(0, "Speedstone")
      local f = t:turn_of(1, "Fireball")
      t:place(0, g:player(1).at)
      t:cast { card = f, at = t:wizard(0) }
      t:eq(g:card(s).zone.pile, "discard")
    end },
  },
}
