//! Hostile and careless cards against the whole engine (issue 39): each finding of the sandbox
//! review is a card, a rules file or an input here. Each must be stopped within the host's
//! limits (budget, time, memory), undone exactly, named by its file and line, and leave the
//! game going on; none may change another card, keep state between calls, or make a game
//! differ between processes. The sandbox's own unit tests are in `tests/sandbox.rs`.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};
use wizwar::decision::{Agent, RandomAgent, Seats};
use wizwar::engine::{Engine, GameSetup, Outcome};

const FIXTURES: &str = "tests/fixtures/engine";
/// The hostile card's file, as errors name it.
const CARD: &str = "cards/toy/hostile.lua";

fn setup(seed: u64) -> GameSetup {
    GameSetup { ruleset: "toy".into(), players: 2, seed, options: vec![], names: vec![] }
}

fn bots(seed: u64) -> Box<dyn Agent> {
    Box::new(Seats { agents: vec![Box::new(RandomAgent::new(seed * 2 + 1)), Box::new(RandomAgent::new(seed * 2 + 2))] })
}

/// A copy of the toy root whose deck holds only `cards/toy/hostile.lua` with this source.
fn root_with_card(source: &str) -> common::TempDir {
    let root = common::temp_dir("hostile");
    common::copy_dir(Path::new(FIXTURES), &root);
    std::fs::write(root.join(CARD), source).unwrap();
    let toml = root.join("rulesets/toy/ruleset.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let text = text.replace(r#"deck = { "toy/zap" = 10, "toy/broken" = 2 }"#, r#"deck = { "toy/hostile" = 12 }"#);
    std::fs::write(&toml, text).unwrap();
    root
}

/// A card file whose `resolve` runs `body`, the body's first line being line 9 of the file;
/// `top` goes before the card (file-level locals), on lines 2 and after (then `resolve` moves
/// down by as many lines).
fn card_source(top: &str, body: &str) -> String {
    format!(
        "-- A hostile card for the engine's tests.\n{top}return card {{\n  name = \"Hostile\",\n  kind = \"neutral\",\n  \
         range = \"anywhere\",\n  targets = {{ \"wizard\" }},\n  text = \"Misbehaves.\",\n  resolve = function(ctx)\n    \
         {body}\n  end,\n}}\n"
    )
}

fn timed<T>(limit: Duration, what: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let value = f();
    let elapsed = start.elapsed();
    assert!(elapsed < limit, "{what}: took {elapsed:?}, limit {limit:?}");
    value
}

fn cast_key(e: &Engine) -> String {
    let kind = |c: &wizwar::decision::Choice| c.value.get("kind").and_then(|k| k.as_str()).map(str::to_string);
    let actions = e.pending_actions().unwrap();
    actions.into_iter().find(|c| kind(c).as_deref() == Some("cast")).map(|c| c.key).expect("a hostile card in hand")
}

/// Casts the hostile card: the action fails within `limit`, its error names `line` of the card
/// file and says `says`, the game is exactly as before the action (but for the failed key),
/// nothing of it stays in the log but the answer and the error, and the game goes on to its
/// end. Returns the error.
fn cast_fails_cleanly(e: &Engine, what: &str, line: usize, says: &str) -> String {
    assert!(e.run_until_action(Some(10)).is_none(), "{what}: the game waits for an action");
    let key = cast_key(e);
    let before = e.state();
    let log_before = e.log().len();
    let taken = timed(Duration::from_secs(20), what, || e.take_action(&key));
    assert_eq!(taken, Ok(false), "{what}: the action fails");
    let message = e.last_error().unwrap();
    assert!(message.starts_with(&format!("{CARD}:{line}:")), "{what}: names the file and line {line}: {message}");
    assert!(message.contains(says), "{what}: says `{says}`: {message}");
    let mut after = e.state();
    assert_eq!(after.turn.failed, vec![key], "{what}: the failed action is not offered again");
    after.turn.failed.clear();
    assert_eq!(after, before, "{what}: the game is as it was before the action");
    let new_events: Vec<String> = e.log()[log_before..].iter().map(|l| l.event.clone()).collect();
    assert_eq!(new_events, vec!["answer", "error"], "{what}: nothing of the action stays in the log");
    assert!(matches!(e.run(Some(30)), Outcome::TurnLimit | Outcome::Over(_)), "{what}: the game goes on");
    message
}

/// The hostile card's `resolve` runs `body`: cast, it fails cleanly at line 9.
fn resolve_fails_cleanly(what: &str, body: &str, says: &str) -> String {
    let root = root_with_card(&card_source("", body));
    let e = Engine::new(&root, &setup(1), bots(1)).unwrap();
    let message = cast_fails_cleanly(&e, what, 9, says);
    std::fs::remove_dir_all(&root).ok();
    message
}

/// Loading an engine on this root fails (a card's top level, a rules file), within `limit`,
/// with an error that names `place` and says `says`.
fn loading_fails(root: &Path, what: &str, place: &str, says: &str) {
    let result = timed(Duration::from_secs(20), what, || Engine::new(root, &setup(1), bots(1)).map(|_| ()));
    let message = result.expect_err(what);
    assert!(message.contains(place) && message.contains(says), "{what}: names {place} and says `{says}`: {message}");
}

// ---------------------------------------------------------------------------------------------
// 1. Hangs past every limit: a `__close` handler added after `setmetatable`
// ---------------------------------------------------------------------------------------------

/// Its handler would run while the budget's error unwinds, where no hook runs: the metatable
/// is frozen once set, so the handler can never be added.
const CLOSER: &str =
    "local mt = {} local t = setmetatable({}, mt) mt.__close = function() while true do end end local g <close> = t while true do end";

#[test]
fn a_close_handler_added_later_is_refused_in_every_kind_of_script() {
    resolve_fails_cleanly("resolve", CLOSER, "read-only");

    // In can_cast, as the listing asks it: the card is left out of the listing, named.
    let source = card_source("", "return").replace(
        "  resolve = function",
        &format!("  can_cast = function(ctx)\n    {CLOSER}\n  end,\n  resolve = function"),
    );
    let root = root_with_card(&source);
    let e = Engine::new(&root, &setup(1), bots(1)).unwrap();
    let out = timed(Duration::from_secs(20), "can_cast", || e.run(Some(6)));
    assert!(matches!(out, Outcome::TurnLimit | Outcome::Over(_)), "{out:?}");
    std::fs::remove_dir_all(&root).ok();

    // In an event handler: the move goes on without it.
    let source = card_source("", "return").replace(
        "  resolve = function",
        &format!("  on_move = function(ctx)\n    {CLOSER}\n  end,\n  resolve = function"),
    );
    let root = root_with_card(&source);
    let e = Engine::new(&root, &setup(1), bots(1)).unwrap();
    let out = timed(Duration::from_secs(20), "on_move", || e.run(Some(6)));
    assert!(matches!(out, Outcome::TurnLimit | Outcome::Over(_)), "{out:?}");
    std::fs::remove_dir_all(&root).ok();

    // At a card's top level: loading names the card and line.
    let root = root_with_card(&card_source(&format!("{CLOSER}\n"), "return"));
    loading_fails(&root, "a card's top level", &format!("{CARD}:2"), "read-only");
    std::fs::remove_dir_all(&root).ok();

    // In rules.lua: loading names the rules file.
    let root = root_with_card(&card_source("", "return"));
    let rules = root.join("rulesets/toy/rules.lua");
    let text = std::fs::read_to_string(&rules).unwrap();
    std::fs::write(&rules, format!("{CLOSER}\n{text}")).unwrap();
    loading_fails(&root, "rules.lua", "rules.lua:1", "read-only");
    std::fs::remove_dir_all(&root).ok();

    // In a Lua step of a REPL session.
    let e = Engine::new(Path::new(FIXTURES), &setup(1), bots(1)).unwrap();
    let session = e.lua_session().unwrap();
    let result = timed(Duration::from_secs(20), "a REPL chunk", || e.eval_in(&session, "repl", CLOSER));
    let message = result.err().expect("the chunk fails");
    assert!(message.contains("repl:1:") && message.contains("read-only"), "{message}");
}

// ---------------------------------------------------------------------------------------------
// 2. C library calls are charged the work they do
// ---------------------------------------------------------------------------------------------

#[test]
fn library_calls_are_charged_the_work_they_do() {
    // A 4 MB subject (4 KB pieces: cheap to make) and a long pattern without special characters.
    let subject = "local s = ('a'):rep(4096):rep(1024) local p = ('a'):rep(1e5) .. 'b'";
    let cases = [
        ("rep of an empty string", "local s = string.rep('', math.maxinteger)".to_string()),
        (
            "rep of a million single characters, a hundred times",
            "for i = 1, 100 do local s = ('x'):rep(1e6) end".to_string(),
        ),
        ("match with a plain pattern", format!("{subject} local m = string.match(s, p)")),
        ("gmatch with a plain pattern", format!("{subject} for m in string.gmatch(s, p) do end")),
        ("gsub with a plain pattern", format!("{subject} local r = string.gsub(s, p, 'x')")),
        ("find, plain", format!("{subject} local i = string.find(s, p, 1, true)")),
        ("find of a plain pattern", format!("{subject} local i = s:find(p)")),
        (
            "concat of a long list",
            "local t = {} for i = 1, 1e5 do t[i] = 'x' end while true do local c = table.concat(t) end".into(),
        ),
        (
            "unpack of a long list",
            "local t = {} for i = 1, 1e5 do t[i] = i end while true do local a = select('#', table.unpack(t)) end"
                .into(),
        ),
        ("a long copy by `..`", "local s = ('x'):rep(4096):rep(1024) while true do local c = s .. 'y' end".into()),
        (
            "long strings compared",
            "local a, b = ('x'):rep(4096):rep(1024), ('x'):rep(4096):rep(1024) .. '' while a == b do end".into(),
        ),
        (
            "utf8.len of a long string",
            "local s = ('x'):rep(4096):rep(1024) while true do local n = utf8.len(s) end".into(),
        ),
    ];
    for (what, body) in cases {
        resolve_fails_cleanly(what, &body, "instruction budget");
    }
}

// ---------------------------------------------------------------------------------------------
// 3. The meter counts every instruction, and each script pays for its own
// ---------------------------------------------------------------------------------------------

/// A function of 20,000 statements: each call is 20,000 instructions (one charge, larger than
/// the hook's interval).
fn long_function() -> String {
    let body: String = (0..20_000).map(|_| "x = x + 1 ").collect();
    format!("local function long() local x = 0 {body} return x end\n")
}

#[test]
fn a_long_straight_line_function_is_charged_in_full() {
    // 900 calls at a card's top level: 18 million instructions under a budget of 2 million.
    let top = format!("{}for i = 1, 900 do long() end\n", long_function());
    let root = root_with_card(&card_source(&top, "return"));
    loading_fails(&root, "900 calls at load", CARD, "instruction budget");
    std::fs::remove_dir_all(&root).ok();

    // The same calls in a coroutine that yields after each: nothing charged is lost when it
    // yields or dies.
    let top = format!(
        "{}local co = coroutine.wrap(function() for i = 1, 900 do long() coroutine.yield() end end)\nfor i = 1, 900 do co() end\n",
        long_function()
    );
    let root = root_with_card(&card_source(&top, "return"));
    loading_fails(&root, "900 calls in a coroutine", CARD, "instruction budget");
    std::fs::remove_dir_all(&root).ok();

    // Each coroutine dying after one call.
    let top = format!("{}for i = 1, 900 do coroutine.wrap(long)() end\n", long_function());
    let root = root_with_card(&card_source(&top, "return"));
    loading_fails(&root, "900 coroutines", CARD, "instruction budget");
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn one_script_does_not_bill_another() {
    use wizwar::lua::sandbox::{Limits, LuaHost};
    let host = LuaHost::new(Limits { instructions: 1_000_000, ..Limits::default() }).unwrap();
    let run = |name: &str, source: &str| {
        let env = host.new_env().unwrap();
        host.load_chunk(name, source, &env).map(|_| ())
    };
    // (each statement is two instructions: an addition and its metamethod fallback)
    // 20 calls of 40,000 instructions: 800,000, within the budget; run many times, they leave
    // nothing owed that the next script would pay.
    let within = format!("{}for i = 1, 20 do long() end", long_function());
    for _ in 0..5 {
        run("cards/test/within.lua", &within).expect("800,000 instructions fit a budget of 1,000,000");
        run("cards/test/after.lua", "local s = 0 for i = 1, 1000 do s = s + i end")
            .expect("a harmless loop pays its own way");
    }
    // 30 calls: 1,200,000, over it.
    let over = format!("{}for i = 1, 30 do long() end", long_function());
    let err = run("cards/test/over.lua", &over).unwrap_err();
    assert!(err.to_string().contains("instruction budget"), "{err}");
    run("cards/test/after.lua", "local s = 0 for i = 1, 1000 do s = s + i end")
        .expect("nothing is owed after a failure");
}

#[test]
fn a_repl_chunk_is_held_to_its_budget() {
    let e = Engine::new(Path::new(FIXTURES), &setup(1), bots(1)).unwrap();
    let session = e.lua_session().unwrap();
    let code = format!("{}local n = 0 for i = 1, 1e5 do n = n + long() end", long_function());
    let result = timed(Duration::from_secs(60), "two billion additions", || e.eval_in(&session, "repl", &code));
    let message = result.err().expect("two billion instructions do not fit 200 million");
    assert!(message.contains("instruction budget of 200000000"), "{message}");
    // And the next chunk is not billed for it.
    assert!(e.eval_in(&session, "repl", "local s = 0 for i = 1, 1e6 do s = s + i end return s").is_ok());
}

// ---------------------------------------------------------------------------------------------
// 4. What the kernel keeps for a script counts against its memory cap
// ---------------------------------------------------------------------------------------------

#[test]
fn what_the_kernel_keeps_for_a_script_counts_against_the_cap() {
    let s = "local s = ('x'):rep(4096):rep(512) ";
    let cases = [
        ("log entries", format!("{s}for i = 1, 1000 do ctx.game:log('note', {{ s = s }}) end")),
        ("game vars", format!("{s}for i = 1, 1000 do ctx.game:set_var('x' .. i, s) end")),
        ("player vars", format!("{s}for i = 1, 1000 do ctx.game:set_player_var(0, 'x' .. i, s) end")),
        ("card data", format!("{s}for i = 1, 1000 do ctx.data['x' .. i] = s end")),
        ("events heard", format!("{s}for i = 1, 1000 do ctx.game:after('move', {{ wizard = 0, note = s }}) end")),
    ];
    for (what, body) in cases {
        resolve_fails_cleanly(what, &body, "memory limit");
    }
}

// ---------------------------------------------------------------------------------------------
// 5 and 6. Scripts keep nothing between calls
// ---------------------------------------------------------------------------------------------

#[test]
fn a_card_keeps_nothing_in_its_locals_or_tables() {
    // A hoard in a file-level local: refused at the line that adds to it.
    let root = root_with_card(&card_source("local hoard = {}\n", "hoard[#hoard + 1] = ('x'):rep(4096):rep(1000)"));
    let e = Engine::new(&root, &setup(1), bots(1)).unwrap();
    cast_fails_cleanly(&e, "a hoard", 10, "read-only");
    std::fs::remove_dir_all(&root).ok();
    // A counter in a file-level local: cast, undone, cast again, the same refusal each time.
    let root = root_with_card(&card_source("local casts = 0\n", "casts = casts + 1 ctx.game:set_life(0, 10 + casts)"));
    let e = Engine::new(&root, &setup(1), bots(1)).unwrap();
    let first = cast_fails_cleanly(&e, "a counter", 10, "attempt to assign to 'casts'");
    assert!(first.contains("scripts keep nothing between calls"), "{first}");
    std::fs::remove_dir_all(&root).ok();
    // A card's own nested tables.
    let source = card_source("local me\n", "me.targets[1] = 'changed'")
        .replace("return card {", "me = card {")
        .replace("  end,\n}\n", "  end,\n}\nreturn me\n");
    let root = root_with_card(&source);
    let e = Engine::new(&root, &setup(1), bots(1)).unwrap();
    cast_fails_cleanly(&e, "its own targets", 10, "read-only");
    std::fs::remove_dir_all(&root).ok();
    // A global function's locals, reached through the environment.
    let root = root_with_card(&card_source("local n = 0\nfunction bump() n = n + 1 end\n", "bump()"));
    let e = Engine::new(&root, &setup(1), bots(1)).unwrap();
    assert!(e.run_until_action(Some(10)).is_none());
    let key = cast_key(&e);
    assert_eq!(e.take_action(&key), Ok(false));
    let message = e.last_error().unwrap();
    assert!(message.starts_with(&format!("{CARD}:3:")) && message.contains("'n'"), "{message}");
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn a_module_keeps_nothing_between_calls() {
    // A "mailbox" two cards could pass values through, and a counter: each refused at the
    // module's own line.
    let cases = [
        (
            "a mailbox",
            "box.put(ctx.card)",
            "local letters = {}\nlocal M = {}\nfunction M.put(v)\n  letters[#letters + 1] = v\nend\nreturn M\n",
            "cards/lib/mailbox.lua:4:",
            "read-only",
        ),
        (
            "a counter",
            "box.count()",
            "local sent = 0\nlocal M = {}\nfunction M.count()\n  sent = sent + 1\n  return sent\nend\nreturn M\n",
            "cards/lib/mailbox.lua:4:",
            "'sent'",
        ),
    ];
    for (what, body, module, line, says) in cases {
        let root = root_with_card(&card_source("local box = require('lib.mailbox')\n", body));
        std::fs::create_dir_all(root.join("cards/lib")).unwrap();
        std::fs::write(root.join("cards/lib/mailbox.lua"), module).unwrap();
        let e = Engine::new(&root, &setup(1), bots(1)).unwrap();
        assert!(e.run_until_action(Some(10)).is_none());
        let key = cast_key(&e);
        assert_eq!(e.take_action(&key), Ok(false), "{what}");
        let message = e.last_error().unwrap();
        assert!(message.starts_with(line) && message.contains(says), "{what}: {message}");
        std::fs::remove_dir_all(&root).ok();
    }
}

/// A card that keeps megabytes from loading is named then, not a later script that runs out
/// of the memory every script shares.
#[test]
fn a_card_that_keeps_much_memory_is_named_as_it_loads() {
    let top = "local kept = { ('x'):rep(4096):rep(1024) }\n";
    let root = root_with_card(&card_source(top, "ctx.game:log('note', { n = #kept[1] })"));
    loading_fails(&root, "a card keeping 4 MB", CARD, "once loaded");
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn a_coroutine_made_while_loading_is_refused() {
    let top = "local gen = coroutine.wrap(function() local n = 0 while true do n = n + 1 coroutine.yield(n) end end)\n";
    let root = root_with_card(&card_source(top, "ctx.game:set_life(0, gen())"));
    loading_fails(&root, "a generator kept from loading", CARD, "coroutine");
    std::fs::remove_dir_all(&root).ok();
}

/// Careless cards that tried to keep state, played over many games: the same games whatever
/// the number of threads (each thread's engine plays another share of the games). 40 games
/// each here; `WIZWAR_HOSTILE_GAMES=1000` plays more.
#[test]
fn careless_cards_give_the_same_games_on_any_number_of_threads() {
    let games = std::env::var("WIZWAR_HOSTILE_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(40);
    use wizwar::sim::{run, Bots, Cap, SimConfig};
    let careless = [
        card_source("local casts = 0\n", "casts = casts + 1 ctx:damage(ctx.target, casts)"),
        card_source("local seen = {}\n", "seen[#seen + 1] = ctx.card ctx:damage(ctx.target, #seen)"),
        card_source("", "local t = { a = 1, b = 2, [tostring({})] = 3 } local k = next(t) ctx.game:log('note', { k = tostring(k), p = string.format('%p', t) }) ctx:damage(ctx.target, 1)"),
    ];
    for source in careless {
        let root = root_with_card(&source);
        let records = |jobs| {
            let cfg = SimConfig {
                root: root.to_path_buf(),
                ruleset: "toy".into(),
                players: vec![2],
                games,
                seed: 1,
                cap: Cap::Turns(40),
                bots: vec![Bots::Random],
                search: wizwar::search::Budget::default(),
                options: vec![],
                variants: vec![],
                jobs,
                profile: false,
                profile_scripts: false,
                shard: None,
            };
            let mut records = run(&cfg, None, &|_| {});
            records.sort_by_key(|r| r.index);
            records
                .into_iter()
                .map(|r| (r.index, r.winner, r.end, r.turns, r.events, r.errors, r.plays))
                .collect::<Vec<_>>()
        };
        assert_eq!(records(1), records(2), "{source}");
        std::fs::remove_dir_all(&root).ok();
    }
}

// ---------------------------------------------------------------------------------------------
// 7. Nothing a script sees depends on addresses or on when the collector runs
// ---------------------------------------------------------------------------------------------

#[test]
fn no_address_reaches_a_script() {
    let e = Engine::new(Path::new(FIXTURES), &setup(1), bots(1)).unwrap();
    let shown = e.eval_lua("return tostring({}) .. '|' .. tostring(print) .. '|' .. string.format('%p', {})").unwrap();
    assert_eq!(shown, "\"table: (no address)|function: (no address)|(null)\"");
    let err = e.eval_lua("error({ code = 1 })").unwrap_err();
    assert!(!err.contains("0x"), "{err}");
    let err = e.eval_lua("local t = { [{}] = 1, [{}] = 2 } for k in next, t do end").unwrap_err();
    assert!(err.contains("no deterministic order"), "{err}");
    // A weak mode added after the metatable was set.
    let err = e.eval_lua("local mt = {} local t = setmetatable({}, mt) mt.__mode = 'k'").unwrap_err();
    assert!(err.contains("read-only"), "{err}");
}

/// A card that shows tables, walks a table with `next` and raises a table: two processes
/// log the same game, byte for byte.
#[test]
fn a_card_using_addresses_and_next_plays_the_same_in_two_processes() {
    let body = "local t = {} for i = 1, 20 do t['k' .. i] = i end local keys = {} for k in next, t do keys[#keys + 1] = k end \
                ctx.game:log('note', { order = table.concat(keys, ','), t = tostring(t), p = string.format('%p', t) }) \
                ctx:damage(ctx.target, 1) if #keys > 100 then error({ code = 1 }) end";
    let root = root_with_card(&card_source("", body));
    let dir = common::temp_dir("hostile-det");
    let run = |name: &str| {
        let path = dir.join(name);
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
            .arg("--root")
            .arg(&root)
            .args(["play", "--ruleset", "toy", "--players", "2", "--seed", "11", "--turns", "60", "--quiet", "--log"])
            .arg(&path)
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
        std::fs::read_to_string(&path).unwrap()
    };
    let (a, b) = (run("a.jsonl"), run("b.jsonl"));
    assert!(a.contains("\"note\""), "the card was cast");
    assert_eq!(a, b, "two processes logged different games");
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&root).ok();
}

// ---------------------------------------------------------------------------------------------
// 8. Kernel calls check their arguments
// ---------------------------------------------------------------------------------------------

/// A primitive given a card, player, object or stack entry that does not exist, a number out
/// of range or a value of the wrong kind fails with its name and the argument, never a panic,
/// and changes nothing: a caught failure leaves no trace for an innocent card to trip on.
#[test]
fn a_primitive_refuses_bad_arguments_and_changes_nothing() {
    let e = Engine::new(Path::new(FIXTURES), &setup(1), bots(1)).unwrap();
    assert!(e.run_until_action(Some(10)).is_none());
    let before = e.state();
    let err = e.eval_lua("return select(2, pcall(game.push_stack, game, { card = 99999 }))").unwrap();
    assert!(err.contains("game:push_stack") && err.contains("99999"), "{err}");
    assert_eq!(e.state(), before, "no stack entry left behind");
    // Every primitive, with arguments of every wrong kind: an error or an answer, never a panic.
    let sweep = r#"
      local bad = { n = 7, nil, -1, 99999, 2^40, -2^62, 0.5, "", "x", true, {}, { x = 2^40, y = 1 },
                    { card = 99999 }, { kind = "hand", player = 99 }, { x = 1, y = 1, side = "Q" } }
      local names = {}
      for name in pairs(game) do names[#names + 1] = name end
      local called = 0
      for _, name in ipairs(names) do
        local f = game[name]
        if name ~= "choose" and name ~= "card_action" and name ~= "call_card" then
          for i = 1, 15 do
            for j = 1, 15 do
              pcall(f, game, bad[i], bad[j], bad[i])
              called = called + 1
            end
          end
        end
      end
      return called
    "#;
    let called: usize = e.eval_lua(sweep).expect("no primitive panics").parse().unwrap();
    assert!(called > 10_000, "{called}");
    e.with_state(|st| {
        st.check_card_places().unwrap();
        st.check_consistency().unwrap();
    });
}

/// 64-bit coordinates are not cut to 32 bits: a square far out is refused, not taken for a
/// square on the board.
#[test]
fn coordinates_out_of_range_are_refused_not_cut() {
    let e = Engine::new(Path::new(FIXTURES), &setup(1), bots(1)).unwrap();
    let err = e.eval_lua("game:place_seat_figure(0, { x = 4294967297, y = 1 })").unwrap_err();
    assert!(err.contains("game:place_seat_figure") && err.contains("4294967297"), "{err}");
    let err = e.eval_lua("return game:los({ x = 1, y = 1 }, { x = 1, y = 4294967297 })").unwrap_err();
    assert!(err.contains("4294967297"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// 9. A bad payload fails the handler that made it, alone
// ---------------------------------------------------------------------------------------------

#[test]
fn a_handler_that_spoils_a_payload_fails_alone_and_is_named() {
    // (the spoil, and whether the handler fails for it: a payload left unreadable fails it; what
    // it hung on the table is dropped, as the next handler hears a fresh copy)
    let cases = [
        ("a function", "ev.note = function() end", true),
        (
            "a table 40 deep",
            "local t = {} local deep = t for i = 1, 40 do deep.x = {} deep = deep.x end ev.note = t",
            true,
        ),
        ("a looping __index", "setmetatable(ev, { __index = function(t, k) while true do end end })", false),
        ("a metatable on a field", "ev.note = setmetatable({}, { __index = function() while true do end end })", false),
    ];
    for (what, spoil, fails) in cases {
        // The card's own damage: its before_damage hears it (the payload names the card).
        let source = card_source("", "ctx:damage(ctx.target, 1)").replace(
            "  resolve = function",
            &format!("  before_damage = function(ctx, ev)\n    {spoil}\n  end,\n  resolve = function"),
        );
        let root = root_with_card(&source);
        let e = Engine::new(&root, &setup(1), bots(1)).unwrap();
        assert!(e.run_until_action(Some(10)).is_none());
        let key = cast_key(&e);
        let life = e.state().players[1].life;
        let taken = timed(Duration::from_secs(20), what, || e.take_action(&key));
        assert_eq!(taken, Ok(true), "{what}: the action goes on");
        let errors: Vec<_> = e.log().into_iter().filter(|l| l.event == "error").collect();
        if fails {
            assert_eq!(errors.len(), 1, "{what}: one error");
            assert_eq!(errors[0].data.get("def").and_then(|d| d.as_str()), Some("toy/hostile"), "{what}");
            let message = errors[0].data.get("message").and_then(|m| m.as_str()).unwrap();
            assert!(
                message.starts_with(&format!("{CARD}:")) && message.contains("payload"),
                "{what}: names the card: {message}"
            );
        } else {
            assert!(errors.is_empty(), "{what}: nobody else pays for it: {errors:?}");
        }
        assert_eq!(e.state().players[1].life, life - 1, "{what}: the damage is dealt as asked");
        std::fs::remove_dir_all(&root).ok();
    }
}

// ---------------------------------------------------------------------------------------------
// 10. A failing can_cast drops its card, not the phase
// ---------------------------------------------------------------------------------------------

/// An action taken right after its listing (what a search does) is taken from that listing,
/// not from a new one; a listing that did anything (here a card's `can_cast` logging, or
/// writing its data), undone when it was made, is made again with the action. Seen by the calls of the cards'
/// hooks through the kernel (`call_card`), one a card in hand a listing.
#[test]
fn an_action_is_taken_from_its_listing_unless_the_listing_did_something() {
    let with_can_cast = |body: &str| {
        card_source("", "return").replace(
            "  resolve = function",
            &format!("  can_cast = function(ctx)\n    {body}\n  end,\n  resolve = function"),
        )
    };
    let calls = |e: &Engine| e.primitive_times().iter().find(|(n, _)| n == "call_card").map_or(0, |(_, t)| t.calls);
    let logs = "ctx.game:log(\"asked\", { card = ctx.card })\n    return true";
    let writes = "ctx.data.asked = (ctx.data.asked or 0) + 1\n    return true";
    for (body, kept) in [("return true", true), (logs, false), (writes, false)] {
        let root = root_with_card(&with_can_cast(body));
        let e = Engine::new(&root, &setup(1), bots(1)).unwrap();
        assert!(e.run_until_action(Some(10)).is_none());
        e.set_profiling(true);
        let keys = e.pending_keys().unwrap();
        let listed = calls(&e);
        assert!(listed > 0, "{body}: the listing asks the cards in hand");
        let shown: Vec<String> = e.pending_actions().unwrap().into_iter().map(|c| c.key).collect();
        assert_eq!(keys, shown, "{body}: the keys alone are the actions' keys");
        let before = calls(&e);
        let step = keys.iter().find(|k| k.starts_with("move")).unwrap();
        assert_eq!(e.take_action(step), Ok(true), "{body}");
        let again = calls(&e) - before;
        if kept {
            assert_eq!(again, 0, "the action is taken from the listing just made");
        } else {
            assert_eq!(again, listed, "a listing that did anything is made again with the action");
        }
        assert!(e.log().iter().any(|l| l.event == "move"), "{body}: the step was taken");
        std::fs::remove_dir_all(&root).ok();
    }
}

#[test]
fn a_failing_can_cast_drops_that_card_only() {
    let source = card_source("", "return").replace(
        "  resolve = function",
        "  can_cast = function(ctx)\n    error('careless')\n  end,\n  resolve = function",
    );
    let root = root_with_card(&source);
    let e = Engine::new(&root, &setup(1), bots(1)).unwrap();
    assert!(e.run_until_action(Some(10)).is_none());
    let actions = e.pending_actions().unwrap();
    assert!(actions.iter().any(|c| c.key.starts_with("move")), "the holder may still move: {actions:?}");
    assert!(!actions.iter().any(|c| c.key.starts_with("cast")), "the card is left out: {actions:?}");
    let moves = actions.iter().find(|c| c.key.starts_with("move")).unwrap().key.clone();
    assert_eq!(e.take_action(&moves), Ok(true));
    let errors: Vec<_> = e.log().into_iter().filter(|l| l.event == "error").collect();
    assert!(!errors.is_empty(), "the error is logged");
    let message = errors[0].data.get("message").and_then(|m| m.as_str()).unwrap().to_string();
    assert!(message.starts_with(&format!("{CARD}:9:")) && message.contains("careless"), "{message}");
    // Once a turn for each copy in hand, not at every listing.
    let turn = e.state().turn.number;
    let mut cards: Vec<i64> = e
        .log()
        .iter()
        .filter(|l| l.event == "error" && l.turn == turn)
        .filter_map(|l| l.data.get("card")?.as_int())
        .collect();
    let errors = cards.len();
    cards.sort();
    cards.dedup();
    assert_eq!(errors, cards.len(), "one error a turn for each card that cannot say: {cards:?}");
    assert!(matches!(e.run(Some(20)), Outcome::TurnLimit | Outcome::Over(_)));
    std::fs::remove_dir_all(&root).ok();
}

// ---------------------------------------------------------------------------------------------
// 11. A phase that never ends is cut short
// ---------------------------------------------------------------------------------------------

#[test]
fn a_loop_phase_that_never_ends_is_cut_short() {
    let root = root_with_card(&card_source("", "return"));
    let rules = root.join("rulesets/toy/rules.lua");
    let text = std::fs::read_to_string(&rules).unwrap();
    // Only one action, which never ends the phase.
    let text = text.replace(
        "function rules.actions(game, p)",
        "function rules.actions(game, p)\n  do return { { key = \"wait\", kind = \"wait\" } } end",
    );
    let text = text.replace(
        "function rules.perform(game, p, a)",
        "function rules.perform(game, p, a)\n  if a.kind == \"wait\" then return false end",
    );
    std::fs::write(&rules, text).unwrap();
    let e = Engine::new(&root, &setup(1), bots(1)).unwrap();
    let out = timed(Duration::from_secs(30), "an endless phase", || e.run(Some(3)));
    assert!(matches!(out, Outcome::TurnLimit), "{out:?}");
    let errors: Vec<String> =
        e.log().iter().filter(|l| l.event == "error").map(|l| l.data.get("message").unwrap().to_string()).collect();
    assert!(!errors.is_empty() && errors[0].contains("act"), "the cut is logged, naming the phase: {errors:?}");
    std::fs::remove_dir_all(&root).ok();
}

// ---------------------------------------------------------------------------------------------
// 12 and 13. Bounded boards, confined folders, clean names, honest locations, kernel events
// ---------------------------------------------------------------------------------------------

#[test]
fn a_board_too_large_is_refused_with_its_file() {
    let root = root_with_card(&card_source("", "return"));
    let layout = root.join("rulesets/toy/boards/layouts/2p.toml");
    let text = std::fs::read_to_string(&layout).unwrap();
    let far = text.replacen("slots = [[0, 0], [1, 0]]", "slots = [[0, 0], [100000, 100000]]", 1);
    assert_ne!(far, text, "the layout places its slots");
    std::fs::write(&layout, far).unwrap();
    let message = Engine::new(&root, &setup(1), bots(1)).map(|_| ()).expect_err("a board 100,000 slots wide");
    assert!(message.contains("2p.toml") && message.contains("100000"), "{message}");
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn card_folders_stay_inside_the_root() {
    let root = root_with_card(&card_source("", "return"));
    let toml = root.join("rulesets/toy/ruleset.toml");
    let text = std::fs::read_to_string(&toml).unwrap().replace("card_dirs = [\"toy\"]", "card_dirs = [\"../../..\"]");
    std::fs::write(&toml, text).unwrap();
    let message = Engine::new(&root, &setup(1), bots(1)).map(|_| ()).expect_err("a folder outside the root");
    assert!(message.contains("ruleset.toml") && message.contains("../../.."), "{message}");
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn names_with_control_characters_are_refused() {
    let source = card_source("", "return").replace("name = \"Hostile\"", "name = \"Hostile\\27[2J\"");
    let root = root_with_card(&source);
    let message = Engine::new(&root, &setup(1), bots(1)).map(|_| ()).expect_err("an escape code in a name");
    assert!(message.contains(CARD) && message.contains("control character"), "{message}");
    std::fs::remove_dir_all(&root).ok();
    let mut named = setup(1);
    named.names = vec!["Ann\u{1b}[2J".into(), "Bob".into()];
    let message =
        Engine::new(Path::new(FIXTURES), &named, bots(1)).map(|_| ()).expect_err("an escape code in a wizard's name");
    assert!(message.contains("control character"), "{message}");
}

#[test]
fn an_error_cannot_claim_another_files_line() {
    let message = resolve_fails_cleanly("a forged location", "error('cards/8th/cantrip/zot.lua:12: boom', 0)", "boom");
    assert!(message.starts_with(&format!("{CARD}:9: ")), "{message}");
}

#[test]
fn kernel_events_cannot_be_forged() {
    for event in ["error", "game_over", "turn", "answer"] {
        resolve_fails_cleanly(event, &format!("ctx.game:log('{event}', {{ message = 'forged' }})"), "reserved");
    }
}
