//! The engine's turn machine, decisions, checkpoints and events, on a toy ruleset
//! (tests/fixtures/engine): not an edition, just enough rules to drive the kernel.

mod common;

use std::path::Path;
use wizwar::decision::{Agent, Decision, QueueAgent, RandomAgent, Request, ScriptedAgent, Seats};
use wizwar::engine::{Engine, GameSetup, Outcome};

fn root() -> &'static Path {
    Path::new("tests/fixtures/engine")
}

fn setup(seed: u64) -> GameSetup {
    GameSetup { ruleset: "toy".into(), players: 2, seed, options: vec![], names: vec![] }
}

fn bots(seed: u64) -> Box<dyn Agent> {
    Box::new(Seats { agents: vec![Box::new(RandomAgent::new(seed * 2 + 1)), Box::new(RandomAgent::new(seed * 2 + 2))] })
}

fn play(seed: u64) -> (Outcome, String) {
    let e = Engine::new(root(), &setup(seed), bots(seed)).unwrap();
    let out = e.run(Some(200));
    (out, serde_json::to_string(&e.log()).unwrap())
}

#[test]
fn a_random_game_ends_with_a_winner() {
    let (out, log) = play(1);
    match out {
        Outcome::Over(r) => assert!(r.winner.is_some(), "{r:?}"),
        other => panic!("the toy game should end: {other:?}"),
    }
    assert!(log.contains("\"game_over\""));
}

#[test]
fn the_same_seed_gives_the_same_log() {
    assert_eq!(play(7).1, play(7).1);
    assert_ne!(play(7).1, play(8).1);
}

#[test]
fn a_broken_card_is_undone_and_the_game_goes_on() {
    for seed in 1..20 {
        let e = Engine::new(root(), &setup(seed), bots(seed)).unwrap();
        let out = e.run(Some(200));
        let log = e.log();
        let errors: Vec<_> = log.iter().filter(|l| l.event == "error").collect();
        for err in &errors {
            let msg = err.data.get("message").and_then(|m| m.as_str()).unwrap();
            assert!(msg.contains("cards/toy/broken.lua:") && msg.contains("kaboom"), "{msg}");
        }
        e.with_state(|st| {
            // The failed cast was undone: the card never kept the data it set before failing.
            for c in &st.cards {
                assert!(c.data.get("touched").is_none(), "card {} kept data from an undone action", c.id);
            }
            st.check_card_places().unwrap();
        });
        if !errors.is_empty() {
            assert!(matches!(out, Outcome::Over(_) | Outcome::TurnLimit));
            return;
        }
    }
    panic!("no seed in 1..20 played the broken card");
}

/// An agent that answers from a shared list and suspends when it runs out, like the REPL.
struct Stepper(std::rc::Rc<std::cell::RefCell<QueueAgent>>);
impl Agent for Stepper {
    fn decide(&mut self, req: &Request) -> Decision {
        self.0.borrow_mut().decide(req)
    }
}

#[test]
fn suspending_and_resuming_gives_the_same_game() {
    // The whole game with bots, then the same answers fed one at a time.
    let seed = 3;
    let full = Engine::new(root(), &setup(seed), bots(seed)).unwrap();
    let out = full.run(Some(200));
    let answers = full.answers();
    let queue = std::rc::Rc::new(std::cell::RefCell::new(QueueAgent::default()));
    let e = Engine::new(root(), &setup(seed), Box::new(Stepper(queue.clone()))).unwrap();
    let mut suspensions = 0;
    for a in &answers {
        match e.run(Some(200)) {
            Outcome::Suspended(req) => {
                assert_eq!(req.player, a.player);
                suspensions += 1;
            }
            other => panic!("expected to wait for an answer, got {other:?}"),
        }
        queue.borrow_mut().answers.push(a.keys.clone());
    }
    assert_eq!(e.run(Some(200)), out);
    assert_eq!(suspensions, answers.len());
    assert_eq!(serde_json::to_string(&e.log()).unwrap(), serde_json::to_string(&full.log()).unwrap());
}

#[test]
fn a_strict_agent_fails_on_an_unexpected_request() {
    let mut script = ScriptedAgent::default();
    script.push(9, &["end"]);
    let e = Engine::new(root(), &setup(1), Box::new(script)).unwrap();
    match e.run(Some(5)) {
        Outcome::AgentFailed(m) => assert!(m.contains("expects an answer from player 9"), "{m}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_unknown_option_is_refused_with_a_suggestion() {
    let mut s = setup(1);
    s.options = vec![("big_hand".into(), true.into())];
    let err = Engine::new(root(), &s, bots(1)).err().unwrap();
    assert!(err.contains("did you mean `big_hands`"), "{err}");
}

#[test]
fn card_tests_run_in_fresh_games_and_report_failures_by_line() {
    let results = wizwar::testing::run_card_tests(root(), "toy", Some("zap")).unwrap();
    let by_name = |n: &str| results.iter().find(|r| r.test == n).unwrap_or_else(|| panic!("no test {n}: {results:?}"));
    assert!(by_name("deals 2 to the target").passed, "{:?}", by_name("deals 2 to the target"));
    assert!(by_name("turns pass").passed, "{:?}", by_name("turns pass"));
    let wrong = by_name("a wrong expectation fails and names its line");
    assert!(!wrong.passed);
    assert!(
        wrong.message.contains("cards/toy/zap.lua:") && wrong.message.contains("expected 99, got 5"),
        "{}",
        wrong.message
    );
    let unasked = by_name("an unexpected request fails the test");
    assert!(!unasked.passed && unasked.message.contains("never asked"), "{}", unasked.message);
    let long = by_name("a long failure keeps its message");
    assert!(
        long.message.starts_with("cards/toy/zap.lua:") && long.message.contains("no action matches"),
        "{}",
        long.message
    );
}

/// Lua seeds its string hashing per process, so determinism is only proven across processes:
/// the toy rules, and a whole game of each edition with three players.
#[test]
fn the_same_game_in_two_processes_logs_the_same_bytes() {
    let dir = common::temp_dir("det");
    let run = |root: &str, ruleset: &str, players: &str, name: &str| {
        let path = dir.join(name);
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
            .args(["--root", root, "play", "--ruleset", ruleset, "--players", players, "--seed", "11", "--turns", "60"])
            .args(["--quiet", "--log"])
            .arg(&path)
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "{ruleset}");
        std::fs::read(&path).unwrap()
    };
    for (root, ruleset, players) in
        [("tests/fixtures/engine", "toy", "2"), (".", "8th", "3"), (".", "classic", "3"), (".", "9th", "5")]
    {
        let (a, b) = (run(root, ruleset, players, "a.jsonl"), run(root, ruleset, players, "b.jsonl"));
        assert!(a.len() > 500, "{ruleset}: a real game was logged");
        assert!(a == b, "{ruleset}: the two processes logged different games");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_saved_game_replays_and_a_broken_save_names_file_and_line() {
    let setup = setup(5);
    let e = Engine::new(root(), &setup, bots(5)).unwrap();
    let out = e.run(Some(200));
    let saved = wizwar::save::SavedGame::of(&e, &setup);
    let path = std::env::temp_dir().join(format!("wizwar-save-{}.json", std::process::id()));
    saved.write(&path).unwrap();
    let back = wizwar::save::SavedGame::read(&path).unwrap();
    let again = Engine::new(root(), &back.setup, Box::new(QueueAgent::default())).unwrap();
    again.queue_replay(back.answers.clone());
    assert_eq!(again.run(Some(200)), out);
    assert_eq!(serde_json::to_string(&again.log()).unwrap(), serde_json::to_string(&e.log()).unwrap());
    assert_eq!(again.state(), e.state());

    std::fs::write(&path, "{\n  \"format\": 1,\n  \"setup\": oops\n}").unwrap();
    let err = wizwar::save::SavedGame::read(&path).unwrap_err();
    assert!(err.contains(&format!("{}:3:", path.display())), "{err}");
    std::fs::remove_file(&path).ok();
}

/// A toy root whose deck holds only a card doing `body` when cast (on line 9 of its file).
fn root_with_hostile_card(body: &str) -> common::TempDir {
    let root = common::temp_dir("hostile");
    common::copy_dir(root_path(), &root);
    let card = format!(
        "-- A hostile card for the engine tests.\nreturn card {{\n  name = \"Hostile\",\n  kind = \"neutral\",\n  \
         range = \"anywhere\",\n  targets = {{ \"wizard\" }},\n  text = \"Misbehaves.\",\n  resolve = function(ctx)\n    \
         {body}\n  end,\n}}\n"
    );
    std::fs::write(root.join("cards/toy/hostile.lua"), card).unwrap();
    let toml = root.join("rulesets/toy/ruleset.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let text = text.replace(r#"deck = { "toy/zap" = 10, "toy/broken" = 2 }"#, r#"deck = { "toy/hostile" = 12 }"#);
    std::fs::write(&toml, text).unwrap();
    root
}

fn root_path() -> &'static Path {
    root()
}

/// Every hostile script of the sandbox tests, now cast as a card in a running game: the action
/// fails with an error naming the card's file and line, the game is exactly as it was before
/// the action, and it goes on to its end.
#[test]
fn hostile_cards_fail_cleanly_in_a_game() {
    let cases = [
        ("an endless loop", "while true do end", "instruction budget"),
        ("a loop in a coroutine", "coroutine.wrap(function() while true do end end)()", "instruction budget"),
        ("a loop swallowing errors", "while true do pcall(function() while true do end end) end", "instruction budget"),
        ("string.dump", "local f = (''):dump(function() end)", "dump"),
        ("io", "io.open('/etc/passwd')", "'io'"),
        ("os", "os.execute('true')", "'os'"),
        ("debug", "debug.sethook()", "'debug'"),
        ("load", "load('return 1')()", "'load'"),
        ("require", "local m = require('os')", "module 'os' not found"),
        (
            "a memory bomb",
            "local t = {} while true do t[#t+1] = string.rep('abcdefgh', 1e3):rep(125) end",
            "memory limit",
        ),
        ("one allocation past the cap", "local s = string.rep('x', 2^30)", "memory limit"),
        ("one allocation past the cap, as a method", "local s = ('xy'):rep(2^29, ',')", "memory limit"),
        ("unbounded recursion", "local function f() return 1 + f() end f()", ""),
        ("a pathological pattern", "string.find(string.rep('a', 40), string.rep('a*', 40) .. 'b')", "quantifiers"),
        ("state kept in a global", "uses = (uses or 0) + 1", "keep no state in globals"),
        ("a global forced in", "rawset(_G, 'uses', 1)", "read-only"),
        ("a misspelt helper", "ctx:damge(ctx.target, 1)", "ctx has no field or helper 'damge'"),
        ("a primitive through ctx", "ctx:roll(6)", "ctx.game:roll"),
        ("the card helpers swapped", "ctx.game.__set_ctx({})", "a nil value"),
        ("ctx's metatable", "getmetatable(ctx).__index = nil", "a string value"),
        ("a primitive replaced for every card", "ctx.game.roll = function() return 6 end", "read-only"),
        ("a primitive forced in", "rawset(ctx.game, 'roll', function() return 6 end)", "read-only"),
    ];
    for (what, body, says) in cases {
        let root = root_with_hostile_card(body);
        let e = Engine::new(&root, &setup(1), bots(1)).unwrap();
        assert!(e.run_until_action(Some(10)).is_none(), "{what}: the game waits for an action");
        // (the deck holds only Hostile cards: any cast is one)
        let kind = |c: &wizwar::decision::Choice| c.value.get("kind").and_then(|k| k.as_str()).map(str::to_string);
        let key = e.pending_actions().unwrap().into_iter().find(|c| kind(c).as_deref() == Some("cast")).map(|c| c.key);
        let key = key.unwrap_or_else(|| panic!("{what}: a hostile card in hand"));
        let before = e.state();
        let log_before = e.log().len();
        assert_eq!(e.take_action(&key), Ok(false), "{what}: the action fails");
        let message = e.last_error().unwrap();
        assert!(message.starts_with("cards/toy/hostile.lua:9:"), "{what}: names the file and line: {message}");
        assert!(message.contains(says), "{what}: says `{says}`: {message}");
        let mut after = e.state();
        assert_eq!(after.turn.failed, vec![key.clone()], "{what}: the failed action is not offered again");
        after.turn.failed.clear();
        assert_eq!(after, before, "{what}: the game is as it was before the action");
        let new_events: Vec<String> = e.log()[log_before..].iter().map(|l| l.event.clone()).collect();
        // The choice of the action stays on record (a replay meets the same failure), then the error.
        assert_eq!(new_events, vec!["answer", "error"], "{what}: nothing of the action stays in the log");
        assert!(matches!(e.run(Some(6)), Outcome::TurnLimit | Outcome::Over(_)), "{what}: the game goes on");
        std::fs::remove_dir_all(&root).ok();
    }
}

/// A card's table is read-only once it has loaded: a hook that tries to replace one of its
/// own hooks (state kept where no undo reaches it) fails at that line, and the card works as
/// loaded the next time.
#[test]
fn a_card_cannot_rewrite_its_own_hooks() {
    let root = root_with_hostile_card("x = 1");
    let source = "-- A card that tries to rewrite itself.\nlocal me\nme = card {\n  name = \"Hostile\",\n  \
                  kind = \"neutral\",\n  range = \"anywhere\",\n  targets = { \"wizard\" },\n  text = \"Rewrites itself.\",\n  \
                  resolve = function(ctx)\n    me.resolve = function() end\n  end,\n}\nreturn me\n";
    std::fs::write(root.join("cards/toy/hostile.lua"), source).unwrap();
    let e = Engine::new(&root, &setup(1), bots(1)).unwrap();
    assert!(e.run_until_action(Some(10)).is_none());
    for _ in 0..2 {
        let kind = |c: &wizwar::decision::Choice| c.value.get("kind").and_then(|k| k.as_str()).map(str::to_string);
        let key = e.pending_actions().unwrap().into_iter().find(|c| kind(c).as_deref() == Some("cast")).map(|c| c.key);
        let key = key.expect("a hostile card in hand");
        assert_eq!(e.take_action(&key), Ok(false), "the rewrite fails, every time");
        let message = e.last_error().unwrap();
        assert!(message.starts_with("cards/toy/hostile.lua:10:") && message.contains("read-only"), "{message}");
    }
    std::fs::remove_dir_all(&root).ok();
}

/// The kernel builds its answers on the script's own stack, inside a protected call: a script
/// that fills the memory cap with answers fails with a memory error at its line, and the game
/// is as it was.
#[test]
fn answers_that_fill_the_memory_cap_fail_cleanly() {
    let e = Engine::new(root_path(), &setup(1), bots(1)).unwrap();
    assert!(e.run_until_action(Some(10)).is_none());
    let before = e.state();
    // (Steps asked with flags are not kept by the memo: each answer is a new table. A chain of
    // small tables holds them, so that most of what is allocated is the answers.)
    let err = e.eval_lua("local held\nwhile true do held = { game:steps(0, {}), held } end").unwrap_err();
    assert!(err.contains("memory") && err.contains("repl:2:"), "{err}");
    assert_eq!(e.state(), before, "nothing changed");
    assert_eq!(e.eval_lua("return #game:steps(0, {}) >= 0").unwrap(), "true", "the next call works");
    assert!(!e.pending_actions().unwrap().is_empty());
}

/// A card in play whose event handler fails is undone alone: the event, and the action that
/// raised it, go on without it; the error names the card.
#[test]
fn a_failing_event_handler_does_not_take_the_action_down() {
    for (what, body) in [("an error", "error('jinx')"), ("a runaway loop", "while true do end")] {
        let root = common::temp_dir("handler");
        common::copy_dir(root_path(), &root);
        let card = format!(
            "-- A card in play that fails whenever a wizard moves.\nreturn card {{\n  name = \"Jinx\",\n  \
             kind = \"neutral\",\n  range = \"anywhere\",\n  targets = {{ \"wizard\" }},\n  text = \"Breaks.\",\n  \
             on_move = function(ctx, ev)\n    ctx.data.heard = true {body}\n  end,\n}}\n"
        );
        std::fs::write(root.join("cards/toy/jinx.lua"), card).unwrap();
        let e = Engine::new(&root, &setup(2), bots(2)).unwrap();
        assert!(e.run_until_action(Some(10)).is_none());
        let active = e.with_state(|st| st.turn.active);
        e.eval_lua(&format!("local c = game:new_card('Jinx', {{ kind = 'play', player = {active} }})")).unwrap();
        let key = e
            .pending_actions()
            .unwrap()
            .into_iter()
            .find(|c| c.value.get("kind").and_then(|k| k.as_str()) == Some("move"))
            .map(|c| c.key)
            .unwrap();
        let from = e.with_state(|st| st.seat_at(active));
        assert_eq!(e.take_action(&key), Ok(true), "{what}: the move itself succeeds");
        assert_ne!(e.with_state(|st| st.seat_at(active)), from, "{what}: the wizard moved");
        let log = e.log();
        let err = log.iter().rev().find(|l| l.event == "error").expect("the handler's error is logged");
        let message = err.data.get("message").and_then(|m| m.as_str()).unwrap();
        assert!(message.starts_with("cards/toy/jinx.lua:9:"), "{what}: {message}");
        assert_eq!(err.data.get("during").and_then(|m| m.as_str()), Some("on_move"));
        assert!(
            e.with_state(|st| st.cards.iter().all(|c| c.data.get("heard").is_none())),
            "{what}: what the failed handler did is undone"
        );
        assert!(log.iter().any(|l| l.event == "move"), "{what}: the event itself happened");
        std::fs::remove_dir_all(&root).ok();
    }
}

/// What happened is heard, not changed: a handler of an event after the fact cannot alter the
/// payload the next handler hears (the attempt is its error, named at its line).
#[test]
fn a_handler_cannot_change_what_the_next_one_hears() {
    let root = common::temp_dir("heard");
    common::copy_dir(root_path(), &root);
    let card = |name: &str, body: &str| {
        format!(
            "-- Hears moves.\nreturn card {{\n  name = \"{name}\",\n  kind = \"neutral\",\n  range = \"anywhere\",\n  \
             targets = {{ \"wizard\" }},\n  text = \"Listens.\",\n  on_move = function(ctx, ev)\n    {body}\n  end,\n}}\n"
        )
    };
    std::fs::write(root.join("cards/toy/liar.lua"), card("Liar", "ev.n = 99")).unwrap();
    std::fs::write(root.join("cards/toy/ear.lua"), card("Ear", "ctx.data.heard = ev.n")).unwrap();
    let e = Engine::new(&root, &setup(5), bots(5)).unwrap();
    e.eval_lua(
        "game:new_card('Liar', { kind = 'play', player = 0 }) game:new_card('Ear', { kind = 'play', player = 0 })",
    )
    .unwrap();
    e.eval_lua("game:after('move', { wizard = 0, n = 1 })").unwrap();
    let heard = e.eval_lua("local c = game:play_area(0)[2] return game:card_data(c, 'heard')").unwrap();
    assert_eq!(heard, "1", "the second handler hears the event as it happened");
    let log = e.log();
    let err = log.iter().rev().find(|l| l.event == "error").expect("the liar's attempt is its error");
    let message = err.data.get("message").and_then(|m| m.as_str()).unwrap();
    assert!(message.starts_with("cards/toy/liar.lua:9:") && message.contains("read-only"), "{message}");
    std::fs::remove_dir_all(&root).ok();
}

/// Every phase of the turn is announced: `phase_start` and `phase_end` (payload: the phase),
/// heard by cards in play like any event; the game's start is an event too.
#[test]
fn phases_start_and_end_as_events() {
    let root = common::temp_dir("phases");
    common::copy_dir(root_path(), &root);
    let card = "-- Hears the phases.\nreturn card {\n  name = \"Clock\",\n  kind = \"neutral\",\n  \
                range = \"anywhere\",\n  targets = { \"wizard\" },\n  text = \"Ticks.\",\n  \
                on_phase_start = function(ctx, ev) ctx.data.heard = (ctx.data.heard or '') .. '+' .. ev.phase end,\n  \
                on_phase_end = function(ctx, ev) ctx.data.heard = (ctx.data.heard or '') .. '-' .. ev.phase end,\n}\n";
    std::fs::write(root.join("cards/toy/clock.lua"), card).unwrap();
    let e = Engine::new(&root, &setup(4), bots(4)).unwrap();
    assert_eq!(e.log().last().map(|l| l.event.as_str()), Some("game_start"), "setup is done");
    e.eval_lua("game:new_card('Clock', { kind = 'play', player = 0 })").unwrap();
    e.eval_lua("game:new_card('Clock', { kind = 'play', player = 1 })").unwrap();
    assert!(matches!(e.run(Some(2)), Outcome::TurnLimit | Outcome::Over(_)));
    let heard = e.eval_lua("local c = game:play_area(0)[1] return game:card_data(c, 'heard')").unwrap();
    assert!(heard.starts_with("\"+draw-draw+act-act+draw-draw+act"), "{heard}");
    let phase_events: Vec<String> = e
        .log()
        .iter()
        .filter(|l| l.event.starts_with("phase_"))
        .take(4)
        .map(|l| format!("{} {}", l.event, l.data.get("phase").and_then(|p| p.as_str()).unwrap_or("?")))
        .collect();
    assert_eq!(phase_events, ["phase_start draw", "phase_end draw", "phase_start act", "phase_end act"]);
    std::fs::remove_dir_all(&root).ok();
}

/// Hot-seat: two people at one terminal share its input; they answer by number or by key
/// (even a part of one), and the game stops cleanly at the end of the input.
#[test]
fn two_people_play_at_one_terminal() {
    use std::io::Write;
    let saves = common::temp_dir("hotseat");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
        .args(["--root", "tests/fixtures/engine", "play", "--ruleset", "toy", "--human", "0,1", "--turns", "3"])
        .env("WIZWAR_SAVES", &saves)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Each turn: the seat to play ends its turn ("end", then a prefix of it, then a number);
    // between two people, Enter once the keyboard is passed.
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"end\n\nEN\n\n9999\nend\n").unwrap();
    drop(input);
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if started.elapsed() > std::time::Duration::from_secs(30) {
            child.kill().ok();
            panic!("two human seats locked the terminal");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let mut out = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut out).unwrap();
    assert!(status.success(), "{out}");
    assert!(out.contains("9999 is not an option number"), "a bad answer is explained: {out}");
    assert!(out.contains("Pass the keyboard to B") && out.contains("Pass the keyboard to A"), "{out}");
    assert!(out.contains("Stopped at the turn limit"), "three turns were played by the two people: {out}");
    assert_eq!(common::files_in(&saves).len(), 1, "a game people play is kept in a file of its own");
    assert!(out.contains("This game is kept in") && out.contains("`wizwar play --resume`"), "{out}");
    // A seat named twice is refused, saying so.
    let twice = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
        .args(["--root", "tests/fixtures/engine", "play", "--ruleset", "toy", "--human", "0,0"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("--human 0 is given twice"));
}

/// A game a person plays is kept as it goes (after every turn): Ctrl-C (here while the person
/// thinks, his input not a terminal) loses at most the turn in progress and says where the game
/// is and how to go on; `play --load` goes on from the kept file, or from `--save`'s.
#[cfg(unix)]
#[test]
fn ctrl_c_in_play_keeps_the_game_to_go_on_with() {
    use std::io::Write;
    let dir = common::temp_dir("ctrlc");
    let saves = dir.join("saves");
    let saved = dir.join("saved.json");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
        // (seed 1: B, a bot, does not kill A in its turn, so A is asked again and waits)
        .args(["--root", "tests/fixtures/engine", "play", "--ruleset", "toy", "--seed", "1", "--human", "0", "--quiet"])
        .arg("--save")
        .arg(&saved)
        .env("WIZWAR_SAVES", &saves)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // One turn played, then the person thinks (the input stays open) and presses Ctrl-C.
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"end\n").unwrap();
    let started = std::time::Instant::now();
    let turn_kept = |f: &std::path::Path| {
        wizwar::save::SavedGame::read(f).is_ok_and(|s| s.snapshot.is_some_and(|st| st.turn.number >= 2))
    };
    while !(turn_kept(&saved) && common::files_in(&saves).iter().any(|f| turn_kept(f))) {
        assert!(started.elapsed() < std::time::Duration::from_secs(30), "nothing was kept after a turn");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let out = child.wait_with_output().unwrap();
    drop(input);
    let said = String::from_utf8_lossy(&out.stderr);
    let kept = common::files_in(&saves).into_iter().find(|f| f.extension().is_some_and(|x| x == "json")).unwrap();
    assert_eq!(out.status.code(), Some(130), "{said}");
    assert!(
        said.contains(&format!("Interrupted. This game is kept in {}", kept.display()))
            && said.contains("`wizwar play --resume` goes on with it"),
        "Ctrl-C says where the game is and how to go on: {said}"
    );
    for file in [&kept, &saved] {
        let resumed = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
            .args(["--root", "tests/fixtures/engine", "play", "--turns", "4", "--quiet", "--load"])
            .arg(file)
            .env("WIZWAR_SAVES", &saves)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&resumed.stdout);
        assert!(
            resumed.status.success(),
            "{} goes on: {out}{}",
            file.display(),
            String::from_utf8_lossy(&resumed.stderr)
        );
        assert!(out.contains("Stopped: no answer from A"), "A is still a person's: {out}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn new_cards_makes_one_card_per_key_in_order_like_new_card_does() {
    let e = Engine::new(root(), &setup(1), bots(1)).unwrap();
    let out = e
        .eval_lua(
            "local before = #game:pile('spare')
             local ids = game:new_cards({ 'Zap', 'Hex', 'Zap' }, { kind = 'pile', pile = 'spare' })
             local one = game:new_card('Hex', { kind = 'pile', pile = 'spare' })
             local pile = game:pile('spare')
             return before, #ids, ids[2] == ids[1] + 1, one == ids[3] + 1, game:card(ids[2]).name, pile[#pile] == one",
        )
        .unwrap();
    assert_eq!(out, "0\t3\ttrue\ttrue\t\"Hex\"\ttrue");
    let err =
        e.eval_lua("local x = 1\ngame:new_cards({ 'Zap', 'Nothing' }, { kind = 'pile', pile = 'spare' })").unwrap_err();
    assert!(err.contains("repl:2:") && err.contains("no card `Nothing`"), "{err}");
}

#[test]
fn play_area_data_lists_the_cards_in_play_holding_a_key_seat_by_seat() {
    let e = Engine::new(root(), &setup(1), bots(1)).unwrap();
    let out = e
        .eval_lua(
            "local a = game:new_card('Zap', { kind = 'play', player = 1 })
             local b = game:new_card('Hex', { kind = 'play', player = 0 })
             local c = game:new_card('Zap', { kind = 'play', player = 0 })
             local d = game:new_card('Hex', { kind = 'hand', player = 0 })
             game:set_card_data(a, 'effect', { shield = 1 })
             game:set_card_data(c, 'effect', { fog = true })
             game:set_card_data(d, 'effect', { never = true })
             game:set_card_data(b, 'other', 1)
             local got = game:play_area_data('effect')
             return #got, got[1].card == c, got[1].player, got[1].value.fog, got[2].card == a, got[2].player, got[2].value.shield",
        )
        .unwrap();
    assert_eq!(out, "2\ttrue\t0\ttrue\ttrue\t1\t1", "seat 0 first; not the hand's card, not another key");
}

/// A turn for all seats (issue 46: `[turn] shared = true`, loop phases with `actor =
/// "rules"`): before every action the rules name who acts (tests/fixtures/engine/rulesets/
/// relay: seat order in `move`, most life first in `act`, worked out again after every action),
/// every living seat acts once a phase, and the turn is nobody's.
#[test]
fn a_shared_turn_asks_the_seats_the_rules_name() {
    use std::cell::RefCell;
    use std::rc::Rc;
    use wizwar::value::Value;
    for seed in 1..6 {
        let setup = GameSetup { ruleset: "relay".into(), ..setup(seed) };
        let e = Engine::new(root(), &setup, bots(seed)).unwrap();
        let wrong = Rc::new(RefCell::new(Vec::<String>::new()));
        let asked = Rc::new(RefCell::new(Vec::<(u64, String, u32)>::new()));
        let (w, a) = (wrong.clone(), asked.clone());
        e.set_observer(Some(Box::new(move |st, entry| {
            if entry.event != "answer" || entry.data.get("kind").and_then(|k| k.as_str()) != Some("action") {
                return;
            }
            let p = entry.data.get("player").and_then(|p| p.as_int()).unwrap() as u32;
            let phase = st.turn.phase.clone();
            let acted = |q: u32| st.turn.vars.get(&format!("acted {phase} {q}")) == Some(&Value::Bool(true));
            let waiting: Vec<&wizwar::state::Player> = st.players.iter().filter(|q| q.alive && !acted(q.id)).collect();
            let due = match phase.as_str() {
                "move" => waiting.first().map(|q| q.id),
                _ => waiting
                    .iter()
                    .fold(None::<&&wizwar::state::Player>, |b, q| match b {
                        Some(b) if b.life >= q.life => Some(b),
                        _ => Some(q),
                    })
                    .map(|q| q.id),
            };
            if due != Some(p) {
                w.borrow_mut().push(format!("turn {}, {phase}: asked {p}, due {due:?}", entry.turn));
            }
            a.borrow_mut().push((entry.turn, phase, p));
        })));
        let out = e.run(Some(20));
        e.set_observer(None);
        assert!(wrong.borrow().is_empty(), "seed {seed}: {:?}", wrong.borrow());
        assert!(!e.log().iter().any(|l| l.event == "error"), "seed {seed}: a script error");
        // each living seat once a phase: the first turn asks both seats in both phases
        let first: Vec<(String, u32)> =
            asked.borrow().iter().filter(|(t, _, _)| *t == 1).map(|(_, ph, p)| (ph.clone(), *p)).collect();
        assert_eq!(first.iter().filter(|(ph, _)| ph == "move").map(|(_, p)| *p).collect::<Vec<_>>(), vec![0, 1]);
        assert_eq!(first.iter().filter(|(ph, _)| ph == "act").count(), 2, "seed {seed}: {first:?}");
        let turns: Vec<Value> = e.log().into_iter().filter(|l| l.event == "turn").map(|l| l.data).collect();
        assert!(turns.iter().all(|t| t.get("player").is_none()), "a shared turn is no seat's: {turns:?}");
        assert!(matches!(out, Outcome::Over(_) | Outcome::TurnLimit), "seed {seed}: {out:?}");
    }
}

/// A phase whose actor the rules name needs `rules.next_actor`, and only a loop phase has one.
#[test]
fn an_actor_phase_without_next_actor_is_refused_at_load() {
    let root = common::temp_dir("actor");
    common::copy_dir(Path::new("tests/fixtures/engine"), &root);
    let rules = root.join("rulesets/relay/rules.lua");
    let text = std::fs::read_to_string(&rules).unwrap().replace("function rules.next_actor", "function rules.next_one");
    std::fs::write(&rules, text).unwrap();
    let setup = GameSetup { ruleset: "relay".into(), ..setup(1) };
    let err = Engine::new(&root, &setup, bots(1)).err().expect("refused");
    assert!(err.contains("phase `move` has actor = \"rules\": it needs `rules.next_actor`"), "{err}");
    let toml = root.join("rulesets/relay/ruleset.toml");
    let text = std::fs::read_to_string(&toml)
        .unwrap()
        .replace("{ name = \"move\", loop = true, actor", "{ name = \"move\", actor");
    std::fs::write(&toml, text).unwrap();
    let err = Engine::new(&root, &setup, bots(1)).err().expect("refused");
    assert!(err.contains("phase `move`: actor = \"rules\" names who acts in a loop phase"), "{err}");
}

/// A plain phase is one call to `rules.phases[name]`: a name the Lua does not define (a typo in
/// ruleset.toml) would pass every turn doing nothing, so it is refused at load, with its line.
#[test]
fn a_phase_the_rules_do_not_define_is_refused_at_load() {
    let root = common::temp_dir("phase-fn");
    common::copy_dir(Path::new("tests/fixtures/engine"), &root);
    let toml = root.join("rulesets/toy/ruleset.toml");
    let text = std::fs::read_to_string(&toml).unwrap().replace("{ name = \"draw\" }", "{ name = \"drow\" }");
    std::fs::write(&toml, text).unwrap();
    let setup = GameSetup { ruleset: "toy".into(), ..setup(1) };
    let err = Engine::new(&root, &setup, bots(1)).err().expect("refused");
    assert!(err.contains("toy/ruleset.toml:6: phase `drow` has no function `rules.phases.drow`"), "{err}");
    assert!(err.contains("(did you mean `draw`?)"), "{err}");
    // The same phases as `[[phases]]` tables at the file's end: the name's own line is named.
    let text = std::fs::read_to_string(&toml)
        .unwrap()
        .replace("phases = [{ name = \"drow\" }, { name = \"act\", loop = true }]\n", "")
        + "\n[[phases]]\nname = \"drow\"\n\n[[phases]]\nname = \"act\"\nloop = true\n";
    let line = text.lines().position(|l| l == "name = \"drow\"").unwrap() + 1;
    std::fs::write(&toml, text).unwrap();
    let err = Engine::new(&root, &setup, bots(1)).err().expect("refused");
    assert!(err.contains(&format!("toy/ruleset.toml:{line}: phase `drow` has no function")), "{err}");
}

/// What each seat was offered, question by question.
type Offers = std::rc::Rc<std::cell::RefCell<Vec<(u32, Vec<String>)>>>;

/// Ends the phase when it may, else takes the first option; remembers what each seat was offered.
struct Ender(Offers);
impl Agent for Ender {
    fn decide(&mut self, req: &Request) -> Decision {
        let keys: Vec<String> = req.options.iter().map(|c| c.key.clone()).collect();
        self.0.borrow_mut().push((req.player, keys.clone()));
        let pick = keys.iter().find(|k| *k == "end").unwrap_or(&keys[0]).clone();
        Decision::Answer(vec![pick])
    }
}

/// In a shared turn an action that failed is not offered again to the seat that tried it, but
/// another seat's action of the same key still is: A's "end" breaks, B may still end.
#[test]
fn a_failed_action_in_a_shared_turn_is_the_seat_that_tried_its() {
    let root = common::temp_dir("shared-failed");
    common::copy_dir(Path::new("tests/fixtures/engine"), &root);
    let rules = root.join("rulesets/relay/rules.lua");
    let text = std::fs::read_to_string(&rules).unwrap().replace(
        "function rules.perform(game, p, a)\n",
        "function rules.perform(game, p, a)\n  if p == 0 and a.kind == \"end\" then error(\"A's end breaks\") end\n",
    );
    std::fs::write(&rules, text).unwrap();
    let setup = GameSetup { ruleset: "relay".into(), ..setup(1) };
    let offered = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let e = Engine::new(&root, &setup, Box::new(Ender(offered.clone()))).unwrap();
    e.run(Some(1));
    let offered = offered.borrow();
    let ends = |p: u32| offered.iter().filter(|(q, keys)| *q == p && keys.iter().any(|k| k == "end")).count();
    assert_eq!(ends(0), 1, "A is offered the end once, and not again once it broke: {offered:?}");
    assert!(ends(1) >= 2, "B may still end in both phases: {offered:?}");
}

/// A seat's own piece is a figure (issue 46): on a board of sectors the kernel makes one per
/// seat, of the ruleset's kind, on its home square; the seat's `at` is where that figure
/// stands, placing the seat moves it, a dead seat's figure leaves the board, and it never
/// leaves the game.
#[test]
fn each_seat_plays_a_figure_of_its_own() {
    let e = Engine::new(root(), &setup(1), bots(1)).unwrap();
    let out = e
        .eval_lua(
            "local f = game:figure(game:player(1).figure)
             local home = game:home(1)
             local at_home = f.at.x == home.x and f.at.y == home.y and f.owner == 1 and f.controller == 1
             local to = game:neighbours(home)[1].to
             game:place_seat_figure(1, to)
             local moved = game:figure(f.id).at
             local seen = game:player(1).at
             local here = game:seats_at(to)
             game:set_alive(1, false)
             return #game:figures(), f.kind, at_home, moved.x == to.x and moved.y == to.y,
               seen.x == to.x and seen.y == to.y, #here, here[1], game:player(1).at, game:figure(f.id).at,
               #game:seats_at(to)",
        )
        .unwrap();
    assert_eq!(out, "2\t\"figure\"\ttrue\ttrue\ttrue\t1\t1\tnil\tnil\t0");
    let err = e.eval_lua("game:remove_figure(game:player(0).figure)").unwrap_err();
    assert!(err.contains("is a seat's own"), "{err}");
    // set through the figure, the seat's place follows at once (the memo of `player` too)
    let out = e
        .eval_lua(
            "local p = game:player(0)
             local to = game:neighbours(p.at)[1].to
             game:set_figure(p.figure, { at = to })
             local now = game:player(0).at
             return now.x == to.x and now.y == to.y, game:seats_at(to)[1]",
        )
        .unwrap();
    assert_eq!(out, "true\t0");
}

/// An action naming a card its seat cannot see (another's hand) stops the game with the
/// kernel's reason, whoever is asked: an agent that reads the options, and a random bot, which
/// is handed the options' keys alone. For the bot the records are read for this check in debug
/// builds only (a release build, as `sim` runs, leaves them unread: the bot looks at nothing).
#[test]
fn an_action_naming_a_hidden_card_is_refused() {
    let setup = GameSetup { ruleset: "peek".into(), ..setup(3) };
    let offered = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let readers: Vec<(&str, Box<dyn Agent>)> =
        vec![("a reader", Box::new(Ender(offered.clone()))), ("a random bot", bots(3))];
    for (who, agent) in readers {
        if who == "a random bot" && !cfg!(debug_assertions) {
            continue;
        }
        let e = Engine::new(root(), &setup, agent).unwrap();
        match e.run(Some(5)) {
            Outcome::AgentFailed(m) => assert!(m.contains("offers `peek`") && m.contains("cannot see"), "{who}: {m}"),
            other => panic!("{who}: the game should stop at the hidden card: {other:?}"),
        }
    }
    assert!(offered.borrow().is_empty(), "the reader was never asked: {:?}", offered.borrow());
}

/// Remembers the labels of the action options it is given, and ends the phase; it reads
/// labels or not as told (`Agent::reads_labels`).
struct LabelReader {
    reads: bool,
    seen: std::rc::Rc<std::cell::RefCell<Vec<(String, String)>>>,
}
impl Agent for LabelReader {
    fn reads_labels(&self, _player: u32) -> bool {
        self.reads
    }
    fn decide(&mut self, req: &Request) -> Decision {
        if req.kind == "action" {
            self.seen.borrow_mut().extend(req.options.iter().map(|c| (c.key.clone(), c.label.clone())));
        }
        let pick = req.options.iter().find(|c| c.key == "end").unwrap_or(&req.options[0]).key.clone();
        Decision::Answer(vec![pick])
    }
}

/// A listing may leave an action's label to `rules.label_actions`, which the kernel asks only
/// for an agent that reads labels (a bot is handed the key instead: no words made for it);
/// a label the listing gives stays; and the call may only read: one that changes the game is
/// undone and named.
#[test]
fn labels_left_to_the_rules_are_made_for_those_who_read_them() {
    let root = common::temp_dir("lazy-labels");
    common::copy_dir(Path::new("tests/fixtures/engine"), &root);
    let rules = root.join("rulesets/toy/rules.lua");
    let words = "\nfunction rules.label_actions(game, p, list)\n  local out = {}\n  for i, a in ipairs(list) do\n    out[i] = a.kind == \"end\" and \"end the turn\" or \"overwritten\"\n  end\n  return out\nend\n";
    let text = std::fs::read_to_string(&rules).unwrap();
    let text = text.replacen("\nfunction rules.perform(", &format!("{words}\nfunction rules.perform("), 1);
    std::fs::write(&rules, &text).unwrap();
    let seen_by = |reads: bool| {
        let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let e = Engine::new(&root, &setup(1), Box::new(LabelReader { reads, seen: seen.clone() })).unwrap();
        e.run(Some(2));
        let seen = seen.borrow().clone();
        (seen, e)
    };
    let (read, _) = seen_by(true);
    let label_of = |seen: &[(String, String)], key: &str| {
        seen.iter().find(|(k, _)| k == key).map(|(_, l)| l.clone()).unwrap_or_else(|| panic!("no `{key}` in {seen:?}"))
    };
    assert_eq!(label_of(&read, "end"), "end the turn", "the rules' words for a reader");
    let moves: Vec<&(String, String)> = read.iter().filter(|(k, _)| k.starts_with("move")).collect();
    assert!(!moves.is_empty() && moves.iter().all(|(k, l)| k == l), "a listing's own labels stay: {moves:?}");
    let (unread, _) = seen_by(false);
    assert_eq!(label_of(&unread, "end"), "end", "a bot that reads no labels gets the key");

    // Words that change the game: undone, and the listing fails naming the call.
    let spoiling = text.replacen("  local out = {}\n", "  local out = {}\n  game:set_var(\"spoiled\", true)\n", 1);
    std::fs::write(&rules, spoiling).unwrap();
    let (_, e) = seen_by(true);
    let log = e.log();
    let err = log.iter().find(|l| l.event == "error").expect("the listing's failure is logged");
    let message = err.data.get("message").and_then(|m| m.as_str()).unwrap();
    assert!(message.contains("rules.label_actions changed the game"), "{message}");
    assert!(e.with_state(|st| st.vars.get("spoiled").is_none()), "what the words did is undone");
    std::fs::remove_dir_all(&root).ok();
}
