-- classic MEDUSA (1 in the deck): an attack; the wizard in sight is turned to stone for a
-- while (classic, Objects: he is paralysed, yet nobody may take his things for it).
-- reconstructed: our sources give no numbers. We chose: he loses as many turns as the NUMBER
-- played with it (1 without one), as lost turns (classic, The Turn: nothing but
-- counteractions; they add up with other lost turns; his durations still run out).
local duel = require("test.duel")

return card {
  name = "Medusa", kind = "attack", copies = 1,
  range = "los", duration = "instant", targets = { "wizard" },
  traits = { "number_power", "lost_turn" },
  text = "Attack: a wizard you can see turns to stone and loses a NUMBER of turns. He may still play counteractions.",
  resolve = function(ctx)
    local p = ctx:target_player()
    if p then ctx:lose_turns(p, ctx:power()) end
  end,
  tests = {
    { "with a NUMBER 2: two lost turns, then he acts again", function(t, g)
      local m, n = t:turn_of(0, "Medusa", "NUMBER 2")
      t:place(1, g:player(0).at)
      t:cast { card = m, at = t:wizard(1), boost = n }
      t:eq(g:player(1).tokens.lost_turns, 2)
      t:pass(1)
      t:eq(g:turn().active, 1)
      t:eq(g:turn().vars.lost, true)
      for _, a in ipairs(t:list()) do t:ok(a.kind == "end" or a.kind == "cast", "only counteractions: " .. a.label) end
      t:pass(2)
      t:eq(g:turn().active, 1)
      t:eq(g:turn().vars.lost, true, "the second lost turn")
      t:pass(2)
      t:eq(g:turn().active, 1)
      t:eq(g:turn().vars.lost, nil, "free again")
    end },
    { "lost turns add up: a Lightning Blast on a petrified wizard", function(t, g)
      duel.aim(t, "Medusa")
      local b = t:turn_of(0, "Lightning Blast")
      t:cast { card = b, at = t:wizard(1) }
      t:eq(g:player(1).tokens.lost_turns, 2)
    end },
    { "Full Shield stops it", function(t, g)
      duel.aim(t, "Medusa", { plays = { "Full Shield" } })
      t:eq(g:player(1).tokens.lost_turns, nil)
    end },
  },
}
