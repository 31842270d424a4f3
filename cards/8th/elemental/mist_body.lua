-- 8th Elemental "Mist Body": the caster turns to mist for as long as the spell lasts.
-- Facts: passes anything but stone walls and stone blocks (8th FAQ wording); cannot attack
-- or be attacked; still picks up and carries objects and treasures.
-- reconstructed: "anything" is doors (open or locked), objects that block movement and
-- other obstacles; every wall on the board counts as stone (the printed walls are stone, and
-- so are Create Wall's), the outer wall included; a Wall of Fire still burns a wizard of mist
-- who crosses it (it blocks nothing anyway); the spell is cast on oneself only and needs no
-- target; as a Transformation it ends any other transformation on the caster.
return card {
  name = "Mist Body", school = "elemental", kind = "neutral",
  range = "caster", duration = "temporary",
  traits = { "transformation" },
  text = "Become mist while this spell lasts: you pass through anything except stone walls and stone blocks, and you cannot attack or be attacked. You can still pick up and carry things.",
  resolve = function(ctx)
    ctx:transform(ctx.caster, {})
    -- Read by the rules while the card is in play (rules/effects.lua).
    ctx.data.effect = {
      no_attacks = true,
      unattackable = true,
      move = { through_doors = true, through_obstacles = true },
      move_blocked_by = { "stone_block" },
    }
  end,
  tests = {
    { "an attack that reaches him along a line (a Lightning Bolt) does him nothing", function(t, g)
      t:active(0)
      local m = t:put(1, "Mist Body")
      g:set_card_data(m, "effect", { no_attacks = true, unattackable = true })
      local b = t:give(0, "Lightning Bolt")
      local at = g:player(0).at
      local dir, sq = require("test.spots").line(g, at, 2)
      assert(dir and sq, "a free line of two squares")
      t:place(1, sq[1])
      t:answer(0, dir)
      t:cast { card = b }
      t:eq(t:lost(1), 0, "no damage")
      t:eq(g:player(1).tokens.stun, nil, "and so no stun")
    end },
    { "walks through a locked door, never through a wall", function(t, g)
      local m = t:turn_of(0, "Mist Body")
      -- a closed door somewhere, and a square beside it
      local door, from, dir ---@type EdgeInfo?, Square?, Dir?
      for _, s in ipairs(g:squares()) do
        for _, n in ipairs(g:neighbours(s)) do
          local e = g:edge(n.edge)
          if not door and e.barrier == "door" and not e.door.open and g:home_sector_at(s) == nil
              and g:sector_of(s) ~= g:player(0).home_sector then
            door, from, dir = e, s, n.dir
          end
        end
      end
      assert(door and from and dir, "a closed door")
      t:place(0, from)
      t:ok(not t:has { kind = "move", dir = dir }, "the door stops a plain wizard")
      t:cast { card = m }
      t:move(dir)
      t:ok(t:at(0).x ~= from.x or t:at(0).y ~= from.y, "through the door")
      -- no step ever leads through a wall
      local at = g:player(0).at
      for _, a in ipairs(t:list { kind = "move" }) do
        for _, n in ipairs(g:neighbours(at)) do
          if n.dir == a.dir then t:ok(g:edge(n.edge).barrier ~= "wall", "no step through a wall") end
        end
      end
    end },
    { "passes objects that block movement, but not a stone block", function(t, g)
      local m = t:turn_of(0, "Mist Body")
      t:cast { card = m }
      local at = g:player(0).at
      local steps = g:steps(0)
      t:ok(#steps >= 1, "an open side")
      local s = steps[1]
      local rock = g:create_object { kind = "boulder", at = s.to, blocks_move = true }
      local function offered() return t:has { kind = "move", dir = s.dir } end
      t:ok(offered(), "through a boulder")
      g:remove_object(rock)
      g:create_object { kind = "stone_block", at = s.to, blocks_move = true, blocks_los = true, fills_square = true }
      t:ok(not offered(), "not into a stone block")
      t:eq(g:player(0).at, at)
    end },
    { "cannot attack, cannot be attacked; the spell ending gives both back", function(t, g)
      local m, z = t:turn_of(0, "Mist Body", "Zot!")
      t:place(1, g:player(0).at)
      t:cast { card = m }
      t:eq(t:count { kind = "punch" }, 0, "no attack in mist: no punch")
      t:eq(t:count { kind = "cast", card = z }, 0, "no attack in mist: no Zot!")
      -- the other wizard's turn: he can't punch or Zot! the mist
      local z1 = t:give(1, "Zot!")
      t:active(1)
      t:ok(not t:has { kind = "punch", target = t:wizard(0) }, "the mist can't be punched")
      t:ok(not t:has { kind = "cast", card = z1, target = t:wizard(0) }, "the mist can't be zotted")
      t:active(0)
      t:act { kind = "end_spell", card = m }
      t:ok(t:has { kind = "cast", card = z, target = t:wizard(1) }, "attacks again once solid")
    end },
    { "still picks up a treasure", function(t, g)
      local m = t:turn_of(0, "Mist Body")
      t:cast { card = m }
      local treasure ---@type Object?
      for _, o in ipairs(g:objects()) do if o.kind == "treasure" and o.owner == 1 then treasure = treasure or o end end
      assert(treasure, "a treasure of player 1")
      t:place(0, treasure.at)
      t:act { kind = "pick_treasure", object = treasure.id }
      t:eq(assert(g:object(treasure.id)).carried_by, 0)
    end },
  },
}
