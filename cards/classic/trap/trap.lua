-- classic TRAP!: sprung the moment it is drawn; dealt at setup, it is discarded and replaced
-- (classic, Starting the Game). The rules discard it once sprung and draw another card.
-- reconstructed: our sources say only that it is resolved when drawn [RS]; we chose d4 points
-- of physical damage to the wizard who drew it (indirect damage: ABSORB or BLUNT may answer).
return card {
  name = "TRAP!", kind = "trap",
  text = "Sprung when you draw it: you take d4 points of physical damage. Then discard it and draw another card.",
  resolve = function(ctx)
    local p = ctx.controller
    ctx:damage(p, ctx:roll(4), { physical = true })
  end,
  tests = {
    { "drawing it hurts the drawer 1-4 and another card is drawn instead", function(t, g)
      t:active(0)
      g:new_card("NUMBER 2", { kind = "pile", pile = "deck" })
      local trap = g:new_card("TRAP!", { kind = "pile", pile = "deck" })
      t:pass(1)
      local lost = 15 - t:life(0)
      t:ok(lost >= 1 and lost <= 4, "lost " .. lost)
      t:eq(g:card(trap).zone.pile, "discard")
      t:eq(#g:hand(0), 2, "two cards drawn, the trap not among them")
      for _, c in ipairs(g:hand(0)) do t:ok(g:card(c).kind ~= "trap") end
    end },
    { "it is never cast or played", function(t)
      local c = t:turn_of(0, "TRAP!")
      t:ok(not t:has { card = c }, "no action with the TRAP!")
    end },
  },
}
