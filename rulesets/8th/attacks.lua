-- Attacks on a wizard, as the cards that answer them see them (require("rules.attacks")).
-- 8th: Attacking: an attack is an attack spell, a weapon used or thrown, or a punch, aimed at a
-- wizard; 8th: Canceling, Reducing, or Evading Attacks: the wizard attacked may answer it with
-- a counter spell. Cards played "when you are attacked" (Teleport, Pain Link, Featherweight)
-- ask here whether a stack entry is such an attack on their player.
local effects = require("rules.effects")
local M = {}

-- 8th: Attacking (one attack a turn, none on a wizard's first turn) and A Stunned Wizard (move
-- or attack, not both): may the active wizard still attack this turn? (Mist Body and the like
-- forbid attacks outright: effect `no_attacks`.)
function M.may_attack(game)
  local tv = game:turn().vars
  if tv.attacked or tv.first_turn then return false end
  if effects.has(game, game:turn().active, "no_attacks") then return false end
  return not (tv.stunned and tv.moved)
end

-- Is stack entry `entry` an attack aimed at wizard p: an attack spell, a throw (a card's
-- attack action too: rules/card_actions.lua) or a punch whose target is p?
function M.aimed_at(game, entry, p)
  local t = entry.target
  if type(t) ~= "table" or t.kind ~= "wizard" or t.player ~= p then return false end
  if entry.kind == "throw" or entry.kind == "punch" then return true end
  return entry.kind == "spell" and entry.card ~= nil and game:card(entry.card).kind == "attack"
end

-- The square an attack comes from: where its attacker stands (nil if he is off the board).
---@return Square?
function M.origin(game, entry)
  local pl = game:player(entry.controller)
  return pl and pl.at or nil
end

return M
