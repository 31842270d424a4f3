-- 8th Elemental "Waterbolt": a water attack whose energy is split between magical damage and
-- knock-back squares; it puts out fire.
-- reconstructed: only other wizards and objects are offered as targets (the card's
-- "yourself" use is left out: the ruleset bars attacks on oneself); the caster picks how
-- many points are damage, the rest push the wizard straight away from the caster (in line:
-- that way; off line: the caster picks one of the two ways that lead away; same square: any
-- way), stopping at anything that blocks movement; damage comes first; an object target
-- (walls and doors too) takes all the energy as damage, unless it is a Fire card lying on the
-- board (a dropped Fire Cloak): that is destroyed outright.
-- NOT DONE: ending the target wizard's Fire spells: no 8th Fire spell written so far is cast
-- on a wizard (a worn Fire Cloak puts itself out when it takes water damage).

local common = require("rules.common") -- (what an event keeps of a destroyed object)
local function has_trait(card, trait)
  for _, x in ipairs(card.traits or {}) do if x == trait then return true end end
  return false
end

---@return Dir[]
local function away_dirs(from, to)
  local out = {}
  if to.y < from.y then out[#out + 1] = "N" end
  if to.x > from.x then out[#out + 1] = "E" end
  if to.y > from.y then out[#out + 1] = "S" end
  if to.x < from.x then out[#out + 1] = "W" end
  if #out == 0 then out = { "N", "E", "S", "W" } end
  return out
end

return card {
  name = "Waterbolt", school = "elemental", kind = "attack", copies = 2, energy = 3,
  range = "los", duration = "instant", targets = { "wizard", "object" },
  traits = { "water" },
  text = "A blast of water at a wizard or object you can see. Divide this spell's energy between magical damage and squares the wizard is pushed away from you. A Fire object it hits is destroyed, and it puts out the target's Fire spells (not done yet).",
  resolve = function(ctx)
    local game, t = ctx.game, ctx.target
    if t.kind ~= "wizard" then
      local o = t.kind == "object" and game:object(t.id)
      if o and o.id and o.card and has_trait(game:card(o.card), "fire") then
        game:remove_object(o.id)
        ctx:discard_card(o.card)
        game:after("object_destroyed", { object = o.id, what = common.object_facts(o) })
        return
      end
      ctx:damage(t, ctx.energy, { magical = true, water = true })
      return
    end
    local p = t.player
    local opts = {}
    for i = 0, ctx.energy do opts[#opts + 1] = { key = tostring(i), label = i .. " damage, " .. (ctx.energy - i) .. " push" } end
    local dmg = tonumber((ctx:choose(ctx.caster, "split", "Waterbolt: how many points of damage?", opts))) --[[@as integer]]
    if dmg > 0 then ctx:damage(p, dmg, { magical = true, water = true }) end
    if not game:player(p).alive then return end
    local push = ctx.energy - dmg
    if push <= 0 then return end
    local from, at = game:player(ctx.caster).at, game:player(p).at
    if not at then return end
    local dirs = away_dirs(from, at)
    local dir = dirs[1]
    if #dirs > 1 then
      local d = {}
      for _, x in ipairs(dirs) do d[#d + 1] = { key = x } end
      dir = ctx:choose(ctx.caster, "direction", "Waterbolt: push which way?", d) --[[@as Dir]]
    end
    -- square by square, with a `move` event each (a Wall of Fire burns a pushed wizard)
    ctx:move_along(p, dir, game:run(at, dir, push), "push")
  end,
  tests = {
    { "unboosted: 1 point, as damage", function(t, g)
      local w = t:turn_of(0, "Waterbolt")
      t:place(1, g:player(0).at)
      t:answer(0, "1")
      t:cast { card = w, at = t:wizard(1) }
      t:eq(t:lost(1), 1)
      t:eq(g:player(1).at, g:player(0).at, "no push")
      t:ok(g:turn().vars.attacked, "it is the turn's attack")
    end },
    { "boosted to 4, all as damage", function(t, g)
      local w, e = t:turn_of(0, "Waterbolt", "8th/elemental/energy_4")
      t:place(1, g:player(0).at)
      t:answer(0, "4")
      t:cast { card = w, at = t:wizard(1), boost = e }
      t:eq(t:lost(1), 4)
      t:eq(g:player(1).at, g:player(0).at, "no push")
    end },
    { "boosted to 4: 1 damage and a push of 3 straight away from the caster", function(t, g)
      local w, e = t:turn_of(0, "Waterbolt", "8th/elemental/energy_4")
      local at = g:player(0).at
      local dir, sq ---@type Dir?, Square[]?
      for _, d in ipairs({ "N", "E", "S", "W" }) do
        local r = g:run(at, d, 4)
        if not dir and #r.squares == 4 and r.stop.kind == "length" and r.headings[4] == d
            and g:los(at, r.squares[1]) then
          local straight = true
          for i = 2, 4 do
            if (r.squares[i].x ~= r.squares[1].x) and (r.squares[i].y ~= r.squares[1].y) then straight = false end
          end
          if straight then dir, sq = d, r.squares end
        end
      end
      assert(dir and sq, "a free line")
      t:place(1, sq[1])
      t:answer(0, "1")
      t:cast { card = w, at = t:wizard(1), boost = e }
      t:eq(t:lost(1), 1)
      t:eq(g:player(1).at, sq[4])
    end },
    { "a push stops at a wall", function(t, g)
      local w = t:turn_of(0, "Waterbolt")
      t:place(1, g:player(0).at)
      local at = g:player(0).at
      local blocked ---@type Dir?
      for _, d in ipairs({ "N", "E", "S", "W" }) do
        if not blocked and #g:run(at, d, 1).squares == 0 then blocked = d end
      end
      assert(blocked, "a wall beside the caster")
      t:answer(0, "0")
      t:answer(0, blocked)
      t:cast { card = w, at = t:wizard(1) }
      t:eq(t:lost(1), 0)
      t:eq(g:player(1).at, at, "the wall holds him")
    end },
    { "a dropped Fire Cloak (a Fire object) is destroyed", function(t, g)
      t:active(0)
      local c, w = t:put(0, "Fire Cloak"), t:give(0, "Waterbolt")
      t:act { kind = "drop_item", card = c }
      local here = g:player(0).at
      assert(here, "the caster stands on the board")
      local id = g:objects_at(here)
      local obj ---@type integer?
      for _, o in ipairs(id) do if o.card == c then obj = o.id end end
      assert(obj, "the cloak lies in the square")
      g:set_card_data(c, "deck", "deck_1") -- (Custom Spellbook: the second group's deck)
      t:cast { card = w, at = t:object(obj) }
      t:eq(g:object(obj), nil)
      t:eq(g:card(c).zone, { kind = "pile", pile = "discard_1" }, "discarded beside its own deck")
    end },
    { "at a wall: all the energy is damage to it", function(t, g)
      local w, e = t:turn_of(0, "Waterbolt", "Energy 6")
      local a = t:list { kind = "cast", card = w, target = { kind = "wall" }, boost = e }[1]
      t:ok(a, "a wall in sight")
      t:act(a)
      t:eq(g:edge(a.target.edge).damage, 2, "6 damage: 2 cracks")
    end },
    { "it can be discarded as energy 3", function(t, g)
      local w = t:turn_of(0, "Waterbolt")
      t:act { kind = "boost", card = w }
      t:eq(g:turn().vars.boost, 3)
    end },
  },
}
