-- 8th Elemental "Stone Block": a creation that fills an empty square with stone.
-- reconstructed: the range is taken to be line of sight; the block is an object (not a
-- wall) that blocks sight and movement, breaks at 8 cracks (the spell then ends), and goes
-- when the spell ends. It cannot be made on a home base or in an occupied square (8th:
-- Creating Objects): should the square have filled by the time the spell resolves, nothing
-- is made and the spell is discarded (a `fizzled` log entry gives the reason).
return card {
  name = "Stone Block", school = "elemental", kind = "neutral",
  range = "los", duration = "permanent", targets = { "empty_square" },
  traits = { "creation" },
  text = "Raise a block of stone that fills an empty square you can see. Nothing sees or moves through it; it is not a wall, and 8 cracks break it.",
  resolve = function(ctx)
    -- Not `card = ctx.card`: that would make the card the object itself; the spell stays in
    -- play and the block is its creation.
    local id, why = ctx:create_object {
      kind = "stone_block", at = ctx.target.at, data = { spell = ctx.card },
      blocks_move = true, blocks_los = true, fills_square = true, toughness = 8,
    }
    if not id then
      ctx.game:log("fizzled", { card = ctx.card, reason = why })
      ctx:discard_card()
    end
  end,
  -- Broken by damage: the spell ends with it (not when the spell's own ending removes it).
  on_object_destroyed = function(ctx, ev)
    if ev.card == ctx.card or ev.object == nil then return end
    for _, id in ipairs(ctx.data.objects or {}) do
      if id == ev.object then ctx:end_spell(ctx.card) return end
    end
  end,
  tests = {
    { "fills the square: blocks sight and movement; ending the spell removes it", function(t, g)
      local c = t:turn_of(0, "Stone Block")
      local at = g:player(0).at
      local dir, sq ---@type Dir?, Square[]?
      for _, d in ipairs({ "N", "E", "S", "W" }) do
        local r = g:run(at, d, 2)
        local ok = #r.squares == 2 and g:los(at, r.squares[2])
        for _, s in ipairs(r.squares) do
          if #g:objects_at(s) > 0 or #g:seats_at(s) > 0 then ok = false end
        end
        if not dir and ok then dir, sq = d, r.squares end
      end
      assert(dir and sq, "two empty squares in a line")
      t:place(1, sq[2])
      t:cast { card = c, at = t:square(sq[1]) }
      local objs = g:objects_at(sq[1])
      t:eq(#objs, 1)
      t:eq(objs[1].kind, "stone_block")
      t:eq(g:play_area(0), { c }, "a permanent spell stays in play")
      t:ok(not g:los(at, sq[2]), "the block hides what lies behind it")
      t:eq(#g:run(at, dir, 2).squares, 0, "nothing moves into it")
      t:ok(not t:has { kind = "move", dir = dir }, "no step into the block")
      t:act { kind = "end_spell", card = c }
      t:eq(#g:objects_at(sq[1]), 0, "gone with the spell")
      t:ok(g:los(at, sq[2]))
    end },
    { "5 damage gives it 1 crack of 8", function(t, g)
      local c, f = t:turn_of(0, "Stone Block", "Fireball")
      local at = g:player(0).at
      local sq ---@type Square?
      for _, d in ipairs({ "N", "E", "S", "W" }) do
        local r = g:run(at, d, 1)
        if not sq and #r.squares == 1 and #g:objects_at(r.squares[1]) == 0 then sq = r.squares[1] end
      end
      assert(sq, "an empty square beside him")
      t:cast { card = c, at = t:square(sq) }
      local id = g:objects_at(sq)[1].id
      t:cast { card = f, at = t:object(id) }
      local o = g:object(id)
      assert(o, "the block stands")
      t:eq(o.damage, 1)
      t:eq(o.toughness, 8)
    end },
    { "8 cracks break it and end the spell", function(t, g)
      local c, z, e = t:turn_of(0, "Stone Block", "Zot!", "Energy 6")
      local at = g:player(0).at
      local sq ---@type Square?
      for _, d in ipairs({ "N", "E", "S", "W" }) do
        local r = g:run(at, d, 1)
        if not sq and #r.squares == 1 and #g:objects_at(r.squares[1]) == 0 then sq = r.squares[1] end
      end
      assert(sq, "an empty square beside him")
      t:cast { card = c, at = t:square(sq) }
      local id = g:objects_at(sq)[1].id
      g:set_object(id, { damage = 6 })
      t:cast { card = z, at = t:object(id), boost = e }
      t:eq(g:object(id), nil, "6 damage = 2 more cracks: 8")
      t:eq(#g:objects_at(sq), 0)
      t:eq(#g:play_area(0), 0)
      t:eq(g:card(c).zone.kind, "pile")
    end },
    { "broken, it ends the spell into the discard pile of the deck the card came from", function(t, g)
      local c = t:turn_of(0, "Stone Block")
      g:set_card_data(c, "deck", "deck_1") -- (Custom Spellbook: the second group's deck)
      local sq = assert(require("test.spots").free_square(g, g:player(0).at), "a free square beside him").to
      t:cast { card = c, at = t:square(sq) }
      local id = g:objects_at(sq)[1].id
      local H = require("rules.ctx")
      local ctx = setmetatable({ game = g, caster = 1, controller = 1 }, { __index = H }) --[[@as Ctx]]
      H.damage(ctx, { kind = "object", id = id, at = sq }, 24, { physical = true })
      t:eq(g:object(id), nil, "8 cracks")
      t:eq(g:card(c).zone, { kind = "pile", pile = "discard_1" })
      t:eq(#t:log("spell_end"), 1)
    end },
    { "a square filled before it resolves: nothing is made, the spell is discarded", function(t, g)
      local c = t:turn_of(0, "Stone Block")
      local sq = assert(require("test.spots").free_square(g, g:player(0).at), "a free square beside him").to
      t:place(1, sq)
      g:call_card(c, "resolve", { caster = 0, controller = 0, target = { kind = "square", at = sq } })
      t:eq(#g:objects_at(sq), 0)
      t:eq(g:card(c).zone.kind, "pile")
      t:eq(t:log("fizzled")[1].reason, "occupied by a wizard")
    end },
    { "not on a home base, even an empty one in sight", function(t)
      require("test.offers").not_on_home(t, "Stone Block")
    end },
  },
}
