-- classic SLOW (1 in the deck): the target's movement is cut for the duration (the NUMBER:
-- that many of its caster's turns, classic, The Turn).
-- reconstructed: our sources say only "movement reduced"; we chose a base movement of 1
-- instead of 3 on each of the victim's turns while it lasts (a NUMBER still adds to it).
local duel = require("test.duel")

return card {
  name = "Slow", kind = "attack",
  range = "los", duration = "duration", targets = { "wizard" },
  text = "A wizard in sight moves only 1 square a turn instead of 3 (plus any NUMBER he adds) until the start of your turn a NUMBER of turns from now.",
  on_turn_start = function(ctx)
    local game = ctx.game
    local card = game:card(ctx.card)
    local t = card.target
    if card.zone.kind == "play" and type(t) == "table" and t.kind == "wizard" and game:turn().active == t.player then
      game:set_turn_var("speed", math.min(game:turn().vars.speed or 1, 1))
    end
  end,
  tests = {
    { "with a NUMBER 2: two of the victim's turns at speed 1, then it ends", function(t, g)
      local s = duel.aim(t, "Slow", { boost = "NUMBER 2" }).card
      t:eq(g:card(s).zone.kind, "play")
      t:eq(g:card(s).energy, 2)
      t:act { kind = "end" }
      t:pass(1)
      t:eq(g:turn().active, 1)
      t:eq(g:turn().vars.speed, 1)
      local moves = 0
      for _ = 1, 3 do
        local step = t:list { kind = "move" }[1]
        if step then t:act(step) moves = moves + 1 end
      end
      t:eq(moves, 1, "one square only")
      t:pass(2)
      t:eq(g:turn().active, 1)
      t:eq(g:turn().vars.speed, 1, "still slow on the second turn")
      t:pass(2)
      t:eq(g:turn().active, 1)
      t:eq(g:turn().vars.speed, 3, "the spell ended at the start of its caster's turn")
      t:eq(g:card(s).zone.pile, "discard")
    end },
    -- (classic only: the 9th counts durations down at the end of the caster's turns, from his next one: its scenarios test that)
    { "without a NUMBER it lasts one of the victim's turns", function(t, g)
      local s = duel.aim(t, "Slow").card
      t:pass(1)
      t:eq(g:turn().vars.speed, 1)
      t:pass(1)
      t:eq(g:turn().active, 0)
      t:eq(g:card(s).zone.pile, "discard")
    end, rulesets = { "classic" } },
  },
}
