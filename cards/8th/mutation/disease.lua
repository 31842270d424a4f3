-- 8th Mutation "Disease": the caster carries a plague. While the spell lasts, each time he
-- enters a square every other wizard and creature there takes 3 physical damage (each of
-- them at most once a turn). Casting it is the turn's attack; the later harm is not.
-- reconstructed: it is cast on oneself (no target); "enters" is any move into a square,
-- walked or carried by a spell (one `move` event per square, rules/borders.lua), on anyone's
-- turn; the damage is dealt as his attack's (a kill by it scores; a wizard who cannot be
-- attacked is spared) but uses no attack of the turn; "once a turn" is counted per victim
-- over the whole turn in which he enters.
return card {
  name = "Disease", school = "mutation", kind = "attack",
  range = "caster", duration = "temporary",
  text = "While this spell lasts, whenever you enter a square, every other wizard and creature in it takes 3 physical damage (each at most once per turn). Casting this spell is your attack for the turn; the damage it does later is not.",
  on_move = function(ctx, ev)
    local game, me = ctx.game, ctx.controller
    if ev.wizard ~= me or not game:player(me).alive then return end
    local turn = game:turn().number
    local hit = ctx.data.hit
    if type(hit) ~= "table" or hit.turn ~= turn then hit = { turn = turn } end
    local copy = {}
    for k, v in pairs(hit) do copy[k] = v end
    ctx.caster, ctx.attack = me, true
    local victims = {}
    for _, q in ipairs(game:seats_at(ev.to)) do
      if q ~= me then victims[#victims + 1] = { key = "p" .. q, target = { kind = "wizard", player = q } } end
    end
    for _, o in ipairs(game:objects_at(ev.to)) do
      if o.kind == "creature" then
        victims[#victims + 1] = { key = "c" .. o.id, target = { kind = "creature", id = o.id, at = o.at } }
      end
    end
    for _, v in ipairs(victims) do
      if not copy[v.key] then
        copy[v.key] = true
        ctx:damage(v.target, 3, { physical = true })
      end
    end
    ctx.data.hit = copy
  end,
  tests = {
    { "casting it is the attack; stepping onto a wizard deals him 3, once a turn", function(t, g)
      local spots = require("test.spots")
      local d = t:turn_of(0, "Disease")
      t:cast { card = d }
      t:ok(g:turn().vars.attacked, "the turn's attack")
      t:eq(t:count { kind = "punch" }, 0)
      local at = g:player(0).at
      local n = spots.free_square(g, at)
      assert(n, "a free square beside it")
      t:place(1, n.to)
      t:move(n.dir)
      t:eq(t:lost(1), 3)
      t:eq(t:lost(0), 0, "not himself")
      local back ---@type Dir?
      for _, s in ipairs(g:neighbours(n.to)) do if s.to.x == at.x and s.to.y == at.y then back = s.dir end end
      assert(back, "the way back")
      t:move(back)
      t:move(n.dir)
      t:eq(t:lost(1), 3, "at most once a turn")
    end },
    { "on a later turn it hurts again and uses no attack", function(t, g)
      local spots = require("test.spots")
      local d, e = t:turn_of(0, "Disease", "Energy 4")
      t:cast { card = d, boost = e }
      t:active(0)
      local at = g:player(0).at
      local n = spots.free_square(g, at)
      assert(n, "a free square beside it")
      t:place(1, n.to)
      t:move(n.dir)
      t:eq(t:lost(1), 3)
      t:ok(not g:turn().vars.attacked, "no attack used")
      t:ok(t:has { kind = "punch" }, "he may still attack")
    end },
    { "a Full Shield can't stop it (no target); Mist Body's wizard is spared", function(t, g)
      local spots = require("test.spots")
      local d = t:turn_of(0, "Disease")
      t:give(1, "Full Shield")
      t:cast { card = d } -- no response request: nothing aims at player 1
      t:eq(g:card(d).zone.kind, "play")
      local m = t:put(1, "Mist Body")
      g:set_card_data(m, "effect", { no_attacks = true, unattackable = true })
      local at = g:player(0).at
      local n = spots.free_square(g, at)
      assert(n, "a free square beside it")
      t:place(1, n.to)
      t:move(n.dir)
      t:eq(t:lost(1), 0, "mist takes no harm from an attack")
    end },
    { "no harm to wizards he does not meet", function(t)
      local spots = require("test.spots")
      local d = t:turn_of(0, "Disease")
      t:cast { card = d }
      spots.moves(t, 2)
      t:eq(t:lost(1), 0)
    end },
  },
}
