-- 8th Thaumaturgy "Gravity": a global spell. Gravity grows so strong over the whole labyrinth
-- that every wizard drops at once every item and treasure he carries, and while the spell
-- lasts nobody can pick up an object or a treasure.
-- 8th: Card Traits, Global (every wizard sees a global spell, to counter or dispel it);
-- Picking Up and Dropping Objects (rulesets/8th/effects.lua `no_pickups`, read where pick-ups
-- are offered, rulesets/8th/rules.lua).
-- reconstructed: the caster drops his own things too; playing an item from the hand is no
-- pick-up and is still allowed (it is carried at once); creatures carry nothing in this
-- ruleset; a pick-up offered some other way (a card's own action) is refused all the same.
return card {
  name = "Gravity", school = "thaumaturgy", kind = "neutral",
  range = "anywhere", duration = "temporary",
  traits = { "global" },
  text = "Global. Every wizard drops every item and treasure he carries, and while this spell lasts nobody can pick up objects or treasures.",
  resolve = function(ctx)
    for _, pl in ipairs(ctx.game:players()) do
      if pl.alive then
        for _, what in ipairs(ctx:carried(pl.id)) do ctx:drop(pl.id, what) end
      end
    end
    -- Read by the rules while the card is in play (rules/effects.lua).
    ctx.data.effect = { no_pickups = true }
  end,
  before_pick_up = function(ctx)
    if ctx.game:card(ctx.card).zone.kind == "play" then return false end
  end,
  tests = {
    { "everyone drops everything, and nobody picks anything up while it lasts", function(t, g)
      t:active(0)
      local r = t:put(1, "Large Rock")
      g:set_card(r, { controller = 1 })
      local k = t:put(0, "Master Key")
      g:set_card(k, { controller = 0 })
      local tr = g:create_object { kind = "treasure", owner = 0, carried_by = 1, mobile = true }
      local gr = t:give(0, "Gravity")
      t:place(1, g:player(0).at)
      t:cast { card = gr }
      t:eq(g:play_area(1), {}, "the rock is dropped")
      t:eq(g:play_area(0), { gr }, "the key is dropped; the spell lasts")
      t:eq(assert(g:object(tr)).carried_by, nil)
      t:eq(assert(g:object(tr)).at, g:player(1).at, "the treasure lies where he stood")
      t:eq(t:count { kind = "pick_object" }, 0, "no item picked up")
      t:eq(t:count { kind = "pick_treasure" }, 0, "no treasure picked up")
      t:ok(not g:turn().vars.attacked, "not an attack")
    end },
    { "when the spell ends things may be picked up again", function(t, g)
      t:active(0)
      local k = t:put(0, "Master Key")
      g:set_card(k, { controller = 0 })
      local gr = t:give(0, "Gravity")
      t:cast { card = gr }
      t:eq(t:count { kind = "pick_object" }, 0)
      t:act { kind = "end_spell", card = gr }
      t:ok(t:has { kind = "pick_object" }, "the key can be picked up")
    end },
    { "it does not stop an item being played from the hand", function(t, g)
      local gr, r = t:turn_of(0, "Gravity", "Large Rock")
      t:cast { card = gr }
      t:act { kind = "item", card = r }
      t:eq(g:card(r).zone.kind, "play")
    end },
    { "Negate Neutral cancels it: nobody drops anything", function(t, g)
      t:active(0)
      local r = t:put(1, "Large Rock")
      g:set_card(r, { controller = 1 })
      local gr = t:give(0, "Gravity")
      local n = t:give(1, "Negate Neutral")
      t:answer(1, { card = n })
      t:cast { card = gr }
      t:eq(g:play_area(1), { r })
      t:eq(g:card(gr).zone.kind, "pile")
    end },
  },
}
