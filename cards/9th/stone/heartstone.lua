-- 9th HEARTSTONE (1 in the deck): a magic stone, the 9th's own (it takes classic
-- Bloodstone's place in the deck). The 9th rules give it as their example of an object that
-- protects its owner: it lowers all the damage he takes (9th: Attacks). Like every magic
-- stone it works while it lies face up in front of him, and counts toward his seven cards
-- (9th: Magic Objects).
-- reconstructed (README Q10): by how much is not in our sources. We chose 1 point off every
-- damage to its holder: physical or magical, from an attack or not (a punch, a spell, a
-- thrown object, a falling wall, a Wall of Fire), as "all damage" says; damage brought to 0
-- is no damage, so its side effects stop too (rules/stones.lua, lessen).
local guard_stone = require("lib.guard_stone")
local stone_out = require("test.stone_out")

return card(guard_stone.card {
  name = "Heartstone", copies = 1,
  text = "Magic stone. While you show it, all damage you take, of any kind, is 1 point less.",
  tests = {
    { "shown: a punch does nothing, a Fireball 4 (and then burns it)", function(t, g)
      local h = stone_out.out_by(t, 1, "Heartstone", "display")
      t:eq(g:card(h).zone.kind, "play")
      t:active(0)
      t:place(1, g:player(0).at)
      t:punch(t:wizard(1))
      t:eq(t:life(1), 15, "the punch's point is taken off")
      t:active(0)
      t:cast { card = t:give(0, "Fireball"), at = t:wizard(1) }
      t:eq(t:life(1), 11)
      t:eq(#t:log("stone_guard"), 2)
      t:eq(g:card(h).zone.pile, "discard", "the Fireball burnt it afterwards")
    end },
    { "not only attacks: a wall falling beside its holder costs him 1 of the 2", function(t, g)
      local at, w = require("test.spots").square_with_wall(g)
      assert(at and w, "a square beside an inner wall")
      t:put(1, "Heartstone")
      t:active(0)
      t:place(0, at)
      t:place(1, at)
      t:cast { card = t:give(0, "Destroy Wall"), at = t:wall(w.edge) }
      t:eq(g:edge(w.edge).barrier, "open", "the wall fell")
      t:eq({ t:life(0), t:life(1) }, { 13, 14 }, "the caster takes 2, the holder 1")
    end },
    { "in the hand it does nothing", function(t, g)
      t:give(1, "Heartstone")
      t:active(0)
      t:place(1, g:player(0).at)
      t:punch(t:wizard(1))
      t:eq(t:life(1), 14)
      t:eq(#t:log("stone_guard"), 0)
    end },
  },
})
