-- classic EXTEND (1 in the deck): a duration spell lasts twice as long [AF: "double the
-- duration of a spell", only for duration-based spells].
-- reconstructed: Extend is cast first and waits for its caster's next spell with a duration
-- this turn (rules/modifiers.lua): that spell stays in play for twice its NUMBER of his turns
-- (2 without a NUMBER). Its power is unchanged; a spell without a duration leaves Extend
-- waiting.
local modifiers = require("rules.modifiers")
local first = require("test.first")

local function lasting(game, c) return game:card(c).duration == "duration" end

return card(modifiers.card(lasting, {
  name = "Extend", copies = 1,
  text = "The next spell with a duration you cast this turn lasts twice as many turns.",
  resolve = function(ctx) modifiers.wait(ctx) end,
  on_cast = function(ctx, ev)
    modifiers.attach(ctx, ev, lasting, function(e)
      modifiers.mark(ctx.game, e.id, "duration", (e.marks.duration or e.energy) * 2)
    end)
  end,
  on_turn_end = function(ctx) modifiers.expire(ctx) end,
  tests = {
    -- (classic only: the 9th counts durations down at the end of the caster's turns, from his next one: its scenarios test that)
    { "a Slow with a NUMBER 2 lasts 4 of the caster's turns", function(t, g)
      local e, held = first.cast(t, "Extend", { "Slow", "NUMBER 2" })
      local s, n = held[1], held[2]
      t:place(1, g:player(0).at)
      t:cast { card = s, at = t:wizard(1), boost = n }
      t:eq(g:card(s).energy, 4)
      t:eq(g:card(e).zone.pile, "discard")
      t:pass(6)
      t:eq(g:turn().active, 0)
      t:eq(g:card(s).zone.kind, "play", "one turn left after three")
      t:pass(2)
      t:eq(g:card(s).zone.pile, "discard")
    end, rulesets = { "classic" } },
    { "an instant spell leaves it waiting: the duration spell after gets it", function(t, g)
      local e, held = first.cast(t, "Extend", { "Create Wall", "Invisible" })
      local w, inv = held[1], held[2]
      local border = t:list { kind = "cast", card = w }[1]
      t:ok(border, "a line to wall")
      t:act(border)
      t:eq(g:card(e).zone.kind, "play", "still waiting")
      t:cast { card = inv, at = t:wizard(0) }
      t:eq(g:card(inv).energy, 2, "1 doubled")
    end },
    { "not without a duration spell in hand; Full Shield stops the extended spell", function(t, g)
      local e = first.uncastable(t, "Extend", { "Fireball" })
      local s = t:give(0, "Slow")
      local fs = t:give(1, "Full Shield")
      t:cast { card = e }
      t:place(1, g:player(0).at)
      t:answer(1, { card = fs })
      t:cast { card = s, at = t:wizard(1) }
      t:eq(g:card(s).zone.pile, "discard", "shielded: never in play")
      t:eq(g:card(e).zone.pile, "discard", "Extend spent on it")
    end },
  },
}))
