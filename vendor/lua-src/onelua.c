/*
** wizwar patch: the whole of Lua as one translation unit, so that the C compiler may inline
** across Lua's files (a table lookup into the VM's loop, a call's set-up into the calls). The
** same sources, compiled once; Lua's own distribution builds its test binary this way
** (testes/onelua.c). Internal functions become static; the API (LUA_API, LUALIB_API) stays
** exported, as mlua and the kernel call it.
*/

/* as luaconf.h expects when a core file includes it */
#define LUA_CORE
#define LUA_LIB
#define ltable_c
#define lvm_c
#include "luaconf.h"

/* internal symbols stay inside this unit */
#undef LUAI_FUNC
#undef LUAI_DDEC
#undef LUAI_DDEF
#define LUAI_FUNC	static
#define LUAI_DDEC(def)	/* empty */
#define LUAI_DDEF	static

/* the core */
#include "lzio.c"
#include "lctype.c"
#include "lopcodes.c"
#include "lmem.c"
#include "lundump.c"
#include "ldump.c"
/* wizwar patch (PATCH.md, "A fixed string seed"): the strings' hash seed is the
   same in every process (stock Lua draws it from addresses and the time), so a
   table's order under 'next' is the same for the same history in any process */
#define luai_makeseed(L)	cast(unsigned int, 0x9e3779b9)
#include "lstate.c"
#include "lgc.c"
#include "llex.c"
#include "lcode.c"
#include "lparser.c"
#include "ldebug.c"
#include "lfunc.c"
#include "lobject.c"
#include "ltm.c"
#include "lstring.c"
#include "ltable.c"
#include "ldo.c"
#include "lvm.c"
#include "lapi.c"

/* the auxiliary library */
#include "lauxlib.c"

/* the standard libraries */
#include "lbaselib.c"
#include "lcorolib.c"
#include "ldblib.c"
#include "liolib.c"
#include "lmathlib.c"
#include "loadlib.c"
#include "loslib.c"
#include "lstrlib.c"
#include "ltablib.c"
#include "lutf8lib.c"

/* wizwar patch: the walk that freezes what a script loaded (it knows the libraries' own
   functions, so it comes after them) */
#include "lwizwar.c"
#include "linit.c"
