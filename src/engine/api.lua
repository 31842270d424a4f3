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
-- no script can change what the next one reads. What never changes in a game (the config, the
-- options, the card definitions) is kept until the kernel starts a new game (`forget`).
---------------------------------------------------------------------------------------------
local stamp = stamp          -- { changes so far }, written by the kernel
local frozen = frozen        -- the sandbox's deep read-only copy maker
local math_type = math.type
local NIL = {}               -- an answer that was nil
local memo, memo_at = {}, -1 -- answers at the count memo_at
local lasting = {}           -- answers good for the whole game

local function keep(v)
  if type(v) == "table" then return frozen(v) end
  return v
end

-- The memo of one query, a table from key to answer (emptied when the state changed).
local function memo_of(name)
  if stamp[1] ~= memo_at then memo, memo_at = {}, stamp[1] end
  local m = memo[name]
  if m == nil then m = {}; memo[name] = m end
  return m
end

-- A square's key (nil if it is not a plain square of integers: then no memo).
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

-- The primitive's results or error, from a wrapper called by the script: the error is raised
-- at the script's line (level 3: this function, the wrapper, the script).
local function pass_up(ok, ...)
  if not ok then error(message_of((...)), 3) end
  return ...
end

-- game:name(a, b, ...) through a memo, keyed by its arguments' keys (`keys`: one key function
-- per argument). An argument without a key (not a plain value), or one argument too many,
-- goes straight to the kernel.
local ONLY = true
local function remembered(name, keys, memo_for)
  local f = K[name]
  local n = #keys
  game[name] = function(_, ...)
    if select("#", ...) > n then return pass(raw_pcall(f, ...)) end
    local m, key = memo_for(name), ONLY
    for i = 1, n do
      local a = (select(i, ...))
      local k = keys[i](a)
      if k == nil then
        if a ~= nil then return pass(raw_pcall(f, ...)) end
        k = NIL
      end
      if i < n then
        local sub = m[k]
        if sub == nil then sub = {}; m[k] = sub end
        m = sub
      else
        key = k
      end
    end
    local v = m[key]
    if v ~= nil then
      if v == NIL then return nil end
      return v
    end
    local at = stamp[1]
    v = keep(pass_up(raw_pcall(f, ...)))
    -- A query that changed the state (through a handler it ran) is not remembered.
    if stamp[1] == at then
      if v == nil then m[key] = NIL else m[key] = v end
    end
    return v
  end
end

local function lasting_of(name)
  local m = lasting[name]
  if m == nil then m = {}; lasting[name] = m end
  return m
end
local function none() return nil end
local P, S, Q, E = plain_key, plain_key, sq_key, edge_key

for _, spec in ipairs {
  -- of the state
  { "players", {} }, { "turn", {} }, { "result", {} }, { "objects", {} }, { "stack", {} },
  { "vars", {} }, { "squares", {} }, { "sector_count", {} }, { "sight_limit", {} },
  { "player", { P } }, { "card", { P } }, { "hand", { P } }, { "play_area", { P } },
  { "object", { P } }, { "home", { P } }, { "treasure_starts", { P } },
  { "sector_squares", { P } }, { "stack_entry", { P } }, { "pile", { S } },
  { "card_data", { P, S } }, { "has_hook", { P, S } }, { "edges", { S } },
  { "objects_at", { Q } }, { "wizards_at", { Q } }, { "sector_of", { Q } },
  { "home_sector_at", { Q } }, { "neighbours", { Q } }, { "visible_from", { Q } },
  { "edge", { E } }, { "los", { Q, Q } }, { "adjacent", { Q, Q } }, { "los_bent", { Q, Q } },
  { "distance", { Q, Q } }, { "line_squares", { Q, Q } }, { "los_edge", { Q, E, P } },
  { "los_object", { Q, P } }, { "steps", { P, none } },
} do
  remembered(spec[1], spec[2], memo_of)
end
for _, spec in ipairs {
  { "config", {} }, { "option", { S } }, { "card_def", { S } }, { "card_keys", {} },
} do
  remembered(spec[1], spec[2], lasting_of)
end

-- A new game on the same engine: nothing of the last one is kept.
local function forget()
  memo, memo_at, lasting = {}, -1, {}
end

-- A card's own data, kept by the kernel: ctx.data.x = 3 persists; nested tables are copies,
-- so assign a whole value to change it.
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
