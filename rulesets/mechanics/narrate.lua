-- What a person reads of a game (require("rules.narrate")): one line for each logged event a
-- player cares about (`rules.narrate`, the front end's narration of every turn, bots' and
-- people's alike) and a short status of a player (`rules.status`). The log stays the record:
-- these only put its entries into words. Wizards are named as labels name them
-- (targets.wizard_label), cards by their names. An edition adds or replaces a line in
-- `M.lines[event]` (or `M.minor[event]`, lines shown only to those who ask for more), and
-- replaces `M.status`.
local common = require("rules.common")
local targets = require("rules.targets")
local M = { lines = {}, minor = {} }

local function who(game, p) return targets.wizard_label(game, p) end
local function card(game, c) return game:card(c).name end

-- A target as people say it: a wizard by his name, else the target's own label.
function M.target(game, t)
  if type(t) ~= "table" then return nil end
  if t.kind == "wizard" and t.player ~= nil then return who(game, t.player) end
  if t.label ~= nil and t.label ~= "" then return t.label end
  if t.edge ~= nil then return t.kind .. " " .. targets.edge_key(t.edge) end
  return t.kind
end

-- What an event moved about: "a treasure of B", "a Large Rock", "object #12".
function M.thing(game, e)
  if e.treasure then
    local o = e.object and game:object(e.object)
    return o and o.owner ~= nil and ("a treasure of " .. who(game, o.owner)) or "a treasure"
  end
  if e.card then return card(game, e.card) end
  return e.object and ("object #" .. e.object) or "something"
end

local function at(s) return s and (" at " .. targets.sq_label(s)) or "" end

function M.lines.cast(game, e)
  local t = M.target(game, e.target)
  return who(game, e.caster) .. " casts " .. card(game, e.card) .. ((t and t ~= "") and (" at " .. t) or "")
end

function M.lines.counter(game, e)
  return (e.player and (who(game, e.player) .. " answers with ") or "answered with ") .. card(game, e.card)
end

function M.lines.attack(game, e)
  local t = M.target(game, e.target) or "?"
  if e.punch then return who(game, e.attacker) .. " punches " .. t end
  if e.creature then return "creature #" .. e.creature .. " of " .. who(game, e.attacker) .. " attacks " .. t end
  return nil -- a card's attack: its cast, throw or use says it
end

function M.lines.throw(game, e)
  return who(game, e.thrower) .. " throws " .. card(game, e.card) .. " at " .. (M.target(game, e.target) or "?")
end

function M.lines.damage(game, e)
  if type(e.target) ~= "table" or e.target.kind ~= "wizard" then return nil end
  local from = e.source and (" from " .. card(game, e.source)) or ""
  if (e.amount or 0) <= 0 then return who(game, e.target.player) .. " takes no damage" .. from end
  return who(game, e.target.player) .. " takes " .. e.amount .. " damage" .. from
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
  return who(game, e.player) .. " uses " .. card(game, e.card) .. (e.as and (" (" .. e.as .. ")") or "")
end

function M.lines.move(game, e)
  if not (e.forced or e.magic) then return nil end
  return who(game, e.wizard) .. " is moved to " .. targets.sq_label(e.to)
end

function M.lines.object_created(game, e)
  local by = e.card and card(game, e.card) or "a spell"
  if e.edge then return by .. " makes a wall at " .. targets.edge_key(e.edge) end
  local o = e.object and game:object(e.object) -- nil once it is gone again
  if not o then return by .. " puts an object on the board" end
  return by .. " puts a " .. o.kind .. ((o.at and o.at.side == nil) and at(o.at) or "")
end

function M.lines.object_destroyed(_game, e)
  if e.edge then return "the wall at " .. targets.edge_key(e.edge) .. " is destroyed" end
  return nil
end

function M.lines.spell_end(game, e)
  return (e.player ~= nil and (who(game, e.player) .. "'s ") or "") .. card(game, e.card) .. " ends"
end

function M.lines.sector_rotated(_game, e) return "sector " .. e.sector .. " turns" end

-- Lines for those who ask for more (`play --verbose`).
function M.minor.move(game, e)
  return who(game, e.wizard) .. " moves " .. (e.dir and (e.dir .. " ") or "") .. "to " .. targets.sq_label(e.to)
end
function M.minor.discard(game, e) return card(game, e.card) .. " is discarded" end
function M.minor.object_destroyed(_game, e) return "object #" .. (e.object or "?") .. " is destroyed" end
function M.minor.door(game, e)
  local what = e.passed and "passes" or (e.held and "holds" or "works")
  return (e.player and who(game, e.player) or "someone") .. " " .. what .. " the door at " .. targets.edge_key(e.edge)
end
function M.minor.damage(game, e)
  if type(e.target) ~= "table" or e.target.kind == "wizard" then return nil end
  return (M.target(game, e.target) or "?") .. " takes " .. (e.amount or 0) .. " damage"
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

-- A status in victory points, for an edition that counts them (8th, 9th).
function M.victory_status(game, p)
  return common.victory_points(game, p) .. " of " .. common.victory_target(game) .. " victory points"
end

return M
