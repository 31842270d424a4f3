-- The rulebook's example duel (seed L546-L558, told first as the story at L7-L23): Yzor (ST 9,
-- DX 12, IQ 11) against Krait (ST 8, DX 15, IQ 9), turn by turn, every die loaded to the
-- numbers the rulebook gives or implies. Run by `wizwar test --ruleset tft`.
--
-- Where our rules read the seed otherwise than the example, the scenario follows the rules
-- (rulesets/tft/README.md):
-- - Dazzle lasts 3 turns counting the turn it was cast (seed L105), so Krait is back to DX 15
--   in turn 4 and acts before Yzor without a roll (the example has the roll in turn 4);
-- - in turn 3 the illusion (DX 14) acts before Yzor (DX 12): actions go by adjusted DX (L109);
-- - the hexes are ours: the wizards face each other down one line of hexes, 12 apart.
local arena = require("test.arena")

local function hex(q, r) return { q = q, r = r } end
local function key(c) return c.q .. "," .. c.r end

-- A figure's option in the movement phase: letter, then where it goes and which way it faces.
local function move(t, p, letter, to, facing)
  if to then t:answer(p, key(to)) end
  t:answer(p, facing)
  t:act { kind = "option", letter = letter }
  t:run()
end

return scenarios {
  name = "Wizard (1978): the example duel",
  tests = {
    { "Yzor against Krait: the wolf, the Dazzle, the illusion, two Magic Fists", function(t, g)
      local yzor, krait = arena.wizard(t, 0), arena.wizard(t, 1)
      g:set_figure(yzor, { attrs = { st = 9, dx = 12, iq = 11 }, at = hex(0, 3), facing = "SE" })
      g:set_figure(krait, { attrs = { st = 8, dx = 15, iq = 9 }, at = hex(0, 15), facing = "NW" })
      t:give(0, "Dazzle")
      t:give(0, "Illusion")
      local wolf_spell, fist = t:give(1, "Summon Wolf"), t:give(1, "Magic Fist")

      -- Turn 1: each takes one step; Krait (DX 15) summons a real wolf, Yzor throws a Dazzle.
      t:dice { 2, 5 } -- initiative: Krait
      t:answer(1, "first")
      t:run()
      move(t, 1, "c", hex(0, 14), "NW")
      move(t, 0, "c", hex(0, 4), "SE")
      t:dice { 3, 3, 3 }
      t:act { kind = "cast", card = wolf_spell, target = { cell = hex(0, 13) } }
      local wolf = arena.figures_of(t, "wolf")[1].id
      t:run()
      t:dice { 3, 3, 3 }
      t:act { kind = "cast", target = { none = true } }
      t:eq(arena.st(t, krait), 6, "Krait: 8 less 2 for the wolf")
      t:eq(arena.st(t, yzor), 6, "Yzor: 9 less 3 for the Dazzle")
      t:eq(#arena.spells_on(t, krait), 1, "Krait is dazzled")
      t:eq(#arena.spells_on(t, wolf), 1, "and so is his wolf")

      -- Turn 2: Krait keeps his wolf (1 ST) and, winning the initiative, lets Yzor move first.
      -- Yzor moves one hex; Krait stands still; the wolf runs. Both wizards at DX 12: Yzor
      -- wins the roll and creates an illusion of a wolf; Krait feigns a protective spell.
      t:answer(1, "Summon Wolf (1 ST)")
      t:dice { 1, 6 }
      t:answer(1, "last")
      t:run()
      move(t, 0, "c", hex(0, 5), "SE")
      move(t, 1, "c", hex(0, 14), "NW")
      -- (the order of action is worked out as the movement ends: the wizards' tie is rolled then)
      t:dice { 5, 2 } -- Yzor acts first
      move(t, 1, "a", hex(0, 7), "NW")
      t:answer(0, "wolf")
      t:dice { 3, 3, 3 }
      t:act { kind = "cast", target = { cell = hex(-1, 6) } }
      local wolves = arena.figures_of(t, "wolf")
      t:eq(#wolves, 2)
      local illusion = wolves[2].id
      t:eq(assert(g:figure(illusion)).vars.unreal, "illusion")
      t:eq(assert(g:figure(illusion)).shown_as, "wolf", "Krait sees a wolf")
      t:run()
      t:dice { 1, 2, 3 }
      t:act { kind = "feint" }
      t:run()
      t:act { kind = "wait" }
      t:eq(arena.st(t, krait), 5, "keeping the wolf cost 1")
      t:eq(arena.st(t, yzor), 4, "the illusion cost 2")

      -- Turn 3: Krait keeps the wolf again and moves first: his wolf engages Yzor, Yzor's
      -- illusion comes round the wolf. The illusion bites and misses; Yzor disengages; Krait
      -- tries to disbelieve the illusion, and Yzor's player rolls 11 against his IQ 9.
      t:answer(1, "Summon Wolf (1 ST)")
      t:dice { 2, 6 }
      t:answer(1, "first")
      t:run()
      move(t, 1, "f", hex(0, 14), "NW")
      move(t, 1, "b", hex(0, 6), "NW")
      t:ok(t:has { kind = "option", letter = "k" }, "Yzor is engaged")
      move(t, 0, "k", hex(0, 5), "SE")
      t:dice { 6, 1 } -- the wizards' tie, though the illusion acts first
      move(t, 0, "h", hex(-1, 7), "NE")
      t:dice { 6, 6, 5 } -- the illusion's bite: 17 misses
      t:act { kind = "attack", target = wolf }
      t:run()
      t:answer(0, key(hex(0, 4)))
      t:act { kind = "disengage" }
      t:run()
      t:dice { 4, 4, 3 } -- Yzor's player rolls for the disbelief, in secret
      t:act { kind = "disbelieve", target = illusion }
      t:ok(g:figure(illusion), "the illusion remains")
      t:run()
      t:eq(t:count { kind = "attack" }, 0, "Yzor is out of the wolf's front hexes")
      t:act { kind = "wait" }
      t:eq(arena.st(t, krait), 4)
      t:eq(arena.st(t, yzor), 4)

      -- Turn 4: Krait lets the wolf go. Yzor wins the initiative and sends his illusion at
      -- Krait; Krait throws a 2-ST Magic Fist at Yzor: a 6 on two dice, 2 hits.
      t:answer(1)
      t:dice { 6, 1 }
      t:answer(0, "first")
      t:run()
      t:eq(#arena.figures_of(t, "wolf"), 1, "the real wolf is gone")
      move(t, 0, "c", hex(0, 4), "SE")
      move(t, 0, "a", hex(0, 12), "SE")
      move(t, 1, "c", hex(0, 14), "NW")
      t:answer(1, "2")
      -- (the illusion stands on the line between them: Krait's missile must get past it first)
      t:dice { 3, 3, 3, 3, 3, 3, 3, 3 }
      t:act { kind = "cast", card = fist, target = { figure = yzor } }
      t:eq(arena.st(t, yzor), 2, "first blood")
      t:eq(arena.st(t, krait), 2)
      t:run()
      t:act { kind = "wait" }
      t:run()
      t:act { kind = "wait" }

      -- Turn 5: both wizards stand still; the illusion engages Krait. Krait's 1-ST Magic
      -- Fist hits for nothing (a 2 less 2) and the ST it costs knocks him out; the illusion
      -- bites for 3 and kills him.
      t:dice { 3, 4 }
      t:answer(1, "first")
      t:run()
      move(t, 1, "c", hex(0, 14), "NW")
      move(t, 0, "c", hex(0, 4), "SE")
      move(t, 0, "b", hex(0, 13), "SE")
      -- (1 ST is all he can put in: the question is not asked; past the illusion again, then
      -- at Yzor)
      t:dice { 3, 3, 3, 3, 3, 3, 2 }
      t:act { kind = "cast", card = fist, target = { figure = yzor } }
      t:eq(arena.st(t, yzor), 2, "no damage")
      t:eq(assert(g:figure(krait)).tokens.out, 1, "Krait falls unconscious")
      t:run()
      t:dice { 3, 3, 3, 2 }
      t:act { kind = "attack", target = krait }
      t:ok(not assert(g:figure(krait)).at, "Krait is dead")
      t:run()
      t:act { kind = "wait" }
      t:run()
      local r = assert(g:result(), "the duel is over")
      t:eq(r.winner, 0, "Yzor wins")
    end },
  },
}
