-- 8th Mentalism "Featherweight" (the Mutation deck borrows one): a counter played when you
-- are attacked. While it lasts you are light as a feather: each point of damage an attack
-- would deal you moves you one square instead, away from the attacker; at a turning you
-- choose the way. Points left when nothing lets you go on are taken as damage.
-- 8th: Card Clarifications, Featherweight: if the attack comes from your own square, you
-- choose the direction.
-- reconstructed: only damage from an attack is turned into movement (other damage has no
-- "away"); the first square is one that leads away from the attacker's square (you choose if
-- several do), every further square any way but back (you choose when there are several);
-- the moves follow the normal rules of movement (rules/forced_move.lua). It lasts as many of
-- your turns as its energy (8th: Temporary); a counter is boosted like any spell.
-- The card data's sources disagree on its school (Mentalism or Mutation): filed here.
local attacks = require("rules.attacks")
local forced = require("rules.forced_move")

-- Pushes wizard p `n` squares away from square `from`; returns the points he could not use.
---@param ctx Ctx
local function drift(ctx, p, from, n)
  local game = ctx.game
  local last
  while n > 0 and game:player(p).alive do
    local opts ---@type Option[]
    if last == nil then
      local away = {}
      for _, d in ipairs(forced.away_dirs(from, game:player(p).at)) do away[d] = true end
      opts = {}
      for _, s in ipairs(forced.steps(game, p)) do if away[s.dir] then opts[#opts + 1] = s end end
    else
      opts = forced.steps(game, p, forced.back[last])
    end
    if #opts == 0 then break end
    local o = opts[1]
    if #opts > 1 then
      local _, i = ctx:choose(p, "direction", "Featherweight: drift which way?", opts)
      o = opts[i]
    end
    forced.step(game, p, o, "featherweight")
    last = o.dir
    n = n - 1
  end
  return n
end

return card {
  name = "Featherweight", school = "mentalism", kind = "counter",
  duration = "temporary",
  text = "Play when you are attacked. While this spell lasts, each point of damage an attack would deal you moves you one square away from the attacker instead (you pick the way at turnings). Any points left when you can go no further are dealt as damage.",
  can_respond = function(ctx, entry) return attacks.aimed_at(ctx.game, entry, ctx.controller) end,
  before_damage = function(ctx, ev)
    local game = ctx.game
    local zone = game:card(ctx.card).zone
    if zone.kind ~= "play" then return end
    local me = zone.player -- whose play area it lies in
    if me == nil then return end
    local t = ev.target
    if not ev.attack or type(t) ~= "table" or t.kind ~= "wizard" or t.player ~= me then return end
    local attacker = ev.caster ~= nil and game:player(ev.caster) or nil
    local from = (attacker and attacker.at) or game:player(me).at
    local left = drift(ctx, me, from, ev.amount)
    if left <= 0 or not game:player(me).alive then return false end
    ev.amount = left
  end,
  tests = {
    { "a counter to a Zot!: pushed a square instead of hurt; it lasts", function(t, g)
      local z = t:turn_of(1, "Zot!")
      local f = t:give(0, "Featherweight")
      local at = g:player(0).at
      t:place(1, at)
      local opts = require("rules.forced_move").steps(g, 0)
      t:ok(#opts > 0, "room to drift")
      t:answer(0, { card = f })
      t:answer(1, "damage")
      if #opts > 1 then t:answer(0, opts[1].dir) end -- same square: he picks the way
      t:cast { card = z, at = t:wizard(0) }
      t:eq(t:lost(0), 0, "no damage")
      t:eq(g:player(0).at, opts[1].to)
      t:eq(g:card(f).zone.kind, "play", "it lasts")
    end },
    { "pushed into a dead end: the points left are damage", function(t, g)
      local z, e = t:turn_of(1, "Zot!", "Energy 4")
      t:put(0, "Featherweight")
      local spots = require("test.spots")
      local at = spots.roomy_square(g)
      local n = spots.free_square(g, at)
      assert(n, "a free square beside it")
      t:place(0, at)
      t:place(1, at)
      -- only one way out of his square, and that square a dead end
      local function wall_off(s, keep)
        for _, x in ipairs(g:neighbours(s)) do
          local info = g:edge(x.edge)
          if info.barrier == "open" and not info.boundary and not spots.same_edge(info.edge, keep) then
            g:create_barrier(info.edge, false)
          end
        end
      end
      wall_off(at, n.edge)
      wall_off(n.to, n.edge)
      t:eq(#require("rules.forced_move").steps(g, 0), 1, "one way out")
      t:answer(1, "damage")
      t:cast { card = z, at = t:wizard(0), boost = e }
      t:eq(g:player(0).at, n.to, "one square")
      t:eq(t:lost(0), 3, "three points left over")
    end },
    { "blocked at once: the points are damage", function(t, g)
      local z = t:turn_of(1, "Zot!")
      t:put(0, "Featherweight")
      -- the attacker in his square, walled in but for one way he may not take (all blocked)
      local at = g:player(0).at
      t:place(1, at)
      for _, n in ipairs(g:neighbours(at)) do
        local info = g:edge(n.edge)
        if info.barrier == "open" and not info.boundary then g:create_barrier(info.edge, false) end
      end
      t:answer(1, "damage")
      t:cast { card = z, at = t:wizard(0) }
      t:eq(t:lost(0), 1)
      t:eq(g:player(0).at, at)
    end },
    { "not for damage that is no attack", function(t, g)
      local spots = require("test.spots")
      local s, wall = spots.square_with_wall(g)
      assert(s and wall, "a square with an inner wall")
      t:put(0, "Featherweight")
      t:place(0, s)
      t:place(1, wall.to)
      local d = t:turn_of(1, "Destroy Wall")
      t:cast { card = d, at = t:wall(wall.edge) }
      t:eq(t:lost(0), 2)
      t:eq(g:player(0).at, s, "not moved")
    end },
    { "not cast on your own turn: a counter only", function(t)
      local f = t:turn_of(0, "Featherweight")
      t:eq(t:count { card = f }, 0)
    end },
  },
}
