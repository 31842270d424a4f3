-- 8th Mutation "Heave-Ho": the wizard hurls the treasure he carries at a wizard or an empty
-- square; a wizard hit takes 1 physical damage per square it flew. A mundane act: no counter
-- may answer it (8th: Card Traits, Mundane).
-- 8th: Throwing Objects (rules/throwing.lua): the treasure flies along the line of sight and
-- lands in the target's square, or before a barrier or a filled square in its way.
-- reconstructed: the squares are counted as movement (the data: diagonals counted as
-- movement), i.e. steps between the two squares ignoring walls (game:distance); range is
-- line of sight; a target in the thrower's own square is not offered (no flight, no damage);
-- the damage is the distance to the target, whatever stops the treasure on the way.
local throwing = require("rules.throwing")

local function carried_treasure(ctx, p)
  for _, what in ipairs(ctx:carried(p)) do
    if what.treasure then return what end
  end
  return nil
end

return card {
  name = "Heave-Ho", school = "mutation", kind = "attack",
  range = "los", duration = "instant", targets = { "wizard", "empty_square" },
  traits = { "mundane" },
  text = "Throw the treasure you carry at a wizard or an empty square you can see. A wizard hit takes 1 physical damage for each square the treasure flew. It cannot be countered.",
  can_cast = function(ctx)
    if carried_treasure(ctx, ctx.caster) == nil then return false, "no treasure carried" end
    return true
  end,
  can_target = function(ctx, t)
    local game = ctx.game
    local from = game:player(ctx.caster).at
    local to = ctx:square_of(t)
    return from ~= nil and to ~= nil and (game:distance(from, to) or 0) >= 1
  end,
  resolve = function(ctx)
    local game, p = ctx.game, ctx.caster
    local what = carried_treasure(ctx, p)
    if not what then return end
    local from = game:player(p).at
    if not from then return end
    local to = ctx:square_of(ctx.target)
    if not to then return end
    local squares = game:distance(from, to) or 0
    local land = throwing.landing(game, from, throwing.flight(game, from, to), nil)
    if not ctx:drop(p, what) then return end
    game:set_object(what.treasure, { at = land })
    game:log("landed", { object = what.treasure, square = land })
    if ctx.target.kind == "wizard" and squares > 0 then
      ctx:damage(ctx.target, squares, { physical = true })
    end
  end,
  tests = {
    { "two squares away: 2 damage, the treasure lands at his feet, no counter asked", function(t, g)
      local spots = require("test.spots")
      t:active(0)
      local tr ---@type Object?
      for _, o in ipairs(g:objects()) do if o.kind == "treasure" and o.owner == 1 and not tr then tr = o end end
      assert(tr, "a treasure of player 1")
      local s = spots.roomy_square(g)
      local dir, line = spots.line(g, s, 2)
      assert(dir and line, "a line of two squares")
      t:place(0, s)
      g:set_object(tr.id, { carried_by = 0 })
      t:place(1, line[2])
      local h = t:give(0, "Heave-Ho")
      t:give(1, "Full Shield")
      t:cast { card = h, at = t:wizard(1) } -- a response request would fail the strict agent
      t:eq(t:lost(1), 2)
      t:eq(assert(g:object(tr.id)).carried_by, nil)
      t:eq(assert(g:object(tr.id)).at, line[2])
      t:ok(g:turn().vars.attacked, "the turn's attack")
    end },
    { "at an empty square: no damage, the treasure lies there", function(t, g)
      local spots = require("test.spots")
      t:active(0)
      local tr ---@type Object?
      for _, o in ipairs(g:objects()) do if o.kind == "treasure" and o.owner == 1 and not tr then tr = o end end
      assert(tr, "a treasure of player 1")
      local s = spots.roomy_square(g)
      t:place(0, s)
      g:set_object(tr.id, { carried_by = 0 })
      local h = t:give(0, "Heave-Ho")
      local a = t:list { kind = "cast", card = h, target = { kind = "square" } }[1]
      t:ok(a, "an empty square in sight")
      t:act(a)
      t:eq(assert(g:object(tr.id)).at, a.target.at)
      t:eq(t:lost(1), 0)
    end },
    { "not without a treasure carried", function(t, g)
      local h = t:turn_of(0, "Heave-Ho")
      t:place(1, g:player(0).at)
      t:eq(t:count { kind = "cast", card = h }, 0)
    end },
  },
}
