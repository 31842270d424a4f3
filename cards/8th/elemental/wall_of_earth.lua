-- 8th Elemental "Wall of Earth" (also in Conjuring): a wall of dirt raised for a moment on
-- one border line. It blocks one attack that hits it, then collapses; it cannot block an
-- attack that needs no line of sight; nothing damages it; it blocks sight and movement. The
-- 8th rulebook's clarification: a Fireball strikes it and does nothing, a Lightning Bolt
-- turns back off it.
-- reconstructed: a spell-or-counter card (the card data lists it as N/C).
--   As a counter, when an attack is aimed at you: for an attack with a target (a spell, a
--   throw, a punch) you raise it on a border line that cuts the attacker's sight of you; the
--   attack is cancelled (still spent) and the wall collapses at once. For a bolt with no
--   target (Lightning Bolt) you raise it on any empty border line you can see; it stands
--   until that attack is over (the end of the turn at the latest).
--   As a spell on your turn it stands on an empty border line you can see until your next
--   turn begins.
-- The wall is a created wall that no damage harms; it is not kept when its card goes.
local targets = require("rules.targets") -- how edges are written (edge_key)
-- An empty border line: no wall, door or wall token (a Wall of Fire) on it (8th: Changing
-- the Map; Glossary, Wall), as the border targets are; the counter's own lists ask it too.
local empty_border = require("rules.borders").empty_border

-- (tests) A free straight line of two squares from `from`, the second in its sight, or nil.
---@return Square[]?
local function line_of_two(g, from)
  for _, d in ipairs({ "N", "E", "S", "W" }) do
    local run = g:run(from, d, 2)
    if #run.squares == 2 and run.headings[1] == d and run.headings[2] == d and g:los(from, run.squares[2]) then
      return run.squares
    end
  end
end

-- (tests) The line between two neighbouring squares.
---@return Edge?
local function line_between(g, s, u)
  for _, n in ipairs(g:neighbours(s)) do
    if n.to.x == u.x and n.to.y == u.y then return g:edge(n.edge).edge end
  end
end

-- The attacker and the attacked square of a stack entry aimed at wizard p, or nil.
local function aimed_at(game, entry, p)
  local t = entry.target
  if type(t) ~= "table" or t.kind ~= "wizard" or t.player ~= p then return nil end
  local attack = entry.kind == "throw" or entry.kind == "punch"
    or (entry.kind == "spell" and entry.card ~= nil and game:card(entry.card).kind == "attack")
  if not attack then return nil end
  local card = entry.card and game:card(entry.card)
  if card and card.kind == "attack" and card.range ~= "los" and card.range ~= "adjacent" then return nil end
  return game:player(entry.controller).at, game:player(p).at
end

-- A bolt: an attack spell with no target.
local function untargeted_attack(game, entry)
  return entry.kind == "spell" and entry.target == nil and entry.card ~= nil
    and game:card(entry.card).kind == "attack"
end

-- Empty border lines that, walled, hide b from a: tried one by one on the board.
---@return Option[]
local function cutting_borders(game, a, b)
  if not (a and b) or (a.x == b.x and a.y == b.y) or not game:los(a, b) then return {} end
  local out, seen = {}, {}
  for x = math.min(a.x, b.x), math.max(a.x, b.x) do
    for y = math.min(a.y, b.y), math.max(a.y, b.y) do
      for _, n in ipairs(game:neighbours({ x = x, y = y })) do
        local e = game:edge(n.edge).edge
        local id = targets.edge_key(e)
        if not seen[id] and empty_border(game, e) then
          seen[id] = true
          game:create_barrier(e, false)
          local hidden = not game:los(a, b)
          game:destroy_barrier(e)
          if hidden then out[#out + 1] = { label = targets.edge_words(e, "border"), edge = e } end
        end
      end
    end
  end
  return out
end

-- Empty border lines wizard p sees.
local function borders_in_sight(game, p)
  local out, seen = {}, {}
  local at = game:player(p).at
  for _, s in ipairs(game:visible_from(at)) do
    for _, n in ipairs(game:neighbours(s)) do
      local e = game:edge(n.edge).edge
      local id = targets.edge_key(e)
      if not seen[id] and empty_border(game, e) and game:los_edge(at, e, true) then
        seen[id] = true
        out[#out + 1] = { label = targets.edge_words(e, "border"), edge = e }
      end
    end
  end
  return out
end

local function raise(ctx, e)
  ctx.game:create_barrier(e, false, ctx.card)
  ctx.data.dirt = e
  ctx.game:after("object_created", { edge = e, card = ctx.card })
end

-- The card stays in play while its wall stands (so that it hears the turn go by).
local function stay(ctx, p)
  ctx.game:move_card(ctx.card, { kind = "play", player = p })
  ctx.game:set_card(ctx.card, { controller = p })
end

local function collapse(ctx)
  if ctx.game:card(ctx.card).zone.kind == "play" then ctx:end_spell(ctx.card) end
end

return card {
  name = "Wall of Earth", school = "elemental", kind = "neutral", copies = 2,
  range = "los", duration = "instant", targets = { "border" },
  text = "Raise a wall of dirt on a border line for a moment. It stops one attack that meets it and then falls; it can't stop an attack that needs no line of sight. Nothing damages it, and it blocks sight and movement. Play it on your turn (it stands until your next turn), or as a counter when you are attacked.",
  can_target = function(ctx, t) return empty_border(ctx.game, t.edge) end,
  can_respond = function(ctx, entry)
    local game = ctx.game
    if untargeted_attack(game, entry) then return #borders_in_sight(game, ctx.controller) > 0 end
    local a, b = aimed_at(game, entry, ctx.controller)
    return a ~= nil and #cutting_borders(game, a, b) > 0
  end,
  resolve = function(ctx)
    local game, p = ctx.game, ctx.controller
    if not ctx.against then
      raise(ctx, game:edge(ctx.target.edge).edge)
      ctx.data.until_turn_of = p
      stay(ctx, p)
      return
    end
    local entry = game:stack_entry(ctx.against)
    if not entry then return end
    if untargeted_attack(game, entry) then
      local opts = borders_in_sight(game, p)
      local _, i = ctx:choose(p, "border", "Wall of Earth: on which border line?", opts)
      raise(ctx, opts[i].edge)
      ctx.data.answers = entry.card
      stay(ctx, p)
      return
    end
    local opts = cutting_borders(game, aimed_at(game, entry, p))
    local _, i = ctx:choose(p, "border", "Wall of Earth: on which border line?", opts)
    local o = opts[i]
    raise(ctx, o.edge)
    ctx:cancel()
    -- a thrown thing struck it: it falls on the near side (8th: Throwing Objects)
    game:mark_stack(ctx.against, "blocked_at", o.edge)
    -- it took the blow and falls at once
    game:destroy_barrier(o.edge)
    game:after("object_destroyed", { edge = o.edge, card = ctx.card })
    ctx.data.dirt = nil
  end,
  on_end = function(ctx)
    local game = ctx.game
    for _, e in ipairs(ctx:walls_made()) do -- where it stands now (a sector may have turned)
      game:destroy_barrier(e)
      game:after("object_destroyed", { edge = e, card = ctx.card })
    end
    ctx.data.dirt, ctx.data.answers, ctx.data.until_turn_of = nil, nil, nil
  end,
  -- Immune to damage.
  before_damage = function(ctx, ev)
    local t = ev.target or {}
    if (t.kind == "wall" or t.kind == "door") and ctx.game:edge(t.edge).created_by == ctx.card then return false end
  end,
  -- The bolt it answered is over.
  on_discard = function(ctx, ev)
    if ctx.data.answers ~= nil and ev.card == ctx.data.answers then collapse(ctx) end
  end,
  on_turn_end = function(ctx)
    if ctx.data.answers ~= nil then collapse(ctx) end
  end,
  on_turn_start = function(ctx)
    if ctx.data.until_turn_of ~= nil and ctx.game:turn().active == ctx.data.until_turn_of then collapse(ctx) end
  end,
  tests = {
    { "as a counter it stops a Fireball; the wall falls at once", function(t, g)
      local fb = t:turn_of(1, "Fireball")
      local w = t:give(0, "Wall of Earth")
      local at = g:player(0).at
      local far
      for _, s in ipairs(g:visible_from(at)) do
        if not far and g:distance(at, s) == 2 then far = s end
      end
      t:ok(far, "a square 2 steps away in sight")
      t:place(1, far)
      t:answer(0, { card = w })
      -- a line that cuts the attacker's sight of the target (the answer must be a legal one)
      local a, b = g:player(1).at, at
      local first ---@type Edge?
      for x = math.min(a.x, b.x), math.max(a.x, b.x) do
        for y = math.min(a.y, b.y), math.max(a.y, b.y) do
          for _, n in ipairs(g:neighbours({ x = x, y = y })) do
            local e = g:edge(n.edge)
            if not first and e.barrier == "open" and not e.boundary then
              g:create_barrier(e.edge, false)
              if not g:los(a, b) then first = e.edge end
              g:destroy_barrier(e.edge)
            end
          end
        end
      end
      assert(first, "some line cuts the sight")
      t:answer(0, { edge = first })
      t:cast { card = fb, at = t:wizard(0) }
      t:eq(t:lost(0), 0, "the Fireball struck the wall")
      t:eq(g:edge(first).barrier, "open", "the wall collapsed")
      t:eq(g:card(w).zone.kind, "pile")
      t:ok(g:turn().vars.attacked, "the attack is spent")
      t:eq(#t:log("object_created"), 1)
    end },
    { "a rock thrown at you strikes it and falls in front of it", function(t, g)
      t:active(1)
      local r = t:put(1, "Large Rock")
      local w = t:give(0, "Wall of Earth")
      -- thrower, middle, target: a free straight line of two squares from player 1
      local line = line_of_two(g, g:player(1).at)
      assert(line, "a free line")
      t:place(0, line[2])
      local e = line_between(g, line[1], line[2])
      t:answer(0, { card = w })
      t:answer(0, { edge = e })
      t:throw { card = r, at = t:wizard(0) }
      t:eq(t:lost(0), 0, "the rock struck the wall")
      t:eq(t:log("landed")[1].square, line[1], "it fell on the thrower's side of the wall")
      t:eq(g:edge(assert(e)).barrier, "open", "and the wall collapsed")
    end },
    -- 8th: Changing the Map and Glossary, Wall: a line holding a Wall of Fire already holds a
    -- wall, so no wall of dirt rises there, as a spell or as a counter.
    { "not on a line holding a Wall of Fire (8th: Changing the Map; Glossary, Wall)", function(t, g)
      local fb = t:turn_of(1, "Fireball")
      local w = t:give(0, "Wall of Earth")
      -- thrower, middle, target: the two lines between them are all that could cut his sight
      local a = g:player(1).at
      local line = line_of_two(g, a)
      assert(line, "a free line")
      t:place(0, line[2])
      local flames = { line_between(g, a, line[1]), line_between(g, line[1], line[2]) }
      for _, e in ipairs(flames) do
        t:cast { card = t:give(1, "Wall of Fire"), at = t:border(e) }
      end
      t:active(0)
      t:ok(t:has { kind = "cast", card = w }, "some empty line in sight")
      for _, e in ipairs(flames) do
        t:eq(t:count { kind = "cast", card = w, target = t:border(e) }, 0, "as a spell, not on the flames")
      end
      t:active(1)
      -- no line left to cut the sight: no counter is offered (the strict agent fails on one)
      t:cast { card = fb, at = t:wizard(0) }
      t:eq(t:lost(0), 5, "the Fireball went through the flames to him")
      t:eq(g:card(w).zone.kind, "hand")
    end },
    { "no counter when no wall can come between (same square)", function(t, g)
      local z = t:turn_of(1, "Zot!")
      t:give(0, "Wall of Earth")
      t:place(1, g:player(0).at)
      t:answer(1, "damage")
      t:cast { card = z, at = t:wizard(0) } -- the strict agent fails on a response request
      t:eq(t:lost(0), 1)
    end },
    { "a Lightning Bolt turns back off it", function(t, g)
      local lb = t:turn_of(1, "Lightning Bolt")
      local two = t:give(1, "Stone Spikes") -- worth 2 energy: out to the wall and back

      local w = t:give(0, "Wall of Earth")
      -- a free straight line of 2 squares from player 1's home: 1 at a, 0 at a+2
      local a = g:player(1).at
      local dir, line ---@type Dir?, Square[]?
      for _, d in ipairs({ "N", "E", "S", "W" }) do
        local r = g:run(a, d, 2)
        if not dir and #r.squares == 2 and r.headings[2] == d then dir, line = d, r.squares end
      end
      assert(dir and line, "a free line")
      t:place(0, line[2])
      local e ---@type Edge?
      for _, n in ipairs(g:neighbours(line[1])) do if n.dir == dir then e = g:edge(n.edge).edge end end
      assert(e, "the line beside the bolt's first square")
      t:answer(0, { card = w })
      t:answer(0, { edge = e })
      t:answer(1, dir)
      t:cast { card = lb, boost = two }
      t:eq(t:lost(0), 0, "the bolt never reached him")
      t:eq(t:lost(1), 3, "it turned back into the caster's own square")
      t:eq(g:edge(e).barrier, "open", "the wall fell after the bolt")
      t:eq(g:card(w).zone.kind, "pile")
    end },
    { "on your turn: blocks sight and movement, takes no damage, falls when your next turn begins", function(t, g)
      local w = t:turn_of(0, "Wall of Earth")
      local at = g:player(0).at
      local n ---@type Neighbour?
      for _, s in ipairs(g:neighbours(at)) do
        local e = g:edge(s.edge)
        if not n and not s.link and e.barrier == "open" and not e.boundary then n = s end
      end
      assert(n, "an open border beside him")
      local e = g:edge(n.edge).edge
      t:cast { card = w, at = t:border(e) }
      t:eq(g:edge(e).barrier, "wall")
      t:ok(not g:los(at, n.to), "blocks sight")
      for _, s in ipairs(g:steps(0)) do t:ok(s.dir ~= n.dir, "blocks movement") end
      local H = require("rules.ctx")
      local ctx = setmetatable({ game = g, caster = 1, controller = 1 }, { __index = H }) --[[@as Ctx]]
      H.damage(ctx, { kind = "wall", edge = e }, 30, { physical = true })
      t:eq(g:edge(e).barrier, "wall", "immune to damage")
      t:eq(g:edge(e).damage, 0)
      t:pass(1)
      t:eq(g:turn().active, 1)
      t:eq(g:edge(e).barrier, "wall", "it stands through the other turns")
      t:pass(1)
      t:eq(g:turn().active, 0)
      t:eq(g:edge(e).barrier, "open", "gone when the caster's turn comes round")
      t:eq(g:card(w).zone.kind, "pile")
    end },
    { "decks: two in Elemental (with Create Wall x2 and Destroy Wall), one in Conjuring", function(t, g)
      local decks = require("rules.decks")
      local function count(list)
        local n = {}
        for _, k in ipairs(list) do n[k] = (n[k] or 0) + 1 end
        return n
      end
      local el = count(decks.card_list(g, { "elemental" }))
      t:eq(el["8th/elemental/wall_of_earth"], 2)
      t:eq(el["8th/cantrip/create_wall"], 2)
      t:eq(el["8th/cantrip/destroy_wall"], 1)
      t:eq(el["8th/elemental/fireball"], 3)
      local total = 0
      for _, n in pairs(el) do total = total + n end
      t:eq(total, 24, "the whole Elemental deck")
      local cj = count(decks.card_list(g, { "conjuring" }))
      t:eq(cj["8th/elemental/wall_of_earth"], 1)
      local both = count(decks.card_list(g, { "cantrip", "elemental" }))
      t:eq(both["8th/cantrip/create_wall"], 4, "Cantrip's own two plus Elemental's two")
    end },
  },
}
