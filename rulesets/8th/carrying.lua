-- Carried items changing hands (require("rules.carrying")).
-- 8th: Picking Up and Dropping Objects: no wizard may take an item another wizard carries
-- unless a card says he may (Yoink). The item leaves its bearer's play area (its `on_end`, as
-- when it is dropped) and enters the taker's (its `on_play`, as when it is picked up); it
-- counts toward the taker's hand limit from then on (8th: A Player's Turn: he discards down
-- to it at once).
local common = require("rules.common")
local M = {}

-- Wizard `to` takes item card c that wizard `from` carries.
function M.take_item(game, from, to, c)
  game:call_card(c, "on_end", { controller = from })
  game:move_card(c, { kind = "play", player = to })
  game:set_card(c, { controller = to, target = nil })
  game:call_card(c, "on_play", { controller = to, caster = to })
  game:log("item_taken", { card = c, from = from, to = to })
  common.discard_to_limit(game, to)
end

return M
