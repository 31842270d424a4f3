-- classic MIST-BODY (1 in the deck): a duration spell; its caster turns to mist and moves
-- through walls and obstacles [card list: "move through walls/obstacles"].
-- reconstructed: cast on yourself, for the NUMBER of your turns (classic, The Cards); while it
-- lasts you walk through inner walls, doors (locked or jammed) and fixed objects (a thornbush
-- or solid stone does not stop you, but entering a thornbush's square still hurts), at one
-- movement point a square as usual; never through the outer wall of the board (rim walls stay
-- solid: classic, The Board lets only a smashed rim wall lead across). Nothing else changes:
-- you may still attack, be attacked and pick things up.
local stage = require("test.stage")

return card {
  name = "Mist-Body", kind = "neutral", copies = 1,
  range = "self", duration = "duration", targets = { "self" },
  text = "For a NUMBER of your turns your body is mist: you walk through walls, doors and obstacles, though never through the outer wall of the board.",
  resolve = function(ctx)
    -- Read by the rules while the card is in play (rules/effects.lua: step flags).
    ctx.game:set_card_data(ctx.card, "effect", {
      move = { through_walls = true, through_doors = true, through_obstacles = true },
    })
  end,
  tests = {
    -- (classic only: the 9th counts durations down at the end of the caster's turns, from his next one: its scenarios test that)
    { "through an inner wall; the spell lasts its NUMBER of turns", function(t, g)
      local _, n = stage.by_wall(t)
      t:ok(not t:has { kind = "move", dir = n.dir }, "the wall stops him")
      local c, num = t:give(0, "Mist-Body"), t:give(0, "NUMBER 2")
      t:cast { card = c, at = t:wizard(0), boost = num }
      t:eq(g:card(c).zone.kind, "play")
      t:eq(g:card(c).energy, 2)
      t:move(n.dir)
      t:eq(g:player(0).at, n.to, "through the wall")
      t:eq(g:edge(n.edge).barrier, "wall", "which still stands")
      t:pass(2)
      t:eq(g:turn().active, 0)
      t:eq(g:card(c).zone.kind, "play", "one turn left")
      t:pass(2)
      t:eq(g:card(c).zone.pile, "discard", "over at the start of his second turn")
    end, rulesets = { "classic" } },
    { "through a locked door", function(t, g)
      local spots = require("test.spots")
      t:active(0)
      local from, dir = spots.locked_door(g, 0)
      assert(from and dir, "a locked door")
      local c = t:give(0, "Mist-Body")
      t:cast { card = c, at = t:wizard(0) }
      t:move(dir)
      t:ok(t:at(0).x ~= from.x or t:at(0).y ~= from.y, "through the door")
    end },
    { "never through the outer wall of the board; solid again once it ends", function(t, g)
      local spots = require("test.spots")
      local c = t:turn_of(0, "Mist-Body")
      t:cast { card = c, at = t:wizard(0) }
      local rim ---@type EdgeInfo?
      for _, info in ipairs(g:edges { barrier = "wall" }) do
        if not rim and info.boundary then rim = info end
      end
      assert(rim, "a rim wall")
      local sides = require("rules.common").edge_sides(g, rim.edge)
      local at = sides[1].square
      t:place(0, at)
      t:ok(not t:has { kind = "move", dir = sides[1].side }, "the rim wall holds")
      local from, n = spots.square_with_wall(g)
      assert(from and n, "a square with an inner wall")
      t:place(0, from)
      t:ok(t:has { kind = "move", dir = n.dir }, "an inner wall does not")
      require("rules.common").end_spell(g, c)
      t:ok(not t:has { kind = "move", dir = n.dir }, "solid again")
    end },
  },
}
