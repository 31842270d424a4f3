-- What a person reads of a game (require("rules.narrate")): one line for each logged event a
-- player cares about (`rules.narrate`, the front end's narration of every turn, bots' and
-- people's alike) and a short status of a player (`rules.status`). The log stays the record:
-- these only put its entries into words, as labels do (rules/targets.lua, "Words"): wizards
-- by their names, cards and objects by theirs, squares "(x,y)", never an id; a card the seat
-- was not shown (the log leaves it out of his view) is "a card". An edition adds or replaces
-- a line in `M.lines[event]` (or `M.minor[event]`, lines shown only to those who ask for
-- more), and replaces `M.status`.
local common = require("rules.common")
local targets = require("rules.targets")
local M = { lines = {}, minor = {} }

local function who(game, p) return targets.wizard_label(game, p) end
-- A card's name; nil for one this seat was not shown (the log leaves it out).
local function name(game, c) return targets.card_name(game, c) end
local function card(game, c) return name(game, c) or "a card" end
local function words(s) return (tostring(s):gsub("_", " ")) end

-- A target as people say it: a wizard by his name, a line by what stands on it and where ("the
-- wall north of (1,5)"), a spell by its holder ("B's Thornbush"), else the target's label.
function M.target(game, t) return targets.target_words(game, t) end

-- What an event moved about: "B's treasure", "Large Rock", "an object".
function M.thing(game, e)
  local o = e.object and game:object(e.object)
  if o and not o.id then o = nil end
  if e.treasure then return o and targets.object_name(game, o) or "a treasure" end
  if e.card then return card(game, e.card) end
  if o then return targets.object_name(game, o) end
  return "an object"
end

local function at(s) return s and (" at " .. targets.sq_words(s)) or "" end

-- An object as an event kept it (`what`: common.object_facts), or as it is now, or nil.
local function object_of(game, e)
  if type(e.what) == "table" then return e.what end
  local o = e.object and game:object(e.object)
  return (o and o.id) and o or nil
end

function M.lines.cast(game, e)
  local t = M.target(game, e.target)
  return who(game, e.caster) .. " casts " .. (name(game, e.card) or "a spell") .. ((t and t ~= "") and (" at " .. t) or "")
end

function M.lines.counter(game, e)
  return (e.player and (who(game, e.player) .. " answers with ") or "answered with ") .. card(game, e.card)
end

function M.lines.attack(game, e)
  local t = M.target(game, e.target) or "someone"
  if e.punch then return who(game, e.attacker) .. " punches " .. t end
  if e.creature then
    local o = object_of(game, { what = e.what, object = e.creature })
    return (o and targets.object_name(game, o) or (who(game, e.attacker) .. "'s creature")) .. " attacks " .. t
  end
  return nil -- a card's attack: its cast, throw or use says it
end

function M.lines.throw(game, e)
  return who(game, e.thrower) .. " throws " .. card(game, e.card) .. " at " .. (M.target(game, e.target) or "something")
end

function M.lines.damage(game, e)
  if type(e.target) ~= "table" or e.target.kind ~= "wizard" then return nil end
  local from = name(game, e.source)
  from = from and (" from " .. from) or ""
  if (e.amount or 0) <= 0 then return who(game, e.target.player) .. " takes no damage" .. from end
  return who(game, e.target.player) .. " takes " .. e.amount .. " damage" .. from
end

-- Damage made less before it hit (rules/ctx.lua, damage; 8th Bloodshard...): what took how
-- much of it ("Shield takes 2 of the damage to B").
function M.lines.reduced(game, e)
  local by = {}
  for _, c in ipairs(e.cards or {}) do by[#by + 1] = name(game, c) or "a card" end
  if #by == 0 and e.card then by[1] = card(game, e.card) end
  local to = e.player ~= nil and (" to " .. who(game, e.player)) or ""
  if #by == 0 then return (e.amount or 0) .. " of the damage" .. to .. " is taken off" end
  local how = (e.left ~= nil and e.left <= 0) and "all" or tostring(e.amount or 0)
  return table.concat(by, " and ") .. (#by > 1 and " take " or " takes ") .. how .. " of the damage" .. to
end

function M.lines.heal(game, e) return who(game, e.player) .. " regains " .. (e.amount or 0) .. " life" end

function M.lines.stun(game, e)
  local n = e.turns or 1
  return who(game, e.player) .. " is stunned" .. (n > 1 and (" for " .. n .. " turns") or "")
end

function M.lines.death(game, e)
  local by = (e.killer ~= nil and e.killer ~= e.player) and (", killed by " .. who(game, e.killer)) or ""
  return who(game, e.player) .. " dies" .. by
end

function M.lines.draw(game, e) return who(game, e.player) .. " draws a card" end
function M.lines.pick_up(game, e) return who(game, e.player) .. " picks up " .. M.thing(game, e) end
function M.lines.drop(game, e) return who(game, e.player) .. " drops " .. M.thing(game, e) .. at(e.square) end

function M.lines.use(game, e)
  -- (a trap drawn springs at once: classic TRAP!)
  if e.as == "sprung" then return who(game, e.player) .. " draws " .. (name(game, e.card) or "a trap") .. ", which springs" end
  return who(game, e.player) .. " uses " .. card(game, e.card) .. (e.as and (" (" .. words(e.as) .. ")") or "")
end

-- A card leaving a hand by its holder's choice (at the end of his turn, to make room, a spell
-- bidding him): who, and what if the seat saw it go (face up to the discard pile). A card
-- spent (a boost: its `use` tells it) or settling after play is a minor line.
function M.lines.discard(game, e)
  if e.from ~= "hand" or e.spent or e.player == nil then return nil end
  return who(game, e.player) .. " discards " .. card(game, e.card)
end

function M.lines.extra_turn(game, e) return who(game, e.player) .. " takes an extra turn after this one" end

function M.lines.move(game, e)
  if not (e.forced or e.magic) then return nil end
  return who(game, e.wizard) .. " is moved to " .. targets.sq_words(e.to)
end

-- What stands on an edge now, in words ("wall", "door"), for a line made or broken.
local function barrier(game, edge)
  local b = game:edge(edge).barrier
  return (b == "door" or b == "wall") and b or "wall"
end

function M.lines.object_created(game, e)
  local by = name(game, e.card) or "a spell"
  if e.edge then
    local made = e.door and "door" or barrier(game, e.edge)
    return by .. " makes a " .. made .. " " .. targets.dir_words(e.edge.side) .. " of " .. targets.sq_words(e.edge)
  end
  local o = object_of(game, e)
  if not o then return by .. " puts something on the board" end
  local thing = targets.object_name(game, o)
  local where = targets.object_words(game, o):sub(#thing + 1)
  local own = thing:find("'s ", 1, true) ~= nil
  -- (what the spell is called, made: "a Thornbush appears at (3,5)", "A's Homunculus appears...")
  if thing == by or thing:sub(-#by - 1) == " " .. by then return (own and thing or ("a " .. thing)) .. " appears" .. where end
  return by .. " puts " .. (own and thing or ("a " .. thing)) .. where
end

function M.lines.object_destroyed(_game, e)
  if e.edge then return targets.edge_words(e.edge, "wall") .. " is destroyed" end
  return nil
end

function M.lines.spell_end(game, e)
  local whose = e.player ~= nil and (who(game, e.player) .. "'s ") or ""
  return whose .. (name(game, e.card) or (whose == "" and "a spell" or "spell")) .. " ends"
end

function M.lines.sector_rotated(_game, e) return "sector " .. e.sector .. " turns" end

-- Lines for those who ask for more (`play --verbose`).
function M.minor.move(game, e)
  return who(game, e.wizard) .. " moves " .. (e.dir and (targets.dir_words(e.dir) .. " ") or "") .. "to " .. targets.sq_words(e.to)
end
function M.minor.discard(game, e) return card(game, e.card) .. " is discarded" end
function M.minor.object_destroyed(game, e)
  local o = object_of(game, e)
  if not o then return "an object is destroyed" end
  return targets.the(targets.object_words(game, o)) .. " is destroyed"
end
function M.minor.door(game, e)
  local what = e.passed and "passes" or (e.held and "holds" or "works")
  return (e.player and who(game, e.player) or "someone") .. " " .. what .. " " .. targets.edge_words(e.edge, "door")
end
function M.minor.damage(game, e)
  if type(e.target) ~= "table" or e.target.kind == "wizard" then return nil end
  return (M.target(game, e.target) or "something") .. " takes " .. (e.amount or 0) .. " damage"
end

-- The line for a log entry `{ turn, event, data }`, or nil (nothing a player follows).
function M.line(game, entry, verbose)
  local e = entry.data or {}
  local f = M.lines[entry.event]
  local line = f and f(game, e)
  if line == nil and verbose and M.minor[entry.event] then line = M.minor[entry.event](game, e) end
  return line
end

-- edition: a player's score as a few words ("2 treasures home").
function M.status(game, p)
  local n = common.treasures_home(game, p)
  return n .. (n == 1 and " treasure" or " treasures") .. " home"
end

-- What the player deciding reads beside his life: on his own turn the movement he has left,
-- and always his cards against his hand limit, as the limit counts them ("3 moves left, hand
-- 5 of 7").
function M.turn_status(game, p)
  local parts = {}
  if game:turn().active == p then
    local left = require("rules.movement").left(game)
    parts[#parts + 1] = left .. (left == 1 and " move" or " moves") .. " left"
  end
  parts[#parts + 1] = "hand " .. common.hand_count(game, p) .. " of " .. game:config().hand_limit
  return table.concat(parts, ", ")
end

-- A status in victory points, for an edition that counts them (8th, 9th).
function M.victory_status(game, p)
  return common.victory_points(game, p) .. " of " .. common.victory_target(game) .. " victory points"
end

return M
