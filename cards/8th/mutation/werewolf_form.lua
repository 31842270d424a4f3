-- 8th Mutation "Werewolf Form": the caster becomes a werewolf while the spell lasts: base
-- speed 4, a punch deals a d4 of physical damage, and he may cast only counter spells.
-- 8th: Card Traits, Transformation (rules/transform.lua): one form at a time.
-- reconstructed: cast on oneself only, needing no target (like Mist Body); the d4 is rolled
-- for each punch as it lands; items may still be played and thrown (only spells are barred).
return card {
  name = "Werewolf Form", school = "mutation", kind = "neutral",
  range = "caster", duration = "temporary",
  traits = { "transformation" },
  text = "Become a werewolf while this spell lasts: base speed 4, your punch deals a d4 of physical damage, and you can cast only counter spells.",
  resolve = function(ctx) ctx:transform(ctx.caster, { speed = 4, punch_die = 4, counters_only = true }) end,
  tests = {
    { "speed 4: four steps on the turn it is cast", function(t, g)
      local T = require("rules.transform")
      local w = t:turn_of(0, "Werewolf Form")
      t:cast { card = w }
      t:eq(T.base_speed(g, 0), 4)
      require("test.spots").moves(t, 4)
      t:eq(t:count { kind = "move" }, 0, "no fifth step")
      t:eq(g:card(w).zone.kind, "play", "a temporary spell in play")
    end },
    { "a punch deals the d4 rolled", function(t, g)
      local w = t:turn_of(0, "Werewolf Form")
      t:cast { card = w }
      t:place(1, g:player(0).at)
      t:punch(t:wizard(1))
      local rolls = t:log("roll")
      local r = rolls[#rolls]
      t:eq(r.sides, 4)
      t:eq(t:lost(1), r.result)
    end },
    { "only counters: no Zot!, no neutral spell; a Full Shield still answers", function(t, g)
      local w, z, wv = t:turn_of(0, "Werewolf Form", "Zot!", "Wallivore")
      local fs = t:give(0, "Full Shield")
      t:cast { card = w }
      t:eq(t:count { kind = "cast", card = z }, 0, "no attack spell")
      t:eq(t:count { kind = "cast", card = wv }, 0, "no neutral spell")
      local z1 = t:turn_of(1, "Zot!")
      t:place(1, g:player(0).at)
      t:answer(0, { card = fs })
      t:cast { card = z1, at = t:wizard(0) }
      t:eq(t:lost(0), 0, "the werewolf's Full Shield cancelled the Zot!")
    end },
    { "when the spell ends he is a wizard again: speed 3, punch 1", function(t, g)
      local T = require("rules.transform")
      local w = t:turn_of(0, "Werewolf Form")
      t:cast { card = w }
      t:act { kind = "end_spell", card = w }
      t:eq(T.base_speed(g, 0), 3)
      t:place(1, g:player(0).at)
      t:punch(t:wizard(1))
      t:eq(t:lost(1), 1)
    end },
  },
}
