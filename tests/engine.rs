//! The engine's turn machine, decisions, checkpoints and events, on a toy ruleset
//! (tests/fixtures/engine): not an edition, just enough rules to drive the kernel.

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
}

/// Lua seeds its string hashing per process, so determinism is only proven across processes.
#[test]
fn the_same_game_in_two_processes_logs_the_same_bytes() {
    let dir = std::env::temp_dir().join(format!("wizwar-det-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |name: &str| {
        let path = dir.join(name);
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
            .args(["--root", "tests/fixtures/engine", "play", "--ruleset", "toy", "--seed", "11", "--quiet", "--log"])
            .arg(&path)
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
        std::fs::read(&path).unwrap()
    };
    let (a, b) = (run("a.jsonl"), run("b.jsonl"));
    assert!(a.len() > 100);
    assert_eq!(a, b);
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
