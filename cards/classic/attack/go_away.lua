-- classic GO AWAY (1 in the deck): an attack pushing a wizard away from the caster [AF: a
-- forced move away from the caster, left unfinished there].
-- reconstructed: he is pushed straight, as many squares as the NUMBER played with it (1
-- without one, classic, Combat), in a direction that leads away from the caster (the caster
-- picks when two lead away; any of the four when they share a square: rules/forced_move.lua);
-- he stops at the first wall or anything else that stops a walker, unhurt (unlike Waterbolt).
-- A magical move: nothing picked up where he stops.
local forced = require("rules.forced_move")
local targets = require("rules.targets")

-- For the tests: wizards 0 and 1 on a square from which a push of the NUMBER card `number`
-- goes `room` squares in some direction; 0 casts Go Away at 1 with it, pushing him that way.
-- Returns the square and the direction.
local function push_in_place(t, number, room)
  local g = t.game
  local c, n = t:turn_of(0, "Go Away", number)
  local at, dir = require("test.spots").push_room(g, g:card(n).energy_value, room)
  assert(at and dir, "a square with a line from it")
  t:place(0, at)
  t:place(1, at)
  t:answer(0, dir)
  t:cast { card = c, at = t:wizard(1), boost = n }
  return at, dir
end

return card {
  name = "Go Away", kind = "attack", copies = 1,
  range = "los", duration = "instant", targets = { "wizard" },
  traits = { "number_power" },
  text = "Attack: a wizard you can see is pushed straight away from you, a NUMBER of squares, until a wall stops him.",
  resolve = function(ctx)
    local game = ctx.game
    local p = ctx:target_player()
    local from = game:player(ctx.caster).at
    local at = p and game:player(p).at
    if p == nil or not from or not at or not game:player(p).alive then return end
    local opts = {} ---@type Option[]
    for _, d in ipairs(forced.away_dirs(from, at)) do opts[#opts + 1] = { key = d, label = "push " .. targets.dir_words(d) } end
    local dir = opts[1].key
    if #opts > 1 then dir = game:choose(ctx.caster, "direction", "Go Away: push him which way?", opts) end
    ctx:push(p, dir --[[@as Dir]], ctx:power())
  end,
  tests = {
    { "in the same square, with a NUMBER 2: two squares the way the caster picks", function(t, g)
      local at, dir = push_in_place(t, "NUMBER 2", 2)
      t:eq(g:player(1).at, g:run(at, dir, 2).squares[2])
      t:eq(t:life(1), 15, "no damage")
      t:ok(g:turn().vars.attacked)
    end },
    { "a wall stops him where he is, unhurt", function(t, g)
      local at = push_in_place(t, "NUMBER 4", 0)
      t:eq(g:player(1).at, at)
      t:eq(t:life(1), 15)
    end },
    { "from a square in line: straight away, no question asked", function(t, g)
      local c = t:turn_of(0, "Go Away")
      local a ---@type Square?
      local b ---@type Square?
      for _, s in ipairs(g:squares()) do
        local run = g:run(s, "E", 2).squares
        if not a and #run == 2 then a, b = s, run[1] end
      end
      assert(a and b, "two open squares east of a square")
      t:place(0, a)
      t:place(1, b)
      t:cast { card = c, at = t:wizard(1) }
      t:eq(g:player(1).at, g:run(a, "E", 2).squares[2])
    end },
  },
}
