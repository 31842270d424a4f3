-- 9th SWAP SECTORS (1 in the deck): a Neutral spell, one of the two that rearrange the board
-- (9th: Rearranging the Board). Any two sectors trade places without turning; the wizards,
-- tokens and objects on them go along, the Portals stay where they are (they are off the
-- board), and a wall created or destroyed on a seam follows the die as for Rotate Sector
-- (ctx:swap_sectors rolls it: log `seam_roll`).
-- reconstructed: the card text is not in our sources, only the rule. Range: anywhere (the
-- rule says "any two sectors"); the caster picks the first as the target and the second when
-- it resolves (asked only if there is more than one other). Count: 1, as Rotate Sector's.
return card {
  name = "Swap Sectors", kind = "neutral", copies = 1,
  range = "anywhere", duration = "instant", targets = { "sector" },
  traits = {},
  text = "Pick any two sectors: they trade places, each keeping which way it faces, and everything on them goes along.",
  resolve = function(ctx)
    local game, first = ctx.game, ctx.target.sector
    local opts = {} ---@type Option[]
    for i = 0, game:sector_count() - 1 do
      if i ~= first then opts[#opts + 1] = { label = "sector " .. i, sector = i } end
    end
    if #opts == 0 then return end
    local _, j = ctx:choose(ctx.caster, "sector", "Swap Sectors: trade places with which sector?", opts)
    ctx:swap_sectors(first, opts[j].sector)
    game:log("sectors_swapped", { sector = first, with = opts[j].sector })
  end,
  tests = {
    { "two sectors trade places: the wizards ride along, unturned; the seam die is rolled", function(t, g)
      t:active(0)
      local s0, s1 = g:player(0).home_sector, g:player(1).home_sector
      local home0, home1 = g:home(s0), g:home(s1)
      local a, b = g:player(0).at, g:player(1).at
      assert(a and b, "both on the board")
      local c = t:give(0, "Swap Sectors")
      t:cast { card = c, at = t:sector(s0) }
      t:eq(g:player(0).at, { x = home1.x + a.x - home0.x, y = home1.y + a.y - home0.y }, "wizard 0 went with his sector, unturned")
      t:eq(g:player(1).at, { x = home0.x + b.x - home1.x, y = home0.y + b.y - home1.y }, "wizard 1 with his")
      t:eq(#t:log("seam_roll"), 1, "the die for the seams")
      t:eq(#t:log("sectors_swapped"), 1)
      t:eq(g:card(c).zone.pile, "discard")
    end },
    { "with four players the caster picks the second sector; an object goes with its sector", function(t, g)
      t:active(0)
      local s2, s3 = g:player(2).home_sector, g:player(3).home_sector
      local lair2, lair3 = g:home(s2), g:home(s3)
      local d = g:new_card("Dagger", { kind = "pile", pile = "discard" })
      local spots = require("test.spots")
      local n = spots.free_square(g, lair2)
      assert(n, "a free square beside a Lair")
      local item = g:create_object { kind = "item", card = d, at = n.to, mobile = true }
      local c = t:give(0, "Swap Sectors")
      t:eq(#g:empty_places(), 0, "four sectors, no empty place")
      t:answer(0, { sector = s3 })
      t:cast { card = c, at = t:sector(s2) }
      local moved = g:object(item)
      assert(moved, "the dagger is still on the board")
      t:eq(moved.at, { x = lair3.x + n.to.x - lair2.x, y = lair3.y + n.to.y - lair2.y }, "the dagger rode along")
      t:eq(g:player(2).at, lair3, "wizard 2 on his Lair, now where Lair 3 was")
      t:eq(g:home(s2), lair3, "the sector's Lair moved")
      t:eq(g:player(0).at, g:home(g:player(0).home_sector), "an unmoved sector keeps its wizard")
    end, players = 4 },
  },
}
