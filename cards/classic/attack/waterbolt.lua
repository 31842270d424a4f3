-- classic WATERBOLT (3 in the deck): the target is pushed NUMBER squares; 1 point of damage
-- for each square it cannot move [AF].
-- reconstructed: the push goes straight in a direction the caster chooses (request
-- `direction`, keys N/E/S/W); the damage is physical (a wall of water slams him into stone).
return card {
  name = "Waterbolt", kind = "attack", copies = 3,
  range = "los", duration = "instant", targets = { "wizard" },
  traits = { "water", "number_power" },
  text = "A wizard in sight is pushed straight, in a direction you choose, as many squares as the NUMBER played with it (1 without); he takes 1 point of damage for each square a wall or anything else stops him from moving.",
  resolve = function(ctx)
    local game = ctx.game
    local p = ctx:target_player()
    if not p then return end
    local dir = game:choose(ctx.caster, "direction", "Waterbolt: push which way?",
      { { key = "N", label = "north" }, { key = "E", label = "east" }, { key = "S", label = "south" }, { key = "W", label = "west" } }) --[[@as Dir]]
    local n = ctx:power()
    local blocked = n - ctx:push(p, dir, n)
    if blocked > 0 then ctx:damage(p, blocked, { physical = true, water = true }) end
  end,
  tests = {
    { "pushed the whole way: no damage", function(t, g)
      local c, n = t:turn_of(0, "Waterbolt", "NUMBER 2")
      local at, dir = require("test.spots").push_room(g, 2, 2)
      assert(at and dir, "a square with a line from it")
      t:place(0, at)
      t:place(1, at)
      t:answer(0, dir)
      t:cast { card = c, at = t:wizard(1), boost = n }
      t:eq(t:life(1), 15)
      t:eq(g:player(1).at, g:run(at, dir, 2).squares[2])
    end },
    { "against a wall: 1 point per square not moved", function(t, g)
      local c, n = t:turn_of(0, "Waterbolt", "NUMBER 3")
      local at, dir = require("test.spots").push_room(g, 3, 0)
      assert(at and dir, "a square with a line from it")
      t:place(0, at)
      t:place(1, at)
      t:answer(0, dir)
      t:cast { card = c, at = t:wizard(1), boost = n }
      t:eq(t:life(1), 12)
      t:eq(g:player(1).at, at)
    end },
  },
}
