-- classic ROTATE SECTOR (1 in the deck): a sector board of your choice turns in place;
-- everything on it turns with it. A wall created or destroyed on a seam between two sectors
-- stays with one of them on a 50/50 roll (classic, Cards and Actions that Change the Map);
-- the AUTO WARP is not affected by rotation (classic, The Board).
-- reconstructed: range taken as anywhere; a quarter turn either way or a half turn, as the
-- caster chooses (the 9th edition's card allows 90 or 180 degrees).
local TURNS = { { key = "clockwise", quarters = 1 }, { key = "counterclockwise", quarters = 3 }, { key = "half turn", quarters = 2 } }

local sectors = require("test.sectors")

return card {
  name = "Rotate Sector", kind = "neutral", copies = 1,
  range = "anywhere", duration = "instant", targets = { "sector" },
  text = "Turn any sector board a quarter turn either way or a half turn, with everything on it. A wall added or removed on its border stays with one side or the other, as the die decides.",
  resolve = function(ctx)
    local _, i = ctx.game:choose(ctx.caster, "rotation", "Rotate Sector: which way?", TURNS)
    local o = TURNS[i]
    if not o then return end
    ctx:rotate_sector(ctx.target.sector, o.quarters)
    ctx.game:log("sector_rotated", { sector = ctx.target.sector, quarters = o.quarters })
  end,
  tests = {
    { "a half turn carries a wizard to the opposite corner of the sector", function(t, g)
      local _, c, _, x1, _, y1 = sectors.corner_turned(t, "half turn")
      t:eq(g:player(1).at, { x = x1, y = y1 })
      t:eq(g:card(c).zone.pile, "discard")
      t:eq(#t:log("sector_rotated"), 1)
    end },
    { "a created wall on a seam stays or goes with the sector on a 50/50 roll", function(t, g)
      local seam, inside, sec = sectors.walled_seam(t)
      sectors.rotate(t, sec, "half turn")
      local x0, x1, y0, y1 = sectors.bounds(g, sec)
      local opp = { N = "S", S = "N", E = "W", W = "E" }
      local stayed = g:edge(seam.edge).barrier == "wall"
      local moved = g:edge { x = x0 + x1 - inside.x, y = y0 + y1 - inside.y, side = opp[seam.dir] }.barrier == "wall"
      t:ok(stayed ~= moved, "exactly one of the two: stayed " .. tostring(stayed) .. ", moved " .. tostring(moved))
    end },
  },
}
