-- classic SWAP (1 in the deck): an attack; you and a wizard in sight change places [AF]. Each
-- keeps what he carries (a treasure goes with its bearer). A magical move: no movement
-- points, nothing picked up (classic, Objects: no pick-up out of turn).
-- reconstructed: no source gives its range; we took L.O.S., as for the other attacks on a
-- wizard ([AF] gives only "change places with an opponent").
return card {
  name = "Swap",
  kind = "attack",
  range = "los",
  duration = "instant",
  targets = { "wizard" },
  copies = 1,
  text = "Attack: you and a wizard you can see trade places at once.",
  resolve = function(ctx)
    local p = ctx:target_player()
    if not p or not ctx.game:player(p).alive then return end
    local mine, theirs = ctx.game:player(ctx.caster).at, ctx.game:player(p).at
    ctx:move_wizard(ctx.caster, theirs)
    ctx:move_wizard(p, mine)
  end,
  tests = {
    { "the two wizards trade squares; the treasure goes with its bearer; the turn's attack", function(t)
      local g = t.game
      local spots = require("test.spots")
      t:active(0)
      local a = spots.roomy_square(g)
      local b = assert(spots.free_square(g, a), "a free square beside it").to
      t:place(0, a)
      t:place(1, b)
      local tr ---@type Object?
      for _, o in ipairs(g:objects()) do if not tr and o.kind == "treasure" then tr = o end end
      assert(tr, "a treasure")
      g:set_object(tr.id, { carried_by = 1 })
      local c = t:give(0, "Swap")
      t:cast { card = c, at = t:wizard(1) }
      t:eq(g:player(0).at, b)
      t:eq(g:player(1).at, a)
      t:eq(g:object(tr.id).carried_by, 1)
      t:ok(g:turn().vars.attacked)
      t:eq(#t:log("move"), 2)
    end },
    { "Full Shield stops it", function(t)
      local g = t.game
      local spots = require("test.spots")
      t:active(0)
      local a = spots.roomy_square(g)
      local b = assert(spots.free_square(g, a), "a free square beside it").to
      t:place(0, a)
      t:place(1, b)
      local c = t:give(0, "Swap")
      local s = t:give(1, "Full Shield")
      t:answer(1, { card = s })
      t:cast { card = c, at = t:wizard(1) }
      t:eq(g:player(0).at, a)
      t:eq(g:player(1).at, b)
    end },
    { "not on oneself, not in the first round", function(t)
      local g = t.game
      g:set_var("combat_open", false)
      t:active(0)
      g:set_turn_var("first_turn", true) -- (the 9th forbids attacks in one's first turn)
      local c = t:give(0, "Swap")
      t:place(1, g:player(0).at)
      t:ok(not t:has { kind = "cast", card = c }, "no Swap offered")
    end },
  },
}
