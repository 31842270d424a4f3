-- 8th Elemental "Windrider": the caster flies in a straight line, up to the spell's energy in
-- squares.
-- reconstructed: the flight is not a walk (no movement points), but it emits one `move`
-- event per square like any movement (so a Wall of Fire burns a flier); it follows wrap-arounds like any straight run; "objects" is read as any object
-- lying on the ground (treasures included), so the flight ends in the square before one; the
-- caster picks a direction, then a distance, and is asked nothing he has no choice about.
local targets = require("rules.targets")
local DIRS = { "N", "E", "S", "W" }

-- How far the caster can fly each way (max squares), with the squares.
local function flights(game, p, length)
  local at = game:player(p).at
  local out = {}
  if not at then return out end
  for _, d in ipairs(DIRS) do
    local r = game:run(at, d, length)
    local path, headings = {}, {}
    for i, s in ipairs(r.squares) do
      if #game:seats_at(s) > 0 or #game:objects_at(s) > 0 then break end
      path[#path + 1] = s
      headings[#headings + 1] = r.headings[i]
    end
    if #path > 0 then out[#out + 1] = { dir = d, path = path, headings = headings } end
  end
  return out
end

return card {
  name = "Windrider", school = "elemental", kind = "neutral", copies = 2,
  range = "caster", duration = "instant",
  text = "Ride the wind in one straight line, as many squares as this spell's energy or fewer. Walls, doors, objects and wizards stop you short.",
  can_cast = function(ctx)
    if not ctx:may_leave_square(ctx.caster) then return false, "stunned after attacking: he may not leave his square" end
    if #flights(ctx.game, ctx.caster, 1) == 0 then return false, "no free square in a straight line" end
    return true
  end,
  resolve = function(ctx)
    local game, p = ctx.game, ctx.caster
    local ways = flights(game, p, ctx.energy)
    if #ways == 0 then return end
    local opts = {}
    for _, w in ipairs(ways) do opts[#opts + 1] = { key = w.dir, label = targets.dir_words(w.dir) } end
    local dir = #opts == 1 and opts[1].key or (ctx:choose(p, "direction", "Windrider: which way?", opts))
    local path, headings ---@type Square[]?, Dir[]?
    for _, w in ipairs(ways) do if w.dir == dir then path, headings = w.path, w.headings end end
    if not path or not headings then return end
    local n = #path
    if n > 1 then
      local d = {}
      for i = 1, n do d[#d + 1] = { key = tostring(i) } end
      n = tonumber((ctx:choose(p, "distance", "Windrider: how many squares?", d))) --[[@as integer]]
    end
    ctx:move_along(p, dir --[[@as Dir]], { squares = table.move(path, 1, n, 1, {}), headings = headings }, "flight")
  end,
  tests = {
    { "a stunned wizard who has attacked may not fly off", function(t, g)
      local w = t:turn_of(0, "Windrider")
      g:set_turn_var("stunned", true)
      t:ok(t:has { kind = "cast", card = w }, "stunned alone, he may")
      g:set_turn_var("attacked", true)
      t:ok(not t:has { kind = "cast", card = w }, "stunned and after an attack, he may not")
    end },
    { "boosted to 4, fly 3 squares down a free line", function(t, g)
      local w, e = t:turn_of(0, "Windrider", "8th/elemental/energy_4")
      t:place(1, { x = 0, y = 0 })
      local at = g:player(0).at
      local dir, sq ---@type Dir?, Square[]?
      for _, d in ipairs({ "N", "E", "S", "W" }) do
        local r = g:run(at, d, 4)
        local clear = #r.squares == 4
        for _, s in ipairs(r.squares) do
          if #g:objects_at(s) > 0 or #g:seats_at(s) > 0 then clear = false end
        end
        if not dir and clear then dir, sq = d, r.squares end
      end
      assert(dir and sq, "a clear line of four squares")
      t:answer(0, dir)
      t:answer(0, "3")
      t:cast { card = w, boost = e }
      t:eq(g:player(0).at, sq[3])
      t:eq(g:turn().vars.spent or 0, 0, "no movement points spent")
      t:ok(not g:turn().vars.attacked, "not an attack")
    end },
    { "a wizard in the way stops the flight before him", function(t, g)
      local w, e = t:turn_of(0, "Windrider", "8th/elemental/energy_4")
      local at = g:player(0).at
      local dir, sq ---@type Dir?, Square[]?
      for _, d in ipairs({ "N", "E", "S", "W" }) do
        local r = g:run(at, d, 2)
        local clear = #r.squares == 2
        for _, s in ipairs(r.squares) do
          if #g:objects_at(s) > 0 then clear = false end
        end
        if not dir and clear then dir, sq = d, r.squares end
      end
      assert(dir and sq, "a line of two squares")
      t:place(1, sq[2])
      t:answer(0, dir)
      t:cast { card = w, boost = e }
      t:eq(g:player(0).at, sq[1], "only one square was free that way")
    end },
  },
}
