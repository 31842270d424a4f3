-- 8th Mutation "Slime Form": the caster becomes a creeping slime while the spell lasts (base
-- speed 3): he oozes through doors and past objects, but not through walls or stone blocks;
-- oozing under a closed door he drops the treasure he carries; entering a square where
-- others are he burns each of them for 1 physical damage (no attack). He cannot attack and
-- may cast only counter spells.
-- 8th: Card Traits, Transformation (rules/transform.lua); standing effects (rules/effects.lua:
-- movement flags as Mist Body's, `no_attacks`).
-- reconstructed: cast on oneself only; the treasure falls on his side of the door, before he
-- passes; the occupants are other wizards and creatures, each burned every time he enters
-- their square (the card sets no limit); he may still be attacked.
local first = require("test.first")
local query = require("test.query")
local spots = require("test.spots")

local function door_ahead(game, from, dir)
  for _, n in ipairs(game:neighbours(from)) do
    if n.dir == dir then
      local e = game:edge(n.edge)
      return e.barrier == "door" and e.door ~= nil and not e.door.open
    end
  end
  return false
end

return card {
  name = "Slime Form", school = "mutation", kind = "neutral",
  range = "caster", duration = "temporary",
  traits = { "transformation" },
  text = "Become slime while this spell lasts: you ooze through doors and past objects (not walls or stone blocks), dropping any treasure you carry when you pass a closed door. Each time you enter a square with others in it, each of them takes 1 physical damage (not an attack). You cannot attack and can cast only counter spells.",
  resolve = function(ctx)
    ctx:transform(ctx.caster, { counters_only = true })
    ctx.data.effect = {
      no_attacks = true,
      move = { through_doors = true, through_obstacles = true },
      move_blocked_by = { "stone_block" },
    }
  end,
  before_move = function(ctx, ev)
    local me = ctx.controller
    if ev.wizard ~= me or not door_ahead(ctx.game, ev.from, ev.dir) then return end
    for _, what in ipairs(ctx:carried(me)) do
      if what.treasure then ctx:drop(me, what) end
    end
  end,
  on_move = function(ctx, ev)
    local game, me = ctx.game, ctx.controller
    if ev.wizard ~= me then return end
    ctx.caster, ctx.attack = me, false
    for _, q in ipairs(game:seats_at(ev.to)) do
      if q ~= me then ctx:damage(q, 1, { physical = true }) end
    end
    for _, o in ipairs(game:objects_at(ev.to)) do
      if o.kind == "creature" then ctx:damage({ kind = "creature", id = o.id, at = o.at }, 1, { physical = true }) end
    end
  end,
  tests = {
    { "through a locked door, dropping the treasure before it", function(t, g)
      local at, dir = spots.locked_door(g, 0)
      assert(at and dir, "a locked door")
      local tr = query.treasures_of(g, 1)[1] ---@type Object?
      assert(tr, "a treasure of player 1")
      g:set_object(tr.id, { carried_by = 0 })
      first.cast(t, "Slime Form")
      t:move(dir)
      t:ok(not spots.same_square(g:player(0).at, at), "through the door")
      t:eq(assert(g:object(tr.id)).carried_by, nil, "the treasure stayed behind")
      t:eq(assert(g:object(tr.id)).at, at)
    end },
    { "entering an occupied square burns the occupant for 1, not an attack", function(t, g)
      first.cast(t, "Slime Form")
      local n = spots.free_square(g, g:player(0).at)
      assert(n, "a free square beside it")
      t:place(1, n.to)
      t:move(n.dir)
      t:eq(t:lost(1), 1)
      t:ok(not g:turn().vars.attacked, "no attack")
    end },
    { "no attacks, counters only; never through a wall", function(t, g)
      local _, held = first.cast(t, "Slime Form", { "Zot!" })
      t:place(1, g:player(0).at)
      t:eq(t:count { kind = "punch" }, 0)
      t:eq(t:count { kind = "cast", card = held[1] }, 0)
      local at = g:player(0).at
      for _, a in ipairs(t:list { kind = "move" }) do
        for _, n in ipairs(g:neighbours(at)) do
          if n.dir == a.dir then t:ok(g:edge(n.edge).barrier ~= "wall", "no step through a wall") end
        end
      end
    end },
    { "ended by Dispel: doors stop him again", function(t, g)
      local s = first.cast(t, "Slime Form")
      local at, dir = spots.locked_door(g, 0)
      assert(at and dir, "a locked door")
      t:ok(t:has { kind = "move", dir = dir }, "slime passes the door")
      local d = t:turn_of(1, "Dispel")
      t:cast { card = d, at = t:spell(s) }
      t:active(0)
      t:ok(not t:has { kind = "move", dir = dir }, "a wizard again: the door holds")
    end },
  },
}
