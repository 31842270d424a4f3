-- The kernel's Lua side of the scripting API (kernel code: it knows no card and no edition).
--
-- Receives the table of Rust primitives and returns:
--   game      the object every ruleset and card script uses: game:method(...)
--   make_ctx  builds the `ctx` handed to a card's hooks
--   set_ctx   installs the ruleset's card helpers (rules.ctx): ctx:damage(...) and friends,
--             and the names of the fields a card's ctx may lack (rules.ctx_fields)
local K = K  -- the Rust primitives, put in this chunk's environment by the engine
local raw_pcall = raw_pcall  -- Lua's own pcall (see `pass`)
local raw_setmetatable = raw_setmetatable  -- Lua's own (the kernel's metatables need no check)
local read_only = read_only  -- the sandbox's read-only views
local rules_ctx = nil  -- helpers the ruleset offers cards (rules.ctx), set once rules.lua is loaded
local optional = {}    -- fields a ctx may lack (rules.ctx_fields): nil, not an error

local game = {}
-- A primitive's message as the kernel raises it again at the script's line: without the
-- "runtime error: " Rust errors carry, nor their traceback (plain finds: a long message may
-- not go through a pattern).
local function message_of(e)
  local m = tostring(e)
  if m:sub(1, 15) == "runtime error: " then m = m:sub(16) end
  local cut = m:find("\nstack traceback:", 1, true)
  if cut then m = m:sub(1, cut - 1) end
  return m
end
-- game:name(...): the primitive's results, or its error raised again at the line of the
-- script that called (a C function, memo.rs: `plain_wrapper`). The memo replaces the queries'.
local plain_wrapper = plain_wrapper
for name, f in pairs(K) do
  game[name] = plain_wrapper(f)
end

---------------------------------------------------------------------------------------------
-- The memo of queries. Listing a player's actions asks the same questions many times over
-- (his square, each card of his hand, the walls in sight...) while nothing changes. A query's
-- answer is kept until the state changes: the kernel counts every change in stamp[1], and a
-- count other than the memo's empties it. Answers are frozen (read-only all the way down), so
-- no script can change what the next one reads. The options are kept until the kernel starts
-- a new game (`forget`); the config and the card definitions as long as the engine lives.
---------------------------------------------------------------------------------------------
local stamp = stamp            -- { changes so far, of them those that may touch the board,
                               -- the players, the cards, the objects, the hands and play
                               -- areas, the rest (the stack, game vars), the turn, each
                               -- player but for one player's own changes, the seats (moved
                               -- only by a change that may touch anything), the order of play
                               -- (the active player, who is alive), the figures, the piles,
                               -- the board or the objects, the walls' and doors' marks
                               -- (damage, tags), the board or those marks, the board's
                               -- layout (sectors, homes, links), the hands and play areas
                               -- or any card }, written by the kernel
local ALL, BOARD, PLAYERS, CARDS, OBJECTS, HANDS, REST, TURN, EACH_PLAYER, SEATS, ORDER, FIGURES = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
local PILES, BOARD_OR_OBJECTS, BOARD_OR_MARKS, LAYOUT, HANDS_OR_CARDS = 13, 14, 16, 17, 18
local card_stamp = card_stamp  -- { [card] = the count of changes at its last own change }
local player_stamp = player_stamp -- { [player] = the same, for each player }

local math_type = math.type
local NIL = {}                 -- an answer that was nil, or a nil argument's key
local game_clock = { 0 }       -- moved by `forget`: a new game on the same engine
local engine_clock = { 0 }     -- never moves: what holds while the engine lives

-- How an argument is keyed (memo.rs keys it): by itself (PLAIN: an id, a name, a flag), as a
-- square or an edge (Q, E: the kernel's place codes, value.rs `place_code`, so a square or an
-- edge the kernel gave is keyed by one lookup, one a script made by its fields), only when nil
-- (NIL_ONLY: steps' flags; any other value skips the memo), or by a Lua function.
local PLAIN, Q, E, NIL_ONLY = 0, 1, 2, 3
local place_codes = place_codes  -- { [a kernel's square or edge] = its code }
-- A square's key in Lua (for the `edges` filter's key): as memo.rs keys a square.
local function sq_key(s)
  local k = place_codes[s]
  if k ~= nil then return k end
  if type(s) ~= "table" then return nil end
  local x, y = s.x, s.y
  if math_type(x) ~= "integer" or math_type(y) ~= "integer" then return nil end
  if x < -32768 or x >= 32768 or y < -32768 or y >= 32768 then return nil end
  return (x + 32768) * 65536 + (y + 32768)
end

-- The primitive's results or error, from a wrapper called by the script: the error is raised
-- at the script's line (level 3: this function, the wrapper, the script).
local function pass_up(ok, ...)
  if not ok then error(message_of((...)), 3) end
  return ...
end

-- Card tests and scenarios in debug builds check every answer the memo gives against the
-- kernel's fresh one: a change that touched a part of the state its code said it would not
-- is caught at once.
local verify_memo = verify_memo
local function same_answer(x, y)
  if x == y then return true end
  if type(x) ~= "table" or type(y) ~= "table" then return false end
  for k, v in pairs(x) do
    if not same_answer(v, y[k]) then return false end
  end
  for k in pairs(y) do
    if x[k] == nil then return false end
  end
  return true
end
local function check_memo(name, clock, i, now, kept, f, a, b, c)
  local fresh = pass_up(raw_pcall(f, a, b, c))
  if kept == NIL then kept = nil end
  if clock[i] == now and not same_answer(kept, fresh) then
    error("kernel: the memo of game:" .. name .. " kept an answer the state no longer gives", 3)
  end
end

-- game:name(a, b, c) through a memo good while clock[i] stays, keyed by its `n` arguments,
-- each as its kind says (keyN; PLAIN when nil). An argument without a key goes straight to
-- the kernel; so does a query whose call moved the clock (it changed the state, through a
-- handler it ran): nothing is kept.
-- With `per` (a card's or a player's questions: card_stamp, player_stamp), the answers about
-- the first argument also go when per[it] moves. The wrapper runs for every query a script
-- makes, so it is a C function (src/engine/memo.rs).
local memo_wrapper = memo_wrapper
local LUA_KEY = 4
local function remembered(name, clock, i, n, key1, key2, key3, per)
  local spec, fns = n, {}
  for j, key in ipairs { key1 or PLAIN, key2 or PLAIN, key3 or PLAIN } do
    if type(key) == "function" then key, fns[j] = LUA_KEY, key end
    spec = spec + (key << (3 * j))
  end
  game[name] = memo_wrapper(K[name], clock, i, spec, per, place_codes, NIL,
    verify_memo and check_memo or nil, name, fns[1], fns[2], fns[3])
end

-- The key of an `edges` or `lines` filter: a barrier name, or a table of barrier, created_by,
-- seen_from, seen_at and rim (nil, so no memo, for anything else).
local function filter_key(f)
  if f == nil or type(f) == "string" then return f or NIL end
  if type(f) ~= "table" then return nil end
  local from = f.seen_from
  local at = from ~= nil and sq_key(from) or -1
  if at == nil then return nil end
  return tostring(f.barrier) .. "|" .. tostring(f.created_by) .. "|" .. at .. "|" .. tostring(f.seen_at)
    .. "|" .. tostring(f.rim)
end
-- On the whole state's clock: what reads several parts.
remembered("steps", stamp, ALL, 2, nil, NIL_ONLY)
-- The cards in play and their data: the hands and play areas, or any card (its own change too).
remembered("play_area_data", stamp, HANDS_OR_CARDS, 1)
-- Sight to an object: the board's and the objects' (whichever changes).
remembered("los_object", stamp, BOARD_OR_OBJECTS, 2, Q)
-- On a part's own clock: questions the kernel answers from that part of the state alone
-- (state_cell.rs, Touch), good until a change that may touch it.
remembered("players", stamp, PLAYERS, 0)
remembered("player_count", stamp, SEATS, 0)
remembered("turn_order", stamp, ORDER, 0)  -- (the turn's active player, who is alive)
-- One player's record: on the clock of changes to every player and the player's own.
remembered("player", stamp, EACH_PLAYER, 1, nil, nil, nil, player_stamp)
remembered("wizard_name", stamp, EACH_PLAYER, 1, nil, nil, nil, player_stamp)
for _, name in ipairs { "hand", "play_area" } do
  remembered(name, stamp, HANDS, 1)
end
remembered("seats_at", stamp, PLAYERS, 1, Q)
remembered("turn", stamp, TURN, 0)
for _, name in ipairs { "result", "stack", "vars" } do
  remembered(name, stamp, REST, 0)
end
remembered("stack_entry", stamp, REST, 1)
remembered("pile", stamp, PILES, 1)
remembered("pile_top", stamp, PILES, 1)
-- A card's own questions: on the cards' clock (a change to every card) and the card's own.
remembered("card", stamp, CARDS, 1, nil, nil, nil, card_stamp)
-- Whether card c has a hook: its definition's, fixed from the card's making (new_card, which
-- moves the cards' clock) on, whatever becomes of the card.
remembered("has_hook", stamp, CARDS, 2)
remembered("card_data", stamp, CARDS, 2, nil, nil, nil, card_stamp)
remembered("figures", stamp, FIGURES, 0)
remembered("figure", stamp, FIGURES, 1)
remembered("figures_at", stamp, FIGURES, 1, Q)
remembered("objects", stamp, OBJECTS, 0)
remembered("object", stamp, OBJECTS, 1)
remembered("objects_at", stamp, OBJECTS, 1, Q)
-- The layout's: sectors, their squares and homes, and what lies beyond each side.
for _, name in ipairs { "squares", "sector_count" } do
  remembered(name, stamp, LAYOUT, 0)
end
for _, name in ipairs { "home", "treasure_starts", "sector_squares" } do
  remembered(name, stamp, LAYOUT, 1)
end
for _, name in ipairs { "sector_of", "home_sector_at", "neighbours" } do
  remembered(name, stamp, LAYOUT, 1, Q)
end
remembered("sight_limit", stamp, BOARD, 0)
-- The edges' records: the board's, and their damage and tags (which change no sight).
remembered("edges", stamp, BOARD_OR_MARKS, 1, filter_key)
remembered("edges_around", stamp, BOARD_OR_MARKS, 1, Q)
remembered("lines_around", stamp, BOARD_OR_MARKS, 1, Q)
remembered("edge", stamp, BOARD_OR_MARKS, 1, E)
remembered("lines", stamp, BOARD, 1, filter_key)
remembered("visible_from", stamp, BOARD, 1, Q)
for _, name in ipairs { "los", "adjacent", "los_bent", "distance", "line_squares" } do
  remembered(name, stamp, BOARD, 2, Q, Q)
end
remembered("edges_in_sight", stamp, BOARD, 2, Q)
-- The cells of a board of either shape (api/cells.rs): the board's alone.
remembered("directions", stamp, BOARD, 0)
for _, name in ipairs { "cell_steps", "region_of", "cell_name", "marks_at" } do
  remembered(name, stamp, BOARD, 1, Q)
end
remembered("marked", stamp, BOARD, 1)
for _, name in ipairs { "region_distance", "line" } do
  remembered(name, stamp, BOARD, 2, Q, Q)
end
for _, name in ipairs { "ring", "disc" } do
  remembered(name, stamp, BOARD, 2, Q)
end
remembered("los_edge", stamp, BOARD, 3, Q, E)
remembered("option", game_clock, 1, 1)
remembered("config", engine_clock, 1, 0)
remembered("card_def", engine_clock, 1, 1)
remembered("card_keys", engine_clock, 1, 0)

-- A new game on the same engine: nothing of the last one is kept.
local function forget()
  game_clock[1] = game_clock[1] + 1
end

-- A card's own data, kept by the kernel: ctx.data.x = 3 persists; a table read from it is
-- read-only (a query's answer), so copy it, change the copy and assign it back.
-- One metatable serves every proxy: the card a proxy stands for is kept beside it (weak keys,
-- so a finished hook's proxy goes with it; only this chunk sees the table).
local card_of_data = raw_setmetatable({}, { __mode = "k" })
local data_mt = {
  __index = function(d, k) return game.card_data(nil, card_of_data[d], k) end,
  __newindex = function(d, k, v) K.set_card_data(card_of_data[d], k, v) end,
  __metatable = "card data",
}
local function data_proxy(card)
  local d = raw_setmetatable({}, data_mt)
  card_of_data[d] = card
  return d
end

-- A ctx offers its own fields and the ruleset's helpers, nothing else: the game's primitives
-- are ctx.game:name(...), and a misspelt helper is an error at the card's line, not a nil.
local ctx_mt = { __metatable = "card context" }
ctx_mt.__index = function(c, k)
  -- The card's data proxy, made the first time a hook asks for it (most never do).
  if k == "data" then
    local d = data_proxy(rawget(c, "card"))
    rawset(c, "data", d)
    return d
  end
  local helper = rules_ctx and rules_ctx[k]
  if helper ~= nil then return helper end
  if optional[k] then return nil end
  local hint = game[k] ~= nil and (" (the game's primitive is ctx.game:" .. tostring(k) .. "(...))") or ""
  error("ctx has no field or helper '" .. tostring(k) .. "'" .. hint, 2)
end

local make_ctx  -- (below: it needs the game scripts see)
-- A card's hook is called through the kernel only if the card has it: most of the cards a
-- listing asks (can_cast, can_target) have none, and the answer is nil without a crossing.
-- Its ctx is made here, from the card's record as the memo keeps it, so no table crosses to
-- be read and built again; the kernel runs the hook (its own budget, its errors). Anything
-- the memo cannot answer (a wrong id) goes to the kernel, which says what is wrong.
local has_hook, call_hook = game.has_hook, game.call_card
game.call_card = function(self, c, hook, extra, arg)
  local ok, has = raw_pcall(has_hook, self, c, hook)
  if ok and has == false then return nil end
  local ctx = nil
  if ok then
    local card = game.card(self, c)
    ctx = make_ctx(c, extra, card.controller, card.target, card.energy)
  end
  return call_hook(self, c, hook, ctx, arg)
end

-- What scripts see: the game read-only (no card may replace a primitive for the others).
local shown_game = read_only(game)

-- The ctx of card `card`'s hook: `extra`'s fields, and the card's controller, target and
-- energy where `extra` does not give them.
make_ctx = function(card, extra, controller, target, energy)
  local c = { game = shown_game, card = card }
  if extra then
    -- Plain `next`: copying does not depend on the order (and sorting keys costs).
    for k, v in next, extra do c[k] = v end
  end
  if c.controller == nil then c.controller = controller end
  if c.target == nil then c.target = target end
  if c.energy == nil then c.energy = energy end
  return raw_setmetatable(c, ctx_mt)
end

local function set_ctx(t, fields)
  rules_ctx = t
  optional = {}
  for k, v in pairs(fields or {}) do if v then optional[k] = true end end
end

return shown_game, make_ctx, set_ctx, forget
