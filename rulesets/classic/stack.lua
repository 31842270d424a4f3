-- The response stack of the classic rules (require("rules.stack")): who may answer what, and
-- how counteractions are played. classic, The Cards (COUNTERACTION) and Combat: only the
-- player who was attacked may counteract; his counteraction may be counteracted by the
-- player it answers, and so on ("an attack may bounce back and forth"); every counteraction
-- resolves before the thing it answers.
local common = require("rules.common")
local M = base

local function name_of(game, c) return game:card(c).name .. " #" .. c end

-- The wizard an entry is aimed at, who may answer it: `marks.defender`, set when pushed.
function M.defender(game, id)
  local e = game:stack_entry(id)
  return e and e.marks and e.marks.defender
end

-- The defender of something aimed at target `t` by player p: another living wizard, or nil.
function M.defender_of(game, p, t)
  if type(t) == "table" and t.kind == "wizard" and t.player ~= p and game:player(t.player).alive then
    return t.player
  end
  return nil
end

-- Where a card goes once it has resolved: instants are discarded; a spell with a duration
-- stays before its caster with its turns left as `energy` (classic, The Turn); a
-- permanent one stays in play; physical objects go back to the hand (stones and the Master
-- Key, displayed: classic, The Cards).
function M.settle(game, p, c, cancelled, turns)
  local card = game:card(c)
  if card.zone.kind ~= "stack" then return end -- the card put itself somewhere
  if common.is_object(game, c) then
    local zone = common.is_shown_object(game, c) and "play" or "hand"
    game:move_card(c, { kind = zone, player = p })
    return
  end
  if cancelled or card.duration == nil or card.duration == "instant" then
    common.discard(game, c)
  elseif card.duration == "duration" then
    if turns <= 0 then return common.discard(game, c) end
    game:move_card(c, { kind = "play", player = p })
    game:set_card(c, { energy = turns })
  else
    game:move_card(c, { kind = "play", player = p })
  end
end

-- A counteraction card q may play against entry `id` now.
local function counters_for(game, q, id)
  local entry = game:stack_entry(id)
  local opts = {}
  for _, c in ipairs(game:hand(q)) do
    if game:card(c).kind == "counter"
        and game:call_card(c, "can_respond", { controller = q, caster = q }, entry) then
      opts[#opts + 1] = { key = "counter with " .. name_of(game, c), card = c }
    end
  end
  return opts
end

-- q plays counter card c against entry `against`; it may be answered before it resolves.
function M.play_counter(game, q, c, against)
  local number = game:config().default_number
  local aim = game:stack_entry(against)
  game:set_card(c, { controller = q, energy = number })
  local id = game:push_stack {
    card = c, controller = q, kind = "counter", energy = number,
    marks = { against = against, defender = aim.controller ~= q and aim.controller or nil },
  }
  local ok = game:before("counter", { card = c, against = against, player = q })
  if ok then
    game:after("counter", { card = c, against = against, player = q })
    M.respond(game, id)
  end
  local entry = game:stack_entry(id)
  local cancelled = not ok or entry.marks.cancelled
  if not cancelled then
    game:call_card(c, "resolve", { controller = q, caster = q, energy = entry.energy, number = entry.energy, stack = id, against = against })
  end
  game:pop_stack(id)
  M.settle(game, q, c, cancelled, entry.energy)
end

-- The response window of entry `id`: its defender may play counteractions, one at a time,
-- until he passes (or the entry is cancelled). Nothing aimed at nobody can be answered.
function M.respond(game, id)
  while true do
    local entry = game:stack_entry(id)
    local q = entry.marks.defender
    if entry.marks.cancelled or q == nil or not game:player(q).alive then return end
    local opts = counters_for(game, q, id)
    if #opts == 0 then return end
    opts[#opts + 1] = { key = "pass" }
    local key = game:choose(q, "respond", "Counteract stack entry " .. id .. "?", opts, { pass = "pass" })
    local played = false
    for _, o in ipairs(opts) do
      if o.key == key and o.card then
        M.play_counter(game, q, o.card, id)
        played = true
      end
    end
    if not played then return end
  end
end

return M
