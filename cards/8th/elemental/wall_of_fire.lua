-- 8th Elemental "Wall of Fire": a barrier of flame on one border line; whoever passes
-- through it takes 4 magical fire damage (not an attack, cannot be evaded). Or, played as a
-- counter, it meets a Water spell as it is cast and both are cancelled.
-- A death in the flames is an indirect one: no victory point, the hand is discarded (8th
-- rulebook, Life, Damage and Dying).
-- reconstructed: as a creation it is permanent (it goes when the spell ends, like Create
-- Wall) and takes an open border line in sight; the flames block neither sight nor movement;
-- every kind of movement through the line burns (a walk, a push, a flight: each emits a
-- `move` event per square, rules/borders.lua), the caster's own included; as a counter it
-- answers any Water spell cast by another player, whatever its target.
local borders = require("rules.borders")
local duel = require("test.duel")

local function has_trait(card, trait)
  for _, x in ipairs(card.traits or {}) do if x == trait then return true end end
  return false
end

local function same_edge(a, b)
  return a ~= nil and b ~= nil and a.x == b.x and a.y == b.y and a.side == b.side
end

-- The line crossed by a step from `from` toward `dir`.
local function crossed(game, from, dir)
  for _, n in ipairs(game:neighbours(from)) do
    if n.dir == dir then return game:edge(n.edge).edge end
  end
  return nil
end

-- Test helper: an open inner border beside player p, with the step through it.
local function border_beside(game, p)
  for _, n in ipairs(game:neighbours(game:player(p).at)) do
    local e = game:edge(n.edge)
    if not n.link and e.barrier == "open" and not e.boundary then return e.edge, n.dir, n.to end
  end
end

return card {
  name = "Wall of Fire", school = "elemental", kind = "neutral", energy = 2,
  range = "los", duration = "permanent", targets = { "border" },
  traits = { "fire", "creation" },
  text = "Raise a line of flames on an empty border line you can see: anyone passing through it takes 4 magical fire damage (not an attack; it can't be evaded). Or play it as a counter to a Water spell as it is cast: both spells are cancelled.",
  -- an empty border line: not where a wall, a door or another wall token stands (8th:
  -- Changing the Map; Glossary, Wall)
  can_target = function(ctx, t) return borders.empty_border(ctx.game, t.edge) end,
  can_respond = function(ctx, entry)
    return entry.kind == "spell" and entry.card ~= nil and has_trait(ctx.game:card(entry.card), "water")
  end,
  resolve = function(ctx)
    if ctx.against then -- fire meets water: both are gone
      ctx:cancel()
      ctx:discard_card()
      return
    end
    local e = ctx.game:edge(ctx.target.edge).edge
    ctx.data.edge = e
    ctx:create_object { kind = "wall_of_fire", at = e, data = { spell = ctx.card } }
  end,
  on_move = function(ctx, ev)
    local game = ctx.game
    local me = game:card(ctx.card)
    if me.zone.kind ~= "play" or not ev.from or not ev.dir then return end
    if not same_edge(crossed(game, ev.from, ev.dir), ctx.data.edge) then return end
    ctx.stack, ctx.attack, ctx.caster = false, false, me.controller
    ctx:damage(ev.wizard, 4, { magical = true, fire = true })
  end,
  tests = {
    { "walking through the flames: 4 magical fire, not an attack", function(t, g)
      local w = t:turn_of(0, "Wall of Fire")
      local e, dir = border_beside(g, 0)
      t:ok(e, "an open border beside the caster")
      t:cast { card = w, at = t:border(e) }
      t:eq(g:card(w).zone.kind, "play", "the wall lasts")
      t:eq(g:edge(e).barrier, "open", "it is no wall: nothing stops a walker")
      t:move(dir)
      t:eq(t:lost(0), 4, "the caster's own flames burn him too")
      t:ok(not g:turn().vars.attacked, "not an attack")
      local tags = t:log("damage")[1].tags
      t:ok(tags.magical and tags.fire, "magical fire")
    end },
    { "a push through the line burns (Waterbolt)", function(t, g)
      local w, b = t:turn_of(0, "Wall of Fire", "Waterbolt")
      local e, dir, beyond = border_beside(g, 0)
      t:cast { card = w, at = t:border(e) }
      t:place(1, g:player(0).at)
      t:answer(0, "0")
      t:answer(0, dir)
      t:cast { card = b, at = t:wizard(1) }
      t:eq(g:player(1).at, beyond, "pushed 1 square, across the flames")
      t:eq(t:lost(1), 4)
    end },
    { "a flight through the line burns (Windrider)", function(t, g)
      local w, f = t:turn_of(0, "Wall of Fire", "Windrider")
      local e, dir, beyond = border_beside(g, 0)
      t:cast { card = w, at = t:border(e) }
      t:answer(0, dir)
      t:cast { card = f }
      t:eq(g:player(0).at, beyond)
      t:eq(t:lost(0), 4)
    end },
    { "a death in the flames is indirect: no victory point", function(t, g)
      local w = t:turn_of(1, "Wall of Fire")
      local e = border_beside(g, 0)
      g:place_seat_figure(1, t:at(0))
      t:cast { card = w, at = t:border(e) }
      t:active(0)
      local _, dir = border_beside(g, 0)
      t:set_life(0, 3)
      t:give(0, "Zot!")
      t:move(dir)
      t:ok(not g:player(0).alive)
      t:eq(g:player(1).vars.kill_vp, nil, "nobody scores")
      t:eq(#g:hand(1), 0, "the caster takes no cards")
      t:eq(#t:log("death"), 1)
      t:eq(t:log("death")[1].by_attack, false)
    end },
    { "counters a Water spell: both are cancelled", function(t, g)
      local c = duel.aim(t, "Waterbolt", { by = 1, at = 0, plays = { "Wall of Fire" } })
      local b, w = c.card, c.plays[1]
      t:eq(t:lost(0), 0)
      t:eq(g:card(w).zone.kind, "pile")
      t:eq(g:card(b).zone.kind, "pile")
      t:eq(#g:play_area(0), 0, "no wall stays in play")
    end },
    { "only on an empty border line; the flames go with the spell", function(t, g)
      local w = t:turn_of(0, "Wall of Fire")
      for _, a in ipairs(t:list { kind = "cast", card = w, target = { kind = "border" } }) do
        t:eq(g:edge(a.target.edge).barrier, "open", a.label)
      end
      local e = border_beside(g, 0)
      t:cast { card = w, at = t:border(e) }
      local fire ---@type Object?
      for _, o in ipairs(g:objects()) do if o.kind == "wall_of_fire" then fire = o end end
      assert(fire, "a wall of fire")
      t:ok(fire, "the flames are an object on the line")
      local again = t:give(0, "Wall of Fire")
      t:eq(t:count { kind = "cast", card = again, target = t:border(e) }, 0, "no second wall on that line")
      t:act { kind = "end_spell", card = w }
      t:eq(g:object(fire.id), nil)
    end },
    { "it can be discarded as energy 2", function(t, g)
      local w = t:turn_of(0, "Wall of Fire")
      t:act { kind = "boost", card = w }
      t:eq(g:turn().vars.boost, 2)
    end },
  },
}
