-- classic WIZARDBLADE (1 in the deck): a physical object, a magic blade kept in the hand. Its
-- blow is magical damage (classic, Combat names it among magical damage).
-- reconstructed: our sources give no numbers ([AF] makes it a "numbered" item aimed at a
-- wizard, wall or creation). We chose: a blow at a wizard, wall, door or object beside you
-- (ADJACENT) as the turn's attack, dealing the NUMBER played with it + 1 in magical points
-- (2 without a NUMBER); being magic, it may be counteracted like a spell; it stays in the
-- hand (classic, The Cards: physical objects leave the hand only when dropped or thrown).
return card {
  name = "Wizardblade", kind = "object", copies = 1,
  range = "adjacent", targets = { "wizard", "wall", "door", "object" },
  traits = { "weapon", "number_power" },
  text = "Object. As your attack, strike a wizard, wall, door or thornbush beside you: magical damage of 1 + the NUMBER you play with it (2 without one). You keep the blade.",
  resolve = function(ctx) ctx:damage(ctx.target, ctx:power() + 1, { magical = true }) end,
  tests = {
    { "a blow with a NUMBER 4: 5 magical points; the blade is kept; the turn's attack", function(t, g)
      local c = require("test.duel").aim(t, "Wizardblade", { boost = "NUMBER 4" })
      local w, n = c.card, c.boost
      t:eq(t:life(1), 10)
      -- (kept in the hand; the 9th shows it face up instead: 9th, Magic Objects)
      t:eq(g:card(w).zone.kind, require("rules.play").kept_zone(g, 0, w))
      t:eq(g:card(w).zone.player, 0)
      t:eq(g:card(assert(n)).zone.pile, "discard")
      t:ok(g:turn().vars.attacked)
      t:ok(not t:has { kind = "cast", card = w }, "one attack a turn: no second strike")
    end },
    { "without a NUMBER: 2; it strikes again the next turn; it is never displayed", function(t, g)
      local w = require("test.duel").aim(t, "Wizardblade").card
      t:eq(t:life(1), 13)
      t:active(0)
      t:place(1, g:player(0).at)
      t:cast { card = w, at = t:wizard(1) }
      t:eq(t:life(1), 11)
      t:ok(not t:has { kind = "display" }, "only stones and the Master Key are shown")
    end },
    { "Full Shield stops the magic blade", function(t, g)
      local w = require("test.duel").aim(t, "Wizardblade", { plays = { "Full Shield" } }).card
      t:eq(t:life(1), 15)
      t:eq(g:card(w).zone.kind, require("rules.play").kept_zone(g, 0, w), "the blade is not lost")
    end },
    { "a wall of your square takes its blow", function(t, g)
      local edge = require("test.duel").at_wall(t, "Wizardblade")
      t:eq(g:edge(edge).damage, 2)
      t:ok(g:turn().vars.attacked, "an attack on a wall is the turn's attack")
    end },
  },
}
