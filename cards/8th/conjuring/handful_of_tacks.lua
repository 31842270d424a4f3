-- 8th Conjuring "Handful of Tacks": an item; its carrier may scatter the tacks in an empty
-- square, where whoever enters takes 3 physical damage (not an attack: rules/hazards.lua).
-- A wizard who starts his Move and Cast phase beside them may spend that whole phase
-- gathering them up again. Water washes them away.
-- reconstructed: scattering is an action of the carried item (rules/card_actions.lua) at an
-- empty square adjacent to the carrier, not a home base (the one he stands in is not empty); lying there the
-- tacks are a fixed object (no ordinary pick-up); gathering is offered as the phase begins
-- (then the phase ends at once), the tacks come back as a carried item (with room made as
-- the hand limit asks: 8th, Picking Up and Dropping Objects); "water" is water damage dealt
-- to them or a Global Water spell (Flood): they are discarded.
local hazards = require("rules.hazards")
local common = require("rules.common")
local stage = require("test.stage")

local function lying(game, c)
  for _, o in ipairs(game:objects()) do
    if o.card == c and o.at and o.at.side == nil then return o end
  end
  return nil
end

local function wash_away(game, c)
  local o = lying(game, c)
  if not o then return end
  game:remove_object(o.id)
  common.discard(game, c)
  game:after("object_destroyed", { object = o.id, what = common.object_facts(o) })
end

return card {
  name = "Handful of Tacks", school = "conjuring", kind = "item", energy = 3,
  traits = { "trinket" },
  text = "Item. Scatter the tacks in an empty square next to you: whoever enters that square takes 3 physical damage (not an attack). Beginning your Move and Cast phase next to them, you may spend the whole phase picking them up. Water washes them away.",
  actions = {
    scatter = {
      run = function(ctx)
        if ctx.list then
          local out = {}
          for _, t in ipairs(ctx:targets_of({ "empty_square" }, "adjacent")) do
            -- (lying there they are a fixed object, which never lies on a home base: 8th,
            -- Home Base Squares and Changing the Map)
            if ctx.game:home_sector_at(t.at) == nil then out[#out + 1] = { label = t.label, target = t } end
          end
          return out
        end
        local game, p = ctx.game, ctx.controller
        game:call_card(ctx.card, "on_end", { controller = p })
        local id = game:create_object { kind = "tacks", card = ctx.card, at = ctx.target.at, mobile = false, owner = p }
        game:after("drop", { player = p, card = ctx.card, object = id, square = ctx.target.at })
      end,
    },
  },
  on_move = function(ctx, ev)
    if ctx.game:card(ctx.card).zone.kind == "play" then return end
    if hazards.entered(ctx, ev) then hazards.hurt(ctx, ev.wizard, 3, { physical = true }) end
  end,
  -- 8th: A Player's Turn: gathering them takes the whole Move and Cast phase.
  on_phase_start = function(ctx, ev)
    local game = ctx.game
    local o = lying(game, ctx.card)
    if ev.phase ~= "move_and_cast" or not o then return end
    local p = game:turn().active
    local at = game:player(p).at
    if not at or not game:adjacent(at, o.at) then return end
    local k = ctx:choose(p, "gather", "Spend this phase gathering the Handful of Tacks?", { { key = "gather" }, { key = "leave" } }, { pass = "leave" })
    if k ~= "gather" then return end
    game:remove_object(o.id)
    game:move_card(ctx.card, { kind = "play", player = p })
    game:set_card(ctx.card, { controller = p })
    game:after("pick_up", { player = p, object = o.id, card = ctx.card })
    common.discard_to_limit(game, p)
    game:end_phase()
  end,
  on_damage = function(ctx, ev)
    local o = lying(ctx.game, ctx.card)
    if o and (ev.tags or {}).water and ev.target and ev.target.id == o.id then wash_away(ctx.game, ctx.card) end
  end,
  on_cast = function(ctx, ev)
    local game = ctx.game
    if not ev.card or not lying(game, ctx.card) then return end
    if common.has_trait(game, ev.card, "water") and common.has_trait(game, ev.card, "global") then wash_away(game, ctx.card) end
  end,
  tests = {
    { "scattered beside you: entering costs 3 life, no attack", function(t, g)
      local _, n = stage.roomy(t)
      local c = t:give(0, "Handful of Tacks")
      t:act { kind = "item", card = c }
      t:act { kind = "card_action", card = c, action = "scatter", option = { target = t:square(n.to) } }
      t:eq(g:objects_at(n.to)[1].kind, "tacks")
      t:eq(#g:play_area(0), 0, "no longer carried")
      t:ok(not t:has { kind = "pick_object" }, "not picked up like a dropped item")
      t:move(n.dir)
      t:eq(t:lost(0), 3)
      t:ok(not g:turn().vars.attacked)
    end },
    { "scattered only in a free square next to you, none farther", function(t, g)
      local at = stage.roomy(t)
      local c = t:give(0, "Handful of Tacks")
      t:act { kind = "item", card = c }
      local offered = 0
      for _, s in ipairs(g:squares()) do
        local free = #g:objects_at(s) == 0 and #g:seats_at(s) == 0 and g:home_sector_at(s) == nil
        local expected = free and g:adjacent(at, s)
        local has = t:has { kind = "card_action", card = c, action = "scatter", option = { target = t:square(s) } }
        t:eq(has, expected, "square " .. s.x .. "," .. s.y)
        if has then offered = offered + 1 end
      end
      t:ok(offered > 0, "some square next to him")
    end },
    { "gathered back by spending the phase beside them", function(t, g)
      local _, n = stage.roomy(t)
      local c = t:give(0, "Handful of Tacks")
      t:act { kind = "item", card = c }
      t:act { kind = "card_action", card = c, action = "scatter", option = { target = t:square(n.to) } }
      t:pass(1)
      t:answer(1, "draw_0")
      t:answer(0, "gather")
      t:pass(1)
      t:eq(g:card(c).zone.kind, "play", "carried again")
      t:eq(g:card(c).zone.player, 0)
      t:eq(#g:objects_at(n.to), 0)
      t:eq(#t:log("pick_up"), 1)
    end },
    { "a Flood washes them away", function(t, g)
      local _, n = stage.roomy(t)
      local c, f = t:give(0, "Handful of Tacks"), t:give(0, "Flood")
      t:act { kind = "item", card = c }
      t:act { kind = "card_action", card = c, action = "scatter", option = { target = t:square(n.to) } }
      t:cast { card = f }
      t:eq(#g:objects_at(n.to), 0)
      t:eq(g:card(c).zone.kind, "pile")
      t:move(n.dir)
      t:eq(t:lost(0), 0)
    end },
    { "never scattered on a home base", function(t, g)
      t:active(0)
      local home = g:home(g:player(0).home_sector)
      local beside
      for _, d in ipairs({ "N", "E", "S", "W" }) do
        local r = g:run(home, d, 1)
        if not beside and #r.squares == 1 then beside = r.squares[1] end
      end
      t:ok(beside, "a square beside the home base")
      t:place(0, beside)
      local c = t:put(0, "Handful of Tacks")
      local opts = t:list { kind = "card_action", card = c, action = "scatter" }
      for _, a in ipairs(opts) do
        local at = a.option.target.at
        t:ok(not (at.x == home.x and at.y == home.y), "the home base is not offered")
      end
    end },
  },
}
