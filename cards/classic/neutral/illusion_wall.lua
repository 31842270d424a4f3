-- classic ILLUSION WALL (1 in the deck): a glamour that looks like a stone wall on a line
-- (classic, Objects: a fixed object; Cards and Actions that Change the Map: nothing else may
-- be created where it stands, such as a firewall) [AF: cast on an empty line, like a wall].
-- Each opponent has one chance to see through it, and one who touches it knows it for what it
-- is [DZ, 9th-edition wording].
-- reconstructed: the board is the same for all, so an illusion seen through is gone for
-- everyone. Until then it blocks sight and steps like a wall, for its caster too. The first
-- time each other wizard starts a turn with its centre in sight he rolls the d4: on 1 or 2 he
-- disbelieves it and it vanishes. Touching it, that is any damage to it (a punch, a spell),
-- makes it vanish at once, unharmed by the blow.
local common = require("rules.common")
local stage = require("test.stage")

local function vanish(ctx, why, p)
  ctx.game:log("illusion_gone", { card = ctx.card, why = why, player = p })
  ctx:end_spell(ctx.card)
end

local function standing(ctx)
  local me = ctx.game:card(ctx.card)
  return me.zone.kind == "play" and common.walls_of(ctx.game, ctx.card)[1] or nil
end

return card {
  name = "Illusion Wall", kind = "neutral", copies = 1,
  range = "los", duration = "permanent", targets = { "border" },
  traits = { "creation" },
  text = "What looks like a stone wall appears on an empty line you can see. Each other wizard may see through it (1 or 2 on the die) the first time he starts a turn in sight of it; then, or as soon as anyone strikes it, it vanishes.",
  resolve = function(ctx) ctx:create_wall(ctx.target.edge) end,
  on_turn_start = function(ctx)
    local game = ctx.game
    local e = standing(ctx)
    local p = game:turn().active
    local at = game:player(p).at
    if not e or not at or p == game:card(ctx.card).controller then return end
    local tried = common.copy(game:card_data(ctx.card, "tried"))
    if tried["p" .. p] or not game:los_edge(at, e) then return end
    tried["p" .. p] = true
    game:set_card_data(ctx.card, "tried", tried)
    if game:roll(4) <= 2 then vanish(ctx, "disbelieved", p) end
  end,
  on_object_damaged = function(ctx, ev)
    local e = standing(ctx)
    local t = ev.target
    if e and type(t) == "table" and t.edge and common.same_edge(ctx.game:edge(t.edge).edge, e) then
      vanish(ctx, "touched")
    end
  end,
  tests = {
    { "it stands like a wall: no sight, no step, nothing else on the line", function(t, g)
      local at, n = stage.roomy(t)
      local c = t:give(0, "Illusion Wall")
      t:cast { card = c, at = t:border(n.edge) }
      t:eq(g:edge(n.edge).barrier, "wall")
      t:ok(not g:los(at, n.to), "no sight through it")
      t:ok(not t:has { kind = "move", dir = n.dir }, "no step through it, for its caster either")
      local w = t:give(0, "Wall of Fire")
      t:ok(not t:has { kind = "cast", card = w, target = t:border(n.edge) }, "no firewall on it")
    end },
    { "a punch finds nothing: it vanishes, the line is open again", function(t, g)
      local at, n = stage.roomy(t)
      local c = t:give(0, "Illusion Wall")
      t:cast { card = c, at = t:border(n.edge) }
      t:active(1)
      t:place(1, at)
      t:punch(t:wall(n.edge))
      t:eq(g:edge(n.edge).barrier, "open")
      t:eq(g:edge(n.edge).damage, 0)
      t:eq(g:card(c).zone.pile, "discard")
    end },
    { "each other wizard rolls once, on his first turn in sight of it", function(t, g)
      local at, n = stage.roomy(t)
      local c = t:give(0, "Illusion Wall")
      t:cast { card = c, at = t:border(n.edge) }
      t:place(1, at)
      t:pass(1)
      local rolls = t:log("roll")
      t:eq(#rolls, 1, "one roll")
      local r = rolls[1].result
      if r <= 2 then
        t:eq(g:edge(n.edge).barrier, "open", "a " .. r .. ": seen through")
      else
        t:eq(g:edge(n.edge).barrier, "wall", "a " .. r .. ": believed")
        t:pass(2)
        t:eq(g:turn().active, 1)
        t:eq(#t:log("roll"), 1, "no second chance")
        t:eq(g:edge(n.edge).barrier, "wall")
      end
    end },
  },
}
