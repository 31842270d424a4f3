-- 8th Mentalism "Psychic Storm": a storm of mental force over one square you can see and the
-- four squares beside it, walls or no walls (never across the board's edge: no wrap-around,
-- no portals). Every wizard and creature there takes magical damage equal to the spell's
-- energy, the caster too if he stands in it. It cannot be evaded.
-- reconstructed: range taken as line of sight to the target square; "beside" counted on the
-- board's squares (x +/- 1, y +/- 1), terrain ignored. It aims at a square, not at a wizard,
-- so no counter that answers an attack on you (Full Shield, Teleport...) may answer it, and
-- none can make it miss (8th: Canceling, Reducing, and Evading Spells). Damage that reaches a
-- wizard who cannot be attacked (Mist Body) is still refused (rules/damage.lua).
local function storm_squares(game, c)
  local w, h = game:board_size()
  local out = { c }
  for _, d in ipairs({ { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } }) do
    local x, y = c.x + d[1], c.y + d[2]
    if x >= 0 and y >= 0 and x < w and y < h then out[#out + 1] = { x = x, y = y } end
  end
  return out
end

return card {
  name = "Psychic Storm", school = "mentalism", kind = "attack",
  range = "los", duration = "instant", targets = { "square" },
  traits = { "unevadable" },
  text = "Unleash a psychic storm on a square you can see and the four squares around it, through walls but not off the edge of the board. Every wizard and creature there, you included, takes magical damage equal to this spell's energy. It can't be evaded.",
  resolve = function(ctx)
    local game = ctx.game
    local at = ctx:square_of(ctx.target)
    if not at then return end
    local wizards, creatures = {}, {}
    for _, s in ipairs(storm_squares(game, at)) do
      for _, p in ipairs(game:seats_at(s)) do wizards[#wizards + 1] = p end
      for _, o in ipairs(game:objects_at(s)) do
        if o.kind == "creature" then creatures[#creatures + 1] = { kind = "creature", id = o.id, at = s } end
      end
    end
    for _, p in ipairs(wizards) do ctx:damage(p, ctx.energy, { magical = true }) end
    for _, c in ipairs(creatures) do ctx:damage(c, ctx.energy, { magical = true }) end
  end,
  tests = {
    { "a wizard who could dodge by a roll cannot evade it: no roll, he is hit every time", function(t, g)
      local inv = t:put(1, "Invisible")
      g:set_card(inv, { controller = 1, energy = 3 })
      local _, line = require("test.spots").line(g, g:player(0).at, 2)
      assert(line, "a straight line of two squares")
      t:place(1, line[2])
      for i = 1, 4 do
        t:active(0)
        t:set_life(1, g:config().life)
        local c = t:give(0, "Psychic Storm")
        t:cast { card = c, at = t:square(line[2]) }
        t:eq(t:lost(1), 1, "storm " .. i .. " hits")
      end
      t:eq(#t:log("roll"), 0, "no dodge roll is made")
      t:eq(#t:log("evaded"), 0)
    end },
    { "hits the wizard in the square; the caster two squares away is spared", function(t, g)
      local c, e = t:turn_of(0, "Psychic Storm", "Energy 4")
      local _, line = require("test.spots").line(g, g:player(0).at, 2)
      assert(line, "a straight line of two squares")
      t:place(1, line[2])
      t:cast { card = c, at = t:square(line[2]), boost = e }
      t:eq(t:lost(1), 4)
      t:eq(t:lost(0), 0, "not in the storm")
      t:ok(g:turn().vars.attacked, "the turn's attack")
    end },
    { "the caster in the storm is hurt too", function(t, g)
      local c = t:turn_of(0, "Psychic Storm")
      local _, line = require("test.spots").line(g, g:player(0).at, 1)
      assert(line, "a straight line")
      t:place(1, line[1])
      t:cast { card = c, at = t:square(line[1]) }
      t:eq(t:lost(1), 1)
      t:eq(t:lost(0), 1, "the square beside the target")
    end },
    { "it reaches through a wall", function(t, g)
      local spots = require("test.spots")
      t:active(0)
      local s, wall = spots.square_with_wall(g)
      assert(s and wall, "a square with an inner wall")
      t:place(0, s)
      t:place(1, wall.to)
      t:ok(not g:los(s, wall.to), "no sight through the wall")
      local c = t:give(0, "Psychic Storm")
      t:cast { card = c, at = t:square(s) }
      t:eq(t:lost(1), 1, "beyond the wall, but beside the square")
      t:eq(t:lost(0), 1)
    end },
    { "no counter of an attack on you answers it (Full Shield is not asked)", function(t, g)
      local c = t:turn_of(0, "Psychic Storm")
      local s = t:give(1, "Full Shield")
      local _, line = require("test.spots").line(g, g:player(0).at, 2)
      assert(line, "a straight line")
      t:place(1, line[2])
      t:cast { card = c, at = t:square(line[2]) } -- the strict agent fails on any question
      t:eq(t:lost(1), 1)
      t:eq(g:card(s).zone.kind, "hand")
    end },
    { "bots see it as hostile at a square with an enemy in it, not at an empty one", function(t, g)
      local c = t:turn_of(0, "Psychic Storm")
      local _, line = require("test.spots").line(g, g:player(0).at, 2)
      assert(line, "a straight line")
      t:place(1, line[2])
      local at_enemy = t:list { kind = "cast", card = c, target = { kind = "square", x = line[2].x, y = line[2].y } }[1]
      local at_empty = t:list { kind = "cast", card = c, target = { kind = "square", x = line[1].x, y = line[1].y } }[1]
      t:ok(at_enemy and at_empty, "both squares are in sight")
      t:eq(at_enemy.hostile, true)
      t:eq(at_empty.hostile, false)
    end },
  },
}
