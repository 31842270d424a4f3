-- Damage, routed by what it hits (require("rules.damage")): ctx:damage (rulesets/mechanics/
-- ctx.lua) takes what the counters of its entry left, raises `before_damage`, and hurts a
-- wizard here; walls, doors, objects and creatures are the edition's (cracks or points). An
-- edition's damage.lua extends this module (`local M = base`).
local common = require("rules.common")
local M = {}

-- edition: what is left of `amount` once the counters marked on the entry (`marks`) and any
-- answer the edition allows have had their say; and the cards that made it less, if the
-- edition knows them (for the narration).
---@return integer amount
---@return integer[]? cards
function M.reduce(_ctx, _target, amount, _tags, _marks) return amount, nil end

-- A wizard loses life; at 0 he dies, killed by the caster if it was an attack (8th: Life,
-- Damage, and Dying; classic, Starting the Game and Combat). Returns what was dealt.
function M.to_wizard(game, ev)
  local p = ev.target.player
  local pl = game:player(p)
  if not pl.alive then return 0 end
  game:set_life(p, pl.life - ev.amount)
  game:after("damage", ev)
  if pl.life - ev.amount <= 0 then common.kill(game, p, ev.caster, ev.attack) end
  return ev.amount
end

-- edition: what a wall, door, object... takes of the damage event `ev`, by target kind:
-- M.things[kind](game, ev) returns what was dealt (0 when it did nothing).
M.things = {}

-- Damage to anything but a wizard; the `damage` event is heard whatever it did.
function M.to_thing(game, ev)
  local f = M.things[ev.target.kind]
  if not f then return 0 end
  local dealt = f(game, ev)
  game:after("damage", ev)
  return dealt
end

return M
