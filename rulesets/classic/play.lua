-- The classic edition's part of rules.play (classic, The Cards: COUNTERACTION; Combat): only
-- the wizard an attack is aimed at may counteract it, and his counteraction may be
-- counteracted by the player it answers, and so on, back and forth;
-- one NUMBER per action gives a spell its power. The procedure is the mechanics' (`base`).
local common = require("rules.common")
local throwing = require("rules.throwing")
local M = base

-- The defender of something aimed at target `t` by player p: another living wizard, or nil.
function M.defender_of(game, p, t)
  if type(t) == "table" and t.kind == "wizard" and t.player ~= p and game:player(t.player).alive then
    return t.player
  end
  return nil
end

-- Who may answer an entry: its defender (`marks.defender`, set when it was pushed), if alive.
function M.responders(game, entry)
  local q = entry.marks.defender
  if q == nil or not game:player(q).alive then return {} end
  return { q }
end

-- A spell aimed at a wizard has him as defender when it is the attack (classic, The Cards:
-- a physical action, `not_spell`, can't be counteracted); a throw or a punch always.
function M.entry_marks(game, p, c, target, attack, kind)
  if kind == "spell" and (not attack or common.has_trait(game, c, "not_spell")) then return {} end
  return { defender = M.defender_of(game, p, target) }
end

-- A counteraction is aimed at the player whose entry it answers (Anti-Anti answers it).
function M.counter_marks(game, q, against)
  local aim = game:stack_entry(against)
  return { against = against, defender = aim.controller ~= q and aim.controller or nil }
end

-- classic, The Cards: a neutral spell used on an opponent counts as the turn's attack; a
-- hand weapon's blow always does (classic, Combat: any attack on an object is the attack).
function M.counts_as_attack(game, p, c, t)
  if game:card(c).kind == "attack" or common.has_trait(game, c, "weapon") then return true end
  return t ~= nil and t.kind == "wizard" and t.player ~= p
end

function M.default_energy(game) return game:config().default_number end

-- classic, Movement / The Cards: a NUMBER card's value, +1 for each displayed card with the
-- `number_bonus` trait of its player (Powerstone).
function M.boost_value(game, p, c)
  local n = game:card(c).energy_value or 0
  for _, d in ipairs(game:play_area(p)) do
    if common.has_trait(game, d, "number_bonus") then n = n + 1 end
  end
  return n
end

-- Does card c use a NUMBER (for power or duration)? Counteractions take none.
function M.takes_number(game, c)
  local card = game:card(c)
  return card.duration == "duration" or common.has_trait(game, c, "number_power")
end

-- classic, The Cards: a NUMBER card; only what takes a NUMBER is offered one.
function M.is_boost(game, b) return game:card(b).kind == "number" end

function M.boosts(game, p, c, answering)
  if answering or not M.takes_number(game, c) then return {} end
  return M.boost_cards(game, p, c)
end

-- classic, The Cards: physical objects go back to the hand after use, stones and the Master
-- Key to the display.
function M.kept_zone(game, _p, c)
  if not common.is_object(game, c) then return nil end
  return common.is_shown_object(game, c) and "play" or "hand"
end

-- Does something in square s stop a thrown object (a thornbush, solid stone: an object that
-- fills its square or blocks the way)?
local function stops_throws(game, s)
  for _, o in ipairs(game:objects_at(s)) do
    if o.fills_square or o.blocks_move then return true end
  end
  return false
end

-- classic, Dropping and Retrieving Objects: a thrown object lands in the targeted square,
-- unless a barrier such as a thornbush is in the way: then in the square just before it (the
-- target's own square too, when it is a thornbush or stone). Reckoned as it is thrown, before
-- the blow changes anything.
function M.landing(game, p, target)
  local from = game:player(p).at
  local last = from
  for _, s in ipairs(throwing.flight(game, from, throwing.aim(game, from, target))) do
    if stops_throws(game, s) then break end
    last = s
  end
  return function() return last end
end

return M
