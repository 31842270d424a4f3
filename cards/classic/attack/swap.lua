-- classic SWAP (1 in the deck): an attack; you and a wizard in sight change places [AF]. Each
-- keeps what he carries (a treasure goes with its bearer). A magical move: no movement
-- points, nothing picked up (classic, Objects: no pick-up out of turn).
-- reconstructed: no source gives its range; we took L.O.S., as for the other attacks on a
-- wizard ([AF] gives only "change places with an opponent").
local stage = require("test.stage")

return card {
  name = "Swap", kind = "attack", copies = 1,
  range = "los", duration = "instant", targets = { "wizard" },
  text = "Attack: you and a wizard you can see trade places at once.",
  resolve = function(ctx)
    local p = ctx:target_player()
    if not p or not ctx.game:player(p).alive then return end
    local mine, theirs = ctx.game:player(ctx.caster).at, ctx.game:player(p).at
    if not mine or not theirs then return end
    ctx:move_wizard(ctx.caster, theirs)
    ctx:move_wizard(p, mine)
  end,
  tests = {
    { "the two wizards trade squares; the treasure goes with its bearer; the turn's attack", function(t, g)
      local a, b = stage.side_by_side(t)
      local tr ---@type Object?
      for _, o in ipairs(g:objects()) do if not tr and o.kind == "treasure" then tr = o end end
      assert(tr, "a treasure")
      g:set_object(tr.id, { carried_by = 1 })
      local c = t:give(0, "Swap")
      t:cast { card = c, at = t:wizard(1) }
      t:eq(g:player(0).at, b)
      t:eq(g:player(1).at, a)
      t:eq(assert(g:object(tr.id)).carried_by, 1)
      t:ok(g:turn().vars.attacked)
      t:eq(#t:log("move"), 2)
    end },
    { "Full Shield stops it", function(t)
      stage.swap_stopped(t)
    end },
    { "not on oneself, not in the first round", function(t, g)
      g:set_var("combat_open", false)
      t:active(0)
      g:set_turn_var("first_turn", true) -- (the 9th forbids attacks in one's first turn)
      local c = t:give(0, "Swap")
      t:place(1, g:player(0).at)
      t:ok(not t:has { kind = "cast", card = c }, "no Swap offered")
    end },
  },
}
