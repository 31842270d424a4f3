-- Wizard (1978) Aid (seed L584): a thrown spell, +1 ST, DX or IQ for each ST put in, for 2
-- turns, on any figure, the caster too.
-- reconstructed: ST is lent by lowering the figure's `lost` token (below 0 if need be: more
-- than its basic ST) and taken back when the spell ends, as spent ST is (the figure may fall
-- then); an unconscious figure lifted above ST 1 wakes, and its master's summoned beings are
-- kept (seed L349). (The rules do not add a casting's `st` to ST: figures.lua F.st.)
local function wake(ctx, id)
  local f = assert(ctx:figure(id))
  if (f.tokens.out or 0) == 0 or ctx:st(id) <= 1 then return end
  ctx.game:set_figure(id, { tokens = { out = false } })
  for _, c in ipairs(ctx.game:play_area(f.owner)) do
    local card = ctx.game:card(c)
    if card.data.caster == id and ctx.game:turn().vars["dismiss:" .. c] then ctx.game:set_turn_var("dismiss:" .. c, false) end
  end
end

return card {
  name = "Aid", school = "iq9", kind = "thrown",
  duration = "turns", targets = { "figure" },
  traits = { "charged", "helpful" },
  text = "Adds 1 to a figure's ST, DX or IQ (your choice) for each ST you put in, for 2 turns. You may aid yourself.",
  resolve = function(ctx)
    local id = assert(ctx:victim())
    local n = assert(ctx.charge)
    -- reconstructed: a 4 or a 3 to hit (seed L261) makes it last twice or three times as long
    local turns = 2 * (ctx.effect or 1)
    local attr = ctx:choose(assert(ctx.seat), "attribute", "Which does Aid raise?", {
      { key = "st", label = "ST +" .. n }, { key = "dx", label = "DX +" .. n }, { key = "iq", label = "IQ +" .. n },
    })
    if attr ~= "st" then
      ctx:enchant { [attr] = n, turns = turns }
      return
    end
    ctx:enchant { lent = n, turns = turns }
    local f = assert(ctx:figure(id))
    ctx.game:set_figure(id, { tokens = { lost = (f.tokens.lost or 0) - n } })
    wake(ctx, id)
  end,
  on_end = function(ctx)
    local id, n = ctx.data.on, ctx.data.lent
    local f = id and ctx:figure(id)
    if not (n and f and f.at) then return end
    -- the ST lent is taken back, as spent ST (a helper to be: ctx:drain(id, n))
    require("rules.figures").spend(ctx.game, id, n)
  end,
  tests = {
    { "3 ST into Aid: +3 DX for the caster", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Aid", { figure = me }, { 3, 3, 3 }, { "3", "dx" })
      t:eq(arena.spells_on(t, me)[1].data.dx, 3)
      t:eq(arena.lost(t, me), 3)
      -- the caster strikes the foe next to him: DX 15 hits on a 14
      t:pass(1)
      arena.place(t, arena.wizard(t, 1), arena.east(1), "W")
      arena.ready(t, me)
      t:dice { 5, 5, 4, 2 }
      t:act { kind = "attack", target = arena.wizard(t, 1) }
      t:eq(arena.lost(t, arena.wizard(t, 1)), 2, "hit")
    end },
    { "IQ raised: a spell above the figure's IQ may be cast", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      g:set_figure(foe, { attrs = { iq = 7 } })
      t:give(1, "Blur")
      arena.ready(t, foe)
      t:ok(not t:has { kind = "cast" }, "IQ 7: no Blur")
      arena.ready(t, me)
      arena.cast(t, "Aid", { figure = foe }, { 3, 3, 3 }, { "1", "iq" })
      arena.ready(t, foe)
      t:ok(t:has { kind = "cast" }, "IQ 8: Blur")
    end },
    { "ST lent for 2 turns, then taken back", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Aid", { figure = foe }, { 3, 3, 3 }, { "2", "st" })
      t:eq(arena.st(t, foe), 11, "9 + 2")
      t:eq(arena.lost(t, me), 2)
      t:pass(1)
      t:eq(arena.st(t, foe), 11, "the second turn")
      t:pass(1)
      t:eq(arena.st(t, foe), 9, "back to 9 in the third")
      t:eq(#arena.spells_on(t, foe), 0)
    end },
    { "ST revives an unconscious figure", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      g:set_figure(foe, { tokens = { lost = 8, out = 1, down = 1 } })
      arena.cast(t, "Aid", { figure = foe }, { 3, 3, 3 }, { "2", "st" })
      t:eq(arena.st(t, foe), 3)
      t:eq(assert(g:figure(foe)).tokens.out, nil, "awake again")
      t:eq(arena.lost(t, me), 2)
    end },
    { "a miss costs 1 ST and aids nobody", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Aid", { figure = me }, { 6, 5, 5 }, { "4" })
      t:eq(#arena.spells_on(t, me), 0)
      t:eq(arena.lost(t, me), 1)
    end },
  },
}
