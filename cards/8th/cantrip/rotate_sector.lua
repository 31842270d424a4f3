-- 8th Cantrip "Rotate Sector": turns one sector board a quarter or half turn in place.
-- Portals stay where they are; created or damaged walls on the sector's seams are reset
-- (8th: Changing the Map), which is the kernel's "reset" seam policy.
-- reconstructed: range taken as anywhere; the caster picks the turn after choosing the sector.
local sectors = require("test.sectors")

return card {
  -- copies: reconstructed: the White Cantrip deck is 24 cards of these 12 (8th: Setup, step 4)
  name = "Rotate Sector", school = "cantrip", kind = "neutral", copies = 2,
  range = "anywhere", duration = "instant", targets = { "sector" },
  text = "Turn one sector board of your choice 90 degrees either way, or 180 degrees. Everything on it turns with it; portals stay put.",
  resolve = function(ctx)
    local turn = ctx:choose(ctx.caster, "rotation", "Rotate Sector: which way?", {
      { key = "clockwise" }, { key = "counterclockwise" }, { key = "half turn" },
    })
    local quarters = ({ clockwise = 1, counterclockwise = 3, ["half turn"] = 2 })[turn]
    if not quarters then return end
    ctx.game:turn_sector(ctx.target.sector, quarters, "reset")
    ctx.game:log("sector_rotated", { sector = ctx.target.sector, quarters = quarters })
    ctx:map_changed()
  end,
  tests = {
    { "a half turn: the walls turned, the wizard in it moved, portals stayed", function(t, g)
      local sec = sectors.own(t)
      local sq = g:sector_squares(sec)
      local x0, x1, y0, y1 = sectors.bounds(g, sec)
      ---@param s Square
      ---@return Square
      local function rot(s) return { x = x0 + x1 - s.x, y = y0 + y1 - s.y } end
      local opp = { N = "S", S = "N", E = "W", W = "E" }
      local function interior(s) return s.x > x0 and s.x < x1 and s.y > y0 and s.y < y1 end
      local before = {} ---@type {s: Square, side: Dir, b: string}[]
      for _, s in ipairs(sq) do
        if interior(s) then
          for _, side in ipairs({ "N", "E", "S", "W" }) do
            before[#before + 1] = { s = s, side = side, b = g:edge { x = s.x, y = s.y, side = side }.barrier }
          end
        end
      end
      local function links()
        local out = {}
        for _, s in ipairs(g:squares()) do
          for _, n in ipairs(g:neighbours(s)) do
            if n.link then out[#out + 1] = s.x .. "," .. s.y .. n.dir .. ">" .. n.to.x .. "," .. n.to.y end
          end
        end
        table.sort(out)
        return out
      end
      local links_before = links()
      local spot = { x = x0, y = y0 }
      t:place(1, spot)
      sectors.rotate(t, sec, "half turn")
      t:eq(g:player(1).at, rot(spot), "the wizard turned with the sector")
      local changed = 0
      for _, b in ipairs(before) do
        local r = rot(b.s)
        t:eq(g:edge { x = r.x, y = r.y, side = opp[b.side] }.barrier, b.b, "wall pattern turned")
        if g:edge { x = b.s.x, y = b.s.y, side = b.side }.barrier ~= b.b then changed = changed + 1 end
      end
      t:ok(#before > 0)
      t:eq(links(), links_before, "portals and wrap links stay where they are")
      t:eq(#t:log("sector_rotated"), 1)
    end },
    { "a created wall turns with its sector and still goes with its spell", function(t, g)
      local spots = require("test.spots")
      t:active(0)
      local at = g:player(0).at
      local sec = g:sector_of(at)
      local n = spots.open_border(g, at)
      assert(n and g:sector_of(n.to) == sec, "an open border inside the sector")
      local w = t:give(0, "Create Wall")
      t:cast { card = w, at = t:border(n.edge) }
      sectors.rotate(t, sec, "half turn")
      local made = spots.walls_by(g, w)
      t:eq(#made, 1, "the wall still stands")
      t:ok(not spots.same_edge(made[1], n.edge), "somewhere else now")
      t:eq(g:card(w).zone.kind, "play")
      t:act { kind = "end_spell", card = w }
      t:eq(#spots.walls_by(g, w), 0, "the turned wall went with its spell")
    end },
    { "a created wall on a turning seam is removed, and its spell ends", function(t, g)
      local seam, _, sec, w = sectors.walled_seam(t)
      t:eq(g:edge(seam.edge).created_by, w)
      sectors.rotate(t, sec, "clockwise")
      t:eq(#require("test.spots").walls_by(g, w), 0, "no wall of the spell stands")
      t:eq(g:card(w).zone.kind, "pile", "the spell has nothing left to maintain")
    end },
    { "a quarter turn takes a wizard in a corner to the next corner", function(t, g)
      local sec, c, x0, x1, y0, y1 = sectors.corner_turned(t, "clockwise")
      local at = g:player(1).at
      t:ok((at.x == x0 or at.x == x1) and (at.y == y0 or at.y == y1), "still a corner")
      t:ok(not (at.x == x0 and at.y == y0), "a different corner")
      t:ok(at.x ~= x1 or at.y ~= y1, "not the opposite corner")
      t:eq(g:sector_of(at), sec)
      t:eq(g:card(c).zone.kind, "pile")
    end },
  },
}
