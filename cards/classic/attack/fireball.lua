-- classic FIREBALL (3 in the deck): 5 points of magical fire damage; the stones the target
-- carries burn up [AF]. Point damage: the NUMBER does not change it.
-- reconstructed: the stones burn only if the fireball hurt the wizard (a secondary effect,
-- stopped with all the damage: classic, The Cards); walls, doors and objects with points may
-- be its target too (classic, Combat: attacks on walls, doors and thornbushes).
local stones = require("rules.stones")

return card {
  name = "Fireball", kind = "attack", copies = 3,
  range = "los", duration = "instant", targets = { "wizard", "wall", "door", "object" },
  traits = { "fire" },
  text = "A ball of flame at a wizard, wall, door or object in sight: 5 points of magical damage. A wizard it hurts loses every magic stone he carries.",
  resolve = function(ctx)
    local dealt = ctx:damage(ctx.target, 5, { magical = true, fire = true })
    local p = ctx:target_player()
    if dealt > 0 and p and ctx.game:player(p).alive then
      for _, c in ipairs(stones.carried(ctx.game, p)) do stones.destroy(ctx.game, p, c) end
    end
  end,
  tests = {
    { "5 magical points to a wizard in sight; the turn's attack", function(t, g)
      local f = t:turn_of(0, "Fireball")
      t:give(0, "NUMBER 4")
      t:place(1, g:player(0).at)
      for _, a in ipairs(t:list { kind = "cast", card = f }) do t:ok(a.boost == nil, "no NUMBER offered: " .. a.label) end
      t:cast { card = f, at = t:wizard(1) }
      t:eq(t:life(1), 10)
      t:eq(g:card(f).zone.pile, "discard")
      t:ok(g:turn().vars.attacked)
    end },
    { "a wall takes 5 of its 20 points", function(t, g)
      local f = t:turn_of(0, "Fireball")
      local cast = t:list { kind = "cast", card = f, target = { kind = "wall" } }[1]
      t:ok(cast, "a wall in sight")
      local edge = cast.target.edge
      t:act(cast)
      t:eq(g:edge(edge).damage, 5)
      t:eq(g:edge(edge).barrier, "wall")
    end },
    { "not in the first round of turns", function(t, g)
      g:set_var("combat_open", false)
      t:active(0)
      g:set_turn_var("first_turn", true) -- (the 9th forbids attacks in one's first turn)
      local f = t:give(0, "Fireball")
      t:place(1, g:player(0).at)
      t:ok(not t:has { kind = "cast", card = f }, "no Fireball offered")
    end },
  },
}
