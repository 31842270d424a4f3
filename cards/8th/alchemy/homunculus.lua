-- 8th Alchemy "Homunculus": a creation; a little artificial man appears in an empty square
-- the caster can see, with 5 health and speed 1. No spell or attack may target it.
-- reconstructed: a creature (rulesets/8th/creatures.lua: it moves on its maker's turn and
-- bites once a turn for 1) that lasts while the spell is maintained (permanent); spells and
-- attacks can't aim at it (`untargetable`: rules/targets.lua leaves it out of creature
-- targets, rules/creatures.lua out of creatures' attacks), though damage that needs no aim
-- may still reach it. The square must be empty and no home base (8th: Creating Objects).
return card {
  name = "Homunculus", school = "alchemy", kind = "neutral",
  range = "los", duration = "permanent", targets = { "empty_square" },
  traits = { "creation" },
  text = "Create a Homunculus in an empty square you can see: a creature with 5 health and speed 1. No spell or attack can target it.",
  resolve = function(ctx)
    local game = ctx.game
    local id, why = ctx:create_creature { at = ctx.target.at, life = 5, speed = 1, punch = 1, name = "Homunculus" }
    if not id then
      game:log("fizzled", { card = ctx.card, reason = why })
      return ctx:discard_card()
    end
    local o = game:object(id)
    local data = {}
    for k, v in pairs(o and o.data or {}) do data[k] = v end
    data.untargetable = true
    game:set_object(id, { data = data })
  end,
  tests = {
    { "a creature of 5 health and speed 1 in an empty square", function(t, g)
      local h = t:turn_of(0, "Homunculus")
      local a = t:list { kind = "cast", card = h }[1]
      t:ok(a, "an empty square in sight")
      t:act(a)
      local o = g:objects_at(a.target.at)[1]
      t:eq(o.kind, "creature")
      t:eq(o.data.life, 5)
      t:eq(o.data.speed, 1)
      t:eq(g:card(h).zone.kind, "play", "maintained")
      t:eq(t:count { kind = "creature", id = o.id, action = "move" } > 0, true, "it may step")
    end },
    { "no spell or attack can target it", function(t, g)
      local h = t:turn_of(0, "Homunculus")
      local a = t:list { kind = "cast", card = h }[1]
      t:act(a)
      local o = g:objects_at(a.target.at)[1]
      t:active(1)
      t:place(1, a.target.at)
      local f, z = t:give(1, "Fireball"), t:give(1, "Zot!")
      t:eq(t:count { kind = "cast", card = f, target = { kind = "creature" } }, 0)
      t:eq(t:count { kind = "cast", card = z, target = { kind = "creature" } }, 0)
      t:eq(o.kind, "creature", "it stands there untouched")
    end },
    { "ending the spell removes it", function(t, g)
      local h = t:turn_of(0, "Homunculus")
      local a = t:list { kind = "cast", card = h }[1]
      t:act(a)
      t:act { kind = "end_spell", card = h }
      t:eq(#g:objects_at(a.target.at), 0)
      t:eq(g:card(h).zone.kind, "pile")
    end },
    { "it never steps onto a home base", function(t, g)
      t:active(0)
      local home = g:home(g:player(1).home_sector)
      local beside
      for _, d in ipairs({ "N", "E", "S", "W" }) do
        local r = g:run(home, d, 1)
        if not beside and #r.squares == 1 and #g:seats_at(r.squares[1]) == 0 then beside = r.squares[1] end
      end
      t:ok(beside, "a square beside a home base")
      t:place(0, beside)
      local h = t:give(0, "Homunculus")
      local a = t:list { kind = "cast", card = h }[1]
      t:act(a)
      local o = g:objects_at(a.target.at)[1]
      g:set_object(o.id, { at = beside })
      local moves = t:list { kind = "creature", id = o.id, action = "move" }
      t:ok(#moves > 0, "it may step somewhere")
      for _, m in ipairs(moves) do
        t:ok(not (m.to.x == home.x and m.to.y == home.y), "no step onto the home base")
      end
    end },
  },
}
