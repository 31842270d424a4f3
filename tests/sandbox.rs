//! The Lua sandbox against hostile and broken scripts: each must fail cleanly, with an error that
//! says where, and leave the host usable.

use std::time::{Duration, Instant};

use mlua::{Function, MultiValue, Value};
use wizwar::lua::sandbox::{HostError, Limits, LuaHost};

fn host() -> LuaHost {
    LuaHost::new(Limits::default()).expect("host")
}

/// Load `source` as the card file `name` in a fresh environment.
fn run(host: &LuaHost, name: &str, source: &str) -> Result<MultiValue, HostError> {
    let env = host.new_env().expect("env");
    host.load_chunk(name, source, &env)
}

/// The first result of a chunk that must succeed.
fn eval(host: &LuaHost, source: &str) -> Value {
    let values = run(host, "cards/test/eval.lua", source).unwrap_or_else(|e| panic!("{source}: {e:?}"));
    values.into_iter().next().unwrap_or(Value::Nil)
}

fn eval_string(host: &LuaHost, source: &str) -> String {
    match eval(host, source) {
        Value::String(s) => s.to_string_lossy(),
        other => panic!("{source}: expected a string, got {other:?}"),
    }
}

fn eval_bool(host: &LuaHost, source: &str) -> bool {
    match eval(host, source) {
        Value::Boolean(b) => b,
        other => panic!("{source}: expected a boolean, got {other:?}"),
    }
}

/// After any failure the host must still load and call ordinary code, with a full budget.
fn assert_usable(host: &LuaHost) {
    let env = host.new_env().unwrap();
    let values = host
        .load_chunk(
            "cards/test/ok.lua",
            "local function add(a, b) local s = 0 for i = 1, 100000 do s = s + 1 end return a + b + s end return add",
            &env,
        )
        .expect("an ordinary chunk loads after a failure");
    let Some(Value::Function(add)) = values.into_iter().next() else { panic!("no function") };
    let sum: i64 = host.call(&add, (2, 3)).expect("an ordinary call works after a failure");
    assert_eq!(sum, 100_005);
    let text = eval_string(host, r#"local t = {} for i = 1, 10 do t[i] = ("x"):rep(i) end return t[3]:upper()"#);
    assert_eq!(text, "XXX");
}

fn expect_budget(result: Result<MultiValue, HostError>, location: &str) -> String {
    match result {
        Err(HostError::Budget(message)) => {
            assert!(message.contains(location), "budget message {message:?} should name {location:?}");
            assert!(message.contains("instruction budget"), "{message}");
            message
        }
        other => panic!("expected a budget error at {location}, got {other:?}"),
    }
}

fn expect_runtime(result: Result<MultiValue, HostError>) -> String {
    match result {
        Err(HostError::Runtime(message)) => message,
        other => panic!("expected a runtime error, got {other:?}"),
    }
}

fn timed<T>(limit: Duration, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let value = f();
    let elapsed = start.elapsed();
    assert!(elapsed < limit, "took {elapsed:?}, limit {limit:?}");
    value
}

// 1
#[test]
fn infinite_loop_runs_out_of_budget() {
    let host = host();
    let message = timed(Duration::from_secs(5), || {
        expect_budget(
            run(&host, "cards/test/loop.lua", "local x = 0\nwhile true do x = x + 1 end"),
            "cards/test/loop.lua:2:",
        )
    });
    assert!(message.contains("2000000"), "{message}");
    assert_usable(&host);
}

/// The patched VM charges the budget at calls and at jumps back, not at every instruction
/// (vendor/lua-src/PATCH.md): every way of running on and on is charged, with or without a
/// loop statement.
#[test]
fn every_endless_run_is_charged_loop_statement_or_not() {
    let host = host();
    let cases = [
        ("tail", "local function f() return f() end\nreturn f()", "cards/test/tail_forever.lua:1:"),
        (
            "mutual",
            "local g\nlocal function f() return g() end\ng = function() return f() end\nreturn f()",
            "cards/test/mutual_forever.lua:",
        ),
        ("goto", "local x = 0\n::top:: x = x + 1 goto top", "cards/test/goto_forever.lua:2:"),
        ("repeat", "local x = 0\nrepeat x = x + 1 until false", "cards/test/repeat_forever.lua:2:"),
        ("while", "local x = 0\nwhile x >= 0 do x = x + 1 end", "cards/test/while_forever.lua:2:"),
        ("for", "local x = 0\nfor i = 1, math.maxinteger do x = x + i end", "cards/test/for_forever.lua:2:"),
        ("iterator", "local function it() return 1 end\nfor _ in it do end", "cards/test/iterator_forever.lua:"),
    ];
    for (name, source, location) in cases {
        let file = format!("cards/test/{name}_forever.lua");
        let message = timed(Duration::from_secs(5), || expect_budget(run(&host, &file, source), location));
        assert!(message.contains("2000000"), "{name}: {message}");
        assert_usable(&host);
    }
}

// 2
#[test]
fn infinite_loop_in_a_coroutine_runs_out_of_budget() {
    let host = host();
    let wrapped = "local f = coroutine.wrap(function()\n  while true do end\nend)\nf()";
    expect_budget(run(&host, "cards/test/co_wrap.lua", wrapped), "cards/test/co_wrap.lua:2:");
    assert_usable(&host);

    let resumed = "local co = coroutine.create(function()\n  while true do end\nend)\n\
                   local ok, err = coroutine.resume(co)\nreturn ok";
    expect_budget(run(&host, "cards/test/co_resume.lua", resumed), "cards/test/co_resume.lua:2:");
    assert_usable(&host);

    // A coroutine that yields inside the loop, resumed forever from the main thread.
    let ping_pong = "local co = coroutine.wrap(function() while true do coroutine.yield() end end)\n\
                     while true do co() end";
    expect_budget(run(&host, "cards/test/ping.lua", ping_pong), "cards/test/ping.lua:");
    assert_usable(&host);

    // Many short coroutines, each below the hook interval.
    let many = "while true do coroutine.wrap(function() for i = 1, 100 do end end)() end";
    timed(Duration::from_secs(5), || expect_budget(run(&host, "cards/test/many.lua", many), "cards/test/many.lua:1:"));
    assert_usable(&host);
}

// 3
#[test]
fn pcall_cannot_swallow_the_budget() {
    let host = host();
    let source = "while true do pcall(function() while true do end end) end";
    timed(Duration::from_secs(5), || {
        expect_budget(run(&host, "cards/test/pcall.lua", source), "cards/test/pcall.lua:1:")
    });
    assert_usable(&host);

    let xpcall = "while true do xpcall(function() while true do end end, function(e) return e end) end";
    timed(Duration::from_secs(5), || {
        expect_budget(run(&host, "cards/test/xpcall.lua", xpcall), "cards/test/xpcall.lua:1:")
    });
    assert_usable(&host);

    // A message handler that loops, and an error object whose __tostring loops.
    let handler = "xpcall(error, function() while true do end end)";
    timed(Duration::from_secs(5), || {
        expect_budget(run(&host, "cards/test/handler.lua", handler), "cards/test/handler.lua:1:")
    });
    assert_usable(&host);

    let resume = "while true do coroutine.resume(coroutine.create(function() while true do end end)) end";
    timed(Duration::from_secs(5), || {
        expect_budget(run(&host, "cards/test/resume.lua", resume), "cards/test/resume.lua:1:")
    });
    assert_usable(&host);
}

// 4
#[test]
fn string_dump_and_the_string_metatable_are_out_of_reach() {
    let host = host();
    assert!(eval_bool(&host, r#"return ("").dump == nil and string.dump == nil"#));
    assert!(eval_bool(&host, r#"return getmetatable("") ~= string and type(getmetatable("")) ~= "table""#));
    // The real string table cannot be reached and changed through a string.
    assert!(eval_bool(&host, r#"return not pcall(function() getmetatable("").__index.x = 1 end)"#));
    // The `string` every script sees is shared and read-only: changing it fails at the line
    // that tries, and string methods and other scripts are as they were.
    match run(&host, "cards/test/hack.lua", "local x = 1\nstring.upper = function() return 'hacked' end") {
        Err(HostError::Runtime(m)) => {
            assert!(m.contains("cards/test/hack.lua:2:") && m.contains("read-only") && m.contains("upper"), "{m}")
        }
        other => panic!("{other:?}"),
    }
    assert!(eval_bool(&host, "return not pcall(rawset, string, 'upper', print)"));
    assert_eq!(eval_string(&host, r#"return ("abc"):upper() .. string.upper("d")"#), "ABCD");
    assert_usable(&host);
}

// 5
#[test]
fn dangerous_globals_are_missing() {
    let host = host();
    for name in ["io", "os", "debug", "load", "loadfile", "dofile", "loadstring", "collectgarbage", "package"] {
        assert!(eval_bool(&host, &format!("return {name} == nil")), "{name} must not exist");
    }
    assert!(eval_bool(&host, "return math.random == nil and math.randomseed == nil"));
    assert!(eval_bool(&host, "return _G.io == nil and _G._G == _G"));
    for target in ["os", "io", "../../etc/passwd", "/etc/passwd"] {
        let source = format!("local m = require({target:?})\nreturn m");
        let message = expect_runtime(run(&host, "cards/test/require.lua", &source));
        assert!(message.contains(&format!("module '{target}' not found")), "{message}");
        assert!(message.starts_with("cards/test/require.lua:1:"), "{message}");
    }
    // In tail position Lua forgets the calling line; the file is still named.
    let message = expect_runtime(run(&host, "cards/test/tail.lua", "return require('os')"));
    assert!(message.starts_with("cards/test/tail.lua: module 'os' not found"), "{message}");
    // Bytecode never loads, even when it is handed over as a chunk.
    let bytecode = "\x1bLua\x54\x00";
    assert!(matches!(run(&host, "cards/test/bytecode.lua", bytecode), Err(HostError::Syntax(_))));
    assert_usable(&host);
}

// 6
#[test]
fn memory_bombs_hit_the_cap() {
    let host = host();
    // (Megabyte strings made of 10 KB pieces: a string.rep of a megabyte of single characters is
    // a million turns of its loop, which the budget stops first.)
    let bomb = "local s = ('x'):rep(1e4) local t = {} while true do t[#t+1] = s:rep(100) end";
    let result = timed(Duration::from_secs(10), || run(&host, "cards/test/bomb.lua", bomb));
    match &result {
        Err(HostError::Memory(message)) => assert!(message.starts_with("cards/test/bomb.lua:1:"), "{message}"),
        other => panic!("expected a memory error, got {other:?}"),
    }
    assert_usable(&host);

    let result = timed(Duration::from_secs(5), || run(&host, "cards/test/rep.lua", "return string.rep('x', 1e9)"));
    assert!(matches!(result, Err(HostError::Memory(_))), "{result:?}");
    assert_usable(&host);

    let caught =
        "local s = ('x'):rep(1e4) local ok, err = pcall(function()\n  local t = {} while true do t[#t+1] = s:rep(100) end\nend)\n\
                  return 'survived: ' .. tostring(err)";
    let result = timed(Duration::from_secs(10), || run(&host, "cards/test/pbomb.lua", caught));
    match result {
        // The line of the loop that allocates, though a pcall caught the first failure.
        Err(HostError::Memory(message)) => assert!(message.contains("cards/test/pbomb.lua:2:"), "{message}"),
        other => panic!("expected a memory error, got {other:?}"),
    }
    assert_usable(&host);
    // Repeatedly: the cap does not leak.
    for _ in 0..3 {
        assert!(matches!(run(&host, "cards/test/bomb.lua", bomb), Err(HostError::Memory(_))));
        assert_usable(&host);
    }
}

// 7
#[test]
fn unbounded_recursion_fails_cleanly() {
    let host = host();
    let result = timed(Duration::from_secs(10), || {
        run(&host, "cards/test/recurse.lua", "local function f() return 1 + f() end return f()")
    });
    match result {
        Err(HostError::Runtime(message)) => {
            assert!(message.contains("stack overflow"), "{message}");
            assert!(message.contains("cards/test/recurse.lua:1:"), "{message}");
        }
        Err(HostError::Budget(message)) => assert!(message.contains("cards/test/recurse.lua:1:"), "{message}"),
        // The stack can also outgrow the memory cap first: just as clean, at the same line.
        Err(HostError::Memory(message)) => assert!(message.contains("cards/test/recurse.lua:1:"), "{message}"),
        other => panic!("expected a stack overflow, budget or memory error, got {other:?}"),
    }
    assert_usable(&host);

    // Recursion through pcall (a C function) hits the C stack limit instead.
    let result = run(&host, "cards/test/precurse.lua", "local function f() return pcall(f) end return f()");
    assert!(result.is_ok() || matches!(result, Err(HostError::Runtime(_)) | Err(HostError::Budget(_))), "{result:?}");
    assert_usable(&host);
}

// 8
#[test]
fn pathological_patterns_are_refused_quickly() {
    let host = host();
    let source = "local i = string.find(string.rep('a', 40), string.rep('a*', 40) .. 'b')";
    let message = timed(Duration::from_millis(200), || expect_runtime(run(&host, "cards/test/pattern.lua", source)));
    assert!(message.contains("cards/test/pattern.lua:1:"), "{message}");
    assert!(message.contains("40 quantifiers (limit 3)"), "{message}");

    // Few quantifiers, but a worst case of hours on a long subject: refused by the cost estimate.
    let cubic = "return (string.rep('a', 4096)):find('a*a*a*b')";
    let message = timed(Duration::from_millis(200), || expect_runtime(run(&host, "cards/test/cubic.lua", cubic)));
    assert!(message.contains("backtrack"), "{message}");

    // Subjects over 4096 bytes need a plain find.
    let long = "local s = string.rep('ab', 3000) .. 'needle' return s:find('n%a+')";
    let message = expect_runtime(run(&host, "cards/test/long.lua", long));
    assert!(message.contains("limit 4096 bytes"), "{message}");
    let plain = "local s = string.rep('ab', 3000) .. 'needle' return s:find('needle', 1, true)";
    assert_eq!(eval(&host, plain), Value::Integer(6001));

    // Method calls on strings go through the same guard.
    let method = "return ('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'):match(('a?'):rep(10) .. 'b')";
    assert!(expect_runtime(run(&host, "cards/test/method.lua", method)).contains("quantifiers"));

    // Heavy but legal work still runs, and fast.
    let legal = r#"
        local s = string.rep("word ", 800)
        local n = 0
        for w in s:gmatch("%a+") do n = n + 1 end
        local upper, count = s:gsub("(%a+)", string.upper)
        local k, v = ("damage = 5"):match("^(%w+) = (%d+)$")
        local a, b = string.find(string.rep("x", 4000) .. "yz", "y(z)")
        return n == 800 and count == 800 and upper:sub(1, 4) == "WORD" and k == "damage" and v == "5" and a == 4001
    "#;
    assert!(timed(Duration::from_millis(500), || eval_bool(&host, legal)));
    // Errors inside the real pattern functions are located at the card line.
    let malformed = "local x = 1\nlocal i = string.find('abc', '[a')";
    let message = expect_runtime(run(&host, "cards/test/malformed.lua", malformed));
    assert!(message.starts_with("cards/test/malformed.lua:2:") && message.contains("malformed pattern"), "{message}");
    assert_usable(&host);
}

// 9
#[test]
fn errors_name_file_and_line() {
    let host = host();
    let message = expect_runtime(run(&host, "cards/test/bad.lua", "local x = 1\nlocal y = 2\nerror(\"boom\")\n"));
    assert!(message.contains("cards/test/bad.lua:3:"), "{message}");
    assert!(message.contains("boom"), "{message}");
    assert!(!message.contains("traceback") && !message.contains("runtime error"), "{message}");

    let message = expect_runtime(run(&host, "cards/test/nil.lua", "local t = nil\n\nreturn t.x"));
    assert!(message.starts_with("cards/test/nil.lua:3:") && message.contains("attempt to index"), "{message}");

    // An error in a function called later, through host.call.
    let values = run(
        &host,
        "cards/test/later.lua",
        "return function(n)\n  if n > 1 then\n    error('too big: ' .. n)\n  end\nend",
    )
    .unwrap();
    let Some(Value::Function(f)) = values.into_iter().next() else { panic!() };
    match host.call::<_, ()>(&f, 5) {
        Err(HostError::Runtime(message)) => assert_eq!(message, "cards/test/later.lua:3: too big: 5"),
        other => panic!("{other:?}"),
    }
    // assert() has no location of its own; the host adds the card line.
    let message = expect_runtime(run(&host, "cards/test/assert.lua", "\nassert(false, 'no target')"));
    assert_eq!(message, "cards/test/assert.lua:2: no target");
    // Errors inside sandbox helpers are blamed on the card line that called them.
    let message = expect_runtime(run(&host, "cards/test/helper.lua", "\n\ntable.insert(nil, 1)"));
    assert!(message.starts_with("cards/test/helper.lua:3:") && message.contains("table expected"), "{message}");
    let message = expect_runtime(run(&host, "cards/test/helper2.lua", "\nlocal t = setmetatable({}, 5)"));
    assert!(message.starts_with("cards/test/helper2.lua:2:"), "{message}");

    let syntax = run(&host, "cards/test/syntax.lua", "local x = 1\nlocal = 2");
    match syntax {
        Err(HostError::Syntax(message)) => assert!(message.contains("cards/test/syntax.lua:2:"), "{message}"),
        other => panic!("{other:?}"),
    }
    assert_usable(&host);
}

/// A Lua function `run_inner(f, budget)` that calls `f` through the host as a nested entry.
fn install_run_inner(host: &LuaHost, env: &mlua::Table) {
    let run_inner = host
        .lua()
        .create_function(|lua, (f, budget): (Function, u64)| {
            let host = LuaHost::from_lua(lua).expect("host");
            host.call_with_budget::<_, i64>(&f, (), budget).map_err(mlua::Error::external)
        })
        .unwrap();
    env.set("run_inner", run_inner).unwrap();
}

// 10
#[test]
fn nested_entries_enforce_inner_and_outer_budgets() {
    let host = host();

    // Inner budget: a nested call that loops stops at its own, smaller budget, and the outer
    // script cannot catch that.
    let env = host.new_env().unwrap();
    install_run_inner(&host, &env);
    let source = "local ok = pcall(run_inner, function()\n  while true do end\nend, 50000)\nreturn 'caught'";
    match host.load_chunk("cards/test/inner.lua", source, &env) {
        Err(HostError::Budget(message)) => {
            assert!(message.contains("cards/test/inner.lua:2:"), "{message}");
            assert!(message.contains("budget of 50000"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert_usable(&host);

    // Outer budget: the inner entry has a big budget, but its instructions count against the
    // outer entry too.
    let env = host.new_env().unwrap();
    install_run_inner(&host, &env);
    let values = host
        .load_chunk(
            "cards/test/outer.lua",
            "return function()\n  return run_inner(function() while true do end end, 1e9)\nend",
            &env,
        )
        .unwrap();
    let Some(Value::Function(outer)) = values.into_iter().next() else { panic!() };
    let started = Instant::now();
    match host.call_with_budget::<_, i64>(&outer, (), 100_000) {
        Err(HostError::Budget(message)) => assert!(message.contains("budget of 100000"), "{message}"),
        other => panic!("{other:?}"),
    }
    assert!(started.elapsed() < Duration::from_secs(1));

    // Within budget, nesting works and returns values.
    let env = host.new_env().unwrap();
    install_run_inner(&host, &env);
    let values = host
        .load_chunk("cards/test/nest_ok.lua", "return run_inner(function() return 41 end, 1000) + 1", &env)
        .unwrap();
    assert_eq!(values.into_iter().next(), Some(Value::Integer(42)));
    assert_usable(&host);
}

// 11
#[test]
fn abort_stops_the_script_even_through_pcall() {
    let host = host();
    let env = host.new_env().unwrap();
    let ask = host
        .lua()
        .create_function(|lua, ()| -> mlua::Result<()> {
            let host = LuaHost::from_lua(lua).expect("host");
            host.abort(HostError::Aborted("need input".into()));
            Err(mlua::Error::external(HostError::Aborted("need input".into())))
        })
        .unwrap();
    env.set("ask", ask).unwrap();
    let source = "local n = 0\nwhile true do\n  local ok = pcall(ask)\n  n = n + 1\n\
                  coroutine.wrap(function() pcall(ask) end)()\nend";
    let result = timed(Duration::from_secs(2), || host.load_chunk("cards/test/abort.lua", source, &env));
    assert_eq!(result.unwrap_err(), HostError::Aborted("need input".into()));
    assert_usable(&host);

    // Aborted from inside a coroutine resumed with coroutine.resume.
    let source = "local co = coroutine.create(function() ask() end)\nwhile true do coroutine.resume(co) end";
    let result = host.load_chunk("cards/test/abort_co.lua", source, &env);
    assert_eq!(result.unwrap_err(), HostError::Aborted("need input".into()));
    assert_usable(&host);
}

// 12
#[test]
fn pairs_iterates_in_sorted_key_order() {
    let host = host();
    let source = r#"
        local t = { zeta = 1, alpha = 2, [3] = 3, [1] = 4, mid = 5, [2] = 6, [-7] = 7, [true] = 8, [false] = 9,
                    [2.5] = 10, ["10"] = 11, B = 12 }
        local keys = {}
        for k, v in pairs(t) do keys[#keys + 1] = tostring(k) .. "=" .. tostring(v) end
        return table.concat(keys, " ")
    "#;
    assert_eq!(eval_string(&host, source), "-7=7 1=4 2=6 3=3 2.5=10 10=11 B=12 alpha=2 mid=5 zeta=1 false=9 true=8");
    // Removing the current field while iterating is allowed, as with Lua's own pairs.
    let removing = "local t = {a=1, b=2, c=3} local n = 0 for k in pairs(t) do t[k] = nil n = n + 1 end return n";
    assert_eq!(eval(&host, removing), Value::Integer(3));
    // Keys without an order are refused clearly.
    let message = expect_runtime(run(&host, "cards/test/pairs.lua", "\nfor k in pairs({[{}] = 1}) do end"));
    assert!(message.starts_with("cards/test/pairs.lua:2:") && message.contains("no deterministic order"), "{message}");
    // The user's __pairs is not trusted.
    let meta = "local t = setmetatable({a = 1}, {__pairs = function() error('nope') end}) \
                for k, v in pairs(t) do return k end";
    assert_eq!(eval_string(&host, meta), "a");
    assert_usable(&host);
}

/// Sorted pairs make iteration order a function of the keys alone, so it is the same in every
/// process, although Lua seeds its string hash per process. Checked here by running this test
/// binary twice as a child and comparing what both print.
#[test]
fn pairs_order_is_the_same_in_another_process() {
    const MARK: &str = "PAIRS-ORDER:";
    let source = r#"
        local t = {}
        for i = 1, 200 do t["key" .. i] = i end
        local keys = {}
        for k in pairs(t) do keys[#keys + 1] = k end
        return table.concat(keys, ",")
    "#;
    let order = eval_string(&host(), source);
    if std::env::var_os("WIZWAR_PAIRS_CHILD").is_some() {
        println!("{MARK}{order}");
        return;
    }
    let exe = std::env::current_exe().unwrap();
    for _ in 0..2 {
        let output = std::process::Command::new(&exe)
            .args(["--exact", "pairs_order_is_the_same_in_another_process", "--nocapture", "--test-threads=1"])
            .env("WIZWAR_PAIRS_CHILD", "1")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let child = stdout.lines().find_map(|l| l.split_once(MARK)).map(|(_, order)| order);
        let child = child.unwrap_or_else(|| panic!("the child printed no order: {stdout}"));
        assert_eq!(child, order);
    }
}

// 13
#[test]
fn table_sort_is_stable() {
    let host = host();
    let source = r#"
        local records = {}
        for i = 1, 100 do records[i] = { key = i % 3, id = i } end
        table.sort(records, function(a, b) return a.key < b.key end)
        for i = 2, #records do
            local a, b = records[i - 1], records[i]
            if a.key > b.key or (a.key == b.key and a.id > b.id) then return false end
        end
        local n = { 5, 3, 9, 1, 1, 7 }
        table.sort(n)
        return table.concat(n, ",") == "1,1,3,5,7,9"
    "#;
    assert!(eval_bool(&host, source));
    let message = expect_runtime(run(&host, "cards/test/sort.lua", "table.sort({3, 2, 1}, 'not a function')"));
    assert!(message.contains("function expected"), "{message}");
    // A plain table is sorted by the host, one with a metatable by the prelude's Lua: the same
    // steps, so the same result, even by a comparison that is no order at all.
    let same = r#"
        local seed = 7
        local function roll() seed = (seed * 1103515245 + 12345) % 2147483648 return seed end
        for n = 0, 70, 7 do
          local plain, shown = {}, setmetatable({}, {})
          for i = 1, n do local v = roll() % 10 plain[i] = v rawset(shown, i, v) end
          local function order(a, b) return a < b end
          local function noise(a, b) return (a * 7 + b) % 3 == 0 end
          local cmp = n % 2 == 0 and order or noise
          table.sort(plain, cmp) table.sort(shown, cmp)
          for i = 1, n do if plain[i] ~= rawget(shown, i) then return false end end
        end
        return true
    "#;
    assert!(eval_bool(&host, same));
    // Strings in their plain order are compared by the host: the order Lua's `<` gives, as the
    // prelude's Lua sorts them (a table with a metatable), prefixes, digits and bytes past 127
    // included.
    let strings = r#"
        local words = { "wall 10,2,N", "wall 9,2,N", "", "a\0b", "a", "a\0", "B", "b", "\xff", "wall 1,2,W",
                        "wall 1,2,N", "door 3,3,S", "a", "zz", "z" }
        local plain, shown = {}, setmetatable({}, {})
        for i, w in ipairs(words) do plain[i] = w rawset(shown, i, w) end
        table.sort(plain) table.sort(shown)
        for i = 1, #words do
          if plain[i] ~= rawget(shown, i) then return false end
          if i > 1 and plain[i] < plain[i - 1] then return false end
        end
        return plain[1] == "" and plain[#words] == "\xff"
    "#;
    assert!(eval_bool(&host, strings));
    let message = expect_runtime(run(&host, "cards/test/sort_mixed.lua", "local t = { 'b', 3, 'a' }\ntable.sort(t)"));
    assert!(message.contains("compare") && message.contains("sort_mixed.lua:2:"), "{message}");
    // The comparison's error is the sort's, at its own line.
    let message = expect_runtime(run(&host, "cards/test/sort_error.lua", "local t = { 3, {}, 1 }\ntable.sort(t)"));
    assert!(message.contains("compare"), "{message}");
    // table.insert/remove/move behave like Lua's.
    let tables = r#"
        local t = { 1, 2, 3 }
        table.insert(t, 4) table.insert(t, 1, 0)
        local removed = table.remove(t, 2)
        local moved = table.move(t, 1, 3, 2, {})
        return table.concat(t, ",") .. "|" .. removed .. "|" .. table.concat(moved, ",", 2, 4)
    "#;
    assert_eq!(eval_string(&host, tables), "0,2,3,4|1|0,2,3");
    // Huge ranges are metered, not run unmetered in C.
    expect_budget(run(&host, "cards/test/move.lua", "table.move({}, 1, 1e12, 2)"), "cards/test/move.lua:1:");
    let len = "local t = setmetatable({}, {__len = function() return 1e15 end})\ntable.insert(t, 1, 'x')";
    expect_budget(run(&host, "cards/test/len.lua", len), "cards/test/len.lua:2:");
    assert_usable(&host);
}

// 14
#[test]
fn required_modules_are_shared_read_only_and_isolated() {
    let host = host();
    host.add_module(
        "lib.walls",
        "cards/lib/walls.lua",
        "local M = { nested = { a = 1 }, list = { 10, 20, 30 } }\n\
         function M.double(x) return x * 2 end\n\
         function M.peek() return secret end\n\
         return M",
    );
    let card = r#"
        secret = 42
        local w = require("lib.walls")
        local again = require("lib.walls")
        local n = 0
        for k in pairs(w.list) do n = n + 1 end
        return w == again and w.double(21) == 42 and w.peek() == nil and w.nested.a == 1
            and #w.list == 3 and n == 3 and w.list[2] == 20
    "#;
    assert!(eval_bool(&host, card));
    // The same table in another card.
    assert!(eval_bool(&host, "return require('lib.walls').nested == require('lib.walls').nested"));

    for (name, write) in [
        ("top", "require('lib.walls').count = 1"),
        ("nested", "require('lib.walls').nested.a = 2"),
        ("rawset", "rawset(require('lib.walls'), 'x', 1)"),
        ("insert", "table.insert(require('lib.walls').list, 40)"),
        ("setmetatable", "setmetatable(require('lib.walls'), {})"),
    ] {
        let file = format!("cards/test/write_{name}.lua");
        let message = expect_runtime(run(&host, &file, write));
        assert!(message.contains(&format!("{file}:1:")), "{name}: {message}");
        assert!(message.contains("read-only") || message.contains("protected metatable"), "{name}: {message}");
    }
    // Nothing changed.
    assert!(eval_bool(&host, "local w = require('lib.walls') return w.count == nil and w.nested.a == 2 - 1"));

    // A module that fails names its own file; a module that loops is stopped.
    host.add_module("lib.broken", "cards/lib/broken.lua", "local x = 1\nerror('broken module')");
    let message = expect_runtime(run(&host, "cards/test/req_broken.lua", "return require('lib.broken')"));
    assert!(message.contains("cards/lib/broken.lua:2: broken module"), "{message}");
    host.add_module("lib.loop", "cards/lib/loop.lua", "while true do end");
    expect_budget(run(&host, "cards/test/req_loop.lua", "pcall(require, 'lib.loop')"), "cards/lib/loop.lua:1:");
    host.add_module("lib.self", "cards/lib/self.lua", "return require('lib.self')");
    let message = expect_runtime(run(&host, "cards/test/req_self.lua", "return require('lib.self')"));
    assert!(message.contains("requires itself"), "{message}");
    assert_usable(&host);
}

// 14b
#[test]
fn a_module_keeps_no_state_in_its_table() {
    // A module's result is frozen all the way down once it has loaded, and so are its globals
    // (prelude.lua, `freeze_module`, `freeze_env`): a module that changes its own table, a
    // table in it or a global later fails at the line that writes, in every build.
    let host = host();
    host.add_module(
        "lib.counter",
        "cards/lib/counter.lua",
        "local M = { n = 0, inner = { n = 0 } }\nfunction M.bump() M.n = M.n + 1 end\n\
         function M.bump_inner() M.inner.n = M.inner.n + 1 end\nfunction M.bump_global() count = (count or 0) + 1 end\n\
         return M",
    );
    for (bump, line, says) in [
        ("bump", 2, "read-only module table (field 'n')"),
        ("bump_inner", 3, "read-only module table (field 'n')"),
        ("bump_global", 4, "keep no state in globals (assignment to 'count' after loading)"),
    ] {
        let card = format!("local c = require('lib.counter')\nc.{bump}()\nreturn c.n");
        let message = expect_runtime(run(&host, "cards/test/counter.lua", &card));
        assert!(message.contains(&format!("cards/lib/counter.lua:{line}:")), "{bump}: {message}");
        assert!(message.contains(says), "{bump}: {message}");
    }
    assert!(eval_bool(&host, "local c = require('lib.counter') return c.n == 0 and c.inner.n == 0"));
    // A module that only reads its table is fine, and a field read twice is the same value.
    host.add_module(
        "lib.fixed",
        "cards/lib/fixed.lua",
        "local M = { n = 3 }\nfunction M.get() return M.n end\nreturn M",
    );
    assert!(eval_bool(
        &host,
        "local f = require('lib.fixed') return f.n == 3 and f.get() == 3 and f.n == 3 and f.get == f.get"
    ));
    assert_usable(&host);
}

// 15
#[test]
fn setmetatable_refuses_gc_mode_and_close() {
    let host = host();
    for field in ["__gc", "__mode", "__close"] {
        let source = format!("local t = setmetatable({{}}, {{ {field} = 'k' }})");
        let message = expect_runtime(run(&host, "cards/test/meta.lua", &source));
        assert!(message.contains(field) && message.contains("cards/test/meta.lua:1:"), "{message}");
    }
    let ok = r#"
        local Point = {}
        Point.__index = Point
        function Point.new(x, y) return setmetatable({ x = x, y = y }, Point) end
        function Point:sum() return self.x + self.y end
        local defaults = setmetatable({}, { __index = function(_, k) return k .. "!" end })
        return Point.new(2, 3):sum() == 5 and defaults.hello == "hello!" and getmetatable(Point.new(1, 1)) == Point
    "#;
    assert!(eval_bool(&host, ok));
    assert_usable(&host);
}

#[test]
fn print_is_captured() {
    let host = host();
    eval(&host, "print('hello', 1, nil, true) print() return 1");
    assert_eq!(host.take_output(), vec!["hello\t1\tnil\ttrue".to_string(), String::new()]);
    assert!(host.take_output().is_empty());
    // Output is capped, not unbounded.
    let flood = "local s = string.rep('x', 10000) for i = 1, 1000 do print(s) end";
    eval(&host, flood);
    let lines = host.take_output();
    assert!(lines.len() < 200 && lines.last().unwrap().contains("truncated"), "{}", lines.len());
}

#[test]
fn environments_are_separate() {
    let host = host();
    let a = host.new_env().unwrap();
    let b = host.new_env().unwrap();
    host.load_chunk("cards/test/a.lua", "shared_value = 1", &a).unwrap();
    // The standard libraries are one read-only set: no file can change them for the others.
    for write in ["table.extra = true", "math.pi = 3", "utf8.x = 1", "coroutine.x = 1", "string.x = 1"] {
        let e = host.load_chunk("cards/test/a.lua", write, &a).expect_err(write);
        assert!(e.to_string().contains("read-only"), "{write}: {e}");
    }
    let values = host
        .load_chunk("cards/test/b.lua", "return shared_value == nil and table.extra == nil and math.pi > 3.14", &b)
        .unwrap();
    assert_eq!(values.into_iter().next(), Some(Value::Boolean(true)));
    // Each file's environment is its own table; the libraries in them are the same tables.
    let (a_string, b_string): (mlua::Table, mlua::Table) = (a.get("string").unwrap(), b.get("string").unwrap());
    assert_eq!(a_string.to_pointer(), b_string.to_pointer());
    assert_ne!(a.to_pointer(), b.to_pointer());
}

/// One instruction can copy megabytes (`..` on a huge string), one library call can loop for
/// as long as its arguments say (`table.concat`): each is charged the work it does
/// (vendor/lua-src/PATCH.md, "Exact metering"), so the budget stops them, not the clock.
#[test]
fn expensive_instructions_are_charged_their_work() {
    let host = LuaHost::new(Limits { instructions: 1_000_000, ..Limits::default() }).unwrap();
    let copy = "local s = ('x'):rep(1e4):rep(200)\nwhile true do\n  local t = s .. 'a'\nend";
    timed(Duration::from_secs(4), || expect_budget(run(&host, "cards/test/copy.lua", copy), "cards/test/copy.lua:3:"));
    assert_usable(&host);

    let concat = "local t = {}\nfor i = 1, 100000 do t[i] = 'x' end\nwhile true do local s = table.concat(t) end";
    timed(Duration::from_secs(4), || {
        expect_budget(run(&host, "cards/test/concat.lua", concat), "cards/test/concat.lua:3:")
    });
    assert_usable(&host);
}

/// Work no instruction and no library charge counts (a slow call into the host) is stopped by
/// the wall-clock safety net, at the script's line.
#[test]
fn slow_host_calls_hit_the_time_limit() {
    // A budget of 1M instructions gets at least 1 s, whatever the base limit says.
    let host = LuaHost::new(Limits { instructions: 1_000_000, ..Limits::default() }).unwrap();
    host.set_time_limit(Some(Duration::from_millis(500)));
    let slow = host.lua().create_function(|_, ()| {
        std::thread::sleep(Duration::from_millis(5));
        Ok(())
    });
    let env = host.new_env().unwrap();
    env.raw_set("slow", slow.unwrap()).unwrap();
    let source = "while true do\n  slow()\nend";
    let message = timed(Duration::from_secs(4), || match host.load_chunk("cards/test/slow.lua", source, &env) {
        Err(HostError::Budget(message)) => message,
        other => panic!("{other:?}"),
    });
    assert!(message.contains("cards/test/slow.lua:2:") && message.contains("time limit"), "{message}");
    assert_usable(&host);
}

#[test]
fn memory_bombs_in_coroutines_hit_the_cap() {
    let host = host();
    let bomb = "function() local s = ('x'):rep(1e4) local t = {} while true do t[#t+1] = s:rep(100) end end";
    for (name, source) in [
        ("wrap", format!("coroutine.wrap({bomb})()")),
        ("pcall_wrap", format!("local ok = pcall(coroutine.wrap({bomb})) return ok")),
        ("resume", format!("local ok = coroutine.resume(coroutine.create({bomb})) return ok")),
        ("xpcall", format!("local ok = xpcall({bomb}, function(e) return e end) return ok")),
    ] {
        let result = run(&host, &format!("cards/test/{name}.lua"), &source);
        assert!(matches!(result, Err(HostError::Memory(_))), "{name}: {result:?}");
        assert_usable(&host);
    }
}

#[test]
fn abort_outside_a_call_does_not_poison_the_next_one() {
    let host = host();
    host.abort(HostError::Aborted("stray".into()));
    assert_usable(&host);
}

/// Raw equality of two long strings compares them without a running thread to charge (Lua
/// calls the comparison with none): it answers as Lua does (the test suite found it crashing).
#[test]
fn long_strings_compare_raw() {
    let host = host();
    assert!(eval_bool(&host, "local a, b = ('x'):rep(100), ('x'):rep(99) .. 'x' return rawequal(a, b) and a == b"));
    assert!(eval_bool(&host, "local t = { [('k'):rep(100)] = 1 } return t[('k'):rep(99) .. 'k'] == 1"));
}

/// The heap's peak is what a script held at its largest, garbage included, seen by the meter
/// while it ran: a table of a few MB built and dropped leaves the peak above what is held after
/// a collection, and a restart starts from what is held now.
#[test]
fn the_heap_peak_is_what_a_script_held_at_its_largest() {
    let host = host();
    host.restart_memory_peak();
    let before = host.memory_peak();
    assert!(eval_bool(&host, "local t = {} for i = 1, 200000 do t[i] = i end return #t == 200000"));
    host.lua().gc_collect().unwrap();
    let held = host.lua().used_memory();
    let peak = host.memory_peak();
    assert!(peak >= before + 2_000_000, "200,000 slots of 16 bytes: peak {peak}, before {before}");
    assert!(held + 2_000_000 <= peak, "the table is gone: held {held}, peak {peak}");
    host.restart_memory_peak();
    assert!(host.memory_peak() < peak, "afresh from what is held now");
}
