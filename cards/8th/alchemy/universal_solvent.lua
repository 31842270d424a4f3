-- 8th Alchemy "Universal Solvent": a thrown weapon; its carrier may throw it during his turn
-- at an object he can see (a wall, a door, a bush, a dropped item; never a treasure, which
-- is no object: 8th, Objects). It is not an attack. The object and the solvent are both
-- destroyed: a wall or door as if broken (its orphaned column falls: 8th, Damaging and
-- Destroying Objects), an object taken off the board (a creation's spell ends once nothing
-- it made is left: rules/creations.lua; a dropped item's card is discarded).
-- reconstructed: two copies, one printing energy value 4; a card file has one value, so both
-- have it. Range line of sight. The throw is no spell and no attack: it is offered as an
-- action of the carried item (rules/card_actions.lua), opens no response window, and does
-- not use the turn's attack; outer walls are never targets (8th: Changing the Map).
local common = require("rules.common") -- (what an event keeps of a destroyed object)
local creations = require("rules.creations")

local function dissolve(ctx, t)
  local game = ctx.game
  if t.kind == "wall" or t.kind == "door" then return ctx:destroy_wall(t.edge) end
  local o = game:object(t.id)
  if not (o and o.id) then return false end
  game:remove_object(o.id)
  if o.card then ctx:discard_card(o.card) end
  game:after("object_destroyed", { object = o.id, card = ctx.card, what = common.object_facts(o) })
  creations.lost_object(game, o.id)
  return true
end

return card {
  name = "Universal Solvent", school = "alchemy", kind = "item", copies = 2, energy = 4,
  range = "los",
  traits = { "thrown_weapon" },
  text = "Thrown weapon. During your turn, throw this clear acid at an object you can see (a wall, a door, a bush..., never a treasure). It is not an attack. The object and the solvent are both destroyed.",
  actions = {
    throw = {
      run = function(ctx)
        if ctx.list then
          local out = {}
          for _, t in ipairs(ctx:targets_of({ "object" }, "los")) do
            local o = t.id and ctx.game:object(t.id)
            if not (o and o.card == ctx.card) then
              out[#out + 1] = { label = t.label, target = t }
            end
          end
          return out
        end
        dissolve(ctx, ctx.target)
        ctx.game:log("thrown", { card = ctx.card, target = ctx.target })
        ctx:discard_card()
      end,
    },
  },
  tests = {
    { "thrown at a wall: wall and solvent gone, and it is no attack", function(t, g)
      local s = t:turn_of(0, "Universal Solvent")
      t:act { kind = "item", card = s }
      local a ---@type table?
      for _, o in ipairs(t:list { kind = "card_action", card = s }) do
        if not a and o.option.target.kind == "wall" then a = o end
      end
      assert(a, "a wall in sight")
      local e = a.option.target.edge
      t:act(a)
      t:eq(g:edge(e).barrier, "open", "the wall is gone")
      t:eq(g:card(s).zone.kind, "pile", "the solvent is used up")
      t:ok(not g:turn().vars.attacked, "not the turn's attack")
    end },
    { "a dropped rock dissolves; treasures and wizards are never targets", function(t, g)
      t:active(0)
      local s, r = t:put(0, "Universal Solvent"), t:put(0, "Large Rock")
      t:act { kind = "drop_item", card = r }
      local rock = g:objects_at(t:at(0))[1]
      for _, o in ipairs(t:list { kind = "card_action", card = s }) do
        local k = o.option.target.kind
        t:ok(k == "object" or k == "wall" or k == "door", "only objects: " .. k)
      end
      t:act { kind = "card_action", card = s, action = "throw", option = { target = t:object(rock.id) } }
      t:eq(#g:objects_at(t:at(0)), 0)
      t:eq(g:card(r).zone.kind, "pile")
    end },
    { "in the hand it can't be thrown; it can be spent as energy 4", function(t, g)
      local s = t:turn_of(0, "Universal Solvent")
      t:eq(t:count { kind = "card_action", card = s }, 0)
      t:act { kind = "boost", card = s }
      t:eq(g:turn().vars.boost, 4)
    end },
  },
}
