-- 8th Thaumaturgy "Slow Death": a curse on a wizard. While the spell lasts he takes 1 magical
-- damage each time he draws a card; nothing forces him to draw (8th: Discard and Draw Phase:
-- he draws up to two, as many as he says). Casting it is the caster's attack of that turn
-- only.
-- 8th: Card Traits, Curse (an attack with lingering effects); Temporary (its energy tokens);
-- Card Clarifications, Wall of Earth (a Wall of Earth cancels it: it needs line of sight).
-- reconstructed: the later damage is no attack (so it cannot be evaded, and a wizard it kills
-- gives nobody a victory point: 8th, Life, Damage, and Dying); it counts every card he draws,
-- in any phase, by any means.
local curses = require("test.curses")

return card {
  name = "Slow Death", school = "thaumaturgy", kind = "attack",
  range = "los", duration = "temporary", targets = { "wizard" },
  traits = { "curse" },
  text = "Curse: while this spell lasts, the wizard you aim it at takes 1 magical damage for each card he draws (he need not draw). It is your attack only on the turn you cast it.",
  resolve = function(ctx) ctx.data.cursed = ctx:target_player() end,
  on_draw = function(ctx, ev)
    local p = ctx.data.cursed
    if p == nil or ev.player ~= p or ctx.game:card(ctx.card).zone.kind ~= "play" then return end
    ctx:damage({ kind = "wizard", player = p }, 1, { magical = true })
  end,
  on_end = function(ctx) ctx.data.cursed = nil end,
  tests = {
    { "the target takes 1 for each card he draws", function(t)
      curses.laid(t, "Slow Death")
      t:pass(2) -- player 0 draws (unhurt), then player 1 draws his two
      local his = 0
      for _, d in ipairs(t:log("draw")) do if d.player == 1 then his = his + 1 end end
      t:eq(his, 2)
      t:eq(t:lost(1), 2)
      t:eq(t:lost(0), 0, "the caster's own draws do nothing")
    end },
    { "he need not draw: no card, no damage", function(t) require("test.stage").slow_death_undrawn(t) end },
    { "only the turn it is cast is the caster's attack; it ends with its energy", function(t, g)
      t:active(0)
      g:set_player_var(0, "had_turn", true)
      local sd = t:give(0, "Slow Death")
      local e = t:give(0, "Anti-Anti") -- worth 3 energy
      t:place(1, g:player(0).at)
      t:cast { card = sd, at = t:wizard(1), boost = e }
      t:eq(g:card(sd).energy, 3)
      t:pass(2)
      t:eq(g:turn().active, 0)
      t:ok(t:has { kind = "punch", target = t:wizard(1) }, "free to attack again")
      t:eq(g:card(sd).energy, 2)
    end },
    { "a Full Shield cancels the curse", function(t) curses.shielded(t, "Slow Death") end },
  },
}
