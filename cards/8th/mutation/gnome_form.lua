-- 8th Mutation "Gnome Form": the caster becomes a small, quick-dodging gnome while the spell
-- lasts: base speed 2, and each attack on him is evaded on a d4 roll of 1 or 2. Cast on his
-- own turn, or as a counter when he is attacked (the rulebook's example, 8th: Canceling,
-- Reducing, and Evading Spells: Gnome Form against a Fireball, evaded on a 2).
-- 8th: Card Traits, Transformation (rules/transform.lua); the roll: rules/dodge.lua.
-- reconstructed: cast on oneself only, needing no target; one roll per attack (the attack
-- answered with the card has its roll at once); damage that is no attack is not evaded;
-- "attacked" is an attack aimed at him (rules/attacks.lua); played as a counter it is
-- unboosted or boosted like any counter, and its duration is its energy.
local attacks = require("rules.attacks")
local dodge = require("rules.dodge")

local function evades(face) return face <= 2 end

return card {
  name = "Gnome Form", school = "mutation", kind = "neutral", energy = 2,
  range = "caster", duration = "temporary",
  traits = { "transformation" },
  text = "Become a gnome while this spell lasts: base speed 2, and whenever you are attacked roll a d4: on a 1 or 2 you evade the attack. You may cast this as a counter spell when you are attacked.",
  can_respond = function(ctx, entry) return attacks.aimed_at(ctx.game, entry, ctx.controller) end,
  resolve = function(ctx)
    ctx:transform(ctx.controller, { speed = 2 })
    if ctx.against then dodge.roll(ctx.game, ctx.card, ctx.against, 4, evades) end
  end,
  before_damage = function(ctx, ev) return dodge.before_damage(ctx, ev, ctx.controller, 4, evades) end,
  tests = {
    { "as a counter against a Fireball: evaded on 1-2, full damage on 3-4; one roll", function(t, g)
      local T = require("rules.transform")
      local evaded, hit = 0, 0
      for _ = 1, 16 do
        t:active(0)
        t:set_life(1, g:config().life)
        local f = t:give(0, "Fireball")
        local gf = t:give(1, "Gnome Form")
        t:place(1, g:player(0).at)
        local before = #t:log("roll")
        t:answer(1, { card = gf })
        t:cast { card = f, at = t:wizard(1) }
        local rolls = t:log("roll")
        t:eq(#rolls, before + 1, "one roll for one attack")
        local r = rolls[#rolls].result
        if r <= 2 then
          t:eq(t:lost(1), 0, "rolled " .. r .. ": evaded")
          evaded = evaded + 1
        else
          t:eq(t:lost(1), 5, "rolled " .. r .. ": full damage")
          hit = hit + 1
        end
        t:eq(T.base_speed(g, 1), 2, "a gnome moves 2")
        t:ok(g:turn().vars.attacked, "the attack is spent either way")
      end
      t:ok(evaded > 0 and hit > 0, "both outcomes seen: " .. evaded .. " evaded, " .. hit .. " hit")
    end },
    { "cast on his turn: later punches roll too", function(t, g)
      local evaded, hit = 0, 0
      local gf, e = t:turn_of(1, "Gnome Form", "Energy 6")
      t:cast { card = gf, boost = e }
      for _ = 1, 12 do
        t:active(0)
        t:set_life(1, g:config().life)
        t:place(0, g:player(1).at)
        t:punch(t:wizard(1))
        local rolls = t:log("roll")
        local r = rolls[#rolls].result
        if r <= 2 then evaded = evaded + 1; t:eq(t:lost(1), 0) else hit = hit + 1; t:eq(t:lost(1), 1) end
      end
      t:ok(evaded > 0 and hit > 0, "both outcomes seen")
    end },
    { "no dodging damage that is no attack (Destroy Wall beside him)", function(t, g)
      local spots = require("test.spots")
      local gf = t:turn_of(1, "Gnome Form")
      t:cast { card = gf }
      local s, n = spots.square_with_wall(g)
      assert(s and n, "a square with an inner wall")
      t:place(1, s)
      local d = t:turn_of(0, "Destroy Wall")
      local before = #t:log("roll")
      t:cast { card = d, at = t:wall(n.edge) }
      t:eq(t:lost(1), 2, "2 damage, no roll")
      t:eq(#t:log("roll"), before)
    end },
    { "not offered as a counter when the attack is aimed at someone else, nor against a neutral spell", function(t, g)
      local z = t:turn_of(0, "Zot!")
      t:give(1, "Gnome Form")
      t:place(2, g:player(0).at)
      t:answer(0, "damage")
      t:cast { card = z, at = t:wizard(2) } -- the strict agent would fail on a response request
      t:eq(t:lost(2), 1)
      local w = t:give(0, "Wallivore")
      local s, n = require("test.spots").square_with_wall(g)
      assert(s and n, "a square with an inner wall")
      t:place(0, s)
      t:cast { card = w, at = t:wall(n.edge) }
      t:eq(g:edge(n.edge).barrier, "open")
    end, players = 3 },
    { "cast as a spell on his turn, Negate Neutral cancels it: no form", function(t, g)
      local T = require("rules.transform")
      local gf = t:turn_of(1, "Gnome Form")
      local nn = t:give(0, "Negate Neutral")
      t:answer(0, { card = nn })
      t:cast { card = gf }
      t:eq(T.base_speed(g, 1), 3)
      t:eq(g:card(gf).zone.kind, "pile")
    end },
  },
}
