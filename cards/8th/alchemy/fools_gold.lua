-- 8th Alchemy "Fool's Gold": when an enemy wizard picks up a treasure in your home sector
-- (the sector holding your home base), this spell deals him 3 magical damage.
-- reconstructed: the card type was not read; played as a counter spell answering the
-- pick-up (8th: Counter Spell: a counter answers the action its card names), which opens a
-- response window (rules/triggers.lua). The damage is no attack (a death by it is indirect)
-- and the pick-up stands. Any treasure counts, his own included, since the card says "a
-- treasure".
return card {
  name = "Fool's Gold", school = "alchemy", kind = "counter",
  duration = "instant",
  text = "Play when an enemy wizard picks up a treasure in your home sector: he suffers 3 magical damage.",
  can_respond = function(ctx, entry)
    local game = ctx.game
    if entry.kind ~= "pick_up" or entry.controller == ctx.controller then return false end
    return entry.marks.sector ~= nil and entry.marks.sector == game:player(ctx.controller).home_sector
  end,
  resolve = function(ctx)
    local entry = ctx.against and ctx.game:stack_entry(ctx.against)
    if entry then ctx:damage(entry.controller, 3, { magical = true }) end
  end,
  tests = {
    { "an enemy picks up a treasure in your home sector: 3 damage to him", function(t, g)
      t:active(1)
      local fg = t:give(0, "Fool's Gold")
      local treasure ---@type Object?
      for _, o in ipairs(g:objects()) do
        if o.kind == "treasure" and o.owner == 0 and o.at then treasure = o end
      end
      assert(treasure, "a treasure of player 0 on the board")
      t:place(1, treasure.at)
      t:answer(0, { card = fg })
      t:act { kind = "pick_treasure", object = treasure.id }
      t:eq(t:lost(1), 3)
      t:eq(assert(g:object(treasure.id)).carried_by, 1, "he still holds the treasure")
      t:eq(g:card(fg).zone.kind, "pile")
    end },
    { "not in another sector: no window (the strict agent would fail on one)", function(t, g)
      t:active(1)
      t:give(0, "Fool's Gold")
      local treasure ---@type Object?
      for _, o in ipairs(g:objects()) do
        if o.kind == "treasure" and o.owner == 1 and o.at then treasure = o end
      end
      assert(treasure, "a treasure of player 1 on the board")
      t:ok(g:sector_of(assert(treasure.at)) ~= g:player(0).home_sector)
      t:place(1, treasure.at)
      t:act { kind = "pick_treasure", object = treasure.id }
      t:eq(t:lost(1), 0)
    end },
    { "Full Shield does not stop it: it aims at no spell", function(t, g)
      t:active(1)
      local fg = t:give(0, "Fool's Gold")
      t:give(1, "Full Shield")
      local treasure ---@type Object?
      for _, o in ipairs(g:objects()) do
        if o.kind == "treasure" and o.owner == 0 and o.at then treasure = o end
      end
      assert(treasure, "a treasure of player 0 on the board")
      t:place(1, treasure.at)
      t:answer(0, { card = fg })
      t:act { kind = "pick_treasure", object = treasure.id }
      t:eq(t:lost(1), 3)
    end },
  },
}
