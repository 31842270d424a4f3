-- 8th Thaumaturgy "Master Key": a trinket. While he carries it, its wizard may unlock any door
-- beside him: he may go through it once, then it locks again behind him; meanwhile he may hold
-- it open for others while he stands beside it. The same unlocking as Pick Lock's
-- (rulesets/8th/doors.lua: `unlockable`, door passes; ctx:grant_door_pass).
-- 8th: Doors; Items (carried in the play area, dropped, picked up by anyone).
-- reconstructed: "any target door" taken as a door of the wizard's own square's sides (as for
-- Pick Lock), usable on his turn as often as he likes, once per door per turn; using a key is
-- no spell, so nothing can counter it; a sealed door does not open to it (Seal Door).
local doors = require("rules.doors")

-- Is edge e among the closed doors p may already pass?
local function passable(game, p, e)
  for _, x in ipairs(doors.passes(game, p)) do
    local info = game:edge(x).edge
    if info.x == e.x and info.y == e.y and info.side == e.side then return true end
  end
  return false
end

return card {
  name = "Master Key", school = "thaumaturgy", kind = "item",
  traits = { "trinket" },
  text = "Trinket. While you carry it you may unlock any door beside you: you may go through once, and it locks again behind you; you may hold it open for others while you stay beside it.",
  actions = {
    unlock = {
      run = function(ctx)
        if ctx.list then
          local out = {}
          for _, t in ipairs(ctx:targets_of({ "door" }, "adjacent")) do
            if doors.unlockable(ctx.game, t.edge) and not passable(ctx.game, ctx.controller, t.edge) then
              out[#out + 1] = { label = t.label, target = t }
            end
          end
          return out
        end
        ctx:grant_door_pass(ctx.target.edge)
      end,
    },
  },
  tests = {
    { "carried, it opens a locked door once; it relocks behind", function(t, g)
      t:active(0)
      local from, dir, e = require("test.spots").locked_door(g, 0)
      assert(from and dir and e, "a door locked for player 0")
      t:place(0, from)
      local k = t:give(0, "Master Key")
      t:eq(t:count { kind = "card_action", card = k }, 0, "in the hand it does nothing")
      t:act { kind = "item", card = k }
      t:give(1, "Negate Neutral") -- no spell: no response request comes
      t:act { kind = "card_action", card = k, action = "unlock", option = { target = t:door(e) } }
      t:eq(t:count { kind = "card_action", card = k }, 0, "that door is open to him already")
      t:move(dir)
      t:ok(not (t:at(0).x == from.x and t:at(0).y == from.y), "went through")
      local back = { N = "S", S = "N", E = "W", W = "E" }
      t:ok(not t:has { kind = "move", dir = back[dir] }, "locked behind him")
      t:eq(g:card(k).zone.kind, "play", "the key is kept")
      t:ok(t:has { kind = "card_action", card = k, option = { target = t:door(e) } }, "and unlocks it again")
    end },
    { "unlocked, the door may be held open for others", function(t, g)
      t:active(0)
      local from, _, e = require("test.spots").locked_door(g, 0)
      assert(from and e, "a locked door")
      t:place(0, from)
      local k = t:put(0, "Master Key")
      g:set_card(k, { controller = 0 })
      t:act { kind = "card_action", card = k, action = "unlock", option = { target = t:door(e) } }
      t:act { kind = "hold_door" }
      t:ok(assert(g:edge(e).door).open, "held open")
    end },
    { "no key turns a sealed door", function(t, g)
      t:active(0)
      local from, _, e = require("test.spots").locked_door(g, 0)
      assert(from and e, "a locked door")
      t:place(0, from)
      local k = t:put(0, "Master Key")
      g:set_card(k, { controller = 0 })
      local s = t:give(0, "Seal Door")
      t:cast { card = s, at = t:door(e) }
      t:eq(t:count { kind = "card_action", card = k }, 0)
    end },
    { "dropped, it unlocks nothing for its former bearer", function(t, g)
      t:active(0)
      local from, _, e = require("test.spots").locked_door(g, 0)
      assert(from and e, "a locked door")
      t:place(0, from)
      local k = t:put(0, "Master Key")
      g:set_card(k, { controller = 0 })
      t:ok(t:has { kind = "card_action", card = k, option = { target = t:door(e) } })
      t:act { kind = "drop_item", card = k }
      t:eq(t:count { kind = "card_action", card = k }, 0)
    end },
  },
}
