-- 8th Elemental "Lightning Bolt": a straight bolt from the caster's square, as many squares
-- long as the spell's energy; 3 magical damage to each wizard each time it passes through
-- him, and a stun of 1 turn to each wizard it damaged.
-- reconstructed: the bolt turns back off anything that stops a moving thing (walls, closed
-- doors, movement-blocking objects, the board's rim); it does not hit wizards sharing the
-- caster's square as it sets off, but does hit anyone (the caster too) whose square it
-- re-enters after turning back; a wizard hit twice takes 3 twice but only one stun token; a
-- bolt with nowhere to go in either direction fizzles; it stops if it would loop around.
local OPPOSITE = { N = "S", S = "N", E = "W", W = "E" }

-- The squares the bolt enters, in order.
local function bolt_path(game, from, dir, length)
  local path, at, left, stuck = {}, from, length, 0
  while left > 0 do
    local r = game:run(at, dir, left)
    for _, s in ipairs(r.squares) do path[#path + 1] = s end
    left = left - #r.squares
    if #r.squares > 0 then
      at = r.squares[#r.squares]
      dir = r.headings[#r.headings]
      stuck = 0
    else
      stuck = stuck + 1
    end
    if left <= 0 or r.stop.kind == "length" or r.stop.kind == "loop" or stuck >= 2 then break end
    dir = OPPOSITE[dir]
  end
  return path
end

return card {
  name = "Lightning Bolt", school = "elemental", kind = "attack", copies = 2,
  range = "caster", duration = "instant",
  traits = { "lightning" },
  text = "A bolt runs from your square in a straight line you choose (not diagonally), one square per point of energy, bouncing back from whatever blocks it. Every wizard in a square it passes through takes 3 magical damage each time; each one damaged is stunned for 1 turn.",
  resolve = function(ctx)
    local game = ctx.game
    local from = game:player(ctx.caster).at
    if not from then return end
    local dir = ctx:choose(ctx.caster, "direction", "Lightning Bolt: which way?",
      { { key = "N", label = "north" }, { key = "E", label = "east" }, { key = "S", label = "south" }, { key = "W", label = "west" } })
    local hurt, order = {}, {}
    for _, s in ipairs(bolt_path(game, from, dir, ctx.energy)) do
      for _, p in ipairs(game:seats_at(s)) do
        if game:player(p).alive and ctx:damage(p, 3, { magical = true, lightning = true }) > 0 and not hurt[p] then
          hurt[p] = true
          order[#order + 1] = p
        end
      end
    end
    for _, p in ipairs(order) do
      if game:player(p).alive then ctx:stun(p, 1) end
    end
  end,
  tests = {
    { "unboosted, it reaches the next square: 3 damage and a stun", function(t, g)
      local b = t:turn_of(0, "Lightning Bolt")
      local at = g:player(0).at
      local dir, sq = require("test.spots").line(g, at, 2)
      assert(dir and sq, "a free line of two squares")
      t:place(1, sq[1])
      t:answer(0, dir)
      t:cast { card = b }
      t:eq(t:lost(1), 3)
      t:eq(g:player(1).tokens.stun, 1)
      t:ok(g:turn().vars.attacked, "it is the turn's attack")
    end },
    { "unboosted, a wizard two squares away is safe", function(t, g)
      local b = t:turn_of(0, "Lightning Bolt")
      local at = g:player(0).at
      local dir, sq = require("test.spots").line(g, at, 2)
      assert(dir and sq, "a free line of two squares")
      t:place(1, sq[2])
      t:answer(0, dir)
      t:cast { card = b }
      t:eq(t:lost(1), 0)
      t:eq(g:player(1).tokens.stun or 0, 0)
    end },
    { "boosted to 4 it hits a wizard further down a free line", function(t, g)
      local b, e = t:turn_of(0, "Lightning Bolt", "8th/elemental/energy_4")
      local at = g:player(0).at
      local dir, sq ---@type Dir?, Square[]?
      for _, d in ipairs({ "N", "E", "S", "W" }) do
        local r = g:run(at, d, 4)
        if not dir and #r.squares == 4 and r.stop.kind == "length" then dir, sq = d, r.squares end
      end
      assert(dir and sq, "a free line of four squares")
      t:place(1, sq[3])
      t:answer(0, dir)
      t:cast { card = b, boost = e }
      t:eq(t:lost(1), 3)
      t:eq(g:player(1).tokens.stun, 1)
    end },
    { "it bounces off a wall back through the square behind the caster", function(t, g)
      local b = t:turn_of(0, "Lightning Bolt")
      local at = g:player(0).at
      local dir, back ---@type Dir?, Square?
      for _, d in ipairs({ "N", "E", "S", "W" }) do
        local r = g:run(at, d, 1)
        local o = ({ N = "S", S = "N", E = "W", W = "E" })[d]
        local rb = g:run(at, o, 1)
        if not dir and #r.squares == 0 and r.stop.kind == "edge" and #rb.squares == 1 then
          dir, back = d, rb.squares[1]
        end
      end
      assert(dir and back, "a wall on one side, open on the other")
      t:place(1, back)
      t:answer(0, dir)
      t:cast { card = b }
      t:eq(t:lost(1), 3)
      t:eq(g:player(1).tokens.stun, 1)
      t:eq(t:lost(0), 0, "the caster is not hit")
    end },
  },
}
