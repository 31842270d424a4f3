-- The response stack as the rules and card helpers see it (require("rules.stack")): which
-- entry a card resolves as or answers, and the marks counters leave on entries (cancelled,
-- evaded, reductions). An edition's stack.lua extends this module (`local M = base`).
local M = {}

-- The id of the stack entry a card resolves as, from its ctx (nil in an event hook).
function M.own_entry(ctx)
  return type(ctx.stack) == "number" and ctx.stack or nil
end

-- The entry a helper acts on: the one given, else the one the card answers (a counter), else
-- the one it resolves as.
function M.entry_of(ctx, entry)
  return entry or ctx.against or M.own_entry(ctx)
end

-- The marks of stack entry `id` ({} when there is none).
function M.marks(game, id)
  local e = id and game:stack_entry(id)
  return (e and e.marks) or {}
end

return M
