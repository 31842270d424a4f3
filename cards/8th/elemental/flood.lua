-- 8th Elemental "Flood": water over the whole board. Every Fire spell ends and every Fire
-- item and Fire object is destroyed; while it lasts nobody may play a Fire spell or item. A
-- wizard who is attacked may play it as a counter.
-- reconstructed: played as a counter it cannot be boosted (1 energy: it lasts until its
-- player's next Time Passes), and it puts out a Fire spell still on the stack (so it stops
-- a Fireball aimed at you; the attack is still spent); any other attack goes on; "attacked"
-- means a spell attack, a throw or a punch aimed at you. Being Global, it needs no target.
local common = require("rules.common") -- (what an event keeps of a destroyed object)
local duel = require("test.duel")
local function has_trait(card, trait)
  for _, x in ipairs(card.traits or {}) do if x == trait then return true end end
  return false
end

-- Ends the Fire spells in play, destroys carried Fire items, Fire objects on the board and
-- Fire spells still on the stack.
local function douse(ctx)
  local game = ctx.game
  for _, pl in ipairs(game:players()) do
    for _, c in ipairs(game:play_area(pl.id)) do
      local card = game:card(c)
      if c ~= ctx.card and card.zone.kind == "play" and has_trait(card, "fire") then
        if card.kind == "item" then
          game:call_card(c, "on_end", { controller = pl.id })
          ctx:discard_card(c)
        else
          ctx:end_spell(c)
        end
      end
    end
  end
  for _, o in ipairs(game:objects()) do
    if o.card and o.at and game:object(o.id) and has_trait(game:card(o.card), "fire") then
      game:remove_object(o.id)
      ctx:discard_card(o.card)
      game:after("object_destroyed", { object = o.id, card = ctx.card, what = common.object_facts(o) })
    end
  end
  for _, e in ipairs(game:stack()) do
    if e.card and e.card ~= ctx.card and has_trait(game:card(e.card), "fire") then ctx:cancel(e.id) end
  end
end

local function attack_on(game, entry, p)
  local t = entry.target
  if type(t) ~= "table" or t.kind ~= "wizard" or t.player ~= p then return false end
  if entry.kind == "throw" or entry.kind == "punch" then return true end
  return entry.kind == "spell" and entry.card ~= nil and game:card(entry.card).kind == "attack"
end

return card {
  name = "Flood", school = "elemental", kind = "neutral",
  range = "anywhere", duration = "temporary",
  traits = { "global", "water" },
  text = "Flood the whole labyrinth ankle-deep: every Fire spell ends and every Fire item and object is destroyed, and while this spell lasts nobody can play Fire spells or items. When you are attacked you may play it as a counter.",
  can_respond = function(ctx, entry) return attack_on(ctx.game, entry, ctx.controller) end,
  resolve = function(ctx)
    douse(ctx)
    -- While the card is in play (rules/effects.lua).
    ctx.data.effect = { forbid_traits = { "fire" } }
  end,
  tests = {
    { "ends Fire spells, destroys Fire items and objects", function(t, g)
      local wf = t:turn_of(1, "Wall of Fire")
      t:act(t:list { kind = "cast", card = wf, target = { kind = "border" } }[1])
      t:eq(g:card(wf).zone.kind, "play")
      local worn = t:put(0, "Fire Cloak")
      local dropped = t:put(1, "Fire Cloak")
      t:act { kind = "drop_item", card = dropped }
      local f = t:turn_of(0, "Flood")
      t:cast { card = f }
      t:eq(g:card(wf).zone.kind, "pile", "the Wall of Fire ended")
      for _, o in ipairs(g:objects()) do t:ok(o.kind ~= "wall_of_fire", "its flames are gone") end
      t:eq(g:card(worn).zone.kind, "pile", "a worn Fire Cloak is destroyed")
      t:eq(g:card(dropped).zone.kind, "pile", "a dropped one too")
      for _, o in ipairs(g:objects()) do t:ok(o.card ~= dropped, "no cloak on the board") end
      t:eq(g:play_area(0), { f }, "the flood lasts")
    end },
    { "no Fire spell or item while it lasts; they come back when it ends", function(t, g)
      local f, fb, fc = t:turn_of(0, "Flood", "Fireball", "Fire Cloak")
      t:place(1, g:player(0).at)
      t:cast { card = f }
      t:eq(t:count { kind = "cast", card = fb }, 0, "fire is out: no Fireball")
      t:eq(t:count { kind = "item", card = fc }, 0, "fire is out: no Fire Cloak")
      -- a Fire counter is out too
      local wf = t:give(1, "Wall of Fire")
      local wb = t:give(0, "Waterbolt")
      t:answer(0, "1")
      t:cast { card = wb, at = t:wizard(1) }
      t:eq(g:card(wf).zone.kind, "hand", "no Wall of Fire as a counter in a flood")
      t:act { kind = "end_spell", card = f }
      t:act { kind = "item", card = fc }
      t:eq(g:card(fc).zone.kind, "play")
      t:eq(g:card(fb).zone.kind, "hand")
    end },
    { "as a counter it puts out a Fireball aimed at you; the attack is spent", function(t, g)
      local c = duel.aim(t, "Fireball", { by = 1, at = 0, plays = { "Flood" } })
      local fb, f = c.card, c.plays[1]
      t:eq(t:lost(0), 0)
      t:eq(g:card(fb).zone.kind, "pile")
      t:eq(g:play_area(0), { f }, "the flood lasts, on its player's side")
      t:eq(g:card(f).energy, 1)
      t:ok(g:turn().vars.attacked)
    end },
    { "a counter to another attack: the attack goes on", function(t, g)
      local z = t:turn_of(1, "Zot!")
      local f = t:give(0, "Flood")
      t:place(1, g:player(0).at)
      t:answer(0, { card = f })
      t:answer(1, "damage")
      t:cast { card = z, at = t:wizard(0) }
      t:eq(t:lost(0), 1)
      t:eq(g:play_area(0), { f })
    end },
    { "not offered against a spell that is no attack on you", function(t, g)
      local cw = t:turn_of(1, "Create Wall")
      t:give(0, "Flood")
      t:act(t:list { kind = "cast", card = cw }[1]) -- the strict test agent would fail on an unexpected response request
      t:eq(g:card(cw).zone.kind, "play")
    end },
  },
}
