-- 8th Elemental "Stone Spikes": while the spell lasts, its caster may throw stone spikes as
-- his attack: 3 physical damage to an object, wizard or creature in sight; the spike breaks.
-- The 8th rulebook's boosting example casts it with an energy 5 card: 5 energy tokens.
-- reconstructed: a throw is the turn's one attack (an action the card offers, see
-- rulesets/8th/card_actions.lua), answered like a thrown weapon; no spike is left lying
-- anywhere; the caster may not aim at himself.
return card {
  name = "Stone Spikes", school = "elemental", kind = "neutral", energy = 2,
  range = "caster", duration = "temporary",
  text = "While this spell lasts you can make stone spikes and throw one as your attack: 3 physical damage to an object, wizard or creature you can see. The spike shatters when it hits.",
  actions = {
    throw = {
      run = function(ctx)
        if ctx.list then
          local out = {}
          for _, t in ipairs(ctx:targets_of({ "wizard", "object", "creature" }, "los")) do
            if not (t.kind == "wizard" and t.player == ctx.controller) then
              out[#out + 1] = { label = t.label, target = t, attack = true }
            end
          end
          return out
        end
        ctx:damage(ctx.target, 3, { physical = true })
      end,
    },
  },
  tests = {
    { "boosted with Energy 5: five energy tokens (8th boosting example)", function(t, g)
      local s, e = t:turn_of(0, "Stone Spikes", "8th/elemental/energy_5")
      t:cast { card = s, boost = e }
      t:eq(g:card(s).zone.kind, "play")
      t:eq(g:card(s).energy, 5, "the boost is the spell's energy: 5 tokens")
      t:eq(g:card(e).zone.kind, "pile", "the energy card is discarded")
      t:pass(2)
      t:eq(g:turn().active, 0)
      t:eq(g:card(s).energy, 4, "one token spent in the caster's Time Passes")
    end },
    { "a throw is the turn's attack: 3 physical to a wizard in sight", function(t, g)
      t:active(0)
      local s = t:put(0, "Stone Spikes")
      g:set_card(s, { energy = 3, controller = 0 })
      t:place(1, g:player(0).at)
      g:set_player_var(0, "had_turn", true) -- (so his next turn is not his first)
      t:act { kind = "card_action", card = s, action = "throw", option = { target = t:wizard(1) } }
      t:eq(t:lost(1), 3)
      t:ok(g:turn().vars.attacked, "the throw was the attack")
      t:eq(t:count { kind = "card_action", card = s }, 0, "one attack per turn")
      t:eq(g:card(s).zone.kind, "play", "the spell lasts")
      t:eq(#g:objects_at(t:at(1)), 0, "the spike is gone")
      t:pass(2)
      t:eq(g:turn().active, 0)
      t:act { kind = "card_action", card = s, action = "throw", option = { target = t:wizard(1) } }
      t:eq(t:lost(1), 6, "another throw on a later turn")
    end },
    { "only targets in sight; never the thrower", function(t, g)
      t:active(0)
      local s = t:put(0, "Stone Spikes")
      g:set_card(s, { energy = 3, controller = 0 })
      local at = g:player(0).at
      local hidden
      for _, q in ipairs(g:squares()) do
        if not hidden and not g:los(at, q) then hidden = q end
      end
      t:place(1, hidden)
      local function aim(p) return { kind = "card_action", card = s, action = "throw", option = { target = t:wizard(p) } } end
      t:ok(not t:has(aim(1)), "out of sight")
      t:ok(not t:has(aim(0)), "not at himself")
    end },
    { "3 damage cracks an object once", function(t, g)
      t:active(0)
      local s = t:put(0, "Stone Spikes")
      g:set_card(s, { energy = 2, controller = 0 })
      local id = g:create_object { kind = "block", at = g:player(0).at, toughness = 8 }
      t:act { kind = "card_action", card = s, action = "throw", option = { target = t:object(id) } }
      t:eq(assert(g:object(id)).damage, 1)
    end },
    { "it can be discarded as energy 2", function(t, g)
      local s = t:turn_of(0, "Stone Spikes")
      t:act { kind = "boost", card = s }
      t:eq(g:turn().vars.boost, 2)
    end },
  },
}
