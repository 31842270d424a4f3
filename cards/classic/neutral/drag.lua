-- classic DRAG (1 in the deck): a neutral spell pulling a wizard, a movable object or a
-- treasure in sight into your square [AF] (classic, Objects: movable objects, and players too,
-- may be dragged; fixed objects never). Used on another wizard it is the turn's attack and he
-- may counteract it (classic, The Cards). A magical move: nobody picks anything up.
-- reconstructed: a carried object cannot be dragged out of its bearer's hands (classic,
-- Objects: only Drop Object or death takes objects from a wizard); the wizard is dragged with
-- what he carries.
local stage = require("test.stage")

return card {
  name = "Drag", kind = "neutral", copies = 1,
  range = "los", duration = "instant", targets = { "wizard", "object", "treasure" },
  text = "Pull a wizard, a treasure or a loose object you can see into your square. Used on another wizard, it is your attack.",
  can_target = function(ctx, t)
    if t.kind == "wizard" then return t.player ~= ctx.caster end
    local o = ctx.game:object(t.id)
    return o ~= nil and o.mobile and o.carried_by == nil
  end,
  resolve = function(ctx)
    local game = ctx.game
    local here = game:player(ctx.caster).at
    if not here then return end
    local t = ctx.target
    local o = t.kind ~= "wizard" and game:object(t.id) or nil
    if t.kind == "wizard" then
      if game:player(t.player).alive then ctx:move_wizard(t.player, here) end
    elseif o and o.carried_by == nil then
      game:set_object(o.id, { at = here })
      game:log("dragged", { object = o.id, to = here, card = ctx.card })
    end
  end,
  tests = {
    { "a treasure in sight comes to your square; not an attack", function(t, g)
      local a, n = stage.roomy(t)
      local tr ---@type Object?
      for _, o in ipairs(g:objects()) do if not tr and o.kind == "treasure" then tr = o end end
      assert(tr, "a treasure")
      g:set_object(tr.id, { at = n.to })
      local c = t:give(0, "Drag")
      t:cast { card = c, at = t:treasure(tr.id) }
      t:eq(assert(g:object(tr.id)).at, a)
      t:eq(assert(g:object(tr.id)).carried_by, nil, "dragged, not picked up")
      t:eq(g:turn().vars.attacked, nil)
    end },
    { "a wizard dragged into your square: the turn's attack; Full Shield stops it", function(t, g)
      local a, b = stage.side_by_side(t)
      local c = t:give(0, "Drag")
      t:cast { card = c, at = t:wizard(1) }
      t:eq(g:player(1).at, a)
      t:ok(g:turn().vars.attacked)
      t:active(0)
      t:place(1, b)
      local c2 = t:give(0, "Drag")
      local s = t:give(1, "Full Shield")
      t:answer(1, { card = s })
      t:cast { card = c2, at = t:wizard(1) }
      t:eq(g:player(1).at, b, "shielded: not dragged")
    end },
    { "a fixed object (a thornbush) cannot be dragged; a dropped dagger can", function(t, g)
      local a, n = stage.roomy(t)
      local bush = g:create_object { kind = "thornbush", at = n.to, mobile = false, blocks_los = false, fills_square = true, toughness = 5 }
      local c = t:give(0, "Drag")
      t:ok(not t:has { kind = "cast", card = c, target = t:object(bush) })
      g:remove_object(bush)
      local d = g:new_card("Dagger", { kind = "pile", pile = "discard" })
      local id = g:create_object { kind = "item", card = d, at = n.to, mobile = true }
      t:cast { card = c, at = t:object(id) }
      t:eq(assert(g:object(id)).at, a)
    end },
  },
}
