-- 8th Cantrip "Drop Object": the target wizard drops one thing he carries, the caster's pick.
-- reconstructed: range taken as line of sight; only a wizard who carries something is a target.
return card {
  -- copies: reconstructed: the White Cantrip deck is 24 cards of these 12 (8th: Setup, step 4)
  name = "Drop Object", school = "cantrip", kind = "neutral", copies = 2, energy = 2,
  range = "los", duration = "instant", targets = { "wizard" },
  text = "A wizard you can see drops a treasure or a carried item of your choice in his square.",
  can_target = function(ctx, t) return #ctx:carried(t.player) > 0 end,
  resolve = function(ctx)
    local p = ctx:target_player()
    if not p then return end
    local list = ctx:carried(p)
    if #list == 0 then return end
    local _, i = ctx:choose(ctx.caster, "drop", "Drop Object: which one?", list)
    ctx:drop(p, list[i])
  end,
  tests = {
    { "the target drops the treasure he carries in his square", function(t, g)
      t:active(0)
      t:place(1, g:player(0).at)
      local tr = g:create_object { kind = "treasure", owner = 0, carried_by = 1, mobile = true }
      local c = t:give(0, "Drop Object")
      t:cast { card = c, at = t:wizard(1) }
      local o = g:object(tr)
      t:eq(o.carried_by, nil)
      t:eq(o.at, g:player(1).at)
      t:eq(#t:log("drop"), 1)
      t:ok(not g:turn().vars.attacked, "not an attack")
    end },
    { "a wizard carrying nothing is no target", function(t, g)
      t:active(0)
      t:place(1, g:player(0).at)
      local c = t:give(0, "Drop Object")
      t:eq(t:count { kind = "cast", card = c }, 0)
    end },
    { "its energy value boosts speed by 2", function(t, g)
      local c = t:turn_of(0, "Drop Object")
      t:act { kind = "boost", card = c }
      t:eq(g:turn().vars.boost, 2)
    end },
  },
}
