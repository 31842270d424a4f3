-- classic LIGHTNING BLAST (3 in the deck): magical damage equal to the NUMBER played with it,
-- and the target, stunned, loses a turn (classic, The Cards, where the rulebook uses it as its
-- NUMBER example: a "5" does five points plus one lost turn).
-- reconstructed: it may also strike a wall, door or object with points (no turn to lose).
local duel = require("test.duel")

return card {
  name = "Lightning Blast", kind = "attack", copies = 3,
  range = "los", duration = "instant", targets = { "wizard", "wall", "door", "object" },
  traits = { "lightning", "number_power", "lost_turn" },
  text = "Lightning at a wizard, wall, door or object in sight: magical damage equal to the NUMBER played with it (1 without). A wizard it hurts is stunned and loses his next turn.",
  resolve = function(ctx)
    local dealt = ctx:damage(ctx.target, ctx:power(), { magical = true, lightning = true })
    local p = ctx:target_player()
    if dealt > 0 and p then ctx:lose_turns(p, 1) end
  end,
  tests = {
    { "with a NUMBER 5: five points and a lost turn (the rulebook's example)", function(t, g)
      local n = assert(duel.aim(t, "Lightning Blast", { boost = "NUMBER 5" }).boost, "the NUMBER")
      t:eq(t:life(1), 10)
      t:eq(g:player(1).tokens.lost_turns, 1)
      t:eq(g:card(n).zone.pile, "discard", "the NUMBER is spent")
    end },
    { "without a NUMBER its power is 1", function(t)
      duel.aim(t, "Lightning Blast")
      t:eq(t:life(1), 14)
    end },
    { "the lost turn: the victim can do nothing on his next turn", function(t, g)
      duel.aim(t, "Lightning Blast")
      local at = g:player(1).at
      t:give(1, "NUMBER 3")
      t:act { kind = "end" }
      t:pass(1) -- the end of player 0's turn: player 1's (lost) turn begins
      t:eq(g:turn().active, 1)
      t:eq(g:turn().vars.lost, true)
      t:eq(t:count {}, 1, "nothing but ending the turn")
      t:ok(t:has { kind = "end" })
      t:eq(g:player(1).tokens.lost_turns or 0, 0, "the token is spent")
      t:eq(g:player(1).at, at)
    end },
  },
}
