//! Golden event logs: a few fixed-seed bot games of each square edition, their whole event logs
//! checked in under `tests/golden/`. A kernel change that should change no game (the topology
//! refactor of issue 46, a speed-up) must leave every line as it was; a rules change that does
//! change a game rewrites the files on purpose:
//!
//!     WIZWAR_BLESS=1 cargo test --test golden_logs
//!
//! and the diff of `tests/golden/` shows, line by line, what the change did to these games.

use std::path::{Path, PathBuf};
use wizwar::decision::{Agent, HunterAgent, RandomAgent, Seats};
use wizwar::engine::{Engine, GameSetup, Outcome};
use wizwar::repl::show::log_lines;

/// One fixed game: its edition, seat count, seed, bots and turn cap.
struct Game {
    ruleset: &'static str,
    players: usize,
    seed: u64,
    hunters: bool,
    turn_cap: u64,
}

const GAMES: &[Game] = &[
    Game { ruleset: "8th", players: 2, seed: 11, hunters: true, turn_cap: 100 },
    Game { ruleset: "8th", players: 4, seed: 12, hunters: true, turn_cap: 100 },
    Game { ruleset: "8th", players: 2, seed: 13, hunters: false, turn_cap: 16 },
    Game { ruleset: "classic", players: 2, seed: 21, hunters: true, turn_cap: 100 },
    Game { ruleset: "classic", players: 3, seed: 22, hunters: true, turn_cap: 100 },
    Game { ruleset: "classic", players: 2, seed: 23, hunters: false, turn_cap: 16 },
    Game { ruleset: "9th", players: 2, seed: 31, hunters: true, turn_cap: 100 },
    Game { ruleset: "9th", players: 6, seed: 32, hunters: true, turn_cap: 100 },
    Game { ruleset: "9th", players: 2, seed: 33, hunters: false, turn_cap: 16 },
];

impl Game {
    fn file(&self) -> PathBuf {
        let bots = if self.hunters { "hunters" } else { "random" };
        Path::new("tests/golden").join(format!("{}-{}p-{bots}-seed{}.log", self.ruleset, self.players, self.seed))
    }

    /// The game's log as text, one event a line, and how it ended.
    fn play(&self) -> String {
        let seed = self.seed;
        let hunters = self.hunters;
        let one = |i: usize| -> Box<dyn Agent> {
            let bot_seed = seed * 10 + i as u64;
            if hunters {
                Box::new(HunterAgent::new(bot_seed))
            } else {
                Box::new(RandomAgent::new(bot_seed))
            }
        };
        let agents = Box::new(Seats { agents: (0..self.players).map(one).collect() });
        let setup =
            GameSetup { ruleset: self.ruleset.into(), players: self.players, seed, options: vec![], names: vec![] };
        let engine = Engine::new(Path::new("."), &setup, agents).unwrap();
        let outcome = engine.run(Some(self.turn_cap));
        let ended = match outcome {
            Outcome::Over(r) => format!("over: winner {:?}, {}", r.winner, r.reason),
            other => format!("{other:?}"),
        };
        let mut text = engine.with_log(log_lines).join("\n");
        text.push_str(&format!("\n{ended}\n"));
        text
    }
}

/// The first line where two texts part, with its neighbours, for a failure message.
fn first_difference(want: &str, got: &str) -> String {
    let (w, g): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
    let i = w.iter().zip(&g).position(|(a, b)| a != b).unwrap_or(w.len().min(g.len()));
    format!(
        "first difference at line {}:\n  golden: {}\n  now:    {}",
        i + 1,
        w.get(i).unwrap_or(&"(end of file)"),
        g.get(i).unwrap_or(&"(end of log)")
    )
}

#[test]
fn the_fixed_games_play_as_their_golden_logs_say() {
    let bless = std::env::var_os("WIZWAR_BLESS").is_some();
    let mut wrong = vec![];
    for game in GAMES {
        let got = game.play();
        assert!(!got.contains("] error"), "{}: a script error in a golden game", game.file().display());
        let file = game.file();
        if bless {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("{}: {e} (write it with WIZWAR_BLESS=1)", file.display()));
        if want != got {
            wrong.push(format!("{}: {}", file.display(), first_difference(&want, &got)));
        }
    }
    assert!(
        wrong.is_empty(),
        "{}\n\nIf the change is meant to change these games, rewrite the logs with \
         `WIZWAR_BLESS=1 cargo test --test golden_logs` and read their diff.",
        wrong.join("\n\n")
    );
}

/// The golden games are worth keeping only if they reach the parts of a game a refactor can
/// break: kills and an end, in every edition.
#[test]
fn the_golden_games_end_and_kill() {
    if std::env::var_os("WIZWAR_BLESS").is_some() {
        return; // (the other test is writing them)
    }
    for game in GAMES.iter().filter(|g| g.hunters) {
        let log = std::fs::read_to_string(game.file()).unwrap_or_default();
        assert!(log.lines().last().is_some_and(|l| l.starts_with("over:")), "{}: did not end", game.file().display());
        assert!(log.lines().count() > 100, "{}: too short to guard much", game.file().display());
        assert!(log.contains("] death {"), "{}: nobody died", game.file().display());
    }
}

/// Games saved at turn 8 by `play --save` (hunters, seed 7) and checked in: they load, and go on
/// to the end exactly as they did when they were saved (the log of the whole game, JSON lines,
/// beside each save).
#[test]
fn saved_games_load_and_go_on_as_before() {
    let bless = std::env::var_os("WIZWAR_BLESS").is_some();
    let saves = std::env::temp_dir().join(format!("wizwar-golden-saves-{}", std::process::id()));
    std::fs::create_dir_all(&saves).unwrap();
    for ruleset in ["8th", "classic", "9th"] {
        let save = PathBuf::from(format!("tests/golden/saves/{ruleset}-seed7-turn8.json"));
        let want_file = save.with_extension("log.jsonl");
        let got_file = saves.join(format!("{ruleset}.jsonl"));
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
            .args(["play", "--load", save.to_str().unwrap(), "--turns", "100", "--log", got_file.to_str().unwrap()])
            .env("WIZWAR_SAVES", &saves)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{}: {text}", save.display());
        assert!(text.contains("Game over after"), "{}: the loaded game did not end: {text}", save.display());
        let got = std::fs::read_to_string(&got_file).unwrap();
        if bless {
            std::fs::write(&want_file, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&want_file)
            .unwrap_or_else(|e| panic!("{}: {e} (write it with WIZWAR_BLESS=1)", want_file.display()));
        assert!(want == got, "{}: {}", save.display(), first_difference(&want, &got));
    }
    let _ = std::fs::remove_dir_all(&saves);
}

/// The saves were written before seats had figures (their players say where they stand): they
/// replay to the state saved with them, each seat's place made its own figure (issue 46). Shown
/// to fail with the old places left out.
#[test]
fn saves_from_before_seat_figures_replay_to_their_saved_state() {
    for ruleset in ["8th", "classic", "9th"] {
        let save = format!("tests/golden/saves/{ruleset}-seed7-turn8.json");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar")).args(["replay", &save]).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && text.contains("replayed all"), "{save}: {text}");
        assert!(!text.contains("differs"), "{save}: {text}");
    }
}
