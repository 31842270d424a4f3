-- 8th Mentalism "Astral Projection": your mind leaves your body for a moment. Pick an empty
-- square up to 3 squares away (counted without diagonals, walls ignored) and cast one spell
-- as if you stood there: its range and line of sight are measured from that square.
-- reconstructed: the projection and its spell happen while Astral Projection resolves: the
-- wizard's figure is set on the chosen square (no movement, no `move` event), his player picks
-- one spell of his hand with one of its legal targets from there (and a boost, if he likes),
-- it is cast there and answered as usual, and the figure goes back to his body's square
-- whatever the spell did (a spell that hits "every wizard in the square" hits the projection).
-- The distance is game:distance; "empty" as the target type (no wizard, object, treasure or
-- creature). An attack spell cast this way is the turn's attack and only allowed when he may
-- still attack (8th: Attacking: one a turn, none on his first turn; A Stunned Wizard: not after
-- moving; Mist Body: none). He may decline to cast anything.
local targets = require("rules.targets")
local play = require("rules.play")
local effects = require("rules.effects")
local transform = require("rules.transform")
local attacks = require("rules.attacks")
local RANGE = 3

-- The empty squares 1 to 3 squares from `at`; with `first`, only the first found (whether he
-- may cast it at all is asked at every listing of his actions).
local function spots_near(game, at, first)
  local out = {}
  for _, s in ipairs(game:squares()) do
    local d = game:distance(at, s)
    if d ~= nil and d >= 1 and d <= RANGE and #game:seats_at(s) == 0 and #game:objects_at(s) == 0 then
      out[#out + 1] = { label = targets.sq_words(s), square = s }
      if first then return out end
    end
  end
  return out
end

-- May p cast card c of his hand now (its kind, the turn's attack, effects, his form, its own
-- can_cast)?
local function castable(game, p, c)
  local card = game:card(c)
  return (card.kind == "neutral" or (card.kind == "attack" and attacks.may_attack(game)))
    and not effects.forbidden(game, c) and transform.may_cast(game, p, card.kind)
    and game:call_card(c, "can_cast", { caster = p, controller = p }) ~= false
end

-- Adds to `out` the casts of card c: at each legal target, with or without each boost.
---@param out Option[]
local function add_casts(out, game, p, c)
  local tlist = targets.legal(game, p, c)
  if #(game:card(c).targets or {}) == 0 then tlist = { { kind = "none", label = "" } } end
  for _, t in ipairs(tlist) do
    local words = targets.words(game, t, p)
    local label = "cast " .. play.name_of(game, c) .. (words ~= "" and (" at " .. words) or "")
    out[#out + 1] = { label = label, card = c, target = t }
    for _, b in ipairs(play.boosts(game, p, c)) do
      out[#out + 1] = { label = label .. " with " .. play.name_of(game, b), card = c, target = t, boost = b }
    end
  end
end

-- The spells of p's hand he may cast from where his figure stands now, each at each legal
-- target, with or without each boost.
---@return Option[]
local function casts(ctx, p)
  local out = {}
  for _, c in ipairs(ctx.game:hand(p)) do
    if castable(ctx.game, p, c) then add_casts(out, ctx.game, p, c) end
  end
  return out
end

return card {
  name = "Astral Projection", school = "mentalism", kind = "neutral", copies = 2,
  range = "caster", duration = "instant",
  text = "Send your mind out to an empty square up to 3 squares away (walls don't matter) and cast one spell from your hand as if you were standing there. Then your mind returns to your body.",
  can_cast = function(ctx) return #spots_near(ctx.game, ctx.game:player(ctx.caster).at, true) > 0 end,
  resolve = function(ctx)
    local game, p = ctx.game, ctx.caster
    local body = game:player(p).at
    if not body then return end
    local spots = spots_near(game, body)
    if #spots == 0 then return end
    local _, i = ctx:choose(p, "square", "Astral Projection: to which square?", spots)
    local there = spots[i].square
    game:place_seat_figure(p, there)
    game:log("astral_projection", { player = p, square = there })
    local opts = casts(ctx, p)
    opts[#opts + 1] = { key = "none", label = "cast nothing" }
    local _, j = ctx:choose(p, "cast", "Astral Projection: cast which spell from there?", opts, { pass = "none" })
    local o = opts[j]
    if o.card then play.cast(game, p, { card = o.card, target = targets.named(game, o.target, p), boost = o.boost }) end
    if game:player(p).alive then game:place_seat_figure(p, body) end
  end,
  tests = {
    { "a Zot! at a wizard seen only from the projected square; then back to the body", function(t, g)
      local ap, z = t:turn_of(0, "Astral Projection", "Zot!")
      local home = g:player(0).at
      local from, victim
      for _, s in ipairs(g:squares()) do
        local d = g:distance(home, s)
        if not from and d and d >= 1 and d <= 3 and #g:seats_at(s) == 0 and #g:objects_at(s) == 0 then
          for _, u in ipairs(g:visible_from(s)) do
            if not victim and not g:los(home, u) then from, victim = s, u end
          end
        end
      end
      t:ok(from, "a square that sees what home does not")
      t:place(1, victim)
      t:answer(0, { square = from })
      t:answer(0, { card = z, target = { kind = "wizard", player = 1 } })
      t:answer(0, "damage")
      t:cast { card = ap }
      t:eq(t:lost(1), 1)
      t:eq(g:player(0).at, home, "back in his body")
      t:ok(g:turn().vars.attacked, "the Zot! was the turn's attack")
      t:eq(g:card(ap).zone.kind, "pile")
    end },
    { "no attack spell once the turn's attack is spent", function(t, g)
      t:active(0)
      g:set_turn_var("attacked", true)
      local ap, z = t:give(0, "Astral Projection"), t:give(0, "Zot!")
      local spot = require("test.spots").free_square(g, g:player(0).at)
      assert(spot, "a free square beside him")
      t:answer(0, { square = spot.to })
      t:cast { card = ap } -- only "cast nothing" is left: nobody is asked
      t:eq(g:card(z).zone.kind, "hand")
      t:eq(#t:log("cast"), 1, "Astral Projection alone")
    end },
    { "Negate Neutral cancels it: no projection, no spell", function(t, g)
      local home = g:player(0).at
      t:answer(1, { card = t:give(1, "Negate Neutral") })
      local _, held = require("test.first").cast(t, "Astral Projection", { "Zot!" })
      t:eq(g:player(0).at, home)
      t:eq(g:card(held[1]).zone.kind, "hand")
      t:eq(#t:log("astral_projection"), 0)
    end },
  },
}
