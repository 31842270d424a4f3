-- Creatures (require("rules.creatures")): animate beings a spell puts on the board.
-- 8th: Target Types, Creature: the core set has none; the rulebook names them beside wizards
-- (Stun Tokens, Transformation, Creating Objects, Line of Sight). What they do is ours:
-- reconstructed: a creature is an object of kind "creature" with life, speed and punch in
-- its data, made by a spell and gone with it (a creation: not on a home base nor in a square
-- with an object, treasure or creature). On its controller's turn it may move up to its
-- speed (no key: doors stay locked for it) and attack once, a punch at a wizard or creature in
-- its square or beside it. That attack is not its controller's attack of the turn, but a
-- kill by it is a kill by his attack. It can be attacked by cards that target creatures;
-- damage lowers its life and at 0 it dies: it leaves the board and, with nothing left of what
-- it created, its spell ends. Line of sight passes it (it doesn't fill its square).
local common = require("rules.common")
local creations = require("rules.creations")
local targets = require("rules.targets")
local M = { ctx = {} }

local DIRS = { "N", "E", "S", "W" }

local function tvar(game, k) return game:turn().vars[k] end

function M.list(game, owner)
  local out = {}
  for _, o in ipairs(game:objects()) do
    if o.kind == "creature" and o.at and (owner == nil or o.owner == owner) then out[#out + 1] = o end
  end
  return out
end

-- A creature as its master's options name it: its name and square ("Homunculus at (3,2)").
local function label(game, o)
  local name = o.data.name or targets.card_name(game, o.data.spell) or "creature"
  return name .. " at " .. targets.sq_words(o.at)
end

local function moves_spent(game, id) return (tvar(game, "creature_moves") or {})[tostring(id)] or 0 end

-- Actions of the active player's creatures: a step each, while its speed lasts; one attack.
function M.add_actions(game, p, list)
  local attack_ok = not tvar(game, "first_turn")
  for _, o in ipairs(M.list(game, p)) do
    if moves_spent(game, o.id) < (o.data.speed or 0) then
      for _, d in ipairs(DIRS) do
        local r = game:run(o.at, d, 1)
        -- (a creation never stands on a home base: 8th, Home Base Squares and Changing the Map)
        if #r.squares == 1 and game:home_sector_at(r.squares[1]) == nil then
          -- (The direction is part of the record, so each step has a key of its own: `to` is
          -- only a hint, left out of keys.)
          list[#list + 1] = { label = label(game, o) .. ": move " .. targets.dir_words(d), kind = "creature", action = "move", id = o.id, dir = d,
                              to = r.squares[1] }
        end
      end
    end
    if attack_ok and not (tvar(game, "creature_attacked") or {})[tostring(o.id)] then
      for _, q in ipairs(common.turn_order(game)) do
        local at = game:player(q).at
        if q ~= p and at and (common.same_sq(at, o.at) or game:adjacent(o.at, at)) then
          list[#list + 1] = { label = label(game, o) .. ": attack " .. targets.wizard_label(game, q), kind = "creature", action = "attack", id = o.id, hostile = true,
                              target = { kind = "wizard", player = q } }
        end
      end
      for _, other in ipairs(M.list(game)) do
        if other.owner ~= p and not other.data.untargetable -- (Homunculus: no target of attacks)
            and (common.same_sq(other.at, o.at) or game:adjacent(o.at, other.at)) then
          list[#list + 1] = { label = label(game, o) .. ": attack " .. targets.object_words(game, other), kind = "creature", action = "attack", id = o.id,
                              target = { kind = "creature", id = other.id, at = other.at } }
        end
      end
    end
  end
end

local function set_in(game, var, id, v)
  local t = common.copy(tvar(game, var))
  t[tostring(id)] = v
  game:set_turn_var(var, t)
end

-- Runs a creature action. Its attack is played like any attack (rules/play.lua): counters
-- may answer it.
function M.perform(game, p, a)
  local o = game:object(a.id)
  if not o or not o.id then return end
  if a.action == "move" then
    set_in(game, "creature_moves", o.id, moves_spent(game, o.id) + 1)
    game:set_object(o.id, { at = a.to })
    game:log("creature_move", { object = o.id, from = o.at, to = a.to })
    return
  end
  set_in(game, "creature_attacked", o.id, true)
  local play = require("rules.play")
  play.play(game, {
    player = p, kind = "creature_attack", target = a.target, marks = { creature = o.id },
    events = { { "attack", { attacker = p, creature = o.id, target = a.target, what = common.object_facts(o) } } },
    resolve = function(entry) play.deal(game, p, entry.id, a.target, o.data.punch or 1, { physical = true }) end,
  })
end

-- Damage to a creature (ev: the damage event after its before stage). Returns what was dealt.
function M.damage(game, ev)
  local o = game:object(ev.target.id)
  if not o or not o.id or o.kind ~= "creature" then return 0 end
  local data = common.copy(o.data)
  data.life = (data.life or 0) - ev.amount
  game:set_object(o.id, { data = data })
  game:after("damage", ev)
  if data.life <= 0 then M.kill(game, o.id) end
  return ev.amount
end

function M.kill(game, id)
  local what = common.object_facts(game:object(id))
  game:remove_object(id)
  game:after("object_destroyed", { object = id, creature = true, what = what })
  creations.lost_object(game, id)
end

-- ctx:create_creature { at =, life =, speed =, punch =, name = }: a creature of this card's
-- controller; nil and the reason where none may be made (ctx:create_object).
---@param ctx Ctx
---@param spec {at: Square, life?: integer, speed?: integer, punch?: integer, name?: string}
---@return integer? id
---@return string? reason
function M.ctx.create_creature(ctx, spec)
  return ctx:create_object {
    kind = "creature", at = spec.at, owner = ctx.controller or ctx.caster, mobile = false,
    data = { life = spec.life or 1, speed = spec.speed or 0, punch = spec.punch or 1, name = spec.name, spell = ctx.card },
  }
end

return M
