-- 9th GRANITE CUBE (2 in the deck): terrain that fills a square. The 9th rules name it among
-- the terrain (9th: Objects (Terrain)): it blocks sight and movement, every attack may hit it
-- (a punch too, from the next square), and it has infinite hits, so nothing ever breaks it.
-- Like all terrain it is never made on a Lair, a wizard or another object, and it cannot be
-- picked up. A thrown object aimed at it falls a square back toward the thrower (9th: Throwing
-- Objects), as for anything that fills its square.
-- reconstructed: the card text is not in our sources. We make it classic Fill Square With
-- Stone's stone square (lib/stone_square.lua) with no toughness: an object marked
-- `unbreakable` is attackable and takes nothing (rules/targets.lua, rules/damage.lua). Range
-- LOS, permanent (a creation: Dispel Creation may still remove it) and the count (2) are
-- Fill Square With Stone's.
local stone_square = require("lib.stone_square")
local spots = require("test.spots")

return card(stone_square.card {
  name = "Granite Cube",
  text = "A cube of granite fills an empty square you can see. Nobody walks or sees through it, and no amount of damage ever breaks it.",
  object = "granite_cube",
  what = { data = { unbreakable = true } },
  tests = {
    { "nobody walks into it or sees past it; 25 points and a punch leave it standing", function(t, g)
      t:active(0)
      local at, mid, beyond, dir = spots.row_of_three(g)
      assert(at and mid and beyond and dir, "three squares in a row")
      t:place(0, at)
      t:ok(t:has { kind = "move", dir = dir }, "free before")
      local c = t:give(0, "Granite Cube")
      t:cast { card = c, at = t:square(mid) }
      local cube = g:objects_at(mid)[1]
      t:eq(cube.kind, "granite_cube")
      t:eq(g:card(c).zone.kind, "play", "it stays")
      t:ok(not g:los(at, beyond), "the square behind is hidden")
      t:ok(not t:has { kind = "move", dir = dir }, "no step into it")
      t:eq(t:count { kind = "pick_object" }, 0, "terrain is not picked up")
      local H = require("rules.ctx")
      local ctx = setmetatable({ game = g, caster = 1, controller = 1 }, { __index = H }) --[[@as Ctx]]
      t:eq(H.damage(ctx, { kind = "object", id = cube.id }, 25, { magical = true }), 0, "nothing taken")
      t:ok(t:has { kind = "punch", target = t:object(cube.id) }, "terrain: a punch may hit it")
      t:punch(t:object(cube.id))
      t:eq(assert(g:object(cube.id)).damage, 0)
      t:eq(#g:objects_at(mid), 1, "still standing")
    end },
    { "never on a Lair, a wizard or a dropped object", function(t, g)
      t:active(0)
      local lair = g:home(g:player(0).home_sector)
      local beside = spots.free_square(g, lair)
      assert(beside, "a free square beside the Lair")
      t:place(0, beside.to)
      t:ok(g:los(beside.to, lair), "the Lair is in sight")
      local off = spots.free_square(g, beside.to)
      assert(off, "another free square in sight")
      local c = t:give(0, "Granite Cube")
      t:ok(t:has { kind = "cast", card = c, target = t:square(off.to) }, "an empty square is offered")
      t:ok(not t:has { kind = "cast", card = c, target = t:square(lair) }, "not the Lair")
      t:place(1, off.to)
      t:ok(not t:has { kind = "cast", card = c, target = t:square(off.to) }, "not a wizard's square")
      t:place(1, lair)
      local d = g:new_card("Dagger", { kind = "pile", pile = "discard" })
      g:create_object { kind = "item", card = d, at = off.to, mobile = true }
      t:ok(not t:has { kind = "cast", card = c, target = t:square(off.to) }, "not a square with an object")
    end },
  },
})
