-- 8th Conjuring "Ward": a ward on your treasures. When another wizard picks up one of them,
-- he takes 3 magical damage, and on a d4 roll of 1 or 2 he drops it again.
-- reconstructed: the card's type is not known; we made it a permanent neutral spell its
-- caster casts on himself and keeps in play (maintained, 8th: Maintaining Spells) until it
-- goes off once, then it is discarded; the damage is no attack (no victory point, nothing
-- answers it: rules/hazards.lua); a dropped treasure lies in the wizard's square; the
-- wizard's Move and Cast phase still ends (he did pick it up).
local hazards = require("rules.hazards")
local common = require("rules.common")
local duel = require("test.duel")
local query = require("test.query")

return card {
  name = "Ward", school = "conjuring", kind = "neutral",
  range = "caster", duration = "permanent", targets = { "self" },
  text = "Ward your treasures. The first time another wizard picks one of them up, he takes 3 magical damage and rolls a die: on 1 or 2 he drops it at once. Then the ward is spent.",
  on_pick_up = function(ctx, ev)
    local game = ctx.game
    local me = game:card(ctx.card)
    if me.zone.kind ~= "play" or not ev.treasure or ev.player == me.controller then return end
    local o = game:object(ev.object)
    if not o or o.owner ~= me.controller then return end
    ctx:discard_card()
    local p = ev.player
    hazards.hurt(ctx, p, 3, { magical = true })
    if game:player(p).alive and common.carried_treasure(game, p) and ctx:roll(4) <= 2 then
      common.drop_treasure(game, p, ev.object)
    end
  end,
  tests = {
    { "a thief takes 3 magical; the ward is spent", function(t, g)
      local w = duel.aim(t, "Ward", { at = 0 }).card
      t:eq(g:card(w).zone.kind, "play")
      local tr = query.treasures_of(g, 0)[1] ---@type Object?
      assert(tr, "a treasure of player 0")
      t:active(1)
      t:place(1, tr.at)
      t:act { kind = "pick_treasure", object = tr.id }
      t:eq(t:lost(1), 3)
      t:eq(g:card(w).zone.kind, "pile", "spent")
      t:ok(not g:turn().vars.attacked, "no attack")
      local held = assert(g:object(tr.id)).carried_by == 1
      local rolled = t:log("roll")
      t:ok(held or common.same_sq(assert(g:object(tr.id)).at, tr.at), "carried, or dropped where he stands")
      t:ok(#rolled <= 1)
    end },
    { "a roll of 1-2 drops it, 3-4 keeps it (over many tries both happen)", function(t, g)
      local tr = query.treasures_of(g, 0)[1] ---@type Object?
      assert(tr, "a treasure of player 0")
      local kept, dropped = 0, 0
      for _ = 1, 12 do
        t:active(0)
        local w = t:put(0, "Ward")
        g:set_card(w, { controller = 0 })
        t:active(1)
        t:set_life(1, g:config().life)
        g:set_object(tr.id, { at = tr.at })
        t:place(1, tr.at)
        t:act { kind = "pick_treasure", object = tr.id }
        if assert(g:object(tr.id)).carried_by == 1 then kept = kept + 1 else dropped = dropped + 1 end
        t:eq(t:lost(1), 3)
      end
      t:ok(kept > 0 and dropped > 0, "kept " .. kept .. ", dropped " .. dropped)
    end },
    { "your own treasure, or a treasure of another, does not set it off", function(t, g)
      local w = duel.aim(t, "Ward", { at = 0 }).card
      local mine, theirs = query.treasures_of(g, 0)[1], query.treasures_of(g, 1)[1] ---@type Object?, Object?
      assert(mine and theirs, "a treasure of each player")
      t:place(0, mine.at)
      t:act { kind = "pick_treasure", object = mine.id }
      t:eq(t:lost(0), 0)
      t:active(1)
      t:place(1, theirs.at)
      t:act { kind = "pick_treasure", object = theirs.id }
      t:eq(t:lost(1), 0)
      t:eq(g:card(w).zone.kind, "play", "still waiting")
    end },
  },
}
