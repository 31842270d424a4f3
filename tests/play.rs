//! `wizwar play` for people: wizards named as the board shows them, the table shown at every
//! question of a person (commands there are not answers), the story of the game told from the
//! log in the ruleset's words, a random seed printed, no data dumps in status lines.

mod common;

use std::cell::RefCell;
use std::io::Write;
use std::path::Path;
use std::rc::Rc;
use wizwar::decision::{Agent, QueueAgent, RandomAgent, Seats};
use wizwar::engine::{Engine, GameSetup, Outcome};
use wizwar::play::{Front, Verbosity};

fn setup(ruleset: &str, seed: u64, names: &[&str]) -> GameSetup {
    GameSetup {
        ruleset: ruleset.into(),
        players: 2,
        seed,
        options: vec![],
        names: names.iter().map(|n| n.to_string()).collect(),
    }
}

fn bots(seed: u64) -> Box<dyn Agent> {
    Box::new(Seats { agents: vec![Box::new(RandomAgent::new(seed * 2 + 1)), Box::new(RandomAgent::new(seed * 2 + 2))] })
}

/// A line a person reads that names a wizard by seat number.
fn names_a_seat(text: &str) -> Option<&str> {
    text.lines().find(|l| (0..4).any(|p| l.contains(&format!("player {p}"))))
}

#[test]
fn wizards_are_named_by_their_letter_or_given_name_in_labels_and_lua() {
    for ruleset in ["8th", "classic"] {
        let e = Engine::new(Path::new("."), &setup(ruleset, 2, &[]), bots(2)).unwrap();
        assert_eq!(e.eval_lua("return game:wizard_name(0), game:wizard_name(1)").unwrap(), "\"A\"\t\"B\"");
        let label = e.eval_lua("return require('rules.targets').kinds.wizard(game, 0)[1].label").unwrap();
        assert!(label == "\"A\"" || label == "\"B\"", "{ruleset}: a wizard target's label is his letter: {label}");
        let named = Engine::new(Path::new("."), &setup(ruleset, 2, &["Ann", "Bob"]), bots(2)).unwrap();
        assert_eq!(named.eval_lua("return game:wizard_name(1)").unwrap(), "\"Bob\"", "{ruleset}");
        // A whole bot game: no label of any question names a seat by number.
        let seen = Rc::new(RefCell::new(Vec::new()));
        let e = Engine::new(Path::new("."), &setup(ruleset, 7, &[]), bots(7)).unwrap();
        e.set_agent(Box::new(Recorder { inner: bots(7), labels: seen.clone() }));
        e.run(Some(30));
        let seen = seen.borrow();
        assert!(seen.len() > 100, "{ruleset}: the bots were asked");
        let bad: Vec<&String> = seen.iter().filter(|l| names_a_seat(l).is_some()).collect();
        assert!(bad.is_empty(), "{ruleset}: labels name seats: {bad:?}");
    }
}

/// Keeps the prompt and labels of every question it is asked, and lets `inner` answer.
struct Recorder {
    inner: Box<dyn Agent>,
    labels: Rc<RefCell<Vec<String>>>,
}

impl Agent for Recorder {
    fn decide(&mut self, req: &wizwar::decision::Request) -> wizwar::decision::Decision {
        let mut labels = self.labels.borrow_mut();
        labels.extend(req.options.iter().map(|c| c.label.clone()));
        labels.push(req.prompt.clone());
        self.inner.decide(req)
    }
}

#[test]
fn the_story_is_told_from_the_log_in_the_rulesets_words_and_changes_nothing() {
    for ruleset in ["8th", "classic"] {
        let e = Engine::new(Path::new("."), &setup(ruleset, 3, &[]), bots(3)).unwrap();
        e.run(Some(40));
        let (state, log) = (e.state(), e.log());
        let lines = e.narrate(&log, false);
        let more = e.narrate(&log, true);
        assert_eq!(e.state(), state, "{ruleset}: telling the story changes nothing");
        assert_eq!(e.log(), log, "{ruleset}");
        assert!(more.len() > lines.len(), "{ruleset}: --verbose tells more");
        for want in ["--- turn 1: A ---", "--- turn 2: B ---"] {
            assert!(lines.iter().any(|l| l == want), "{ruleset}: {want} in {lines:#?}");
        }
        for want in [" casts ", " draws a card"] {
            assert!(lines.iter().any(|l| l.contains(want)), "{ruleset}: `{want}` in {lines:#?}");
        }
        assert!(names_a_seat(&lines.join("\n")).is_none(), "{ruleset}: {lines:#?}");
        assert!(e.player_status(0).is_some_and(|s| s.starts_with("0 of 2")), "{ruleset}: {:?}", e.player_status(0));
    }
    // A ruleset without words of its own: only what the kernel logs itself is told.
    let toy = Engine::new(Path::new("tests/fixtures/engine"), &setup("toy", 3, &[]), bots(3)).unwrap();
    toy.run(Some(3));
    let lines = toy.narrate(&toy.log(), true);
    let kernel = |l: &&String| l.starts_with("--- turn ") || l.starts_with("script error (undone): ");
    assert!(lines.iter().all(|l| kernel(&l)), "{lines:?}");
    assert!(lines.iter().any(|l| l == "--- turn 3: A ---"), "{lines:?}");
    assert_eq!(toy.player_status(0), None);
}

/// A person's questions through the library: the table before the first one, commands that
/// are not answers, the bot's turn told, the game stopping cleanly when the input ends.
#[test]
fn a_person_sees_the_table_at_each_question_and_commands_are_not_answers() {
    let seats: Vec<Box<dyn Agent>> = vec![Box::new(QueueAgent::default()), Box::new(RandomAgent::new(9))];
    let e = Engine::new(Path::new("."), &setup("8th", 3, &[]), Box::new(Seats { agents: seats })).unwrap();
    let mut front = Front::new(&e, &[0], Verbosity::Normal);
    // Commands first (none is taken for an answer), then the last option of each question
    // ("end..." or "draw none"...) until the input ends.
    let mut input: Vec<u8> = b"help\nhand\ncard zot\nboard\nlog 5\noptions\nno such thing\n".to_vec();
    for _ in 0..40 {
        input.extend_from_slice(b"1\n");
    }
    let mut out = Vec::new();
    let mut turns_kept = 0;
    let outcome = front.play(6, &mut &input[..], &mut out, &mut |_| turns_kept += 1);
    let text = String::from_utf8_lossy(&out);
    let first_question = text.find("A: ").expect("A is asked");
    let before = &text[..first_question];
    assert!(before.contains("Key:") && before.contains("Your hand (A):"), "board and hand first: {before}");
    assert!(before.contains("  A  life 15") && before.contains("of 2 victory points"), "life and score: {before}");
    assert!(!before.contains('{'), "no data dumps: {before}");
    assert!(text.contains("card NAME") && text.contains("Zot! (attack"), "help and a card's text: {text}");
    assert!(text.contains("is not a legal action here") && text.contains("`help` lists"), "{text}");
    assert!(text.contains("--- turn 2: B ---"), "the bot's turn is told: {text}");
    let bot_turn = &text[text.find("--- turn 2: B ---").unwrap()..];
    let told = bot_turn.lines().skip(1).take_while(|l| l.starts_with("  ")).count();
    assert!(told > 0, "lines about B's turn: {bot_turn}");
    assert!(names_a_seat(&text).is_none(), "{:?}", names_a_seat(&text));
    assert!(
        matches!(outcome, Outcome::Suspended(ref r) if r.player == 0)
            || matches!(outcome, Outcome::TurnLimit | Outcome::Over(_))
    );
    assert!(turns_kept >= 2, "the game is kept after every turn");
}

fn wizwar(args: &[&str], input: &[u8]) -> (bool, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
        .args(args)
        .env("WIZWAR_AUTOSAVE", common::temp_dir("play-auto").join("kept.json"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

/// The whole at the terminal: answers typed into `play --human 0 --seed 3`.
#[test]
fn a_game_at_the_terminal_tells_the_story_and_names_no_seat() {
    // A ends his first turn, then takes the first option of every question till the input ends.
    let input = format!("help\nhand\nend\n{}", "1\n".repeat(20));
    let (ok, text) = wizwar(&["play", "--human", "0", "--seed", "3", "--turns", "20"], input.as_bytes());
    assert!(ok, "{text}");
    assert!(text.starts_with("Seed 3 "), "{text}");
    let first_question = text.find("A: What do you do?").expect("A is asked what he does");
    assert!(text[..first_question].contains("Key:"), "the board before the first question: {text}");
    assert!(text[..first_question].contains("Your hand (A):\n  "), "the hand is listed: {text}");
    assert!(text.contains("--- turn 2: B ---\n  B "), "the bot's turn is told: {text}");
    assert!(names_a_seat(&text).is_none(), "{:?}", names_a_seat(&text));
    assert!(text.contains("Stopped: no answer from A (end of input)."), "{text}");
    assert!(!text.contains("=== after turn"), "a game stopped mid-turn says no turn is over: {text}");
    let end = &text[text.rfind("This game is kept").unwrap()..];
    assert_eq!(end.matches("  A  life").count(), 1, "the final status once: {end}");
}

/// Bots only: a random seed printed that plays the same game again; `--bots`; the status lines
/// carry no data; the final status once; `--quiet` only the result.
#[test]
fn a_random_seed_is_printed_and_plays_the_same_game_again() {
    let dir = common::temp_dir("play-seed");
    let log = |n: &str| dir.join(n).to_string_lossy().to_string();
    let (ok, text) = wizwar(&["play", "--turns", "3", "--bots", "hunter", "--log", &log("a.jsonl")], b"");
    assert!(ok, "{text}");
    let seed: String =
        text.strip_prefix("Seed ").expect("the seed first").chars().take_while(char::is_ascii_digit).collect();
    assert!(!text.contains('{'), "no data dumps: {text}");
    assert!(text.contains("=== after turn 1 (") && text.contains("=== after turn 2 ("), "{text}");
    let end = &text[text.rfind("=== after turn 3").unwrap()..];
    assert_eq!(end.matches("  A  life").count(), 2, "the last turn's board, then the final status once: {end}");
    let (ok, quiet) = wizwar(
        &["play", "--turns", "3", "--bots", "hunter", "--quiet", "--seed", &seed, "--log", &log("b.jsonl")],
        b"",
    );
    assert!(ok, "{quiet}");
    assert!(!quiet.contains("Seed ") && !quiet.contains("---") && !quiet.contains("Key:"), "only the result: {quiet}");
    assert!(quiet.contains("  A  life") && quiet.contains("turn limit"), "{quiet}");
    assert_eq!(std::fs::read(log("a.jsonl")).unwrap(), std::fs::read(log("b.jsonl")).unwrap(), "the same game");
    let (bad, text) = wizwar(&["play", "--names", "Ann,Ann"], b"");
    assert!(!bad && text.contains("`Ann` is given twice"), "{text}");
    let (ok, text) = wizwar(&["play", "--names", "Ann,Bob", "--seed", "2", "--turns", "2"], b"");
    assert!(ok && text.contains("--- turn 2: Ann ---") && text.contains("\n  B Bob  life"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Hot-seat: before one person's question after another person's, the keyboard is passed (a
/// screen of its own, Enter to go on) and the story since is told again; a single person never
/// sees that screen.
#[test]
fn hot_seat_passes_the_keyboard_between_people() {
    let seats: Vec<Box<dyn Agent>> = vec![Box::new(QueueAgent::default()), Box::new(QueueAgent::default())];
    let e = Engine::new(Path::new("."), &setup("8th", 3, &[]), Box::new(Seats { agents: seats })).unwrap();
    let mut front = Front::new(&e, &[0, 1], Verbosity::Normal);
    let input = "1\n".repeat(60);
    let mut out = Vec::new();
    front.play(4, &mut input.as_bytes(), &mut out, &mut |_| {});
    let text = String::from_utf8_lossy(&out);
    let pass = text.find("Pass the keyboard to B, then press Enter").expect("B gets the keyboard");
    assert!(text[..pass].contains("Your hand (A):"), "A decided first: {text}");
    let after = &text[pass..];
    assert!(after.find("Since A's last decision:").unwrap() < after.find("Your hand (B):").unwrap(), "{after}");
    assert!(text.contains("Pass the keyboard to A"), "and back to A: {text}");
    assert!(!text.contains('\x1b'), "no ANSI codes when not at a terminal");
    // At a terminal the screen is cleared before the pass, so A's hand is gone.
    let seats: Vec<Box<dyn Agent>> = vec![Box::new(QueueAgent::default()), Box::new(QueueAgent::default())];
    let e = Engine::new(Path::new("."), &setup("8th", 3, &[]), Box::new(Seats { agents: seats })).unwrap();
    let mut out = Vec::new();
    Front::new(&e, &[0, 1], Verbosity::Normal).clear_screen(true).play(4, &mut input.as_bytes(), &mut out, &mut |_| {});
    let text = String::from_utf8_lossy(&out);
    let pass = text.find("Pass the keyboard to B").unwrap();
    assert!(text[..pass].ends_with("\x1b[2J\x1b[3J\x1b[H"), "cleared first");
    // One person: no such screen.
    let seats: Vec<Box<dyn Agent>> = vec![Box::new(QueueAgent::default()), Box::new(RandomAgent::new(9))];
    let e = Engine::new(Path::new("."), &setup("8th", 3, &[]), Box::new(Seats { agents: seats })).unwrap();
    let mut out = Vec::new();
    Front::new(&e, &[0], Verbosity::Normal).play(4, &mut input.as_bytes(), &mut out, &mut |_| {});
    assert!(!String::from_utf8_lossy(&out).contains("Pass the keyboard"));
}

/// Pictures of a game: `play --svg-dir` (one a turn) and `board --load FILE --step N`.
#[test]
fn pictures_of_a_game_in_progress() {
    let dir = common::temp_dir("play-svg");
    let path = |n: &str| dir.join(n).to_string_lossy().to_string();
    let (ok, text) = wizwar(
        &["play", "--seed", "4", "--turns", "3", "--quiet", "--save", &path("g.json"), "--svg-dir", &path("pics")],
        b"",
    );
    assert!(ok, "{text}");
    for n in 1..=3 {
        let svg = std::fs::read_to_string(dir.join(format!("pics/turn-{n:03}.svg"))).unwrap();
        assert!(svg.contains(&format!("<title>Turn {n}, ")) || svg.contains("game over"), "{svg}");
    }
    let (ok, text) =
        wizwar(&["board", "--load", &path("g.json"), "--step", "2", "--format", "svg", "-o", &path("s.svg")], b"");
    assert!(ok, "{text}");
    let svg = std::fs::read_to_string(dir.join("s.svg")).unwrap();
    assert!(svg.contains("<title>Turn 1, ") && svg.contains("class=\"mark mark-wizard\""), "{svg}");
    let (ok, text) = wizwar(&["board", "--load", &path("g.json")], b"");
    assert!(ok && text.contains("(wizard) at"), "ASCII by default, after every step: {text}");
    let (ok, text) = wizwar(&["board", "--load", &path("g.json"), "--step", "100000"], b"");
    assert!(!ok && text.contains("--step 100000"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}
