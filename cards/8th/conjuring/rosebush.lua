-- 8th Conjuring "Rosebush": a creation, a rosebush fills an empty square; nobody sees through
-- it; one crack or any fire damage destroys it; whoever enters it takes 3 physical damage
-- (no attack, it can't be evaded). The bush's rules are rules/bushes.lua, the entering
-- rules/hazards.lua.
-- reconstructed: range line of sight; a rosebush does not stop a walker (he may go in and
-- pays the thorns each time he enters); its caster's own wizard is hurt too.
local bushes = require("rules.bushes")
local square_creation = require("lib.square_creation")
local stage = require("test.stage")

return card(square_creation.card {
  name = "Rosebush", school = "conjuring", copies = 2,
  text = "A rosebush grows in an empty square you can see. Nobody sees through it. Anyone who enters it takes 3 physical damage (not an attack; it can't be evaded). One crack or any fire damage destroys it.",
  resolve = function(ctx) bushes.grow(ctx, "rosebush") end,
  on_damage = bushes.burn,
  on_move = function(ctx, ev)
    if bushes.entered(ctx, ev) then bushes.hurt(ctx, ev.wizard, 3, { physical = true }) end
  end,
  tests = {
    { "walking in costs 3 life, no attack; the bush stays and hides what lies behind", function(t, g)
      local c, n = stage.cast_beside(t, "Rosebush", "square")
      local bush = g:objects_at(n.to)[1]
      t:eq(bush.kind, "rosebush")
      t:ok(bush.blocks_los and bush.fills_square, "it fills its square")
      t:eq(g:card(c).zone.kind, "play")
      t:move(n.dir)
      t:eq(t:lost(0), 3)
      t:ok(not g:turn().vars.attacked, "not an attack")
      t:eq(g:player(0).at, n.to, "he is in the bush")
      t:ok(t:has { kind = "move" }, "his turn goes on")
    end },
    { "one crack (3 damage) destroys it and ends the spell", function(t, g)
      local c, n = stage.cast_beside(t, "Rosebush", "square")
      local k = t:give(0, "Ka-Bong!")
      local id = g:objects_at(n.to)[1].id
      t:cast { card = k, at = t:object(id) }
      t:eq(g:object(id), nil)
      t:eq(g:card(c).zone.kind, "pile")
    end },
    { "1 fire damage (a Fire Dart) burns it; a punch (1 physical) does not", function(t, g)
      local c, n = stage.cast_beside(t, "Rosebush", "square")
      local d = t:give(0, "Fire Darts")
      local id = g:objects_at(n.to)[1].id
      local H = require("rules.ctx")
      local ctx = setmetatable({ game = g, caster = 1, controller = 1 }, { __index = H }) --[[@as Ctx]]
      H.damage(ctx, { kind = "object", id = id, at = n.to }, 1, { physical = true })
      t:ok(g:object(id), "1 physical damage: no crack, the bush stands")
      t:cast { card = d, at = t:object(id) }
      t:eq(g:object(id), nil, "burnt")
      t:eq(g:card(c).zone.kind, "pile", "the spell ends with it")
    end },
    { "a Shield can't answer the thorns; not on a home base", function(t, g)
      local _, n = stage.roomy(t)
      local c = t:give(0, "Rosebush")
      t:give(0, "Shield")
      t:ok(not t:has { kind = "cast", card = c, target = t:square(g:player(1).at) }, "no bush on a home base")
      t:cast { card = c, at = t:square(n.to) }
      t:move(n.dir) -- no response window (the strict agent would fail on one)
      t:eq(t:lost(0), 3)
      t:eq(#g:hand(0), 1, "the Shield is still in hand")
    end },
  },
})
