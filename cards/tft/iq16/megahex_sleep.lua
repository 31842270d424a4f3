-- Wizard (1978) Megahex Sleep (seed L695, after Sleep L606): a thrown spell at a megahex that
-- puts to sleep every figure of basic ST under 20 in it but the caster, or, as he chooses, the
-- one figure in its centre hex if its basic ST is 50 or less. 8 ST.
-- reconstructed: the seed's "any single figure" is offered as the figure in the centre hex
-- (any figure in reach is the centre of some megahex), and only when there is one to take.
-- Each sleeper has a casting of his own (a part cut loose from the first), so a hit wakes him
-- alone. Figures asleep already or under Spell Shield (L667) are passed over; with no one to
-- put to sleep it comes to nothing, its ST spent.
local function sleeps(ctx, id, most)
  if id == ctx.caster or ctx:shielded(id) or assert(ctx:figure(id)).attrs.st > most then return false end
  for _, c in ipairs(ctx:spells_on(id)) do
    if ctx.game:card_data(c, "asleep") then return false end
  end
  return true
end

return card {
  name = "Megahex Sleep", school = "iq16", kind = "thrown", energy = 8,
  duration = "lasting", targets = { "megahex" },
  text = "Every figure of basic ST under 20 in a megahex but you falls asleep until hit; or, as you choose, just the one in its centre hex, of ST 50 or less. 8 ST.",
  resolve = function(ctx)
    local cell = assert(ctx:target_cell())
    local victims = {}
    local centre = ctx.game:figures_at(cell)[1]
    local mode = "megahex"
    if centre and sleeps(ctx, centre, 50) then
      mode = ctx:choose(assert(ctx.seat), "sleepers", "Whom does the spell put to sleep?", {
        { key = "megahex", label = "every figure of ST under 20 in the megahex" },
        { key = "centre", label = "only the figure in the centre hex, " .. cell.q .. "," .. cell.r },
      })
    end
    if mode == "centre" then
      victims = { centre }
    else
      for _, id in ipairs(ctx:figures_in(ctx:circle(cell))) do
        if sleeps(ctx, id, 19) then victims[#victims + 1] = id end
      end
    end
    if #victims == 0 then
      ctx:end_casting()
      return
    end
    for i, id in ipairs(victims) do
      if i == 1 then
        ctx:enchant({ helpless = true, asleep = true }, id)
      else
        local part = ctx:enchant_also(id, { helpless = true, asleep = true })
        ctx.game:set_card_data(part, "part_of", false)
      end
      ctx:knock_down(id)
    end
  end,
  tests = {
    { "all under ST 20 in the megahex fall asleep; a bear does not", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      local function being(kind, st, at)
        return g:create_figure {
          kind = kind, owner = 1, at = at, facing = "W", attrs = { st = st, dx = 12, iq = 6, ma = 10 },
          tokens = {}, vars = { being = kind }, shown_as = kind,
        }
      end
      local wolf, bear = being("wolf", 10, arena.east(3)), being("bear", 30, arena.east(1))
      -- the centre 2 hexes off: DX 12 - 2 = 10
      arena.cast(t, "Megahex Sleep", { cell = arena.east(2) }, { 4, 3, 3 }, { "megahex" })
      t:eq(#arena.spells_on(t, foe), 1)
      t:eq(#arena.spells_on(t, wolf), 1)
      t:eq(#arena.spells_on(t, bear), 0)
      t:eq(assert(g:figure(foe)).tokens.down, 1, "asleep on the ground")
      t:ok(not assert(g:figure(bear)).tokens.down)
      t:eq(arena.lost(t, me), 8)
    end },
    { "or the one figure in the centre, a bear even", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 1)
      local bear = arena.being(t, 1, "bear", arena.east(2), "W")
      arena.cast(t, "Megahex Sleep", { cell = arena.east(2) }, { 3, 3, 3 }, { "centre" })
      t:eq(#arena.spells_on(t, bear), 1)
      t:eq(#arena.spells_on(t, foe), 0, "the foe beside it stays awake")
    end },
    { "not the caster; a hit wakes only the sleeper hit", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      local wolf = arena.being(t, 1, "wolf", arena.east(2), "W")
      arena.cast(t, "Megahex Sleep", { cell = arena.east(1) }, { 3, 3, 3 }, { "megahex" })
      t:eq(#arena.spells_on(t, me), 0, "the caster stands in the megahex, awake")
      t:eq(#arena.spells_on(t, foe), 1)
      t:eq(#arena.spells_on(t, wolf), 1)
      t:pass(1)
      arena.ready(t, me)
      t:dice { 3, 3, 3, 2 }
      t:act { kind = "attack", target = foe }
      t:eq(#arena.spells_on(t, foe), 0, "the foe wakes")
      t:eq(#arena.spells_on(t, wolf), 1, "the wolf sleeps on")
    end },
    { "a miss costs 1 ST; no one sleeps", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Megahex Sleep", { cell = arena.east(2) }, { 6, 6, 4 })
      t:eq(#arena.spells_on(t, foe), 0)
      t:eq(arena.lost(t, me), 1)
    end },
  },
}
