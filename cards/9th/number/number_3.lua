-- 9th NUMBER 3 (10 in the deck): a Number (9th: Numbers), and also an Attack spell; played as
-- one or the other, never both. An Attack card may be spent for its number on the first turn,
-- when no attack is allowed (9th: Setup).
-- reconstructed: the rules say the 3s are spells too but not which spell; we give them a bolt
-- of 3 magical points at a wizard or terrain in sight (classic Powerthrust's base). The count
-- is classic's.
return card {
  name = "NUMBER 3", kind = "attack", copies = 10, energy = 3,
  range = "los", duration = "instant", targets = { "wizard", "wall", "door", "object" },
  text = "Add 3 to this turn's movement or give a spell power or duration 3; or cast it as an attack: 3 magical damage to a wizard, wall, door or terrain in sight.",
  resolve = function(ctx) ctx:damage(ctx.target, 3, { magical = true }) end,
  tests = {
    { "added to the movement at the start of the turn: 3 + 3 moves", function(t)
      require("test.numbers").movement(t, "NUMBER 3", 3)
    end },
    { "cast: 3 points to a wizard in sight; the turn's attack", function(t, g)
      local c = t:turn_of(0, "NUMBER 3")
      t:place(1, g:player(0).at)
      t:cast { card = c, at = t:wizard(1) }
      t:eq(t:life(1), g:config().life - 3)
      t:ok(g:turn().vars.attacked, "the turn's attack")
    end },
    { "on a first turn it is spent as movement, never cast", function(t, g)
      t:active(0)
      g:set_var("combat_open", nil)
      g:set_turn_var("first_turn", true)
      local c = t:give(0, "NUMBER 3")
      t:place(1, g:player(0).at)
      t:eq(t:count { kind = "cast", card = c }, 0, "no attack on the first turn")
      t:ok(t:has { kind = "boost", card = c }, "its number still moves him")
    end },
  },
}
