-- Wizard (1978) Destroy Creation (seed L620): a thrown spell that unmakes one created thing in
-- a hex: one hex of fire, wall or shadow, a rope, or a one-hex image or illusion, 1 ST.
-- Never a summoned being, nor an image or illusion of many hexes.

---@alias DestroyCreationThing {key: string, label: string, figure?: integer, casting?: integer, object?: integer, spell?: integer}

-- What in the hex a Creation spell made: options to choose from.
---@param ctx Ctx
---@param cell Cell
---@return DestroyCreationThing[]
local function things(ctx, cell)
  ---@type DestroyCreationThing[]
  local out = {}
  for _, id in ipairs(ctx:figures_in({ cell })) do
    local f = assert(ctx:figure(id))
    if ctx:is(id, "unreal") and #f.cells == 1 then
      out[#out + 1] = { key = "figure " .. id, label = "the " .. ((f.shown_as or f.kind):gsub("_", " ")), figure = id }
    end
    -- seed L325: the rope is a creation too
    for _, c in ipairs(ctx:spells_on(id)) do
      local card = ctx.game:card(c)
      if card.data.rope and card.kind == "creation" then
        out[#out + 1] = { key = "rope " .. c, label = "the rope", casting = c }
      end
    end
  end
  for _, o in ipairs(ctx.game:objects_at(cell)) do
    local spell = o.data and o.data.spell
    if spell and ctx.game:card(spell).kind == "creation" then
      out[#out + 1] = { key = "object " .. o.id, label = "the " .. o.kind, object = o.id, spell = spell }
    end
  end
  return out
end

return card {
  name = "Destroy Creation", school = "iq11", kind = "thrown", energy = 1,
  duration = "instant", targets = { "hex" },
  text = "Unmakes one created thing in a hex: one hex of fire, wall or shadow, a rope, or a one-hex image or illusion. No effect on summoned beings. 1 ST.",
  resolve = function(ctx)
    local opts = things(ctx, assert(ctx:target_cell()))
    if #opts == 0 then return end
    local o = opts[1]
    if #opts > 1 then
      local _, i = ctx:choose(assert(ctx.seat), "creation", "Which thing does the spell unmake?", opts)
      o = opts[i]
    end
    if o.figure then
      ctx:vanish(o.figure, "destroyed")
    elseif o.casting then
      ctx:end_casting(o.casting)
    else
      ctx:unmake(assert(o.object))
    end
  end,
  tests = {
    { "one hex of a 3-hex fire goes out", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 3)
      arena.cast(t, "3-Hex Fire", { cell = arena.east(1) }, { 3, 3, 3 }, { "2,8", "1,7" })
      t:pass(1)
      arena.ready(t, me)
      arena.cast(t, "Destroy Creation", { cell = arena.east(1) }, { 3, 3, 3 })
      t:eq(#g:objects_at(arena.east(1)), 0)
      t:eq(#g:objects_at(arena.east(2)), 1, "the rest still burns")
      t:eq(arena.lost(t, me), 3, "2 for the fire, 1")
    end },
    { "a wall comes down", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Create Wall", { cell = arena.east(1) }, { 3, 3, 3 })
      local wall = g:objects_at(arena.east(1))[1].data.spell
      t:pass(1)
      arena.ready(t, me)
      arena.cast(t, "Destroy Creation", { cell = arena.east(1) }, { 3, 3, 3 })
      t:eq(#g:objects_at(arena.east(1)), 0)
      t:eq(g:card(wall).zone.kind, "removed", "nothing left of that spell")
    end },
    { "a one-hex illusion vanishes", function(t, g)
      local arena = require("test.arena")
      arena.duel(t)
      local bear = arena.being(t, 1, "bear", arena.east(1), "W", "illusion")
      arena.cast(t, "Destroy Creation", { cell = arena.east(1) }, { 3, 3, 3 })
      t:ok(g:figure(bear) == nil)
    end },
    { "not an image of many hexes", function(t, g)
      local arena = require("test.arena")
      arena.duel(t, 4)
      local giant = arena.being(t, 1, "giant", arena.east(1), "W", "image")
      t:eq(#assert(g:figure(giant)).cells, 3)
      arena.cast(t, "Destroy Creation", { cell = arena.east(1) }, { 3, 3, 3 })
      t:ok(g:figure(giant) ~= nil)
    end },
    { "a rope comes off", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Rope", { cell = arena.east(2) }, { 3, 3, 3 })
      t:pass(1)
      arena.ready(t, me)
      arena.cast(t, "Destroy Creation", { cell = arena.east(2) }, { 3, 3, 3 })
      t:eq(#arena.spells_on(t, foe), 0)
    end },
    { "the caster picks one of two: the shadow over a fire", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 3)
      arena.cast(t, "3-Hex Fire", { cell = arena.east(1) }, { 3, 3, 3 }, { "done" })
      t:pass(1)
      arena.ready(t, me)
      arena.cast(t, "3-Hex Shadow", { cell = arena.east(1) }, { 3, 3, 3 }, { "done" })
      t:pass(1)
      arena.ready(t, me)
      arena.cast(t, "Destroy Creation", { cell = arena.east(1) }, { 3, 3, 3 }, { "the shadow" })
      local left = g:objects_at(arena.east(1))
      t:eq(#left, 1)
      t:eq(left[1].kind, "fire")
    end },
    { "not a slippery floor: a thrown spell's work", function(t, g)
      local arena = require("test.arena")
      arena.duel(t)
      local floor = t:put(1, "Blur") -- (any spell in play that is not a creation)
      g:create_object { kind = "slippery", at = arena.east(1), owner = 1, data = { spell = floor } }
      arena.cast(t, "Destroy Creation", { cell = arena.east(1) }, { 3, 3, 3 })
      t:eq(#g:objects_at(arena.east(1)), 1)
    end },
    { "no effect on a summoned wolf", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Summon Wolf", { cell = arena.east(1) }, { 3, 4, 4 })
      t:answer(0, "Summon Wolf (1 ST)")
      t:pass(1)
      arena.ready(t, me)
      arena.cast(t, "Destroy Creation", { cell = arena.east(1) }, { 3, 3, 3 })
      t:eq(#arena.figures_of(t, "wolf"), 1)
      t:eq(arena.lost(t, me), 4, "2, 1 to keep, 1 all the same")
    end },
  },
}
