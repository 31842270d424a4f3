-- 8th Conjuring "Glue": an object or treasure lying on the board is stuck where it is:
-- nobody may pick it up or move it while the spell lasts (rules/effects.lua `pins`).
-- reconstructed: range line of sight; a temporary spell (energy tokens = energy); the
-- glued thing is not offered to pick up (nor is a pick-up of it allowed by any other way:
-- `before_pick_up` refuses it); the spell ends early if the thing leaves the board.
-- (tests) A treasure lying on the board.
local function first_treasure(g)
  for _, o in ipairs(g:objects()) do
    if o.kind == "treasure" and o.at then return o end
  end
  error("no treasure on the board")
end

return card {
  name = "Glue", school = "conjuring", kind = "neutral", energy = 3,
  range = "los", duration = "temporary", targets = { "object", "treasure" },
  text = "Glue down an object or treasure you can see that nobody carries: while this spell lasts it can't be picked up or moved.",
  can_target = function(_ctx, t) return t.id ~= nil end, -- not a wall or door: those never move
  resolve = function(ctx) ctx.data.effect = { pins = { ctx.target.id } } end,
  before_pick_up = function(ctx, ev)
    local e = ctx.data.effect
    if e and e.pins and e.pins[1] == ev.object then return false end
  end,
  on_object_destroyed = function(ctx, ev)
    local e = ctx.data.effect
    if e and e.pins and e.pins[1] == ev.object and ctx.game:card(ctx.card).zone.kind == "play" then
      ctx:end_spell(ctx.card)
    end
  end,
  tests = {
    { "a glued treasure can't be picked up while the spell lasts", function(t, g)
      local c = t:turn_of(0, "Glue")
      local tr = first_treasure(g)
      t:place(0, tr.at)
      t:cast { card = c, at = t:treasure(tr.id) }
      t:eq(g:card(c).zone.kind, "play")
      t:ok(not t:has { kind = "pick_treasure", object = tr.id }, "stuck")
      t:act { kind = "end_spell", card = c }
      t:ok(t:has { kind = "pick_treasure", object = tr.id }, "free again once the spell ends")
    end },
    { "a dropped item is glued too; other things are not", function(t, g)
      local c, r = t:turn_of(0, "Glue", "Large Rock")
      t:act { kind = "item", card = r }
      t:act { kind = "drop_item", card = r }
      local rock = g:objects_at(t:at(0))[1]
      t:cast { card = c, at = t:object(rock.id) }
      t:ok(not t:has { kind = "pick_object", object = rock.id }, "the rock is stuck")
      local tr ---@type Object?
      for _, o in ipairs(g:objects()) do if not tr and o.kind == "treasure" then tr = o end end
      assert(tr, "a treasure")
      t:place(0, tr.at)
      t:ok(t:has { kind = "pick_treasure", object = tr.id }, "a treasure not glued may be picked up")
    end },
    { "it lasts as many turns as its energy", function(t, g)
      local c = t:turn_of(0, "Glue")
      local tr = first_treasure(g)
      t:place(0, tr.at)
      t:cast { card = c, at = t:treasure(tr.id) }
      t:eq(g:card(c).energy, 1)
      t:pass(2)
      t:eq(g:card(c).zone.kind, "pile", "one token: gone at its caster's next Time Passes")
    end },
    { "no wall or door as a target", function(t)
      local c = t:turn_of(0, "Glue")
      t:eq(t:count { kind = "cast", card = c, target = { kind = "wall" } }, 0)
      t:eq(t:count { kind = "cast", card = c, target = { kind = "door" } }, 0)
    end },
  },
}
