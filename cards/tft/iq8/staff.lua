-- Wizard (1978) Staff (seed L565, L427-L441): a wizard who knows it starts with a staff; cast
-- during a game it makes a new one, for 5 ST.
return card {
  name = "Staff", school = "iq8", kind = "special", energy = 5,
  duration = "instant", targets = { "self" },
  text = "Make a staff of a piece of wood (a wizard who knows this spell starts with one). 5 ST.",
  can_cast = function(ctx)
    local w = ctx:figure(ctx.caster)
    return w ~= nil and (w.tokens.staff or 0) ~= 1
  end,
  resolve = function(ctx) ctx.game:set_figure(ctx.caster, { tokens = { staff = 1 } }) end,
  tests = {
    { "a wizard whose staff broke makes a new one", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      g:set_figure(me, { tokens = { staff = 3 } })
      arena.cast(t, "Staff", { figure = me }, { 3, 3, 3 })
      t:eq(assert(g:figure(me)).tokens.staff, 1)
      t:eq(arena.lost(t, me), 5)
    end },
    { "not while his staff is in his hand", function(t)
      local arena = require("test.arena")
      arena.duel(t)
      t:give(0, "Staff")
      t:ok(not t:has { kind = "cast" })
    end },
  },
}
