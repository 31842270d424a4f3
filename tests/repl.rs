//! The REPL, driven without a terminal on the toy ruleset.

use std::path::PathBuf;
use std::process::Command;
use wizwar::repl::Repl;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/engine")
}

fn repl() -> Repl {
    let mut r = Repl::new(&root());
    let out = r.execute("new --ruleset toy --seed 1").expect("a toy game starts");
    assert!(out.contains("new game: ruleset toy"), "{out}");
    r
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wizwar_repl_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn a_new_game_lists_actions_and_acts_by_number_and_key() {
    let mut r = repl();
    let actions = r.execute("actions").unwrap();
    assert!(actions.contains(" 1. move N"), "{actions}");
    assert!(actions.contains("end"), "{actions}");
    let at = |r: &Repl| r.engine().unwrap().with_state(|s| s.players[0].at);
    let start = at(&r);
    let out = r.execute("act 1").unwrap();
    assert!(out.contains("What do you do?"), "{out}");
    assert_ne!(at(&r), start, "the wizard moved");
    let out = r.execute("act move S").unwrap();
    assert_eq!(at(&r), start, "moved back by key");
    assert!(out.contains("move N"), "{out}");
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
    assert!(r.execute("help").unwrap().contains("answer N-or-key"));
    assert!(r.execute("help undo").unwrap().contains("re-applies"));
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
    assert!(out.contains("2 of 2 steps applied"), "{out}");
    assert_eq!(fresh.engine().unwrap().state(), state);

    // With a Lua step, the session format.
    r.execute("lua game:set_life(0, 4)").unwrap();
    let state = r.engine().unwrap().state();
    let session = tmp("session.json");
    assert!(r.execute(&format!("save {}", session.display())).unwrap().contains("session"));
    let mut fresh = Repl::new(&root());
    fresh.execute(&format!("load {}", session.display())).unwrap();
    assert_eq!(fresh.engine().unwrap().state(), state);
    assert_eq!(fresh.steps(), r.steps());
}

#[test]
fn a_bad_command_gives_a_clear_message_and_the_session_goes_on() {
    let mut r = repl();
    let err = r.execute("bord").unwrap_err();
    assert!(err.contains("unknown command `bord`") && err.contains("board"), "{err}");
    assert!(r.execute("act 99").unwrap_err().contains("not an option number"));
    assert!(r.execute("act fly").unwrap_err().contains("legal"));
    assert!(r.execute("hand 7").unwrap_err().contains("no player 7"));
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

#[test]
fn the_binary_runs_a_script() {
    let script = tmp("script.txt");
    std::fs::write(
        &script,
        "new --ruleset toy\nactions\nact 1\nboard\n= game:player(0).life\nlua for i = 1, 2 do\n  print(i)\nend\nundo\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_wizwar"))
        .args(["--root", root().to_str().unwrap(), "repl", "--strict", "--script", script.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("wizwar> act 1"), "commands are echoed: {text}");
    assert!(text.contains("\n5\n"), "{text}");
    assert!(text.contains("[script] 1") && text.contains("[script] 2"), "a multi-line chunk: {text}");
    assert!(text.contains("undid: player A acts `move N`"), "{text}");

    // --strict: a failed command makes the exit status non-zero; without it, zero.
    std::fs::write(&script, "new --ruleset toy\nbogus\nstate\n").unwrap();
    let run = |strict: bool| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_wizwar"));
        c.args(["--root", root().to_str().unwrap(), "repl", "--script", script.to_str().unwrap()]);
        if strict {
            c.arg("--strict");
        }
        c.output().unwrap()
    };
    let strict = run(true);
    assert!(!strict.status.success());
    assert!(String::from_utf8_lossy(&strict.stdout).contains("turn 1"), "the next command still ran");
    assert!(run(false).status.success());
}

#[test]
fn the_binary_reads_standard_input() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_wizwar"))
        .args(["--root", root().to_str().unwrap(), "repl", "--ruleset", "toy"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"= game:player(1).life\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && text.contains("wizwar> = game:player(1).life\n5"), "{text}");
}

#[test]
fn a_step_that_no_longer_applies_is_where_the_replay_diverges() {
    let mut r = repl();
    r.execute("act 1").unwrap();
    r.execute("act 1").unwrap();
    let game = tmp("diverges.json");
    r.execute(&format!("save {}", game.display())).unwrap();
    let text = std::fs::read_to_string(&game).unwrap().replacen("\"move E\"", "\"fly\"", 1);
    std::fs::write(&game, text).unwrap();
    let mut fresh = Repl::new(&root());
    let out = fresh.execute(&format!("load {}", game.display())).unwrap();
    assert!(out.contains("the replay diverges at step 2 of 2"), "{out}");
    assert!(out.contains("fly"), "{out}");
    assert_eq!(fresh.steps().len(), 1, "the steps before it are kept");
}

/// At a real terminal (tmux): line editing, tab completion, a multi-line Lua chunk, history.
#[test]
fn at_a_terminal_through_tmux() {
    if Command::new("tmux").arg("-V").output().map(|o| !o.status.success()).unwrap_or(true) {
        println!("skipped: tmux is not installed");
        return;
    }
    let session = format!("wizwar_repl_{}", std::process::id());
    let history = tmp("history");
    let _ = std::fs::remove_file(&history);
    let tmux = |args: &[&str]| Command::new("tmux").args(args).output().unwrap();
    let cmd = format!(
        "WIZWAR_HISTORY={} {} --root {} repl --ruleset toy",
        history.display(),
        env!("CARGO_BIN_EXE_wizwar"),
        root().display()
    );
    let started = tmux(&["new-session", "-d", "-s", &session, "-x", "120", "-y", "50", &cmd]);
    if !started.status.success() {
        println!("skipped: tmux cannot start a session: {}", String::from_utf8_lossy(&started.stderr));
        return;
    }
    let screen = || String::from_utf8_lossy(&tmux(&["capture-pane", "-p", "-t", &session]).stdout).to_string();
    let wait_for = |what: &str| {
        for _ in 0..100 {
            if screen().contains(what) {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        false
    };
    let ok = (|| {
        if !wait_for("wizwar>") {
            return Err(format!("no prompt: {}", screen()));
        }
        // Tab completes a command name.
        tmux(&["send-keys", "-t", &session, "boa", "Tab", "Enter"]);
        if !wait_for("Sectors:") {
            return Err(format!("`boa<Tab>` did not show the board: {}", screen()));
        }
        // An unfinished chunk asks for more lines.
        tmux(&["send-keys", "-t", &session, "lua for i = 1, 2 do", "Enter"]);
        tmux(&["send-keys", "-t", &session, "print('n' .. i) end", "Enter"]);
        if !wait_for("[script] n2") {
            return Err(format!("the multi-line chunk did not run: {}", screen()));
        }
        tmux(&["send-keys", "-t", &session, "= game:player(0).life", "Enter"]);
        std::thread::sleep(std::time::Duration::from_millis(300));
        tmux(&["send-keys", "-t", &session, "C-d"]);
        for _ in 0..100 {
            if std::fs::read_to_string(&history).is_ok_and(|h| h.contains("game:player(0).life")) {
                return Ok(());
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        Err(format!("Ctrl-D did not leave with the history saved: {}", screen()))
    })();
    let _ = tmux(&["kill-session", "-t", &session]);
    ok.unwrap();
}
