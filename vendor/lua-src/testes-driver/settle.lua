-- Stress test of the patched collector's settling and of frozen tables and upvalues
-- (vendor/lua-src/PATCH.md), run by run-testes under AddressSanitizer, UBSan and Lua's own
-- assertions: a state settled as an engine settles what it loaded, then written to, grown,
-- emptied and collected through many cycles, checked at each turn.

assert(wizwar, "run with the test driver (testes-driver/lua.c)")
collectgarbage("incremental")  -- (the engine's mode; settling refuses the generational one)

-- What an engine loads: code with upvalues, nested tables, strings, a weak table, a coroutine.
local N = 2000
local world = { list = {}, names = {}, weak = setmetatable({}, { __mode = "k" }) }
for i = 1, N do
  world.list[i] = { id = i, name = "item" .. i, tags = { "a" .. i, "b" .. i } }
  world.names["item" .. i] = i
end
local counter = 0
local function bump(n) counter = counter + n return counter end
local co = coroutine.create(function(a) while true do a = coroutine.yield(a * 2) end end)
coroutine.resume(co, 1)
world.bump, world.co = bump, co

wizwar.settle()

-- Generational mode is refused once anything is settled.
collectgarbage("generational")
assert(collectgarbage("incremental") == "incremental", "the mode stayed incremental")

local function check(turn)
  for i = 1, N, 97 do
    local item = world.list[i]
    assert(item.id == i and item.name == "item" .. i and item.tags[2] == "b" .. i, turn)
    assert(world.names["item" .. i] == i, turn)
  end
  assert(select(2, coroutine.resume(world.co, turn)) == turn * 2, "the coroutine lives")
end

local garbage = 0
for turn = 1, 200 do
  -- New objects written into settled tables and into a settled upvalue.
  world.list[turn % N + 1].extra = { turn = turn, s = ("x"):rep(turn % 50) }
  world.names["new" .. turn] = { turn }
  world.weak[{}] = turn            -- a key nobody holds: the weak table must forget it
  assert(world.bump(1) == turn)
  -- Garbage, and the collector's steps over it.
  for _ = 1, 50 do garbage = garbage + #{ turn, tostring(turn), {} } end
  collectgarbage("step", 10)
  if turn % 20 == 0 then collectgarbage() end
  check(turn)
  assert(world.list[turn % N + 1].extra.turn == turn)
  assert(world.names["new" .. turn][1] == turn)
end
collectgarbage()
collectgarbage()
assert(next(world.weak) == nil, "the weak table forgot its keys")

-- Frozen tables refuse every write; one emptied in place takes entries again.
local t = wizwar.freeze({ a = 1 })
assert(wizwar.isfrozen(t))
assert(not pcall(function() t.b = 2 end))
assert(not pcall(rawset, t, "b", 2))
assert(not pcall(setmetatable, t, {}))
assert(t.a == 1 and t.b == nil)
local kept = {}
for i = 1, 20 do kept[i] = i end
assert(wizwar.clear(kept))
assert(next(kept) == nil)
for i = 1, 80 do kept["k" .. i] = i end
collectgarbage()
assert(kept.k80 == 80)
assert(not wizwar.clear(t), "a frozen table is not emptied")

-- What a script loaded, frozen whole: its tables and the locals its functions share.
local n = 0
local loaded = { inc = function() n = n + 1 return n end, data = { deep = { 1, 2 } } }
assert(wizwar.freezeall(loaded) == 0)
assert(not pcall(loaded.inc), "an assignment to a frozen upvalue fails")
assert(not pcall(function() loaded.data.deep[3] = 3 end))
assert(wizwar.freezeall({ coroutine.wrap(function() end) }) == 1, "a coroutine is found")
assert(wizwar.freezeall({ ("x"):gmatch("x") }) == 2, "an iterator is found")

print(string.format("settled: OK (%d turns, %d garbage objects, %d KB in use)", 200, garbage,
  math.floor(collectgarbage("count"))))
