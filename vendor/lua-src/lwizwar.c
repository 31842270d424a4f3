/*
** wizwar patch (PATCH.md, "What is loaded is frozen"): the walk that freezes what a script
** made while it loaded. It is here, after every library, because it knows the library
** functions whose closures keep state from call to call (a coroutine's wrapper, a gmatch
** iterator). Compiled only as part of onelua.c.
*/

/*
** From the value at 'idx', every table reached (through keys, values and metatables) is
** frozen, and so is every upvalue of every Lua function reached (an assignment to it fails:
** 'luaV_frozenupvalerror'), whose values are followed in turn. Not followed: tables frozen
** before the walk (the kernel's records, the shared libraries, what an earlier walk froze),
** but for the root itself; userdata; Lua functions whose chunk name, after its '@' or '=',
** begins with 'internal' (the host's own, which keep their state on purpose); C functions,
** whose upvalues are the host's, but for those of the library that keep a script's state: a
** coroutine reached, directly or as the function 'coroutine.wrap' made, returns 1; an
** iterator of 'string.gmatch', or a C function listed in 'stateful' (the host's own
** iterators), returns 2. Otherwise 0.
*/
LUA_API int lua_wizwar_freezeall (lua_State *L, int idx, const char *internal,
                                  const lua_CFunction *stateful, int nstateful) {
  int seen, todo, found = 0;
  lua_Integer n = 0;
  size_t li = strlen(internal);
  idx = lua_absindex(L, idx);
  if (!lua_checkstack(L, 8))
    return 1;  /* (no room: as if it could not be frozen) */
  lua_createtable(L, 0, 64);  /* what was reached */
  seen = lua_gettop(L);
  lua_createtable(L, 64, 0);  /* what is still to walk */
  todo = lua_gettop(L);
  lua_pushvalue(L, idx);
  lua_rawseti(L, todo, ++n);
  while (n > 0) {
    int t;
    lua_rawgeti(L, todo, n);
    lua_pushnil(L);
    lua_rawseti(L, todo, n--);
    t = lua_type(L, -1);
    if (t != LUA_TTABLE && t != LUA_TFUNCTION && t != LUA_TTHREAD) {
      lua_pop(L, 1);
      continue;
    }
    lua_pushvalue(L, -1);
    if (lua_rawget(L, seen) != LUA_TNIL) {
      lua_pop(L, 2);
      continue;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushboolean(L, 1);
    lua_rawset(L, seen);
    if (t == LUA_TTHREAD)
      found = 1;
    else if (t == LUA_TTABLE) {
      Table *h = hvalue(s2v(L->top.p - 1));
      if (!isfrozen(h) || lua_rawequal(L, -1, idx)) {
        setfrozen(h);
        lua_pushnil(L);
        while (lua_next(L, -2)) {
          lua_pushvalue(L, -2);
          lua_rawseti(L, todo, ++n);  /* the key */
          lua_rawseti(L, todo, ++n);  /* the value */
        }
        if (lua_getmetatable(L, -1))
          lua_rawseti(L, todo, ++n);
      }
    }
    else if (ttisLclosure(s2v(L->top.p - 1))) {
      LClosure *cl = clLvalue(s2v(L->top.p - 1));
      TString *src = cl->p->source;
      /* (a chunk's name after its '@' or '=') */
      if (src == NULL || tsslen(src) < li + 1 || memcmp(getstr(src) + 1, internal, li) != 0) {
        int i;
        for (i = 0; i < cl->nupvalues; i++) {
          UpVal *uv = cl->upvals[i];
          if (uv == NULL) continue;
          uv->frozen = 1;
          lua_lock(L);
          setobj2s(L, L->top.p, uv->v.p);
          api_incr_top(L);
          lua_unlock(L);
          lua_rawseti(L, todo, ++n);
        }
      }
    }
    else {
      lua_CFunction f = lua_tocfunction(L, -1);
      int i;
      if (f == luaB_auxwrap)
        found = 1;
      else if (f == gmatch_aux && found == 0)
        found = 2;
      for (i = 0; i < nstateful && found == 0; i++)
        if (f == stateful[i])
          found = 2;
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
  return found;
}
