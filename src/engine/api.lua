-- The kernel's Lua side of the scripting API (kernel code: it knows no card and no edition).
--
-- Receives the table of Rust primitives and returns:
--   game      the object every ruleset and card script uses: game:method(...)
--   make_ctx  builds the `ctx` handed to a card's hooks
--   set_ctx   installs the ruleset's card helpers (rules.ctx): ctx:damage(...) and friends,
--             and the names of the fields a card's ctx may lack (rules.ctx_fields)
local K = K  -- the Rust primitives, put in this chunk's environment by the engine
local raw_pcall = raw_pcall  -- Lua's own pcall (see `pass`)
local read_only = read_only  -- the sandbox's read-only views
local rules_ctx = nil  -- helpers the ruleset offers cards (rules.ctx), set once rules.lua is loaded
local optional = {}    -- fields a ctx may lack (rules.ctx_fields): nil, not an error

local game = {}
-- A primitive's results, or its error re-raised at the script line that called
-- game:name(...) (level 2: `pass` is tail-called, so that line is the next frame up).
-- The message is the primitive's own: without the "runtime error: " Rust errors carry, nor
-- their traceback (plain finds: a long message may not go through a pattern).
local function message_of(e)
  local m = tostring(e)
  if m:sub(1, 15) == "runtime error: " then m = m:sub(16) end
  local cut = m:find("\nstack traceback:", 1, true)
  if cut then m = m:sub(1, cut - 1) end
  return m
end
local function pass(ok, ...)
  if not ok then error(message_of((...)), 2) end
  return ...
end
for name, f in pairs(K) do
  game[name] = function(_, ...)
    return pass(raw_pcall(f, ...))
  end
end

---------------------------------------------------------------------------------------------
-- The memo of queries. Listing a player's actions asks the same questions many times over
-- (his square, each card of his hand, the walls in sight...) while nothing changes. A query's
-- answer is kept until the state changes: the kernel counts every change in stamp[1], and a
-- count other than the memo's empties it. Answers are frozen (read-only all the way down), so
-- no script can change what the next one reads. The options are kept until the kernel starts
-- a new game (`forget`); the config and the card definitions as long as the engine lives.
---------------------------------------------------------------------------------------------
local stamp = stamp          -- { changes so far }, written by the kernel
local math_type = math.type
local NIL = {}               -- an answer that was nil
local memo, memo_at = {}, -1 -- answers at the count memo_at
local lasting = {}           -- answers good for the whole game (the options)
local loaded = {}            -- answers good while the engine lives (the ruleset and its cards)

-- The memo of one query, a table from key to answer (emptied when the state changed).
local function memo_of(name)
  if stamp[1] ~= memo_at then memo, memo_at = {}, stamp[1] end
  local m = memo[name]
  if m == nil then m = {}; memo[name] = m end
  return m
end
local function lasting_of(name)
  local m = lasting[name]
  if m == nil then m = {}; lasting[name] = m end
  return m
end
local function loaded_of(name)
  local m = loaded[name]
  if m == nil then m = {}; loaded[name] = m end
  return m
end

-- Keys of arguments; nil for an argument the memo does not know (the query then goes to the
-- kernel every time). A square: integers x, y; an edge: a square and a side.
local function sq_key(s)
  if type(s) ~= "table" then return nil end
  local x, y = s.x, s.y
  if math_type(x) ~= "integer" or math_type(y) ~= "integer" then return nil end
  return x * 65536 + y
end
local SIDE = { N = 0, E = 1, S = 2, W = 3 }
local function edge_key(e)
  local k = sq_key(e)
  local side = k and SIDE[e.side]
  return side and (k * 4 + side)
end
local function plain_key(v)
  local t = type(v)
  if t == "number" or t == "string" or t == "boolean" then return v end
  return nil
end
local function no_key() return nil end

-- The key of argument `a`: NIL for nil, false if it has none.
local function key_of(key, a)
  if a == nil then return NIL end
  local k = key(a)
  if k == nil then return false end
  return k
end

-- The primitive's results or error, from a wrapper called by the script: the error is raised
-- at the script's line (level 3: this function, the wrapper, the script).
local function pass_up(ok, ...)
  if not ok then error(message_of((...)), 3) end
  return ...
end

-- game:name(a, b, c) through a memo (`memo_for`), keyed by the keys of its arguments (`keys`,
-- one function per argument). An argument without a key goes straight to the kernel; so
-- does a query whose call changed the state (through a handler it ran): nothing is kept.
local ONLY = true
local function remembered(name, keys, memo_for)
  local f = K[name]
  local n = #keys
  local key1, key2, key3 = keys[1], keys[2], keys[3]
  game[name] = function(_, a, b, c)
    local m, k = memo_for(name), ONLY
    if n >= 1 then
      k = key_of(key1, a)
      if not k then return pass(raw_pcall(f, a, b, c)) end
      if n >= 2 then
        local sub = m[k]
        if sub == nil then sub = {}; m[k] = sub end
        m, k = sub, key_of(key2, b)
        if not k then return pass(raw_pcall(f, a, b, c)) end
        if n >= 3 then
          sub = m[k]
          if sub == nil then sub = {}; m[k] = sub end
          m, k = sub, key_of(key3, c)
          if not k then return pass(raw_pcall(f, a, b, c)) end
        end
      end
    end
    local v = m[k]
    if v == nil then
      local at = stamp[1]
      v = pass_up(raw_pcall(f, a, b, c))
      if v == nil then v = NIL end
      if stamp[1] == at then m[k] = v end
    end
    if v == NIL then return nil end
    return v
  end
end

local P, S, Q, E = plain_key, plain_key, sq_key, edge_key
for _, spec in ipairs {
  { "players", {} }, { "turn", {} }, { "result", {} }, { "objects", {} }, { "stack", {} },
  { "vars", {} }, { "squares", {} }, { "sector_count", {} }, { "sight_limit", {} },
  { "player", { P } }, { "card", { P } }, { "hand", { P } }, { "play_area", { P } },
  { "object", { P } }, { "home", { P } }, { "treasure_starts", { P } },
  { "sector_squares", { P } }, { "stack_entry", { P } }, { "pile", { S } },
  { "card_data", { P, S } }, { "has_hook", { P, S } }, { "edges", { S } },
  { "objects_at", { Q } }, { "wizards_at", { Q } }, { "sector_of", { Q } },
  { "home_sector_at", { Q } }, { "neighbours", { Q } }, { "visible_from", { Q } },
  { "edge", { E } }, { "edges_around", { Q } }, { "edges_in_sight", { Q, P } }, { "los", { Q, Q } }, { "adjacent", { Q, Q } }, { "los_bent", { Q, Q } },
  { "distance", { Q, Q } }, { "line_squares", { Q, Q } }, { "los_edge", { Q, E, P } },
  { "los_object", { Q, P } }, { "steps", { P, no_key } },
} do
  remembered(spec[1], spec[2], memo_of)
end
remembered("option", { S }, lasting_of)
for _, spec in ipairs { { "config", {} }, { "card_def", { S } }, { "card_keys", {} } } do
  remembered(spec[1], spec[2], loaded_of)
end

-- A new game on the same engine: nothing of the last one is kept.
local function forget()
  memo, memo_at, lasting = {}, -1, {}
end

-- A card's own data, kept by the kernel: ctx.data.x = 3 persists; a table read from it is
-- read-only (a query's answer), so copy it, change the copy and assign it back.
local function data_proxy(card)
  return setmetatable({}, {
    __index = function(_, k) return game.card_data(nil, card, k) end,
    __newindex = function(_, k, v) K.set_card_data(card, k, v) end,
  })
end

-- A ctx offers its own fields and the ruleset's helpers, nothing else: the game's primitives
-- are ctx.game:name(...), and a misspelt helper is an error at the card's line, not a nil.
local ctx_mt = { __metatable = "card context" }
ctx_mt.__index = function(c, k)
  local helper = rules_ctx and rules_ctx[k]
  if helper ~= nil then return helper end
  if optional[k] then return nil end
  local hint = game[k] ~= nil and (" (the game's primitive is ctx.game:" .. tostring(k) .. "(...))") or ""
  error("ctx has no field or helper '" .. tostring(k) .. "'" .. hint, 2)
end

-- What scripts see: the game read-only (no card may replace a primitive for the others).
local shown_game = read_only(game)

local function make_ctx(card, extra)
  local c = { game = shown_game, card = card, data = data_proxy(card) }
  if extra then
    -- Plain `next`: copying does not depend on the order (and sorting keys costs).
    for k, v in next, extra do c[k] = v end
  end
  return setmetatable(c, ctx_mt)
end

local function set_ctx(t, fields)
  rules_ctx = t
  optional = {}
  for k, v in pairs(fields or {}) do if v then optional[k] = true end end
end

return shown_game, make_ctx, set_ctx, forget
