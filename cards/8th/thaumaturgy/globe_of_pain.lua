-- 8th Thaumaturgy "Globe of Pain": a glowing globe sent to a wizard or creature within 6
-- squares of movement of the caster. It goes round corners and through objects, except those
-- that stop movement, and deals magical damage equal to the spell's energy to its target
-- alone.
-- 8th: Moving (how far, by squares of movement: game:path with no special flags, so walls,
-- closed doors and objects that block movement are in its way); Target Range.
-- reconstructed: no line of sight is needed (range "anywhere", the 6-square path is the
-- limit), so a Wall of Earth cannot stop it; every closed door stops it, even one its caster
-- could open (the globe is no wizard); the path is reckoned when it is cast; a target in the
-- caster's own square is within reach.
local REACH = 6

-- Is square b within REACH squares of movement of a?
local function within_reach(game, a, b)
  if not (a and b) then return false end
  if a.x == b.x and a.y == b.y then return true end
  local path = game:path(a, b)
  return path ~= nil and #path <= REACH
end

-- For the tests: a square the caster can't see, at so many squares of movement (lo..hi).
local function hidden_square(game, at, lo, hi)
  for _, r in ipairs(game:reachable(at, hi)) do
    local s = r.square
    if r.cost >= lo and not game:los(at, s) and game:home_sector_at(s) == nil then return s end
  end
end

return card {
  name = "Globe of Pain", school = "thaumaturgy", kind = "attack", copies = 2, energy = 3,
  range = "anywhere", duration = "instant", targets = { "wizard", "creature" },
  text = "Send a globe of pain at a wizard or creature at most 6 squares of movement away; it turns corners and passes objects that don't stop movement. Its target alone takes magical damage equal to this spell's energy.",
  can_target = function(ctx, t)
    return within_reach(ctx.game, ctx.game:player(ctx.caster).at, ctx:square_of(t))
  end,
  resolve = function(ctx) ctx:damage(ctx.target, ctx.energy, { magical = true }) end,
  tests = {
    { "round corners, out of sight: the target takes the spell's energy", function(t, g)
      local s = hidden_square(g, g:player(0).at, 2, REACH)
      t:ok(s, "a square out of sight within 6")
      require("test.duel").aim(t, "Globe of Pain", { square = s, boost = "8th/elemental/energy_5" })
      t:eq(t:lost(1), 5)
      t:eq(t:lost(0), 0)
      t:ok(g:turn().vars.attacked)
    end },
    { "not at a wizard more than 6 squares of movement away", function(t, g)
      local far
      for _, r in ipairs(g:reachable(t:at(0), 12)) do
        if not far and r.cost >= REACH + 1 then far = r.square end
      end
      t:ok(far, "a square 7 or more away")
      t:place(1, far)
      local gp = t:turn_of(0, "Globe of Pain")
      t:eq(t:count { kind = "cast", card = gp }, 0)
    end },
    { "only its target is hurt, not another wizard in the same square", function(t, g)
      local s = hidden_square(g, g:player(0).at, 1, REACH)
      t:place(2, s)
      require("test.duel").aim(t, "Globe of Pain", { square = s })
      t:eq(t:lost(1), 1, "energy 1")
      t:eq(t:lost(2), 0, "the other wizard there is untouched")
      t:eq(t:lost(0), 0)
    end, players = 3 },
    { "a Full Shield cancels it", function(t, g)
      local away = hidden_square(g, g:player(0).at, 2, REACH)
      require("test.duel").aim(t, "Globe of Pain", { square = away, plays = { "Full Shield" } })
      t:eq(t:lost(1), 0)
      t:ok(g:turn().vars.attacked, "the attack is spent")
    end },
    { "decks: two in Thaumaturgy, a deck of 24 with its borrowed cards", function(t, g)
      local n, total = {}, 0
      for _, k in ipairs(require("rules.decks").card_list(g, { "thaumaturgy" })) do
        n[k] = (n[k] or 0) + 1
        total = total + 1
      end
      t:eq(n["8th/thaumaturgy/globe_of_pain"], 2)
      t:eq(n["8th/conjuring/fire_darts"], 2)
      t:eq(n["8th/elemental/energy_5"], 2)
      t:eq(total, 24, "the whole Thaumaturgy deck")
    end },
  },
}
