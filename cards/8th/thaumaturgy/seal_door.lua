-- 8th Thaumaturgy "Seal Door": a seal set on a door. While the spell lasts nobody can unlock or
-- open that door (not its home wizard, not a picked lock, not a key, not someone holding it),
-- but it can still be broken down.
-- 8th: Doors (who may open which door: rulesets/8th/doors.lua); the sealed-door marker is
-- among the creation markers of the rulebook's component list.
-- reconstructed: range taken as line of sight; a permanent spell (maintained: the seal stays
-- until its caster ends it or the door is destroyed, which ends the spell); sealing shuts a
-- door that was held open. A wizard of mist still drifts through it (he does not open it).
local doors = require("rules.doors")
local stage = require("test.stage")

-- The door card c sealed, if it still stands.
local function sealed_door(game, c)
  for _, info in ipairs(game:edges("door")) do
    if info.door and info.door.tags.sealed_by == c then return info.edge end
  end
  return nil
end

-- For the tests (p active): a door of p's home sector he can step through, with the square
-- and the direction.
local function home_door(t, p)
  local g = t.game
  local spots = require("test.spots")
  for _, s in ipairs(g:squares()) do
    if g:sector_of(s) == g:player(p).home_sector and g:home_sector_at(s) == nil then
      for _, n in ipairs(spots.around(g, s)) do
        if n.info.barrier == "door" and not n.info.boundary and n.info.door and not n.info.door.open then
          t:place(p, s)
          if t:has { kind = "move", dir = n.dir } then return s, n.dir, n.edge end
        end
      end
    end
  end
end

return card {
  name = "Seal Door", school = "thaumaturgy", kind = "neutral", energy = 2,
  range = "los", duration = "permanent", targets = { "door" },
  text = "Put a seal on a door you can see: while this spell lasts nobody can unlock or open it, though it can still be destroyed.",
  can_target = function(ctx, t) return not doors.is_sealed(ctx.game, t.edge) end,
  resolve = function(ctx)
    local e = ctx.game:edge(ctx.target.edge).edge
    doors.seal(ctx.game, e)
    ctx.game:set_door_tag(e, "sealed_by", ctx.card)
  end,
  on_end = function(ctx) doors.unseal(ctx.game, ctx.card) end,
  -- The sealed door was broken: nothing is left to keep sealed (rules/creations.lua's reading).
  on_object_destroyed = function(ctx, ev)
    if ev.edge and ctx.game:card(ctx.card).zone.kind == "play" and sealed_door(ctx.game, ctx.card) == nil then
      ctx:end_spell(ctx.card)
    end
  end,
  tests = {
    { "its own home wizard can no longer open his door; ending the spell unseals it", function(t, g)
      t:active(0)
      local s, dir, e = home_door(t, 0)
      t:ok(e, "a door of player 0's home sector he may open")
      t:place(0, s)
      t:ok(t:has { kind = "move", dir = dir }, "open for him before")
      local c = t:give(0, "Seal Door")
      t:cast { card = c, at = t:door(e) }
      t:eq(g:card(c).zone.kind, "play")
      t:ok(not t:has { kind = "move", dir = dir }, "sealed: not even he passes")
      t:eq(t:count { kind = "hold_door" }, 0, "nor holds it open")
      t:act { kind = "end_spell", card = c }
      t:ok(t:has { kind = "move", dir = dir }, "unsealed")
    end },
    { "a picked lock does not open it", function(t, g)
      local _, dir, e = stage.by_locked_door(t)
      local c = t:give(0, "Seal Door")
      t:cast { card = c, at = t:door(e) }
      local p = t:give(0, "Pick Lock")
      t:eq(t:count { kind = "cast", card = p, target = t:door(e) }, 0, "no lock to pick")
      -- a pass granted before the seal is worth nothing either
      g:set_turn_var("door_passes", { e })
      t:ok(not t:has { kind = "move", dir = dir }, "still shut")
    end },
    { "it can still be destroyed, and the spell goes with the door", function(t, g)
      local _, _, e = stage.by_locked_door(t)
      local c = t:give(0, "Seal Door")
      t:cast { card = c, at = t:door(e) }
      local d = t:give(0, "Destroy Wall")
      t:cast { card = d, at = t:door(e) }
      t:eq(g:edge(e).barrier, "open", "the door is gone")
      t:eq(g:card(c).zone.kind, "pile", "nothing left to seal")
    end },
    { "Negate Neutral stops it: the door opens as before", function(t, g)
      t:active(0)
      local s, dir, e = home_door(t, 0)
      t:place(0, s)
      local c = t:give(0, "Seal Door")
      local n = t:give(1, "Negate Neutral")
      t:answer(1, { card = n })
      t:cast { card = c, at = t:door(e) }
      t:eq(g:card(c).zone.kind, "pile")
      t:ok(not doors.is_sealed(g, e))
      t:ok(t:has { kind = "move", dir = dir })
    end },
  },
}
