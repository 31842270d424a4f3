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

-- A card's own data, kept by the kernel: ctx.data.x = 3 persists; nested tables are copies,
-- so assign a whole value to change it.
local function data_proxy(card)
  return setmetatable({}, {
    __index = function(_, k) return K.card_data(card, k) end,
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

return shown_game, make_ctx, set_ctx
