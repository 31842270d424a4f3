-- Wizard (1978) Remove Thrown Spell (seed L663): a thrown spell that ends one thrown spell on
-- a figure, friend's or foe's, but never a Spell Shield.
return card {
  name = "Remove Thrown Spell", school = "iq14", kind = "thrown", energy = 2,
  duration = "instant", targets = { "figure" },
  text = "Ends one thrown spell on a figure (a foe's protection, or a spell on a friend); not a Spell Shield, nor other kinds of spell. 2 ST.",
  resolve = function(ctx)
    local seat = assert(ctx.seat)
    -- reconstructed: the seed says "any" thrown spell; cast at a figure, it takes one of those
    -- on that figure, the caster choosing if there are several (he learns a secret one's name
    -- only as it goes). A thrown spell on hexes (Slippery Floor) is out of its reach.
    local options = {}
    for _, c in ipairs(ctx:spells_on(assert(ctx:victim()))) do
      local spell = ctx.game:card(c)
      if spell.kind == "thrown" and spell.name ~= "Spell Shield" then
        options[#options + 1] = { key = tostring(c), label = ctx.game:sees(seat, c) and spell.name or "a secret spell", card = c }
      end
    end
    if #options == 0 then return end
    local _, i = ctx:choose(seat, "spell", "Which spell do you remove?", options)
    ctx:end_casting(options[i].card)
  end,
  tests = {
    { "a Stop on the foe ends", function(t, g)
      local arena = require("test.arena")
      local F = require("rules.figures")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Stop", { figure = foe }, { 3, 3, 3 })
      arena.ready(t, me)
      arena.cast(t, "Remove Thrown Spell", { figure = foe }, { 3, 3, 3 })
      t:eq(#arena.spells_on(t, foe), 0)
      t:eq(F.ma(g, foe), 10)
      t:eq(arena.lost(t, me), 5, "3 for Stop, 2 for this")
    end },
    { "of several, the caster picks one", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Stone Flesh", { figure = me }, { 2, 2, 2 })
      arena.ready(t, me)
      arena.cast(t, "Flight", { figure = me }, { 2, 2, 2 })
      arena.ready(t, me)
      arena.cast(t, "Remove Thrown Spell", { figure = me }, { 2, 2, 2 }, { "Flight" })
      local left = arena.spells_on(t, me)
      t:eq(#left, 1)
      t:eq(left[1].name, "Stone Flesh")
    end },
    { "not a Spell Shield", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Spell Shield", { figure = me }, { 2, 2, 2 })
      arena.ready(t, me)
      arena.cast(t, "Remove Thrown Spell", { figure = me }, { 2, 2, 2 })
      t:eq(#arena.spells_on(t, me), 1)
      t:eq(arena.lost(t, me), 5)
    end },
    { "a controlled foe goes back to his side", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Control Person", { figure = foe }, { 3, 3, 3, 6, 6, 6 })
      t:eq(assert(g:figure(foe)).controller, 0)
      arena.ready(t, me)
      arena.cast(t, "Remove Thrown Spell", { figure = foe }, { 3, 3, 3 })
      t:eq(assert(g:figure(foe)).controller, 1)
      t:ok(assert(g:figure(foe)).at ~= nil)
    end },
  },
}
