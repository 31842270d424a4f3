-- 8th Conjuring "Thornbush": a creation, a thornbush fills an empty square; nobody sees
-- through it; one crack or any fire damage destroys it; a wizard who enters it takes 1
-- physical damage, is stunned for 1 turn, and if it is his turn, it ends. The bush's rules
-- are rules/bushes.lua, the entering rules/hazards.lua.
-- reconstructed: range line of sight; "ends your turn" read literally: no Discard and Draw
-- phase (game:end_turn); a wizard pushed in on another's turn takes the damage and the stun;
-- its caster's own wizard is caught too.
local bushes = require("rules.bushes")
local square_creation = require("lib.square_creation")
local stage = require("test.stage")

return card(square_creation.card {
  name = "Thornbush", school = "conjuring", copies = 2,
  text = "A thornbush grows in an empty square you can see. Nobody sees through it. A wizard who enters it is caught: his turn ends, he takes 1 physical damage and is stunned for 1 turn. One crack or any fire damage destroys it.",
  resolve = function(ctx) bushes.grow(ctx, "thornbush") end,
  on_damage = bushes.burn,
  on_move = function(ctx, ev)
    if not bushes.entered(ctx, ev) then return end
    local game, p = ctx.game, ev.wizard
    bushes.hurt(ctx, p, 1, { physical = true })
    if not game:player(p).alive then return end
    ctx:stun(p, 1)
    if game:turn().active == p then game:end_turn() end
  end,
  tests = {
    { "walking in: 1 damage, a stun token, the turn ends", function(t, g)
      local _, n = stage.cast_beside(t, "Thornbush", "square")
      t:eq(g:objects_at(n.to)[1].kind, "thornbush")
      t:move(n.dir)
      t:eq(t:lost(0), 1)
      t:eq(g:player(0).tokens.stun, 1)
      t:ok(g:turn().phase_over, "his turn is over")
      t:ok(not g:turn().vars.attacked, "not an attack")
    end },
    { "it hides what lies behind it; 1 fire damage burns it", function(t, g)
      t:active(0)
      local at, mid, beyond = require("test.spots").row_of_three(g)
      assert(at and mid and beyond, "three squares in a row")
      t:place(0, at)
      local c, d = t:give(0, "Thornbush"), t:give(0, "Fire Darts")
      t:cast { card = c, at = t:square(mid) }
      t:ok(not g:los(at, beyond), "the bush hides the square behind it")
      local id = g:objects_at(mid)[1].id
      t:cast { card = d, at = t:object(id) }
      t:eq(g:object(id), nil, "burnt")
      t:ok(g:los(at, beyond))
      t:eq(#g:play_area(0), 0, "the spell is over")
    end },
    { "ending the spell clears the bush: walking there is harmless", function(t, g)
      local c, n = stage.cast_beside(t, "Thornbush", "square")
      t:act { kind = "end_spell", card = c }
      t:eq(#g:objects_at(n.to), 0)
      t:move(n.dir)
      t:eq(t:lost(0), 0)
      t:eq(g:player(0).tokens.stun, nil)
    end },
  },
})
