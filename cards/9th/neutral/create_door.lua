-- 9th CREATE DOOR (1 in the deck): a Neutral spell, range Adjacent (9th: Targeting: a door
-- spell needs a square touching the door). A door appears on a wall or an empty line beside
-- its caster; he may go through it for the rest of this turn, and from then on it is an
-- ordinary locked door (the "New Door" marker, 9th: Components). Whose it is follows 9th: The
-- Board: a door inside a sector belongs to that sector's owner, like a printed one; a door
-- created between two sectors belongs to nobody (rules/doors.lua, owner_sector).
-- reconstructed: the text is known only from a rules glossary ([DZ]), not the card. We chose:
-- any inner wall will do (a printed or a created one, never the board's rim) and the door
-- replaces it; the door is a board fact and not a lasting spell (instant: the card is
-- discarded; Dispel Creation cannot take it back), so it stays until it is broken (10 hits);
-- the caster's passage is a pass through its edge for this turn (turn var `door_passes`, read
-- by rules/doors.lua), which the door keeps closed behind him. Count: 1 (README, part 3: no
-- source gives it).
local spots = require("test.spots")

return card {
  name = "Create Door", kind = "neutral", copies = 1,
  range = "adjacent", duration = "instant", targets = { "wall", "border" },
  traits = {},
  text = "A locked door appears on a wall or an empty line beside you. You may go through it this turn; after that it is a door like any other, belonging to whoever owns the sector it stands in (nobody, between two sectors).",
  can_target = function(ctx, t)
    local info = ctx.game:edge(t.edge)
    return not info.boundary and #info.obstacles == 0
  end,
  resolve = function(ctx)
    local game = ctx.game
    local e = game:edge(ctx.target.edge).edge
    if game:edge(e).barrier == "wall" then game:destroy_barrier(e) end
    game:create_barrier(e, true, ctx.card)
    game:after("object_created", { edge = e, card = ctx.card, door = true })
    local passes = require("rules.common").copy(game:turn().vars.door_passes)
    passes[#passes + 1] = e
    game:set_turn_var("door_passes", passes)
  end,
  tests = {
    { "inside a third player's sector: the caster passes this turn only, its owner always, the other never", function(t, g)
      local sec = g:player(2).home_sector
      local at, n ---@type Square?, spots.Side?
      for _, s in ipairs(g:sector_squares(sec)) do
        local b = spots.open_border(g, s)
        if not at and b and g:sector_of(b.to) == sec and g:home_sector_at(s) == nil then at, n = s, b end
      end
      assert(at and n, "an open line inside sector " .. sec)
      t:active(0)
      t:place(0, at)
      local c = t:give(0, "Create Door")
      t:cast { card = c, at = t:border(n.edge) }
      t:eq(g:edge(n.edge).barrier, "door")
      local door = g:edge(n.edge).door
      t:eq(door and door.open, false, "it stands closed")
      t:ok(t:has { kind = "move", dir = n.dir }, "its caster may go through it this turn")
      t:eq(g:card(c).zone.pile, "discard", "no lasting spell")
      t:pass(3)
      t:eq(g:turn().active, 0)
      t:ok(not t:has { kind = "move", dir = n.dir }, "his next turn: locked for him")
      t:active(1)
      t:place(1, at)
      t:ok(not t:has { kind = "move", dir = n.dir }, "locked for a stranger")
      t:active(2)
      t:place(2, at)
      t:ok(t:has { kind = "move", dir = n.dir }, "the sector's owner passes it like his printed doors")
    end, players = 3 },
    { "between two sectors it belongs to nobody", function(t, g)
      local sec = g:player(0).home_sector
      local n, at = spots.open_seam(g, sec)
      assert(n and at, "an open line between two sectors")
      t:active(0)
      t:place(0, at)
      local c = t:give(0, "Create Door")
      t:cast { card = c, at = t:border(n.edge) }
      t:eq(g:edge(n.edge).barrier, "door")
      t:move(n.dir)
      t:eq(g:player(0).at, n.to, "through it this turn")
      for _, p in ipairs({ 0, 1 }) do
        t:active(p)
        t:place(p, at)
        t:ok(not t:has { kind = "move", dir = n.dir }, "locked for player " .. p .. " in a later turn")
      end
    end },
    { "on a wall beside him: the wall becomes a door; only the lines of his square, never the rim", function(t, g)
      local at, w = spots.square_with_wall(g)
      assert(at and w, "a square with an inner wall")
      t:active(0)
      t:place(0, at)
      local c = t:give(0, "Create Door")
      local around, key = g:edges_around(at), require("rules.targets").edge_key
      for _, a in ipairs(t:list { kind = "cast", card = c }) do
        local info = g:edge(a.target.edge)
        t:ok(around[key(info.edge)] ~= nil and not info.boundary, a.label)
      end
      t:cast { card = c, at = t:wall(w.edge) }
      t:eq(g:edge(w.edge).barrier, "door")
      t:ok(t:has { kind = "move", dir = w.dir }, "through the wall, now a door")
    end },
  },
}
