-- classic FILL SQUARE WITH STONE (2 in the deck): solid stone fills an empty square in sight,
-- for good: a fixed object that blocks movement and sight, 20 points to break [AF] (classic,
-- Objects: solid stone squares are fixed; classic, Cards and Actions that Change the Map: not
-- on a home base nor where a wizard or object is). Being a whole square, it can be punched
-- from the next square (classic, Combat).
-- reconstructed: the range (L.O.S.) is in no source. The points are [AF]'s: the rulebook
-- lists only walls, doors and thornbushes as things one may attack (classic, Combat), but a
-- stone square that nothing could ever break would close a corridor for good (Dispel Creation
-- aside), so we keep [AF]'s 20 points, as for a wall: the stone is the one other object
-- that attacks may aim at.
-- The stone object is made as the 9th's Granite Cube's is: lib/stone_square.lua.
local stone_square = require("lib.stone_square")
local stage = require("test.stage")

return card(stone_square.card {
  name = "Fill Square With Stone",
  text = "An empty square you can see fills with solid stone: nobody walks or sees through it until 20 points of damage break it.",
  object = "solid_stone",
  what = { toughness = 20 },
  tests = {
    { "the stone blocks steps and sight; 20 points break it", function(t, g)
      local c, n = stage.cast_beside(t, "Fill Square With Stone", "square")
      local stone = g:objects_at(n.to)[1]
      t:ok(stone, "the stone")
      t:eq(stone.kind, "solid_stone")
      t:ok(not t:has { kind = "move", dir = n.dir }, "no step into the stone")
      t:eq(g:card(c).zone.kind, "play", "permanent")
      local H = require("rules.ctx")
      local ctx = setmetatable({ game = g, caster = 1, controller = 1 }, { __index = H }) --[[@as Ctx]]
      H.damage(ctx, { kind = "object", id = stone.id }, 19, { magical = true })
      t:ok(g:object(stone.id) and assert(g:object(stone.id)).id, "19 points: still there")
      t:ok(t:has { kind = "punch", target = t:object(stone.id) }, "punched from the next square")
      t:punch(t:object(stone.id))
      t:eq(#g:objects_at(n.to), 0, "broken")
      t:ok(t:has { kind = "move", dir = n.dir }, "the way is open again")
    end },
    { "no square with a wizard or an object, no home base", function(t, g)
      require("test.offers").each(t, "Fill Square With Stone", function(a)
        local s = { x = a.target.x, y = a.target.y }
        t:eq(g:home_sector_at(s), nil, a.label)
        t:eq(#g:seats_at(s) + #g:objects_at(s), 0, a.label)
      end, "square")
    end },
  },
})
