//! The REPL, driven by commands (as a script does) on the toy ruleset, and at a real terminal.

mod common;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use wizwar::repl::Repl;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/engine")
}

fn repl_at(root: &Path) -> Repl {
    let mut r = Repl::new(root);
    let out = r.execute("new --ruleset toy --seed 1").expect("a toy game starts");
    assert!(out.contains("new game: ruleset toy"), "{out}");
    r
}

fn repl() -> Repl {
    repl_at(&root())
}

/// A file of a test's own, in a temporary folder removed with it when the test is done.
struct Scratch {
    _dir: common::TempDir,
    path: PathBuf,
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

fn tmp(name: &str) -> Scratch {
    let dir = common::temp_dir("repl");
    let path = dir.join(name);
    Scratch { _dir: dir, path }
}

/// A copy of the toy ruleset's folder to change, removed when the test is done.
fn temp_root(name: &str) -> common::TempDir {
    let dir = common::temp_dir(&format!("repl-{name}"));
    common::copy_dir(&root(), &dir);
    dir
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} has no `{from}`", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

fn life(r: &Repl, p: usize) -> i64 {
    r.engine().unwrap().with_view(|s| s.players[p].life)
}

fn wizwar(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_wizwar")).args(args).output().unwrap()
}

/// `wizwar` with the words of `line` (no spaces in paths) as arguments.
/// `wizwar repl` on the toy ruleset, reading `input` from a pipe.
fn repl_reading(input: &[u8]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wizwar"))
        .args(["--root", root().to_str().unwrap(), "repl", "--ruleset", "toy"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn wizwar_line(line: &str) -> std::process::Output {
    wizwar(&line.split_whitespace().collect::<Vec<_>>())
}

/// A fresh REPL that loads `file`: every step applies and nothing diverges.
fn load_whole(root: &Path, file: &Path) -> Repl {
    let mut r = Repl::new(root);
    let out = r.execute(&format!("load {}", file.display())).unwrap();
    assert!(out.contains("steps applied") && !out.contains("differs") && !out.contains("diverges"), "{out}");
    r
}

fn text(o: &std::process::Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

#[test]
fn a_new_game_lists_actions_and_acts_by_number_and_key() {
    let mut r = repl();
    let actions = r.execute("actions").unwrap();
    assert!(actions.contains(" 1. move N"), "{actions}");
    assert!(actions.contains("end"), "{actions}");
    let at = |r: &Repl| r.engine().unwrap().with_state(|s| s.seat_at(0));
    let start = at(&r);
    let out = r.execute("act 1").unwrap();
    assert!(out.contains("What do you do?"), "{out}");
    assert!(out.contains("[turn 1] move"), "what happened is shown: {out}");
    assert_ne!(at(&r), start, "the wizard moved");
    r.execute("act move S").unwrap();
    assert_eq!(at(&r), start, "moved back by key");
    assert_eq!(r.steps().len(), 2);
}

#[test]
fn the_board_and_state_show() {
    let mut r = repl();
    let board = r.execute("board").unwrap();
    assert!(board.contains("+---+") && board.contains('A') && board.contains('B'), "{board}");
    let state = r.execute("state").unwrap();
    assert!(state.contains("life   5") && state.contains("phase act"), "{state}");
    let hand = r.execute("hand 0").unwrap();
    assert!(hand.contains("Zap"), "{hand}");
    let card = r.execute("card zap").unwrap();
    assert!(card.contains("Deal 2 damage") && card.contains("hooks: "), "{card}");
    assert!(r.execute("log 3").unwrap().contains("turn"));
    let help = r.execute("help").unwrap();
    assert!(help.contains("take a turn") && help.contains(" answer "), "{help}");
    assert!(r.execute("help all").unwrap().contains("answer N-or-key"));
    assert!(r.execute("help undo").unwrap().contains("snapshot"));
    assert!(r.execute("help lua").unwrap().contains("may look at the game but not change it"));
}

#[test]
fn lua_sees_the_game_and_an_error_changes_nothing() {
    let mut r = repl();
    assert!(r.execute("= game:player(0).life").unwrap().starts_with('5'));
    assert!(r.execute("lua game:player(0).life").unwrap().starts_with('5'), "an expression after lua is shown");
    assert!(r.steps().is_empty(), "looking is not a step");
    let before = r.engine().unwrap().state();
    let err = r.execute("lua game:set_life(0, 1); error('boom')").unwrap_err();
    assert!(err.contains("boom"), "{err}");
    assert_eq!(r.engine().unwrap().state(), before, "the failed chunk was undone");
    assert!(r.execute("= game:player(0).life").unwrap().starts_with('5'));
    // A chunk that changes the game is a step; prints are shown.
    let out = r.execute("lua print('hi'); game:set_life(0, 2)").unwrap();
    assert!(out.contains("[script] hi"), "{out}");
    assert!(r.execute("= game:player(0).life").unwrap().starts_with('2'));
    assert_eq!(r.steps().len(), 1);
    // API errors name the primitive, not the kernel's own chunk.
    let err = r.execute("= game:player(99)").unwrap_err();
    assert!(err.contains("game:player: no player 99") && !err.contains("[kernel api]"), "{err}");
    assert!(!err.contains("runtime error"), "{err}");
}

#[test]
fn undo_goes_back_one_step() {
    let mut r = repl();
    r.execute("act 1").unwrap();
    let before = r.engine().unwrap().state();
    r.execute("act cast Zap #8 at 1").unwrap();
    assert!(r.execute("= game:player(1).life").unwrap().starts_with('3'));
    let out = r.execute("undo").unwrap();
    assert!(out.contains("undid"), "{out}");
    assert_eq!(r.engine().unwrap().state(), before);
    r.execute("lua game:set_life(1, 1)").unwrap();
    r.execute("undo").unwrap();
    assert_eq!(r.engine().unwrap().state(), before, "a Lua step is undone too");
    r.execute("undo").unwrap();
    assert!(r.execute("undo").unwrap_err().contains("nothing to undo"));
}

/// Undo goes back to the point kept after the step before: the same game as a replay of the
/// steps before it, found without reading (or replaying) anything.
#[test]
fn undo_restores_the_kept_point_without_replaying() {
    let dir = temp_root("undo_root");
    let mut r = repl_at(&dir);
    for cmd in ["give A Hex", "act 1", "act cast Zap #8", "act cast Hex", "answer suffer", "act end"] {
        r.execute(cmd).unwrap_or_else(|e| panic!("{cmd}: {e}"));
    }
    // A broken card file: a replay from the files could not even start.
    edit(&dir.join("cards/toy/zap.lua"), "return card {", "return card { oops");
    for n in (0..6).rev() {
        r.execute("undo").unwrap();
        assert_eq!(r.steps().len(), n);
        let steps = r.steps().to_vec();
        let rebuilt = wizwar::repl::build(&root(), r.setup().unwrap(), &steps, Default::default()).unwrap();
        let engine = r.engine().unwrap();
        assert_eq!(engine.state(), rebuilt.engine.state(), "after undo to {n} steps");
        assert_eq!(engine.log_since(0), rebuilt.engine.log_since(0), "the log, after undo to {n} steps");
        assert_eq!(engine.with_view(|s| s.clone()), rebuilt.engine.with_view(|s| s.clone()));
        assert_eq!(r.pending_text(), {
            let mut fresh = Repl::new(&root());
            fresh.execute("new --ruleset toy --seed 1").unwrap();
            for s in &steps {
                let cmd = match s {
                    wizwar::repl::Step::Answer { keys, kind, .. } if kind == "action" => format!("act {}", keys[0]),
                    wizwar::repl::Step::Answer { keys, .. } => format!("answer {}", keys[0]),
                    wizwar::repl::Step::Setup { command, .. } => command.clone(),
                    other => panic!("{other:?}"),
                };
                fresh.execute(&cmd).unwrap();
            }
            fresh.pending_text()
        });
    }
    // The game goes on from there as it did the first time.
    r.execute("give A Hex").unwrap();
    r.execute("act 1").unwrap();
    assert!(r.execute("reload").unwrap_err().contains("zap.lua"), "reload reads the files (broken now)");
    assert_eq!(r.steps().len(), 2, "a failed reload changes nothing");
}

/// The open response stack, the hand, Lua reads: at a question asked in the middle of an
/// action, everything shows the game as it is then, not as it was before the action.
#[test]
fn at_a_question_inside_an_action_the_views_show_the_game_as_it_is_then() {
    let mut r = repl();
    r.execute("give A Hex").unwrap();
    let out = r.execute("act cast Hex").unwrap();
    assert!(out.contains("Player B (respond): Hex on the stack"), "{out}");
    assert!(out.contains("top") && out.contains("[attack] Hex #"), "the prompt shows the stack entry: {out}");
    assert!(out.contains("[turn 1] damage amount=1 card=Hex #"), "what happened so far, with card names: {out}");
    let stack = r.execute("stack").unwrap();
    assert!(
        stack.contains("Hex #") && stack.contains("controlled by A") && stack.contains("target wizard B"),
        "{stack}"
    );
    assert!(!r.execute("hand A").unwrap().contains("Hex"), "the card left the hand");
    assert_eq!(r.execute("= game:player(1).life").unwrap(), "4");
    assert_eq!(r.execute("= #game:stack()").unwrap(), "1");
    assert!(r.execute("state").unwrap().contains("life   4"), "{}", r.execute("state").unwrap());
    assert!(r.execute("state").unwrap().contains("the stack holds 1"));
    assert!(r.execute("log 2").unwrap().contains("damage"));
    assert!(r.execute("board").unwrap().contains("+---+"));
    // Lua may look but not change the game there; nothing changes.
    let err = r.execute("lua game:set_life(0, 1)").unwrap_err();
    assert!(err.contains("may look at the game but not change it"), "{err}");
    let err = r.execute("give A Zap").unwrap_err();
    assert!(err.contains("may look"), "{err}");
    assert_eq!(life(&r, 0), 5);
    assert_eq!(r.steps().len(), 2);
    // Answering goes on from the question.
    r.execute("answer suffer").unwrap();
    assert_eq!(life(&r, 1), 3);
    assert_eq!(r.execute("stack").unwrap(), "the stack is empty");
}

#[test]
fn save_and_load_round_trip() {
    let mut r = repl();
    r.execute("act 1").unwrap();
    r.execute("act cast Zap #8 at 1").unwrap();
    let state = r.engine().unwrap().state();
    let game = tmp("game.json");
    let out = r.execute(&format!("save {}", game.display())).unwrap();
    assert!(out.contains("saved the game"), "{out}");
    // A plain saved game: readable by the rest of the program.
    let saved = wizwar::save::SavedGame::read(&game).unwrap();
    assert_eq!(saved.answers.len(), 2);
    let mut fresh = Repl::new(&root());
    let out = fresh.execute(&format!("load {}", game.display())).unwrap();
    assert!(out.contains("2 of 2 steps applied") && !out.contains("differs"), "{out}");
    assert_eq!(fresh.engine().unwrap().state(), state);

    // With a Lua step, the session format: `format` 4, with a snapshot.
    r.execute("lua game:set_life(0, 4)").unwrap();
    let state = r.engine().unwrap().state();
    let session = tmp("session.json");
    assert!(r.execute(&format!("save {}", session.display())).unwrap().contains("session"));
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&session).unwrap()).unwrap();
    assert_eq!(json["format"], 4);
    assert!(json["snapshot"].is_object());
    let mut fresh = Repl::new(&root());
    let out = fresh.execute(&format!("load {}", session.display())).unwrap();
    assert!(out.contains("3 of 3 steps applied") && !out.contains("differs"), "{out}");
    assert_eq!(fresh.engine().unwrap().state(), state);
    assert_eq!(fresh.steps(), r.steps());

    // The formats from before actions were records (answers named options by their labels)
    // are refused, saying why, not replayed wrongly.
    let old = tmp("old_session.json");
    let mut fresh = Repl::new(&root());
    for format in [serde_json::json!("wizwar-repl-1"), serde_json::json!(1), serde_json::json!(2)] {
        let mut json = json.clone();
        json["format"] = format.clone();
        std::fs::write(&old, json.to_string()).unwrap();
        let err = fresh.execute(&format!("load {}", old.display())).unwrap_err();
        assert!(err.contains(&format!("format {format}")) && err.contains("before actions were records"), "{err}");
    }
    // An unknown format says so.
    std::fs::write(&old, r#"{"format": 9}"#).unwrap();
    assert!(fresh.execute(&format!("load {}", old.display())).unwrap_err().contains("unknown format 9"));
}

#[test]
fn a_bad_command_gives_a_clear_message_and_the_session_goes_on() {
    let mut r = repl();
    let err = r.execute("bord").unwrap_err();
    assert!(err.contains("unknown command `bord`") && err.contains("board"), "{err}");
    assert!(r.execute("act 99").unwrap_err().contains("not an option number"));
    assert!(r.execute("act fly").unwrap_err().contains("not a legal action"));
    assert!(r.execute("hand 7").unwrap_err().contains("no player `7`"));
    assert!(r.execute("new --ruleset nosuch").is_err());
    assert!(r.execute("board").unwrap().contains("+---+"), "the game survived the failed `new`");
    let mut empty = Repl::new(&root());
    assert!(empty.execute("board").unwrap_err().contains("no game yet"));
}

#[test]
fn reload_after_changing_nothing_reports_no_divergence() {
    let mut r = repl();
    r.execute("act 1").unwrap();
    r.execute("lua game:set_life(1, 4)").unwrap();
    let state = r.engine().unwrap().state();
    let out = r.execute("reload").unwrap();
    assert!(out.contains("replayed 2 step(s); no divergence"), "{out}");
    assert_eq!(r.engine().unwrap().state(), state);
}

/// Hot reload after a real change of a card file: where the replay now diverges; the steps
/// that stop applying are kept (pending), shown, saved and retried.
#[test]
fn reload_after_a_file_change_keeps_the_steps_that_stop_applying() {
    let dir = temp_root("reload_root");
    let zap = dir.join("cards/toy/zap.lua");
    let mut r = repl_at(&dir);
    for cmd in ["act 1", "act cast Zap #8 at 1", "act move S", "lua game:set_life(0, 4)"] {
        r.execute(cmd).unwrap();
    }
    // Stronger: the step that casts it now ends differently.
    edit(&zap, "ctx:damage(ctx.target, 2)", "ctx:damage(ctx.target, 3)");
    let out = r.execute("reload").unwrap();
    assert!(out.contains("diverges at step 2 of 4 (player A acts `cast Zap #8 at 1`)"), "{out}");
    assert!(out.contains("players[1].life: 3 -> 2"), "{out}");
    assert_eq!(life(&r, 1), 2);
    edit(&zap, "ctx:damage(ctx.target, 3)", "ctx:damage(ctx.target, 2)");

    // Renamed: the action keys change, so the cast no longer applies.
    edit(&zap, "name = \"Zap\"", "name = \"Zapp\"");
    let out = r.execute("reload").unwrap();
    assert!(out.contains("diverges at step 2 of 4") && out.contains("no longer applies"), "{out}");
    assert!(out.contains("the 3 from there on are kept as pending"), "{out}");
    assert_eq!(r.steps().len(), 1);
    assert_eq!(r.pending_steps().len(), 3);
    let steps = r.execute("steps").unwrap();
    assert!(
        steps.contains("3 step(s) pending") && steps.contains("cast Zap #8 at 1") && steps.contains("set_life"),
        "{steps}"
    );
    assert!(r.execute("state").unwrap().contains("3 step(s) pending"));
    // Saved with them.
    let saved = tmp("pending.json");
    assert!(r.execute(&format!("save {}", saved.display())).unwrap().contains("with the 3 pending step(s)"));
    // The file fixed, the next reload applies them all again.
    edit(&zap, "name = \"Zapp\"", "name = \"Zap\"");
    let out = r.execute("reload").unwrap();
    assert!(out.contains("replayed 4 step(s), the 3 pending one(s) among them"), "{out}");
    assert_eq!((r.steps().len(), r.pending_steps().len()), (4, 0));
    assert_eq!((life(&r, 0), life(&r, 1)), (4, 3));
    // The save kept them too.
    let mut fresh = Repl::new(&dir);
    assert!(fresh.execute(&format!("load {}", saved.display())).unwrap().contains("4 of 4 steps applied"));
    assert_eq!(fresh.steps(), r.steps());

    // A broken file: a clear message (the path once), the game untouched.
    edit(&zap, "return card {", "return card { =");
    let state = r.engine().unwrap().state();
    let err = r.execute("reload").unwrap_err();
    assert!(err.contains("cards/toy/zap.lua:"), "{err}");
    assert_eq!(err.matches("zap.lua").count(), 1, "{err}");
    assert_eq!(r.engine().unwrap().state(), state);
    assert_eq!(r.steps().len(), 4);
}

#[test]
fn the_binary_runs_a_script() {
    let script = tmp("script.txt");
    std::fs::write(
        &script,
        "new --ruleset toy\nactions\nact 1\nboard\n= game:player(0).life\nlua for i = 1, 2 do\n  print(i)\nend\nundo\n",
    )
    .unwrap();
    let out = wizwar(&["--root", root().to_str().unwrap(), "repl", "--strict", "--script", script.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("wizwar> act 1"), "commands are echoed: {text}");
    assert!(text.contains("\n5\n"), "{text}");
    assert!(text.contains("[script] 1") && text.contains("[script] 2"), "a multi-line chunk: {text}");
    assert!(text.contains("undid: player A acts `move N`"), "{text}");

    // --strict: a failed command makes the exit status non-zero; without it, zero.
    std::fs::write(&script, "new --ruleset toy\nbogus\nstate\n").unwrap();
    let r = root();
    let run = |strict: bool| {
        let mut args = vec!["--root", r.to_str().unwrap(), "repl", "--script", script.to_str().unwrap()];
        if strict {
            args.push("--strict");
        }
        wizwar(&args)
    };
    let strict = run(true);
    assert!(!strict.status.success());
    assert!(String::from_utf8_lossy(&strict.stdout).contains("turn 1"), "the next command still ran");
    assert!(run(false).status.success());
}

#[test]
fn the_binary_reads_standard_input() {
    let out = repl_reading(b"= game:player(1).life\n");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && text.contains("wizwar> = game:player(1).life\n5"), "{text}");
}

/// A line that is not UTF-8 is rejected with its number, the next lines still run, and the
/// session ends normally rather than dying (issue 12 #7; like any failed command, it makes the
/// exit status fail only under --strict).
#[test]
fn a_line_that_is_not_utf8_is_rejected_and_the_session_goes_on() {
    let out = repl_reading(b"act \xff\xfe\n= game:player(1).life\n");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("error: line 1: that line is not valid UTF-8"), "{text}");
    assert!(text.contains("wizwar> = game:player(1).life\n5"), "{text}");
    assert!(out.status.success(), "{text}");
}

/// The flags of `wizwar repl`: each has help, any of them starts a game, and --strict fails
/// when the game cannot start.
#[test]
fn the_command_line_flags() {
    let help = text(&wizwar(&["repl", "-h"]));
    for flag in ["--ruleset", "--players", "--seed", "--option", "--script", "--strict"] {
        let line = help.lines().find(|l| l.trim_start().starts_with(flag)).unwrap_or_else(|| panic!("{help}"));
        assert!(line.trim_start().len() > flag.len() + 8, "{flag} has a help text: {help}");
    }
    let script = tmp("flags.txt");
    std::fs::write(&script, "state\nnew\nstate\n").unwrap();
    let r = root();
    let out = wizwar(&[
        "--root",
        r.to_str().unwrap(),
        "repl",
        "--seed",
        "7",
        "--ruleset",
        "toy",
        "--script",
        script.to_str().unwrap(),
    ]);
    let t = text(&out);
    assert_eq!(t.matches("seed 7").count(), 3, "the flags start the game and are `new`'s defaults: {t}");
    // Without --ruleset, the flags still count: the ruleset is the default one, from data
    // (rulesets/index.toml; under the toy root, which has none, its only ruleset).
    let out = wizwar(&[
        "--root",
        r.to_str().unwrap(),
        "repl",
        "--seed",
        "7",
        "--strict",
        "--script",
        script.to_str().unwrap(),
    ]);
    assert!(text(&out).contains("toy") && out.status.success(), "the toy root's default ruleset: {}", text(&out));
    let out =
        wizwar(&["--root", r.to_str().unwrap(), "repl", "--ruleset", "nosuch", "--strict", "--script", "/dev/null"]);
    assert!(!out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("the game cannot start"), "{}", text(&out));
}

#[test]
fn a_step_that_no_longer_applies_is_where_the_replay_diverges() {
    let mut r = repl();
    r.execute("act 1").unwrap();
    r.execute("act 1").unwrap();
    let game = tmp("diverges.json");
    r.execute(&format!("save {}", game.display())).unwrap();
    let edited = std::fs::read_to_string(&game).unwrap().replacen("\"move E\"", "\"fly\"", 1);
    std::fs::write(&game, edited).unwrap();
    let mut fresh = Repl::new(&root());
    let out = fresh.execute(&format!("load {}", game.display())).unwrap();
    assert!(out.contains("the replay diverges at step 2 of 2"), "{out}");
    assert!(out.contains("fly"), "{out}");
    assert_eq!(fresh.steps().len(), 1, "the steps before it apply");
    assert_eq!(fresh.pending_steps().len(), 1, "the rest is kept");
    // `wizwar replay` says the same, and fails.
    let out = wizwar(&["--root", root().to_str().unwrap(), "replay", game.to_str().unwrap()]);
    assert!(!out.status.success() && text(&out).contains("diverges at step 2 of 2"), "{}", text(&out));
    // What is offered now, in the game's words, one a line, on a screen's width.
    let said = text(&out);
    assert!(said.contains("`fly` is not offered; offered now ("), "{said}");
    assert!(said.lines().any(|l| l.trim() == "end"), "one option a line: {said}");
    assert!(said.lines().all(|l| l.chars().count() <= 80), "within 80 columns: {said}");
    // A step naming cards by id (`card=8`) names them too, as the game holds them.
    let edited = std::fs::read_to_string(&game).unwrap().replacen("\"fly\"", "\"cast card=8 boost=9999\"", 1);
    std::fs::write(&game, edited).unwrap();
    let out = Repl::new(&root()).execute(&format!("load {}", game.display())).unwrap();
    assert!(out.contains("(player A acts `cast card=8 boost=9999`: Zap #8)"), "{out}");
}

/// `play --save` files, REPL sessions and `wizwar replay` read each other.
#[test]
fn saved_games_and_sessions_go_between_play_the_repl_and_replay() {
    let r = root();
    let root_s = r.to_str().unwrap();
    // `play --save` stops between two turns: loading it reports no false divergence.
    let played = tmp("played.json");
    let out = wizwar_line(&format!(
        "--root {root_s} play --ruleset toy --seed 4 --turns 3 --quiet --save {}",
        played.display()
    ));
    assert!(out.status.success(), "{}", text(&out));
    load_whole(&r, &played);

    // A session with set-up and Lua steps: `replay` reads it.
    let mut s = repl_at(&r);
    for cmd in ["give A Hex", "put wizard B 1,1", "act cast Hex", "answer shrug", "lua game:set_life(0, 3)"] {
        s.execute(cmd).unwrap_or_else(|e| panic!("{cmd}: {e}"));
    }
    let session = tmp("s.json");
    s.execute(&format!("save {}", session.display())).unwrap();
    let out = wizwar(&["--root", root_s, "replay", session.to_str().unwrap()]);
    assert!(out.status.success() && text(&out).contains("replayed all 5 steps"), "{}", text(&out));
    // ... and `play` goes on from it, saving the session with the answers given since.
    let more = tmp("s_more.json");
    let line = format!("--root {root_s} play --load {} --turns 4 --quiet --save {}", session.display(), more.display());
    let out = wizwar_line(&line);
    assert!(out.status.success(), "{}", text(&out));
    let back = load_whole(&r, &more);
    assert_eq!(back.steps()[..5], s.steps()[..]);
    assert!(back.steps().len() > 5);
    let out = wizwar(&["--root", root_s, "replay", more.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));

    // A session whose snapshot no longer matches: `replay` reports it and fails.
    let mut json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&session).unwrap()).unwrap();
    json["snapshot"]["players"][0]["life"] = 1.into();
    std::fs::write(&session, json.to_string()).unwrap();
    let out = wizwar(&["--root", root_s, "replay", session.to_str().unwrap()]);
    assert!(!out.status.success() && text(&out).contains("players[0].life: 1 -> 3"), "{}", text(&out));
}

/// Any Lua value prints readably; chunks share the session's globals, replayed by undo and
/// reload like any step.
#[test]
fn values_print_readably_and_globals_live_in_the_session() {
    let mut r = repl();
    assert_eq!(r.execute("= 1.5, 1/0, 0/0, 2^53, 0.1").unwrap(), "1.5\tinf\tnan\t9007199254740992.0\t0.1");
    assert_eq!(r.execute("= {3, x = 4}").unwrap(), "{ 3, x = 4 }");
    assert_eq!(r.execute("= {1, 2, nil, 4}").unwrap(), "{ 1, 2, [4] = 4 }");
    assert_eq!(r.execute("= {[1] = 1, [3] = 3}").unwrap(), "{ 1, [3] = 3 }");
    assert!(r.execute("= game").unwrap().starts_with("<game: the game object"));
    assert_eq!(r.execute("lua local t = {} t.self = t return t").unwrap(), "{ self = <cycle> }");
    assert!(r.execute("= print").unwrap().contains("function"));
    assert_eq!(r.execute("lua print({1, {a = 2.5}})").unwrap(), "[script] { 1, { a = 2.5 } }");
    assert!(r.steps().is_empty(), "nothing so far was a step");

    // Globals persist from chunk to chunk, and are steps.
    r.execute("lua x = 20").unwrap();
    r.execute("lua function twice(n) return 2 * n end").unwrap();
    assert_eq!(r.execute("= twice(x) + 2").unwrap(), "42");
    assert_eq!(r.steps().len(), 2, "assigning globals is a step; `=` only looks");
    // A failed chunk takes its assignments back.
    assert!(r.execute("lua x = 99; error('no')").is_err());
    assert_eq!(r.execute("= x").unwrap(), "20");
    // A statement may change a table a global holds: once globals exist, it is a step too.
    r.execute("lua t = {}").unwrap();
    r.execute("lua t.life = game:player(0).life").unwrap();
    assert_eq!(r.steps().len(), 4);
    r.execute("act 1").unwrap();
    // Undo of a step that touched no global: the globals stay.
    r.execute("undo").unwrap();
    assert_eq!(r.execute("= t.life").unwrap(), "5");
    // Undo of one that did: the session is rebuilt without it.
    let out = r.execute("undo").unwrap();
    assert!(out.contains("rebuild the Lua session"), "{out}");
    assert_eq!(r.execute("= t.life").unwrap(), "nil");
    assert_eq!(r.execute("= twice(x)").unwrap(), "40");
    // Reload replays them.
    assert!(r.execute("reload").unwrap().contains("no divergence"));
    assert_eq!(r.execute("= twice(x)").unwrap(), "40");
    r.execute("undo").unwrap();
    r.execute("undo").unwrap();
    assert!(r.execute("= twice(x)").unwrap_err().contains("twice"));
    assert_eq!(r.execute("= x").unwrap(), "20");
}

/// Setting up an experiment, switching options and rulesets, reading and testing cards.
#[test]
fn put_give_option_ruleset_card_and_test() {
    let dir = temp_root("setup_root");
    // A second ruleset: the toy one with more life.
    common::copy_dir(&dir.join("rulesets/toy"), &dir.join("rulesets/toy7"));
    edit(&dir.join("rulesets/toy7/ruleset.toml"), "name = \"toy\"", "name = \"toy7\"");
    edit(&dir.join("rulesets/toy7/ruleset.toml"), "life = 5", "life = 7");
    let mut r = repl_at(&dir);

    assert_eq!(r.execute("put treasure A 1,1").unwrap(), "put treasure A 1,1: #1");
    r.execute("put wizard B 1,1").unwrap();
    assert!(r.engine().unwrap().with_state(|s| s.seat_at(1).unwrap().to_string() == "(1,1)"));
    r.execute("put #1 0,0").unwrap();
    assert!(r.execute("objects").unwrap().contains("#1 treasure at (0,0), owner A"));
    assert!(r.execute("put item Zap 3,3").unwrap().starts_with("put item Zap 3,3: #"));
    assert!(r.execute("objects").unwrap().contains("item at (3,3), card Zap #"));
    r.execute("give B Hex").unwrap();
    assert!(r.execute("hand B").unwrap().contains("Hex #"));
    r.execute("put card b Zap").unwrap();
    assert!(r.execute("play 1").unwrap().contains("Zap #"));
    assert!(r.execute("put wizard A 99,99").unwrap_err().contains("not on the board"));
    assert!(r.execute("give Z Zap").unwrap_err().contains("no player `Z`"));
    assert!(r.execute("give A Nothing").unwrap_err().contains("no card matches"));
    assert_eq!(r.steps().len(), 6);
    let hands = r.engine().unwrap().with_state(|s| s.players[1].hand.len());

    // An option: the game restarts with it and every step is replayed; the change itself is
    // not reported as a divergence.
    let out = r.execute("option big_hands").unwrap();
    assert!(out.contains("replayed 6 step(s)") && !out.contains("options.big_hands"), "{out}");
    assert!(r.execute("option").unwrap().contains(&format!("{:<24} = true", "big_hands")));
    assert_eq!(r.engine().unwrap().with_state(|s| s.players[1].hand.len()), hands + 2);
    assert!(r.execute("option nosuch").is_err());

    // Cards: text, source, tests.
    let source = r.execute("card hex source").unwrap();
    assert!(source.starts_with("-- A toy attack that asks") && source.contains("resolve = function(ctx)"), "{source}");
    let card = r.execute("card Hex").unwrap();
    assert!(card.contains("Hex (toy/hex)") && card.contains("tests (2"), "{card}");
    let tests = r.execute("test hex").unwrap();
    assert!(tests.contains("2 passed, 0 failed"), "{tests}");
    let tests = r.execute("test zap").unwrap();
    assert!(tests.contains("FAIL cards/toy/zap.lua :: a wrong expectation") && tests.contains("3 failed"), "{tests}");
    assert!(r.execute("test nothing").unwrap_err().contains("no card test matches"));

    // Another ruleset: the same steps replayed under it.
    assert!(r.execute("ruleset").unwrap().contains("toy7"));
    let out = r.execute("ruleset toy7").unwrap();
    assert!(out.contains("ruleset toy7: restarted") && out.contains("replayed 6 step(s)"), "{out}");
    assert!(!out.contains("diverges"), "a ruleset switch is not a divergence: {out}");
    assert_eq!(life(&r, 0), 7);
    assert!(r.execute("ruleset nosuch").is_err());
    assert_eq!(life(&r, 0), 7, "a failed switch changes nothing");
}

/// `act` and `answer` take a number, a key in any case, or the only key that begins with or
/// contains the text; else they suggest the nearest. Players are named alike everywhere.
#[test]
fn options_and_players_are_found_as_people_type_them() {
    let mut r = repl();
    let err = r.execute("act cast zap").unwrap_err();
    assert!(err.contains("matches 3 options") && err.contains("cast Zap #8 at 1"), "{err}");
    let err = r.execute("act flee").unwrap_err();
    assert!(err.contains("not a legal action") && err.contains("the nearest"), "{err}");
    assert!(err.split("the nearest:").nth(1).unwrap().split('|').count() <= 5, "{err}");
    assert!(r.execute("act cast zap #8").is_ok(), "a unique prefix, any case");
    assert_eq!(life(&r, 1), 3);
    assert!(r.execute("act ZAP #10").is_ok(), "a unique part");
    assert_eq!(life(&r, 1), 1);
    assert!(r.execute("actions move").unwrap().contains("move"));
    assert!(r.execute("actions fly").is_err());
    for name in ["B", "b", "1"] {
        let out = r.execute(&format!("hand {name}")).unwrap();
        assert!(out.starts_with("the hand of B:") || out.starts_with("the hand of B is"), "{name}: {out}");
    }
    let err = r.execute("hand Q").unwrap_err();
    assert!(err.contains("no player `Q`") && err.contains("A = 0, B = 1"), "{err}");
}

/// The interrupt flag (set by Ctrl-C) stops scripts and card tests; the game stays as it was.
#[test]
fn the_interrupt_flag_stops_lua_and_card_tests() {
    let flag = Arc::new(AtomicBool::new(true));
    let results = wizwar::testing::run_card_tests_with(&root(), "toy", None, Some(&flag)).unwrap();
    assert!(results.is_empty(), "no test starts once interrupted");
    let built = wizwar::repl::build(&root(), &toy_setup(), &[], Default::default()).unwrap();
    let engine = &built.engine;
    let before = engine.state();
    engine.set_interrupt_flag(Some(flag.clone()));
    let err = engine.eval_in(&built.lua, "t", "game:set_life(0, 1) while true do end").err().unwrap();
    assert!(err.contains("interrupted"), "{err}");
    assert_eq!(engine.state(), before);
    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    assert!(engine.eval_in(&built.lua, "t", "return 1").is_ok(), "cleared, scripts run again");
}

/// A person's chunk has a budget a loop timing a query fits in (a game's would stop it after a
/// few milliseconds), and a runaway loop still stops, naming the budget.
#[test]
fn a_session_chunk_may_loop_longer_than_a_card_hook() {
    let built = wizwar::repl::build(&root(), &toy_setup(), &[], Default::default()).unwrap();
    let engine = &built.engine;
    let many = "local n = 0 for i = 1, 300000 do if game:player(0) then n = n + 1 end end return n";
    let out = engine.eval_in(&built.lua, "t", many).expect("300,000 queries fit a session's budget");
    assert!(matches!(out.values.as_slice(), [mlua::Value::Integer(300000)]), "{:?}", out.values);
    let before = engine.state();
    let err = engine.eval_in(&built.lua, "t", "game:set_life(0, 1) while true do end").err().unwrap();
    let budget = wizwar::engine::SESSION_BUDGET.to_string();
    assert!(err.contains("instruction budget of") && err.contains(&budget), "{err}");
    assert_eq!(engine.state(), before, "the chunk's change is undone");
}

fn toy_setup() -> wizwar::engine::GameSetup {
    wizwar::engine::GameSetup { ruleset: "toy".into(), players: 2, seed: 1, options: vec![], names: vec![] }
}

// ---------------------------------------------------------------------------------------------
// At a real terminal
// ---------------------------------------------------------------------------------------------

/// The REPL in a real terminal: tmux on a private socket when it is installed, else a pty made
/// by util-linux `script`. With neither, the terminal tests fail: they must not pass unseen.
enum Term {
    Tmux { socket: String },
    Pty { child: std::process::Child, input: std::process::ChildStdin, screen: Arc<Mutex<Vec<u8>>> },
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Backend {
    Tmux,
    Pty,
}

fn has(program: &str, arg: &str) -> bool {
    Command::new(program).arg(arg).output().is_ok_and(|o| o.status.success())
}

/// The terminals this machine has; none fails the test.
fn backends() -> Vec<Backend> {
    let mut out = vec![];
    if has("tmux", "-V") {
        out.push(Backend::Tmux);
    }
    if has("script", "--version") {
        out.push(Backend::Pty);
    }
    assert!(!out.is_empty(), "the terminal tests need tmux or util-linux `script` (for a pty); install one");
    out
}

impl Term {
    fn start(backend: Backend, cmd: &str, name: &str) -> Term {
        match backend {
            Backend::Tmux => {
                let socket = format!("wizwar_test_{}_{name}", std::process::id());
                let out = Command::new("tmux")
                    .args(["-L", &socket, "-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "50", cmd])
                    .output()
                    .unwrap();
                assert!(out.status.success(), "tmux cannot start a session: {}", String::from_utf8_lossy(&out.stderr));
                Term::Tmux { socket }
            }
            Backend::Pty => {
                let mut child = Command::new("script")
                    .args(["-qfc", cmd, "/dev/null"])
                    .env("TERM", "xterm")
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .spawn()
                    .unwrap();
                let input = child.stdin.take().unwrap();
                let mut out = child.stdout.take().unwrap();
                let screen = Arc::new(Mutex::new(vec![]));
                let s = screen.clone();
                std::thread::spawn(move || {
                    let mut buf = [0u8; 4096];
                    while let Ok(n) = out.read(&mut buf) {
                        if n == 0 {
                            break;
                        }
                        s.lock().unwrap().extend_from_slice(&buf[..n]);
                    }
                });
                Term::Pty { child, input, screen }
            }
        }
    }

    /// Typed text.
    fn typed(&mut self, text: &str) {
        match self {
            Term::Tmux { socket } => {
                Command::new("tmux").args(["-L", socket, "send-keys", "-l", text]).output().unwrap();
            }
            Term::Pty { input, .. } => input.write_all(text.as_bytes()).unwrap(),
        }
    }

    /// A key: "Enter", "Tab", "C-c", "C-d".
    fn key(&mut self, key: &str) {
        match self {
            Term::Tmux { socket } => {
                Command::new("tmux").args(["-L", socket, "send-keys", key]).output().unwrap();
            }
            Term::Pty { input, .. } => {
                let b: &[u8] = match key {
                    "Enter" => b"\r",
                    "Tab" => b"\t",
                    "C-c" => b"\x03",
                    "C-d" => b"\x04",
                    other => panic!("no key {other}"),
                };
                input.write_all(b).unwrap();
            }
        }
        std::thread::sleep(Duration::from_millis(50));
    }

    /// What the terminal shows (for a pty: everything written so far), with escape sequences.
    fn screen(&self) -> String {
        match self {
            Term::Tmux { socket } => {
                let o = Command::new("tmux")
                    .args(["-L", socket, "capture-pane", "-p", "-e", "-S", "-200"])
                    .output()
                    .unwrap();
                String::from_utf8_lossy(&o.stdout).to_string()
            }
            Term::Pty { screen, .. } => String::from_utf8_lossy(&screen.lock().unwrap()).to_string(),
        }
    }

    fn wait_for(&self, what: &str) -> Result<(), String> {
        for _ in 0..300 {
            if self.screen().contains(what) {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Err(format!("`{what}` never showed; the screen:\n{}", self.screen()))
    }

    fn count(&self, what: &str) -> usize {
        self.screen().matches(what).count()
    }

    /// Has the program left?
    fn gone(&mut self) -> bool {
        match self {
            Term::Tmux { socket } => {
                !Command::new("tmux").args(["-L", socket, "has-session"]).output().unwrap().status.success()
            }
            Term::Pty { child, .. } => child.try_wait().unwrap().is_some(),
        }
    }
}

impl Drop for Term {
    fn drop(&mut self) {
        match self {
            Term::Tmux { socket } => {
                let _ = Command::new("tmux").args(["-L", socket, "kill-server"]).output();
            }
            Term::Pty { child, .. } => {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
    }
}

fn repl_command(root: &Path, history: &Path, args: &str) -> String {
    format!(
        "WIZWAR_HISTORY={} {} --root {} repl {args}",
        history.display(),
        env!("CARGO_BIN_EXE_wizwar"),
        root.display()
    )
}

/// Line editing, completion (commands, cards, legal keys), dimmed hints, a multi-line Lua chunk
/// with its continuation prompt, Ctrl-C at the prompt, history kept in its file, Ctrl-D.
#[test]
fn at_a_terminal() {
    for backend in backends() {
        let history = tmp(&format!("history_{backend:?}"));
        let _ = std::fs::remove_file(&history);
        let mut t = Term::start(backend, &repl_command(&root(), &history, "--ruleset toy"), "keys");
        let steps = (|| -> Result<(), String> {
            t.wait_for("wizwar>")?;
            // Tab completes a command name; the hint is dimmed.
            t.typed("boa");
            t.wait_for("\x1b[2mrd")?;
            t.key("Tab");
            t.key("Enter");
            t.wait_for("Sectors:")?;
            // Card names and legal keys complete, in any case.
            t.typed("card he");
            t.key("Tab");
            t.key("Enter");
            t.wait_for("Hex (toy/hex)")?;
            t.typed("act CAST ZAP #8");
            t.key("Tab");
            t.key("Enter");
            t.wait_for("damage amount=2 card=Zap #8")?;
            // An unfinished chunk asks for more lines, with a continuation prompt.
            t.typed("lua for i = 1, 2 do");
            t.key("Enter");
            t.wait_for("..>")?;
            t.typed("print('n' .. i) end");
            t.key("Enter");
            t.wait_for("[script] n2")?;
            // Ctrl-C cancels an unfinished chunk; the session goes on.
            t.typed("= {");
            t.key("Enter");
            t.key("C-c");
            t.typed("= 6 * 7");
            t.key("Enter");
            t.wait_for("\n42")?;
            t.typed("= game:player(1).life");
            t.key("Enter");
            std::thread::sleep(Duration::from_millis(300));
            t.key("C-d");
            for _ in 0..100 {
                if std::fs::read_to_string(&history).is_ok_and(|h| h.contains("game:player(1).life")) && t.gone() {
                    return Ok(());
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            Err(format!("Ctrl-D did not leave with the history saved: {}", t.screen()))
        })();
        steps.unwrap_or_else(|e| panic!("{backend:?}: {e}"));
        let h = std::fs::read_to_string(&history).unwrap();
        assert!(h.contains("lua for i = 1, 2 do") && h.contains("print('n' .. i) end"), "{h}");
    }
}

/// Ctrl-C while a command runs (here, every card test of the real rulesets) interrupts that
/// command, not the session.
#[test]
fn ctrl_c_interrupts_a_running_command() {
    let backend = backends()[0];
    let history = tmp("history_ctrl_c");
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut t = Term::start(backend, &repl_command(&repo, &history, "--ruleset 8th --seed 3"), "ctrlc");
    let steps = (|| -> Result<(), String> {
        t.wait_for("wizwar>")?;
        t.typed("test");
        t.key("Enter");
        std::thread::sleep(Duration::from_millis(400));
        t.key("C-c");
        t.wait_for("error: interrupted (Ctrl-C)")?;
        if t.screen().contains("passed, ") {
            return Err(format!("the tests ran to the end: {}", t.screen()));
        }
        t.typed("= 40 + 2");
        t.key("Enter");
        t.wait_for("\n42")?;
        if t.gone() || t.count("wizwar>") < 3 {
            return Err(format!("the session ended: {}", t.screen()));
        }
        Ok(())
    })();
    steps.unwrap_or_else(|e| panic!("{backend:?}: {e}"));
}

/// `new`, `load` and `quit` do not drop steps not saved without a word (`cmd!` forces), and
/// `undo` steps back over `new` and `load` to the game before.
#[test]
fn steps_not_saved_are_not_dropped_without_a_word() {
    let mut r = repl();
    r.execute("act 1").unwrap();
    let err = r.execute("new").unwrap_err();
    assert!(err.contains("1 step(s) not saved") && err.contains("`new!`"), "{err}");
    assert_eq!(r.steps().len(), 1, "the game is as it was");
    assert!(r.execute("quit").unwrap_err().contains("not saved"));
    let file = tmp("not_dropped.json");
    r.execute(&format!("save {}", file.display())).unwrap();
    r.execute("new").expect("everything is saved: new goes ahead");
    assert_eq!(r.steps().len(), 0);
    let out = r.execute("undo").unwrap();
    assert!(out.contains("undid: new"), "{out}");
    assert_eq!(r.steps().len(), 1, "back to the game before `new`");
    r.execute("act 1").unwrap();
    assert!(r.execute(&format!("load {}", file.display())).unwrap_err().contains("1 step(s) not saved"));
    r.execute(&format!("load! {}", file.display())).expect("forced");
    assert_eq!(r.steps().len(), 1, "the saved game");
    r.execute("undo").unwrap();
    let out = r.execute("undo").unwrap();
    assert!(out.contains("undid: load"), "{out}");
    assert_eq!(r.steps().len(), 2, "back to the game before `load`, its unsaved step too");
    assert!(r.execute("quit!").is_ok());
}

/// At the terminal (or a script), `quit` with steps not saved says so and the session goes on.
#[test]
fn quit_with_steps_not_saved_asks_for_quit_bang() {
    let out = repl_reading(b"act 1\nquit\n= 40 + 2\nquit!\n= 7\n");
    let t = text(&out);
    assert!(out.status.success(), "{t}");
    assert!(t.contains("not saved") && t.contains("`quit!`"), "{t}");
    assert!(t.contains("42"), "the session went on after the refused quit: {t}");
    assert!(!t.contains("\n7\n"), "quit! left: {t}");
}

/// A save records the files it was played with: a replay against changed files says which
/// were changed, added or removed before it says where the game diverges (or that it did not).
#[test]
fn a_replay_names_the_files_that_changed_since_the_save() {
    let dir = temp_root("content");
    let mut r = repl_at(&dir);
    r.execute("act 1").unwrap();
    let game = dir.join("content_game.json");
    r.execute(&format!("save {}", game.display())).unwrap();
    let replay = || text(&wizwar(&["--root", dir.to_str().unwrap(), "replay", game.to_str().unwrap()]));
    let same = replay();
    assert!(same.contains("replayed all") && !same.contains("changed since"), "nothing changed: {same}");
    // An unrelated card file added, a rules file touched.
    std::fs::write(
        dir.join("cards/toy/extra.lua"),
        std::fs::read_to_string(dir.join("cards/toy/zap.lua")).unwrap().replace("\"Zap\"", "\"Extra Zap\""),
    )
    .unwrap();
    let rules = dir.join("rulesets/toy/rules.lua");
    std::fs::write(&rules, std::fs::read_to_string(&rules).unwrap() + "\n-- a comment\n").unwrap();
    let out = replay();
    let changes = out.find("changed since this game was saved").expect(&out);
    assert!(out.contains("changed: rulesets/toy/rules.lua") && out.contains("added: cards/toy/extra.lua"), "{out}");
    let verdict = out.find("replayed").or_else(|| out.find("diverge")).expect(&out);
    assert!(changes < verdict, "the changed files come first: {out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `act` named by a number or part of its text says which action it took.
#[test]
fn act_by_number_or_part_echoes_the_action_taken() {
    let mut r = repl();
    let out = r.execute("act 1").unwrap();
    assert!(out.starts_with("act `move"), "{out}");
    let key = match &r.steps()[0] {
        wizwar::repl::Step::Answer { keys, .. } => keys[0].clone(),
        other => panic!("{other:?}"),
    };
    assert!(out.lines().next().unwrap().contains(&format!("`{key}`")), "{out}");
    r.execute("undo").unwrap();
    let out = r.execute(&format!("act {key}")).unwrap();
    assert!(!out.starts_with("act `"), "a whole key is not echoed: {out}");
}

/// `bots N [SEATS]`: hunters answer for N turns, or only for the seats named; every answer is a
/// step that undo takes back and a save keeps.
#[test]
fn bots_answer_for_turns_or_seats_as_ordinary_steps() {
    let mut r = repl();
    let turn = |r: &Repl| r.engine().unwrap().with_view(|s| s.turn.number);
    assert_eq!(turn(&r), 1);
    let out = r.execute("bots 2").unwrap();
    assert!(out.contains("the bots gave"), "{out}");
    assert_eq!(turn(&r), 3, "two turns played: {out}");
    let n = r.steps().len();
    assert!(n >= 2, "{n}");
    assert!(r.steps().iter().all(|s| matches!(s, wizwar::repl::Step::Answer { .. })));
    r.execute("undo").unwrap();
    assert_eq!(r.steps().len(), n - 1);
    r.execute("bots 1").unwrap();
    assert_eq!(turn(&r), 3);
    // A's question: the bots for B stop at once; after A ends his turn, they play B's.
    let active = |r: &Repl| r.engine().unwrap().with_view(|s| s.turn.active);
    assert_eq!(active(&r), 0);
    let out = r.execute("bots 5 B").unwrap();
    assert!(out.contains("gave 0 answer(s)"), "{out}");
    r.execute("lua game:set_life(0, 99)").unwrap();
    r.execute("act end").unwrap();
    assert_eq!(active(&r), 1);
    let out = r.execute("bots 5 B").unwrap();
    assert_eq!((turn(&r), active(&r)), (5, 0), "B's turn played, A asked again: {out}");
    // Saved and loaded: the same game.
    let file = tmp("bots.json");
    r.execute(&format!("save {}", file.display())).unwrap();
    let fresh = load_whole(&root(), &file);
    assert_eq!(fresh.engine().unwrap().state(), r.engine().unwrap().state());
    assert!(r.execute("bots").unwrap_err().contains("usage: bots N"));
    assert!(r.execute("bots 2 Q").unwrap_err().contains("no player `Q`"));
}

/// A reload that meets a script error says so, with the error, beside the divergence.
#[test]
fn reload_shows_the_script_error_it_met() {
    let dir = temp_root("reload_error_root");
    let zap = dir.join("cards/toy/zap.lua");
    let mut r = repl_at(&dir);
    r.execute("act cast Zap #8 at 1").unwrap();
    edit(&zap, "ctx:damage(ctx.target, 2)", "error(\"boom in zap\")");
    let out = r.execute("reload").unwrap();
    assert!(out.contains("script error at step 1 of 1"), "{out}");
    assert!(out.contains("boom in zap") && out.contains("zap.lua:"), "{out}");
    assert!(out.contains("diverges at step 1"), "the divergence too: {out}");
}

/// `board --svg FILE` writes a picture of the game as it is.
#[test]
fn board_writes_a_picture_of_the_game() {
    let mut r = repl();
    r.execute("act 1").unwrap();
    let file = tmp("board.svg");
    let out = r.execute(&format!("board --svg {}", file.display())).unwrap();
    assert!(out.contains("wrote a picture"), "{out}");
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(
        svg.starts_with("<?xml") && svg.contains("<title>Turn 1, A to play") && svg.contains("mark-wizard"),
        "{svg}"
    );
    assert!(r.execute("board --svg").unwrap_err().contains("usage: board [--svg FILE]"));
}

/// `view B --json` on an 8th game: A's hand as unknown cards, B's in full; `view A --json` the
/// other way round; neither holds the dice. `as B` shows B's view, says so, and answers only
/// B's questions.
#[test]
fn a_seat_s_view_as_json_and_the_session_as_a_seat() {
    let script = tmp("views.txt");
    std::fs::write(&script, "view B --json\nview A --json\n").unwrap();
    let out =
        wizwar(&["repl", "--ruleset", "8th", "--players", "2", "--seed", "1", "--script", script.to_str().unwrap()]);
    let shown = String::from_utf8_lossy(&out.stdout).to_string();
    // The two JSON documents, each from its `{` line to its `}` line.
    let docs: Vec<serde_json::Value> = shown
        .split("wizwar> view ")
        .skip(1)
        .map(|part| {
            let json = &part[part.find('{').unwrap()..=part.rfind('}').unwrap()];
            serde_json::from_str(json).unwrap()
        })
        .collect();
    assert_eq!(docs.len(), 2, "{shown}");
    for (doc, seat, other) in [(&docs[0], 1, 0), (&docs[1], 0, 1)] {
        let state = &doc["state"];
        assert!(state.get("rng").is_none() && state.get("seed").is_none(), "no dice in a view");
        let cards = state["cards"].as_array().unwrap();
        let def = |c: &serde_json::Value| cards[c.as_u64().unwrap() as usize]["def"].as_str().unwrap().to_string();
        let hand = |p: usize| state["players"][p]["hand"].as_array().unwrap().iter().map(def).collect::<Vec<_>>();
        assert!(
            hand(other).len() == 5 && hand(other).iter().all(String::is_empty),
            "the other's hand unknown: {:?}",
            hand(other)
        );
        assert!(
            hand(seat).len() == 5 && hand(seat).iter().all(|d| d.starts_with("8th/")),
            "his own in full: {:?}",
            hand(seat)
        );
    }
    assert!(!shown.contains("\"rng\""), "{shown}");

    // `as B`: the banner, B's view, and only B's questions answered.
    let mut r = Repl::new(Path::new("."));
    r.execute("new --ruleset 8th --players 2 --seed 1").unwrap();
    let asked = r.execute("state").unwrap();
    let asked_seat = if asked.contains("Player A") { "A" } else { "B" };
    let other_seat = if asked_seat == "A" { "B" } else { "A" };
    r.execute(&format!("as {other_seat}")).unwrap();
    assert!(r.prompt().contains(&format!("as {other_seat}")));
    let hand = r.execute(&format!("hand {asked_seat}")).unwrap();
    assert!(hand.contains(&format!("[as {other_seat}")) && hand.contains("an unknown card"), "{hand}");
    let refused = r.execute("act 1").unwrap_err();
    assert!(refused.contains("is deciding"), "{refused}");
    r.execute("as referee").unwrap();
    let hand = r.execute(&format!("hand {asked_seat}")).unwrap();
    assert!(!hand.contains("unknown") && !hand.contains("[as"), "{hand}");
}

/// What a person reads at the REPL fits an 80-column screen (the question's options, the
/// help, the log, the state, a card), but for what is copied as it stands: a card's source is
/// printed as its file holds it.
#[test]
fn the_repl_fits_an_80_column_screen_but_a_cards_source() {
    let script = "help\nhelp all\nhelp lua\nhelp put\nstate\nview 1\nhand A\nobjects\nactions\nact 1\nbots 2\nlog 30\n\
                  card Fireball\ncard\noption\nsteps\nundo\n";
    let run = |input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wizwar"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["repl", "--ruleset", "9th", "--seed", "3"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
        String::from_utf8(out.stdout).unwrap()
    };
    let shown = run(script);
    for asked in ["  8. cast NUMBER 2 at the door north of (2,2)\n      [cast card=15", "turn 2]", "Fireball"] {
        assert!(shown.contains(asked), "`{asked}` in:\n{shown}");
    }
    common::assert_fits_80_columns("the REPL", &shown);
    let source =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/classic/attack/fireball.lua"))
            .unwrap();
    assert!(source.lines().any(|l| l.chars().count() > 80), "a source line wider than the screen, to keep as it is");
    assert!(run("card Fireball source\n").contains(source.trim_end()), "the source as its file holds it");
}
