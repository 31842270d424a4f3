-- classic POWERSTONE (1 in the deck): a magic stone; once shown, every NUMBER its holder
-- plays counts 1 more [AF] (the rules add it: trait `number_bonus`, classic, The Cards).
return card {
  name = "Powerstone", kind = "stone", copies = 1,
  traits = { "magic_stone", "number_bonus" },
  text = "Magic stone. Power: while you show it, each NUMBER card you play is worth 1 more, for movement and for spells.",
  tests = {
    { "shown: a Lightning Blast with a NUMBER 3 deals 4", function(t, g)
      local s, b, n = t:turn_of(0, "Powerstone", "Lightning Blast", "NUMBER 3")
      t:act { kind = "display", card = s }
      t:eq(g:card(s).zone.kind, "play")
      t:place(1, g:player(0).at)
      t:cast { card = b, at = t:wizard(1), boost = n }
      t:eq(t:life(1), 11)
    end },
    { "shown: a NUMBER 2 adds 3 to the movement; in the hand it does nothing", function(t, g)
      local s, n, m = t:turn_of(0, "Powerstone", "NUMBER 2", "NUMBER 2")
      t:act { kind = "boost", card = n }
      t:eq(g:turn().vars.boost, 2, "not shown yet")
      t:pass(2)
      t:eq(g:turn().active, 0)
      t:act { kind = "display", card = s }
      t:pass(2) -- (the 9th adds a Number to the move only before anything else is done)
      t:eq(g:turn().active, 0)
      t:act { kind = "boost", card = m }
      t:eq(g:turn().vars.boost, 3)
    end },
    { "it still counts in the hand of seven once shown", function(t, g)
      local s = t:turn_of(0, "Powerstone")
      t:act { kind = "display", card = s }
      t:eq(#g:hand(0), 0)
      t:eq(require("rules.common").hand_count(g, 0), 1)
    end },
  },
}
