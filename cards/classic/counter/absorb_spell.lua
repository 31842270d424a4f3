-- classic ABSORB SPELL (1 in the deck): a counteraction against a spell used directly on you:
-- the spell has no effect and you take its card into your hand [JB, AF]; not a NUMBER card
-- played with it (that one is spent), not an object's blow (Wizardblade), and not a punch or
-- a thrown object [JB].
-- It answers a counteraction aimed at you too (classic, The Cards; 9th: Spells, Counters: a
-- counteraction may itself be counteracted): Reflection [JB], which turns your spell back at
-- you; it has no effect and its card is yours. Not Full Shield or Anti-Anti [JB]: they stop
-- something of yours but send nothing at you.
-- reconstructed: "directly on you" is a spell whose defender you are, a spell reflected back
-- at you included. The counteractions it answers are those that turn back at you what you
-- sent (trait `turns_back`): Reflection, and for the same reason Full Reflection (absorb it, or
-- let it be and absorb your spell as it comes back) and Reverse (a thrown object it turned
-- then flies on at its target: the object is no spell). No Spell, which only stops, is not.
local common = require("rules.common")

return card {
  name = "Absorb Spell", kind = "counter", copies = 1,
  text = "Counteraction: a spell cast at you, or a counteraction turning your spell back at you, has no effect, and you take its card into your hand. Any NUMBER played with it is lost.",
  can_respond = function(ctx, entry)
    if entry.marks.defender ~= ctx.controller or entry.card == nil then return false end
    if entry.kind == "counter" then return common.has_trait(ctx.game, entry.card, "turns_back") end
    if entry.kind ~= "spell" then return false end
    local k = ctx.game:card(entry.card).kind
    return k == "attack" or k == "neutral" or k == "counter"
  end,
  resolve = function(ctx)
    local game = ctx.game
    local e = ctx:answered()
    ctx:cancel()
    if e and e.card and game:card(e.card).zone.kind == "stack" then
      game:move_card(e.card, { kind = "hand", player = ctx.controller })
      game:set_card(e.card, { controller = ctx.controller, target = nil, energy = 0 })
      game:log("absorbed", { card = e.card, player = ctx.controller })
      common.discard_to_limit(game, ctx.controller)
    end
  end,
  tests = {
    { "the Fireball does nothing and ends in the defender's hand; the NUMBER is spent", function(t, g)
      local c = require("test.duel").aim(t, "Lightning Blast", { boost = "NUMBER 3", plays = { "Absorb Spell" } })
      t:eq(t:life(1), 15)
      t:eq(g:player(1).tokens.lost_turns, nil)
      t:eq(g:card(c.card).zone.kind, "hand")
      t:eq(g:card(c.card).zone.player, 1)
      t:eq(g:card(assert(c.boost)).zone.pile, "discard")
      t:eq(g:card(c.plays[1]).zone.pile, "discard")
    end },
    { "a spell reflected back at its caster: he absorbs his own spell", function(t, g)
      local c = require("test.duel").aim(t, "Fireball", { plays = {
        "Full Reflection",
        { pass = 0 }, -- (he lets the Full Reflection be: he could absorb it instead)
        { "Absorb Spell", by = 0 },
      } })
      t:eq(t:life(0), 15)
      t:eq(t:life(1), 15)
      t:eq(g:card(c.card).zone.player, 0, "back in his hand")
      t:eq(g:card(c.plays[1]).zone.pile, "discard")
    end },
    { "the caster's Anti-Anti cancels it: the spell hits and is discarded", function(t, g)
      local f = require("test.duel").aim(t, "Fireball", { plays = { "Absorb Spell", { "Anti-Anti", by = 0 } } }).card
      t:eq(t:life(1), 10)
      t:eq(g:card(f).zone.pile, "discard")
    end },
    -- classic, The Cards: a counteraction may itself be counteracted; Reflection sends half
    -- the spell at its caster, so his Absorb Spell may answer it.
    { "the caster absorbs the Reflection played against his attack: it is his, and his Fireball hits whole", function(t, g)
      local c = require("test.duel").aim(t, "Fireball", { plays = { "Reflection", { "Absorb Spell", by = 0 } } })
      t:eq(t:life(0), 15, "nothing comes back")
      t:eq(t:life(1), 10, "the Reflection had no effect")
      t:eq(g:card(c.plays[1]).zone.kind, "hand")
      t:eq(g:card(c.plays[1]).zone.player, 0, "the Reflection is in the caster's hand")
      t:eq(g:card(c.card).zone.pile, "discard")
    end },
    -- classic, The Cards (counteractions) and [JB]: Full Shield and Anti-Anti only stop
    -- something; they aim nothing at him, so there is nothing to absorb.
    { "not against Full Shield or Anti-Anti", function(t, g)
      local duel = require("test.duel")
      local a0 = t:give(0, "Absorb Spell")
      -- and no request for 0: the strict test agent would fail on one
      duel.aim(t, "Fireball", { plays = { "Full Shield" } })
      t:eq(t:life(1), 15)
      t:eq(g:card(a0).zone.kind, "hand")
      local c = duel.aim(t, "Fireball", { plays = {
        "Full Shield",
        { "Anti-Anti", by = 0 },
        -- not asked against the Anti-Anti; asked once more against the Fireball, and passes
        { pass = 1 },
      }, held = { "Absorb Spell" } })
      t:eq(t:life(1), 10)
      t:eq(g:card(c.held[1]).zone.kind, "hand")
    end },
    { "not against a punch or a neutral spell not aimed at anyone", function(t, g)
      -- no request: the strict test agent would fail on one
      require("test.duel").punch(t, { held = { "Absorb Spell" } })
      t:eq(t:life(1), 14)
      local w = t:turn_of(0, "Create Wall")
      t:act(t:list { kind = "cast", card = w }[1])
      t:eq(g:card(w).zone.kind, "play", "the wall stands, unanswered")
    end },
  },
}
