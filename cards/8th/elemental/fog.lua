-- 8th Elemental "Fog": a global fog; while it lasts no line of sight reaches beyond 1 square.
-- reconstructed: "1 square" is counted in orthogonal steps (8th FAQ: only orthogonal
-- adjacency counts), so a wizard sees his own square and the squares next to his (walls
-- still hide them), and a wall or door only if it borders his own square; the fog lifts when
-- the spell ends. Being Global, it needs no target and anyone may dispel it.
local function far_wizard_in_sight(game, p)
  local at = game:player(p).at
  for _, s in ipairs(game:visible_from(at)) do
    if (s.x ~= at.x or s.y ~= at.y) and game:distance(at, s) >= 3 and #game:objects_at(s) == 0 then return s end
  end
  return nil
end

return card {
  name = "Fog", school = "elemental", kind = "neutral",
  range = "anywhere", duration = "temporary",
  traits = { "global" },
  text = "Thick fog fills the whole labyrinth: while this spell lasts, nobody can see farther than the next square.",
  resolve = function(ctx) ctx.game:set_sight_limit(1) end,
  on_end = function(ctx) ctx.game:set_sight_limit(nil) end,
  tests = {
    { "far squares drop out of sight, near ones stay; it lifts when the spell ends", function(t, g)
      local f, z = t:turn_of(0, "Fog", "Zot!")
      local at = g:player(0).at
      local far = far_wizard_in_sight(g, 0)
      t:ok(far, "a square 3 or more steps away in sight")
      t:place(1, far)
      local aim = { kind = "cast", card = z, target = t:wizard(1) }
      t:ok(t:has(aim), "Zot! reaches him before the fog")
      t:cast { card = f }
      t:eq(g:sight_limit(), 1)
      t:eq(g:card(f).zone.kind, "play", "a temporary spell stays in play")
      t:ok(not g:los(at, far), "no sight 3 squares away")
      t:ok(not t:has(aim), "no target beyond 1 square")
      for _, s in ipairs(g:visible_from(at)) do
        t:ok(g:distance(at, s) <= 1, "only the own and next squares are seen")
      end
      t:ok(g:los(at, at), "everyone sees his own square")
      local n ---@type Square?
      for _, s in ipairs(g:steps(0)) do n = n or s.to end
      assert(n, "an open neighbour")
      t:ok(g:los(at, n), "the next square is still seen")
      t:act { kind = "end_spell", card = f }
      t:eq(g:sight_limit(), nil)
      t:ok(g:los(at, far), "the fog lifted")
    end },
    { "lasts as many turns as its energy", function(t, g)
      local f, e = t:turn_of(0, "Fog", "Energy 6")
      t:cast { card = f, boost = e }
      t:eq(g:card(f).energy, 6)
      t:pass(2)
      t:eq(g:turn().active, 0)
      t:eq(g:card(f).energy, 5, "one token off in the caster's Time Passes")
      t:eq(g:sight_limit(), 1)
    end },
    { "walls and doors are seen only beside the viewer", function(t, g)
      local f = t:turn_of(0, "Fog")
      local at = g:player(0).at
      t:cast { card = f }
      for _, s in ipairs(g:squares()) do
        for _, side in ipairs({ "N", "E", "S", "W" }) do
          local e = g:edge { x = s.x, y = s.y, side = side }
          if e.barrier ~= "open" and g:los_edge(at, e.edge, true) then
            local mine = false
            for _, n in ipairs(g:neighbours(at)) do
              local ne = g:edge(n.edge).edge
              if ne.x == e.edge.x and ne.y == e.edge.y and ne.side == e.edge.side then mine = true end
            end
            t:ok(mine, "a seen wall borders the viewer's square")
          end
        end
      end
    end },
  },
}
