-- 8th Mutation "Golem Form": the caster becomes a stone golem while the spell lasts: base speed
-- 2, a punch deals 2 physical, all damage to him is 2 less, he may cast only counter spells,
-- and picking up a treasure costs him 1 MP instead of ending his Move and Cast phase.
-- 8th: Card Traits, Transformation (rules/transform.lua); 8th: Moving, Changing Base Speed.
-- reconstructed: cast on oneself only, needing no target; the 2 come off each separate hit
-- (every damage event), magical or physical, attack or not; with no MP left a treasure is
-- picked up the usual way (rules.lua: the form's `treasure_mp`).
local duel = require("test.duel")
local first = require("test.first")
local query = require("test.query")

return card {
  name = "Golem Form", school = "mutation", kind = "neutral",
  range = "caster", duration = "temporary",
  traits = { "transformation" },
  text = "Become a golem while this spell lasts: base speed 2, your punch deals 2 physical damage, all damage to you is reduced by 2, you can cast only counter spells, and picking up a treasure costs you 1 movement point instead of ending your movement.",
  resolve = function(ctx)
    ctx:transform(ctx.caster, { speed = 2, punch = 2, counters_only = true, treasure_mp = true })
  end,
  before_damage = function(ctx, ev)
    local t = ev.target or {}
    if t.kind == "wizard" and t.player == ctx.controller then ctx:lessen_damage(ev, 2) end
  end,
  tests = {
    { "a Fireball of 5 does 3 to the golem; his punch does 2", function(t)
      first.cast(t, "Golem Form")
      duel.aim(t, "Fireball", { by = 1, at = 0 })
      t:eq(t:lost(0), 3, "5 - 2")
      t:active(0)
      t:punch(t:wizard(1))
      t:eq(t:lost(1), 2, "a golem's punch")
    end },
    { "a punch of 1 does him nothing; once the spell ends damage is full again", function(t)
      local gf = first.cast(t, "Golem Form")
      duel.punch(t, { by = 1, at = 0 })
      t:eq(t:lost(0), 0, "1 - 2: nothing")
      t:active(0)
      t:act { kind = "end_spell", card = gf }
      t:active(1)
      t:punch(t:wizard(0))
      t:eq(t:lost(0), 1, "a wizard again")
    end },
    -- 8th: Discard and Draw Phase: over the limit by casting a spell, he discards down at once.
    { "8th: Discard and Draw Phase: cast while Extra Arms frees three items, 2 discarded at once", function(t, g)
      local common = require("rules.common")
      local arms = t:turn_of(0, "Extra Arms")
      for _ = 1, 3 do t:put(0, "Large Rock") end
      t:cast { card = arms }
      local gf = t:give(0, "Golem Form")
      local zots = {}
      for i = 1, 5 do zots[i] = t:give(0, "Zot!") end
      t:eq(common.hand_count(g, 0), 7, "6 in hand and Extra Arms; the rocks are free")
      t:answer(0, { card = zots[1] })
      t:answer(0, { card = zots[2] })
      t:cast { card = gf }
      t:eq(g:card(arms).zone.kind, "pile", "the new form ended Extra Arms")
      t:eq(common.hand_count(g, 0), 7, "5 in hand, the golem and 3 rocks made 9: down to 7")
      t:eq(#g:hand(0), 3)
    end },
    { "speed 2, counters only", function(t, g)
      local T = require("rules.transform")
      local _, held = first.cast(t, "Golem Form", { "Zot!" })
      t:eq(T.base_speed(g, 0), 2)
      t:eq(t:count { kind = "cast", card = held[1] }, 0, "no spell but counters")
    end },
    { "a treasure costs 1 MP and he walks on; with no MP left it ends the phase", function(t, g)
      first.cast(t, "Golem Form")
      local tr = query.treasures_of(g, 1)[1] ---@type Object?
      assert(tr, "a treasure of player 1")
      t:place(0, tr.at)
      t:act { kind = "pick_treasure", object = tr.id }
      t:eq(assert(g:object(tr.id)).carried_by, 0)
      t:eq(g:turn().phase, "move_and_cast", "still moving")
      t:eq(g:turn().vars.spent, 1, "1 MP spent")
      t:ok(t:has { kind = "drop_treasure", object = tr.id }, "the phase goes on")
      t:act { kind = "drop_treasure", object = tr.id }
      require("test.spots").moves(t, 1)
      t:eq(t:count { kind = "move" }, 0, "speed 2: no MP left")
      t:place(0, tr.at)
      t:act { kind = "pick_treasure", object = tr.id }
      t:pass(1)
      local log = t:log("answer")
      t:eq(assert(g:object(tr.id)).carried_by, 0)
      local actions = 0
      for _, a in ipairs(log) do if a.kind == "action" and a.player == 0 then actions = actions + 1 end end
      t:eq(actions, 5, "cast, pick, drop, step, pick: nothing after the last pick-up")
    end },
  },
}
