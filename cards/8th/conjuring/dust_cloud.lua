-- 8th Conjuring "Dust Cloud": a creation, a cloud of dust fills an empty square. Nobody sees
-- into or through it, and whoever is inside sees only his own square: himself and the cloud.
-- A wizard walking out of it goes the way a die gives (8th: Random Directions, Random
-- Movement: rules/dice.lua); a wall or anything else that way stops him, the movement point
-- spent, and he may try again while he has points left.
-- reconstructed: range line of sight and never on a home base (like Stone Block); anyone may
-- walk in (it does not block movement); dust takes no cracks, so the cloud goes only with its
-- spell (ended, dispelled). "Those inside see only themselves and the cloud": the square
-- blocks every line of sight that starts, ends or passes there, and a square always sees
-- itself (kernel LOS, 8th: Line of Sight and Adjacency), so from inside nothing beyond the
-- cloud's own square is seen or adjacent, and wizards sharing the cloud see each other (the
-- closest the engine can say). The die replaces only a walk out of the cloud: whichever step
-- he asked for, one roll, one movement point, one square at most; a spell that pushes or
-- carries him out moves him where it says.
local creations = require("rules.creations")
local hazards = require("rules.hazards")
local dice = require("rules.dice")

return card {
  name = "Dust Cloud", school = "conjuring", kind = "neutral",
  range = "los", duration = "permanent", targets = { "empty_square" },
  traits = { "creation" },
  text = "A cloud of dust fills an empty square you can see. No sight passes into or through it; from inside you see only your own square. Walking out, you roll for a random direction; if something blocks that way you stay, having spent the movement point, and may roll again while you have points.",
  resolve = function(ctx)
    -- 8th: Creating Objects and Playing Items; Line of Sight and Adjacency: it fills its square.
    creations.make(ctx, {
      kind = "dust_cloud", at = ctx.target.at, data = { spell = ctx.card }, mobile = false,
      blocks_move = false, blocks_los = true, fills_square = true,
    })
  end,
  -- 8th: Random Directions / Random Movement: a step out of the cloud goes the way the die says.
  before_move = function(ctx, ev)
    local game = ctx.game
    if ev.wizard == nil or not hazards.object_at(game, ctx.card, ev.from) then return end
    local dir, step = dice.random_step(game, ev.wizard)
    if not step then
      game:log("bump", { player = ev.wizard, dir = dir, card = ctx.card })
      return false
    end
    ev.to, ev.dir = step.to, dir
  end,
  tests = {
    { "it hides what lies behind it; from inside only the own square is seen", function(t, g)
      t:active(0)
      local at, mid, beyond = require("test.spots").row_of_three(g)
      assert(at and mid and beyond, "three squares in a row")
      t:place(0, at)
      local c, z = t:give(0, "Dust Cloud"), t:give(0, "Zot!")
      t:cast { card = c, at = t:square(mid) }
      local cloud = g:objects_at(mid)[1]
      t:eq(cloud and cloud.kind, "dust_cloud")
      t:ok(cloud and cloud.fills_square and cloud.blocks_los and not cloud.blocks_move)
      t:ok(not g:los(at, beyond), "no sight through it")
      t:place(1, mid)
      t:ok(not t:has { kind = "cast", card = z, target = t:wizard(1) }, "no sight into it")
      t:eq(g:visible_from(mid), { { x = mid.x, y = mid.y } }, "inside: his own square only")
      t:ok(not g:los(mid, at) and not g:adjacent(mid, at), "nothing outside is seen or adjacent")
      t:eq(g:card(c).zone.kind, "play", "a permanent spell stays in play")
    end },
    { "walking in is free; walking out goes the way the die says, or bumps for 1 point", function(t, g)
      local spots = require("test.spots")
      local at, mid = require("test.spots").row_of_three(g)
      assert(at and mid, "three squares in a row")
      t:active(0)
      t:place(0, at)
      local c = t:give(0, "Dust Cloud")
      t:cast { card = c, at = t:square(mid) }
      local into ---@type Dir?
      for _, n in ipairs(g:neighbours(at)) do
        if n.to.x == mid.x and n.to.y == mid.y then into = n.dir end
      end
      assert(into, "the cloud's square is beside him")
      t:move(into)
      t:eq(g:player(0).at, mid, "in the cloud")
      t:eq(t:lost(0), 0)
      local walked, bumped = 0, 0
      for _ = 1, 24 do
        t:active(0)
        t:place(0, mid)
        local open = {}
        for _, st in ipairs(g:steps(0)) do open[st.dir] = st.to end
        local asked = next(open)
        t:ok(asked, "a way out")
        t:move(asked)
        local last = t:log("roll")[#t:log("roll")]
        t:ok(last, "the die was rolled")
        local dir = g:random_direction(last and last.result or 0, require("rules.dice").OVERLAY_ONE)
        if open[dir] then
          walked = walked + 1
          t:eq(g:player(0).at, open[dir], "rolled " .. dir .. ": out that way")
        else
          bumped = bumped + 1
          t:eq(g:player(0).at, mid, "rolled " .. dir .. ": bumped, still inside")
          t:eq(g:turn().vars.spent, 1, "the bump cost 1 movement point")
          t:ok(spots.can_step(g, 0, asked), "he may try again")
        end
      end
      t:ok(walked > 0 and bumped > 0, "both seen: " .. walked .. " out, " .. bumped .. " bumps")
    end },
    { "no movement point left: no more tries; dust takes no cracks; it goes with the spell", function(t, g)
      local at, mid = require("test.spots").row_of_three(g)
      assert(at and mid, "three squares in a row")
      t:active(0)
      t:place(0, at)
      local c = t:give(0, "Dust Cloud")
      t:cast { card = c, at = t:square(mid) }
      local cloud = g:objects_at(mid)[1]
      t:ok(cloud, "the cloud")
      local id = cloud and cloud.id
      t:place(0, mid)
      g:set_turn_var("spent", 2)
      local step = g:steps(0)[1]
      t:ok(step, "a way out")
      t:move(step and step.dir or "N")
      t:eq(t:count { kind = "move" }, 0, "out of movement points")
      local H = require("rules.ctx")
      local ctx = setmetatable({ game = g, caster = 1, controller = 1 }, { __index = H }) --[[@as Ctx]]
      H.damage(ctx, { kind = "object", id = id, at = mid }, 24, { physical = true })
      t:ok(g:object(id), "24 damage: the cloud stays")
      t:act { kind = "end_spell", card = c }
      t:eq(#g:objects_at(mid), 0, "gone with the spell")
      t:ok(g:los(at, mid) and #g:visible_from(mid) > 1)
    end },
    { "not on a home base", function(t, g)
      local c = t:turn_of(0, "Dust Cloud")
      local home = g:player(1).at
      assert(home, "player 1 stands on the board")
      t:ok(not t:has { kind = "cast", card = c, target = t:square(home) })
      t:ok(t:has { kind = "cast", card = c }, "but elsewhere in sight")
    end },
  },
}
