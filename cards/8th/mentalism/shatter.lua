-- 8th Mentalism "Shatter": while it lasts, the damage you deal to objects (walls and doors
-- are objects: 8th, Target Types) cracks them one crack per point instead of one per 3 points
-- (8th: Damaging and Destroying Objects). Damage to wizards and creatures is unchanged, as is
-- anyone else's damage.
-- reconstructed: range taken as the caster; done by multiplying the damage an object takes
-- from its caster by the crack size (config `crack_every`), so each point makes one crack and
-- the object's own limit (5 for a wall, 3 for a door) still decides when it breaks. The card's
-- energy value 3 comes from the scans' OCR.
local THINGS = { wall = true, door = true, object = true }

return card {
  name = "Shatter", school = "mentalism", kind = "neutral", energy = 3,
  range = "caster", duration = "temporary",
  text = "While this spell lasts, every point of damage you deal to an object, wall or door gives it a crack, instead of one crack per 3 points.",
  before_damage = function(ctx, ev)
    local game = ctx.game
    local zone = game:card(ctx.card).zone
    if zone.kind ~= "play" then return end
    local t = ev.target
    if type(t) ~= "table" or not THINGS[t.kind] or ev.caster ~= zone.player then return end
    ev.amount = ev.amount * game:config().crack_every
  end,
  tests = {
    { "a plain Zot! cracks a wall once", function(t, g)
      local s, z = t:turn_of(0, "Shatter", "Zot!")
      t:cast { card = s }
      t:eq(g:card(s).zone.kind, "play")
      local a = t:list { kind = "cast", card = z, target = { kind = "wall" } }[1]
      t:ok(a, "a wall in sight")
      t:act(a)
      t:eq(g:edge(a.target.edge).damage, 1, "1 point, 1 crack")
    end },
    { "a Fireball breaks a door at once", function(t, g)
      t:active(0)
      t:put(0, "Shatter")
      local spots = require("test.spots")
      local s, _, edge = spots.locked_door(g, 0)
      assert(s and edge, "a locked door")
      local f = t:give(0, "Fireball")
      t:cast { card = f, at = t:door(edge) }
      t:eq(g:edge(edge).barrier, "open", "5 cracks: the door (3) is gone")
    end },
    { "wizards take the same damage; other casters crack walls as usual", function(t, g)
      t:active(0)
      t:put(0, "Shatter")
      local z = t:give(0, "Zot!")
      t:place(1, g:player(0).at)
      t:answer(0, "damage")
      t:cast { card = z, at = t:wizard(1) }
      t:eq(t:lost(1), 1)
      local z1 = t:turn_of(1, "Zot!")
      local a = t:list { kind = "cast", card = z1, target = { kind = "wall" } }[1]
      t:act(a)
      t:eq(g:edge(a.target.edge).damage, 0, "player 1's Zot! is not his")
    end },
    { "Negate Neutral cancels it", function(t, g)
      local s = t:turn_of(0, "Shatter")
      local n = t:give(1, "Negate Neutral")
      t:answer(1, { card = n })
      t:cast { card = s }
      t:eq(g:card(s).zone.kind, "pile")
    end },
  },
}
