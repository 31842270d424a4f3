-- 8th Mentalism "Mental Force": seize a wizard with your mind and walk him up to the spell's
-- energy + 3 squares, the way you direct, by the normal rules of movement (rules/forced_move.lua:
-- walls, locked doors and blocking objects stop him; his own home doors open for him).
-- reconstructed: range taken as line of sight and the target as a wizard (not a creature);
-- the caster picks each step and may stop early; the moves cost the target nothing and are
-- not his walk (a stunned target may be moved). An attack (the card data calls it one).
local forced = require("rules.forced_move")
local duel = require("test.duel")
local stage = require("test.stage")
local moved = require("test.moved")

return card {
  name = "Mental Force", school = "mentalism", kind = "attack", copies = 2,
  range = "los", duration = "instant", targets = { "wizard" },
  text = "Grip a wizard you can see with your mind and move him up to this spell's energy plus 3 squares, steering him square by square by the normal rules of movement.",
  resolve = function(ctx)
    local game, p = ctx.game, ctx.caster
    local q = ctx:target_player()
    if q == nil then return end
    for _ = 1, ctx.energy + 3 do
      if not game:player(q).alive then return end
      local opts = forced.steps(game, q)
      if #opts == 0 then return end
      opts[#opts + 1] = { key = "stop" }
      local _, i = ctx:choose(p, "direction", "Mental Force: move him which way?", opts, { pass = "stop" })
      local o = opts[i]
      if not o.dir then return end
      forced.step(game, q, o, "mental_force")
    end
  end,
  tests = {
    { "unboosted: up to 4 squares, as the caster directs", function(t, g)
      t:place(1, g:player(0).at)
      local answers = {}
      for _ = 1, 4 do
        local s = forced.steps(g, 1)[1]
        t:ok(s, "a step for him")
        answers[#answers + 1] = s.dir
        g:place_seat_figure(1, s.to) -- to find the next one (duel.aim puts him back below)
      end
      local final = g:player(1).at
      for _, d in ipairs(answers) do t:answer(0, d) end
      duel.aim(t, "Mental Force") -- no fifth question
      t:eq(g:player(1).at, final)
      t:eq(#t:log("move"), 4, "a move event per square")
      t:ok(g:turn().vars.attacked, "the turn's attack")
    end },
    { "the caster may stop early", function(t, g)
      local at = g:player(0).at
      t:answer(0, "stop")
      duel.aim(t, "Mental Force")
      t:eq(g:player(1).at, at)
    end },
    { "never through a wall", function(t, g)
      local s, wall = stage.by_wall(t)
      t:place(1, s)
      for _, o in ipairs(forced.steps(g, 1)) do t:ok(o.dir ~= wall.dir, "no step through the wall") end
      t:answer(0, "stop")
      duel.aim(t, "Mental Force", { square = s })
      t:eq(g:player(1).at, s)
    end },
    { "a Full Shield cancels it: he stays", function(t)
      moved.shielded(t, "Mental Force")
      t:eq(#t:log("move"), 0)
    end },
  },
}
