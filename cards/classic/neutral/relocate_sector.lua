-- classic RELOCATE SECTOR (1 in the deck): a sector board moves to another place on the map,
-- with everything on it [TJ]. Once a sector has been relocated the three-player AUTO WARP is
-- discarded and only opposite board edges connect (classic, The Board); a wall created or
-- destroyed on a seam stays with one of the two sectors on a 50/50 roll (classic, Cards and
-- Actions that Change the Map).
-- reconstructed: our sources do not say how the new place is picked; the caster chooses the
-- empty quarter of a three-player board, or a second sector and the two exchange places (so,
-- as the FAQ notes, it changes little with two players). Range taken as anywhere. The rulebook states the 50/50 seam roll for ROTATE
-- SECTOR only; we apply it to relocation too (a seam alteration must go with one of the two
-- sectors either way).

local spots = require("test.spots")

-- An empty place of the board's grid of sectors in words ("at the top right": the grid is two
-- sectors wide), not in numbers a player would read as a square.
local function place_words(place)
  if place.x <= 1 and place.y <= 1 then
    return "at the " .. (place.y == 0 and "top " or "bottom ") .. (place.x == 0 and "left" or "right")
  end
  return "in column " .. (place.x + 1) .. ", row " .. (place.y + 1)
end

return card {
  name = "Relocate Sector", kind = "neutral", copies = 1,
  range = "anywhere", duration = "instant", targets = { "sector" },
  text = "Pick up any sector board with everything on it and set it down in the board's empty place, or trade its place with another sector. From then on the three-player warp is gone and every edge leads to the opposite one.",
  resolve = function(ctx)
    local game, moving = ctx.game, ctx.target.sector
    local opts = {} ---@type Option[]
    for _, place in ipairs(game:empty_places()) do
      opts[#opts + 1] = { label = "the empty place " .. place_words(place), place = place }
    end
    for i = 0, game:sector_count() - 1 do
      if i ~= moving then opts[#opts + 1] = { label = "sector " .. i, sector = i } end
    end
    if #opts == 0 then return end
    local _, j = game:choose(ctx.caster, "sector", "Relocate Sector: to which place (or trade with which sector)?", opts)
    local to = opts[j]
    if to.place then
      ctx:relocate_sector(moving, to.place)
      game:log("sector_relocated", { sector = moving, to = to.place })
    else
      ctx:relocate_sector(moving, to.sector)
      game:log("sector_relocated", { sector = moving, with = to.sector })
    end
  end,
  tests = {
    { "two sectors trade places, wizards riding along", function(t, g)
      t:active(0)
      local home0, home1 = g:home(0), g:home(1)
      local c = t:give(0, "Relocate Sector")
      -- with two sectors there is one place to go: nobody is asked
      t:cast { card = c, at = t:sector(0) }
      t:eq(g:player(0).at, home1, "wizard 0 rode his sector into the other place")
      t:eq(g:player(1).at, home0)
      t:eq(#t:log("sector_relocated"), 1)
      t:eq(#t:log("auto_warp_removed"), 0, "two players: the crossovers are not the AUTO WARP")
      t:eq(g:card(c).zone.pile, "discard")
    end },
    { "with three players the AUTO WARP is discarded", function(t, g)
      t:active(0)
      local gate = spots.south_opening(g, 1)
      local through = spots.beyond(g, gate, "S")
      assert(through, "a square beyond the south edge")
      t:ok(g:sector_of(through) ~= g:sector_of(gate), "the AUTO WARP leads off to another sector first")
      local c = t:give(0, "Relocate Sector")
      t:answer(0, { sector = 2 })
      t:cast { card = c, at = t:sector(0) }
      t:eq(#t:log("auto_warp_removed"), 1)
      local after = spots.beyond(g, gate, "S")
      assert(after, "a square beyond the south edge")
      t:eq(g:sector_of(after), g:sector_of(gate), "the south edge now wraps to the north edge of the same column")
      t:eq(after.x, gate.x)
    end, players = 3 },
    { "with three players a sector may move into the empty quarter", function(t, g)
      t:active(0)
      local empty = g:empty_places()
      t:eq(#empty, 1, "three sectors on a grid of four")
      local home0 = g:home(0)
      local c = t:give(0, "Relocate Sector")
      t:answer(0, { place = empty[1] })
      t:cast { card = c, at = t:sector(0) }
      local moved = g:home(0)
      t:ok(moved.x ~= home0.x or moved.y ~= home0.y, "sector 0's home base is elsewhere")
      t:eq(g:player(0).at, moved, "wizard 0 rode along on his home base")
      t:eq(#g:empty_places(), 1)
      t:ok(g:empty_places()[1].x ~= empty[1].x or g:empty_places()[1].y ~= empty[1].y, "the place it left is the empty one now")
      t:eq(#t:log("auto_warp_removed"), 1)
    end, players = 3 },
  },
}
