-- The sandbox's prelude (the kernel's own Lua, not a card's): run once per host, with the
-- real globals, it builds the safe functions every script environment gets. Being Lua,
-- everything it defines is metered like card code. `...` is the host's table of Rust helpers.
local H = ...
local type, error, select, tostring, tonumber = type, error, select, tostring, tonumber
local rawget, rawset, rawlen, rawequal, next = rawget, rawset, rawlen, rawequal, next
local assert, ipairs, getmetatable = assert, ipairs, getmetatable
local real_setmetatable, real_pcall, real_xpcall = setmetatable, pcall, xpcall
local concat, unpack, tointeger, MAXINT = table.concat, table.unpack, math.tointeger, math.maxinteger
local co_create, co_wrap, co_resume, co_close = coroutine.create, coroutine.wrap, coroutine.resume, coroutine.close
local fatal_check, stopping, charge, sorted_keys = H.fatal_check, H.stopping, H.charge, H.sorted_keys
local check_pattern, emit, host_require = H.check_pattern, H.emit, H.require
local COROUTINE_COST = H.coroutine_cost

---------------------------------------------------------------- read-only tables
-- Modules, environments and the game object are frozen once loaded: a frozen table is a plain
-- table the patched VM refuses every write to, raw ones and new metatables too
-- (vendor/lua-src/PATCH.md). Reads cost what they cost on any table. A `__newindex` function
-- set before freezing is called on a write to raise its own message (naming what was written);
-- the write fails either way.
local is_frozen, freeze, sorted_iter, freeze_all = H.is_frozen, H.freeze, H.sorted_iter, H.freeze_all

-- Gives t a metatable whose `__newindex` raises `message(k)` once t is frozen, and `what` for
-- getmetatable (a table that has a metatable keeps it, with the VM's own message).
local function label_as(t, what, message)
  if getmetatable(t) == nil then
    real_setmetatable(t, {
      __newindex = function(_, k) error(message(k), 2) end,
      __metatable = what,
    })
  end
  return t
end

-- Freezes t, labelled as `label_as` says.
local function freeze_as(t, what, message)
  freeze(label_as(t, what, message))
  return t
end

-- A module's tables, all the way down, labelled as the module's: a module keeps no state
-- (design.md), so `require` then freezes it whole (`freeze_all`: its tables, and the locals
-- its functions share), and no script can change what another reads through it (the tables
-- its functions make later are theirs to change). Frozen tables (shared ones, the kernel's
-- records) are left as they are.
local function modify_module(k)
  return "attempt to modify a read-only module table (field '" .. tostring(k) .. "')"
end
local function label_module(v, seen)
  if type(v) ~= "table" or is_frozen(v) or seen[v] then return v end
  seen[v] = true
  label_as(v, "read-only module table", modify_module)
  for k, x in next, v do
    label_module(k, seen)
    label_module(x, seen)
  end
  return v
end

-- A table whose values are not tables (the game's primitives), frozen.
local function modify_table(k) return "attempt to modify a read-only table (field '" .. tostring(k) .. "')" end
local function readonly_flat(t)
  return freeze_as(t, "read-only table", modify_table)
end

---------------------------------------------------------------- frozen data
-- The kernel gives its query answers frozen: read-only all the way down, so one answer can be
-- shared by every script that asks. A frozen table is a plain table the patched VM refuses
-- every write to, raw ones and metatables too (value.rs, `Frozen`); these are the parts the
-- kernel shares between answers.
-- Every empty table of the kernel's answers is this one (nothing in it to tell them apart).
local frozen_empty = freeze({})
-- The kernel's frozen squares and edges, one per place (value.rs): filled as they are given;
-- and the place of each by the table, so a place given back is known without reading it.
local frozen_places, frozen_place_codes = {}, {}
-- The frozen fields answers share (a card definition's name, text, lists), made once each:
-- by their `Shared` record's number (answer.rs).
local frozen_shared = {}
-- The next slot says whether the board's cells are hexes (set by the kernel): a cell is then
-- {q, r} in Lua, {x, y} inside the kernel. The last holds the shapes of the kernel's records,
-- by number: a table of each shape's field names, from which its records are made without a
-- name hashed again (src/shapes.rs).
local record_shapes = {}
local frozen_kit = { frozen_empty, frozen_places, frozen_place_codes, frozen_shared, false, record_shapes }  -- (value.rs: KIT_EMPTY, KIT_PLACES, KIT_PLACE_CODES, KIT_SHARED, KIT_HEX, KIT_SHAPES)

---------------------------------------------------------------- errors no script may swallow
-- When the host stops a script (budget, abort, memory), these re-raise what they caught.
local function check(ok, ...)
  if not ok then fatal_check((...)) end
  return ok, ...
end
local function pcall_(f, ...) return check(real_pcall(f, ...)) end
-- Lua runs an xpcall message handler without hooks when the error comes from the hook itself,
-- so the script's handler must not run at all while the host is stopping the script.
local function xpcall_(f, handler, ...)
  if type(handler) ~= "function" then
    error("bad argument #2 to 'xpcall' (function expected, got " .. type(handler) .. ")", 2)
  end
  local function guarded(e)
    if stopping() then return e end
    return handler(e)
  end
  return check(real_xpcall(f, guarded, ...))
end
local function resume(co, ...) return check(co_resume(co, ...)) end
local function close(co) return check(co_close(co)) end
local function create(f) charge(COROUTINE_COST) return co_create(f) end
local function wrap(f) charge(COROUTINE_COST) return co_wrap(f) end

---------------------------------------------------------------- raw access and iteration
local function rawset_(t, k, v)
  if is_frozen(t) then error("attempt to modify a read-only table", 2) end
  return rawset(t, k, v)
end

-- The sorted keys of each frozen record, found the first time it is iterated: its data never
-- changes, and the memo hands the same record to every listing until the state moves. Weak
-- keys: a record nobody holds is forgotten (nothing else can look it up, so when does not
-- matter).
local frozen_keys = real_setmetatable({}, { __mode = "k" })

-- Sorted order: Lua's own order over string keys changes from process to process.
local function pairs_(t)
  if type(t) ~= "table" then
    error("bad argument #1 to 'pairs' (table expected, got " .. type(t) .. ")", 2)
  end
  local frozen = is_frozen(t)
  local keys = frozen and frozen_keys[t]
  if not keys then
    local err
    keys, err = sorted_keys(t)
    if keys == nil then error(err, 2) end
    if frozen then frozen_keys[t] = keys end
  end
  -- (A C iterator, primitives.rs: each key in turn that t still has, with its value.)
  return sorted_iter(keys, t), t, nil
end

local function print_(...)
  local n = select("#", ...)
  local parts = { ... }
  for i = 1, n do parts[i] = tostring(parts[i]) end
  emit(concat(parts, "\t", 1, n))
end

-- Finalizers and weak tables depend on when the collector runs; to-be-closed values are refused
-- too (their handler would run while an error unwinds, where no budget can reach it). The
-- metatable is frozen once set, so none of them can be added to it later.
local FORBIDDEN_META = { "__gc", "__mode", "__close" }
local function setmetatable_(t, mt)
  if type(t) ~= "table" then
    error("bad argument #1 to 'setmetatable' (table expected, got " .. type(t) .. ")", 2)
  end
  if is_frozen(t) then error("cannot change the metatable of a read-only game record", 2) end
  if mt ~= nil then
    if type(mt) ~= "table" then error("bad argument #2 to 'setmetatable' (nil or table expected)", 2) end
    for i = 1, #FORBIDDEN_META do
      local field = FORBIDDEN_META[i]
      if rawget(mt, field) ~= nil then
        error("setmetatable: metatables with '" .. field .. "' are not allowed in the sandbox "
          .. "(garbage collection timing is not deterministic)", 2)
      end
    end
    freeze(mt)
  end
  return real_setmetatable(t, mt)
end

---------------------------------------------------------------- table functions, metered
-- The C versions loop without the hook seeing it (think #t from a __len metamethod).
local function checktable(t, n, fname)
  if type(t) ~= "table" then
    error("bad argument #" .. n .. " to '" .. fname .. "' (table expected, got " .. type(t) .. ")", 3)
  end
end

local function checkint(v, n, fname)
  local i = v ~= nil and tointeger(v) or nil
  if i == nil then
    local why = type(v) == "number" and "number has no integer representation"
      or ("number expected, got " .. (v == nil and "no value" or type(v)))
    error("bad argument #" .. n .. " to '" .. fname .. "' (" .. why .. ")", 3)
  end
  return i
end

local function insert(t, ...)
  checktable(t, 1, "insert")
  local e = #t + 1
  local nargs = select("#", ...)
  if nargs == 1 then
    t[e] = ...
    return
  end
  if nargs ~= 2 then error("wrong number of arguments to 'insert'", 2) end
  local pos, v = ...
  pos = checkint(pos, 2, "insert")
  if pos < 1 or pos > e then error("bad argument #2 to 'insert' (position out of bounds)", 2) end
  for i = e, pos + 1, -1 do t[i] = t[i - 1] end
  t[pos] = v
end

local function remove(t, pos)
  checktable(t, 1, "remove")
  local size = #t
  if pos == nil then pos = size else pos = checkint(pos, 2, "remove") end
  if pos ~= size and (pos < 1 or pos > size + 1) then
    error("bad argument #2 to 'remove' (position out of bounds)", 2)
  end
  local v = t[pos]
  while pos < size do
    t[pos] = t[pos + 1]
    pos = pos + 1
  end
  t[pos] = nil
  return v
end

local function move(a1, f, e, t, a2)
  checktable(a1, 1, "move")
  f, e, t = checkint(f, 2, "move"), checkint(e, 3, "move"), checkint(t, 4, "move")
  local given = a2 ~= nil
  if given then checktable(a2, 5, "move") else a2 = a1 end
  if e >= f then
    if not (f > 0 or e < MAXINT + f) then error("bad argument #3 to 'move' (too many elements to move)", 2) end
    local n = e - f + 1
    if t > MAXINT - n + 1 then error("bad argument #4 to 'move' (destination wrap around)", 2) end
    if t > e or t <= f or (given and a1 ~= a2) then
      for i = 0, n - 1 do a2[t + i] = a1[f + i] end
    else
      for i = n - 1, 0, -1 do a2[t + i] = a1[f + i] end
    end
  end
  return a2
end

-- Stable: insertion sort on short runs, then bottom-up merges; equal elements keep their order.
local function less_than(a, b) return a < b end
local stable_sort = H.stable_sort
local function sort(t, lt)
  checktable(t, 1, "sort")
  local plain = lt == nil
  if plain then
    lt = less_than
  elseif type(lt) ~= "function" then
    error("bad argument #2 to 'sort' (function expected, got " .. type(lt) .. ")", 2)
  end
  if getmetatable(t) == nil and not is_frozen(t) then
    -- A plain table: the same sort, run by the host (primitives.rs, `stable_sort`); each
    -- comparison is a call of `lt`, metered as any, and the rest is charged here. (Strings in
    -- their plain order, `plain`, are compared by the host itself: the same order.)
    local n = rawlen(t)
    if n < 2 then return end
    local levels, w = 1, 1
    while w < n do w, levels = w * 2, levels + 1 end
    charge(n * levels)
    return stable_sort(t, lt, n, plain)
  end
  local n = #t
  if n < 2 then return end
  local a = {}
  for i = 1, n do a[i] = t[i] end
  local RUN = 8
  for lo = 1, n, RUN do
    local hi = lo + RUN - 1
    if hi > n then hi = n end
    for i = lo + 1, hi do
      local v, j = a[i], i - 1
      while j >= lo and lt(v, a[j]) do
        a[j + 1] = a[j]
        j = j - 1
      end
      a[j + 1] = v
    end
  end
  local b, width = {}, RUN
  while width < n do
    for lo = 1, n, 2 * width do
      local mid, hi = lo + width, lo + 2 * width - 1
      if mid > n + 1 then mid = n + 1 end
      if hi > n then hi = n end
      local i, j, k = lo, mid, lo
      while i < mid and j <= hi do
        if lt(a[j], a[i]) then
          b[k] = a[j]
          j = j + 1
        else
          b[k] = a[i]
          i = i + 1
        end
        k = k + 1
      end
      while i < mid do b[k] = a[i]; i = i + 1; k = k + 1 end
      while j <= hi do b[k] = a[j]; j = j + 1; k = k + 1 end
    end
    a, b = b, a
    width = width * 2
  end
  for i = 1, n do t[i] = a[i] end
end

---------------------------------------------------------------- the shared string table
-- Strings reach the real string table through their metatable, so it is patched in place.
local s_find, s_match, s_gmatch, s_gsub = string.find, string.match, string.gmatch, string.gsub
local function guard(fname, s, p)
  local msg = check_pattern(fname, s, p)
  if msg ~= nil then error(msg, 3) end
end
string.find = function(s, p, init, plain)
  if not plain then guard("find", s, p) end
  return s_find(s, p, init, plain)
end
string.match = function(s, p, init) guard("match", s, p) return s_match(s, p, init) end
string.gmatch = function(s, p, init) guard("gmatch", s, p) return s_gmatch(s, p, init) end
string.gsub = function(s, p, repl, n) guard("gsub", s, p) return s_gsub(s, p, repl, n) end
-- One string.rep can ask for more than the memory cap in a single allocation: check first.
local s_rep, room = string.rep, H.room
string.rep = function(s, n, sep)
  if type(n) == "number" and n > 1 then
    local piece = (type(s) == "string" or type(s) == "number") and #tostring(s) or 0
    local between = (type(sep) == "string" or type(sep) == "number") and #tostring(sep) or 0
    room(n * (piece + between))
  end
  return s_rep(s, n, sep)
end
string.dump = nil
getmetatable("").__metatable = false

---------------------------------------------------------------- environments
local function copy(t, skip)
  local c = {}
  for k, v in next, t do
    if skip == nil or not skip[k] then c[k] = v end
  end
  return c
end

local safe_table = copy(table)
safe_table.sort, safe_table.insert, safe_table.remove, safe_table.move = sort, insert, remove, move
local safe_math = copy(math, { random = true, randomseed = true })
local safe_coroutine = copy(coroutine)
safe_coroutine.create, safe_coroutine.wrap = create, wrap
safe_coroutine.resume, safe_coroutine.close = resume, close

-- The standard libraries every environment sees: one frozen table each, shared by every
-- script (a copy each would be some 3 KB for each of a hundred files, all of it in the heap
-- the collector walks). Frozen, no script can change what another calls through them.
local function modify_library(k)
  return "the standard libraries are read-only (assignment to field '" .. tostring(k) .. "'): "
    .. "keep your own functions in locals"
end
local function library(t) return freeze_as(t, "read-only library", modify_library) end
local libraries = {
  string = library(copy(string)), table = library(safe_table), math = library(safe_math),
  utf8 = library(copy(utf8)), coroutine = library(safe_coroutine),
}

local loaded = {}
local new_env

-- Test helpers (`test.x`) are registered only in the games tests run; elsewhere a file may
-- still require one at its top (its tests use it), and gets a stand-in that refuses any use.
-- (Its message names the file, which a root copied without its tests/lua/ lacks.)
local function test_helper_stand_in(name)
  local p = {}
  local file = "tests/lua/" .. name:sub(6) .. ".lua"
  real_setmetatable(p, {
    __index = function(_, k)
      error("'" .. name .. "' is a test helper: it is loaded only in the games tests run, from " .. file
        .. " under the root (field '" .. tostring(k) .. "')", 2)
    end,
    __newindex = function() error("'" .. name .. "' is a test helper", 2) end,
    __metatable = "test helper stand-in",
  })
  return p
end

local function require_(name)
  if type(name) ~= "string" then
    error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2)
  end
  local m = loaded[name]
  if m ~= nil then return m end
  local result, err, envs = host_require(name, new_env)
  if err ~= nil and name:sub(1, 5) == "test." and err:find("not found", 1, true) then
    return test_helper_stand_in(name)
  end
  if err ~= nil then error(err, 2) end
  if result == nil then result = true end
  -- Frozen all the way down, and the locals its functions share too: a module keeps nothing.
  m = freeze_all(label_module(result, {}))
  for i = 1, #envs do freeze_all(envs[i]) end
  loaded[name] = m
  return m
end

function new_env()
  local env = {
    assert = assert, error = error, ipairs = ipairs, next = H.next, pairs = pairs_,
    rawequal = rawequal, rawget = rawget, rawlen = rawlen, rawset = rawset_,
    select = select, tonumber = tonumber, tostring = tostring, type = type, unpack = unpack,
    pcall = pcall_, xpcall = xpcall_, setmetatable = setmetatable_, getmetatable = getmetatable,
    print = print_, require = require_,
    string = libraries.string, table = libraries.table, math = libraries.math,
    utf8 = libraries.utf8, coroutine = libraries.coroutine,
    _VERSION = _VERSION,
  }
  env._G = env
  return env
end

-- Freezes a script's environment once its file has run: reading globals is a plain lookup,
-- assigning one fails, naming it.
local function modify_env(k)
  return "scripts keep no state in globals (assignment to '" .. tostring(k) .. "' after loading): "
    .. "a card keeps its data in ctx.data"
end
local function freeze_env(env)
  freeze_as(env, "frozen environment", modify_env)
end

return {
  new_env = new_env, freeze_env = freeze_env, loaded = loaded, readonly = readonly_flat, frozen_kit = frozen_kit,
  freeze_all = freeze_all,
}
