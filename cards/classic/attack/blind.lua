-- classic BLIND (1 in the deck): an attack with a duration (the NUMBER in its caster's turns):
-- the blinded wizard stumbles. [AF] turns each step he means to take by a d4; we use the
-- rulebook's random direction (classic, The Die): the direction he picks is kept on a 1, any
-- other roll counts clockwise from it; a step into a wall or a closed door still costs him
-- the movement point, and he stays where he is.
-- reconstructed: only his walking is affected (not his aim).
local function step_towards(ctx, p, dir)
  for _, st in ipairs(ctx.game:steps(p, { door_passes = ctx:door_passes(p) })) do
    if st.dir == dir then return st.to end
  end
end

return card {
  name = "Blind", kind = "attack", copies = 1,
  range = "los", duration = "duration", targets = { "wizard" },
  text = "Attack: a wizard you can see is blinded for a NUMBER of your turns. Each step he takes goes a random way: he picks a direction and a d4 turns it (1 keeps it); walking into a wall wastes the step.",
  before_move = function(ctx, ev)
    local game = ctx.game
    local me = game:card(ctx.card)
    local t = me.target
    if me.zone.kind ~= "play" or type(t) ~= "table" or t.kind ~= "wizard" or t.player ~= ev.wizard or not ev.dir then return end
    local dir = game:random_direction(game:roll(4), ev.dir)
    game:log("stumble", { wizard = ev.wizard, meant = ev.dir, went = dir })
    local to = step_towards(ctx, ev.wizard, dir)
    if not to then return false end -- he bumps into a wall: the step is lost
    ev.dir, ev.to = dir, to
  end,
  tests = {
    { "each step goes where the d4 turns it; a bump wastes the step", function(t, g)
      local b, n = t:turn_of(0, "Blind", "NUMBER 3")
      t:place(1, g:player(0).at)
      t:cast { card = b, at = t:wizard(1), boost = n }
      t:eq(g:card(b).zone.kind, "play")
      t:active(1)
      local clockwise = { N = "E", E = "S", S = "W", W = "N" }
      for _ = 1, 3 do
        local step = t:list { kind = "move" }[1]
        if not step then break end
        local meant = step.dir
        local from = g:player(1).at
        local options = {}
        for _, st in ipairs(g:steps(1)) do options[st.dir] = st.to end
        t:act(step)
        local rolls = t:log("roll")
        local r = rolls[#rolls].result
        local went = meant
        for _ = 2, r do went = clockwise[went] end
        local st = t:log("stumble")
        t:eq(st[#st].went, went, "roll " .. r .. " from " .. meant)
        if options[went] then
          t:eq(g:player(1).at, options[went], "stepped " .. went)
        else
          t:eq(g:player(1).at, from, "bumped into a wall: no step")
        end
      end
      t:ok(#t:log("stumble") > 0)
    end },
    -- (classic only: the 9th counts durations down at the end of the caster's turns, from his next one: its scenarios test that)
    { "it wears off at the start of its caster's turn", function(t, g)
      local b = t:turn_of(0, "Blind")
      t:place(1, g:player(0).at)
      t:cast { card = b, at = t:wizard(1) }
      t:pass(2)
      t:eq(g:turn().active, 0)
      t:eq(g:card(b).zone.pile, "discard")
      t:active(1)
      t:act(t:list { kind = "move" }[1])
      t:eq(#t:log("stumble"), 0)
    end, rulesets = { "classic" } },
  },
}
