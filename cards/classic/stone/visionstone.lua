-- classic VISIONSTONE (1 in the deck): a magic stone letting its holder see and cast through
-- walls [the card list's mechanic, unconfirmed by our sources].
-- reconstructed: we follow the 8th edition's Visionstone, whose power the shared mechanics
-- hold (rules/stones.lua power `see_through`, rules/targets.lua): once displayed, each spell
-- its holder casts at L.O.S. may reach through one wall or door, a side of the target's
-- square with clear sight to the square beyond it; thrown and wielded objects may not (they
-- fly, classic, Dropping and Retrieving Objects). Not through two walls.
local stones = require("rules.stones")
local magic_stones = require("test.magic_stones")

return card {
  name = "Visionstone", kind = "stone", copies = 1,
  traits = { "magic_stone" },
  text = "Magic stone. Power: while you show it, each spell you cast may reach through one wall or door. Thrown objects may not.",
  on_play = function(ctx) stones.carry(ctx, { see_through = 1 }) end,
  tests = {
    { "shown: a Lightning Blast reaches a wizard behind a wall", function(t)
      local s, b = magic_stones.wizard_behind_wall(t, "Lightning Blast")
      t:act { kind = "display", card = s }
      t:cast { card = b, at = t:wizard(1) }
      t:eq(t:life(1), 14)
    end },
    { "no thrown object through the wall", function(t) magic_stones.no_throw_through_wall(t, "display", false) end },
    { "not through two walls", function(t) magic_stones.not_two_walls(t, "display", "Lightning Blast") end },
  },
}
