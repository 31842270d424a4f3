//! `wizwar play` for people: wizards named as the board shows them, the table shown at every
//! question of a person (commands there are not answers), the story of the game told from the
//! log in the ruleset's words, a random seed printed, no data dumps in status lines.

mod common;

use std::cell::RefCell;
use std::io::Write;
use std::path::Path;
use std::rc::Rc;
use wizwar::decision::{record_id, Agent, Choice, QueueAgent, RandomAgent, Request, Seats};
use wizwar::engine::{Engine, GameSetup, Outcome};
use wizwar::play::input::Piped;
use wizwar::play::{Front, Keeper, PlayStop, Verbosity};
use wizwar::value::Value;

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
        let words =
            "local targets = require('rules.targets'); return targets.words(game, targets.kinds.wizard(game, 0)[1], 0)";
        let label = e.eval_lua(words).unwrap();
        assert!(label == "\"A\"" || label == "\"B\"", "{ruleset}: a wizard target's words are his letter: {label}");
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
    let mut keeper = Counted(0);
    let stop = front.play(6, &mut Piped(&input[..]), &mut out, &mut keeper);
    let turns_kept = keeper.0;
    let text = String::from_utf8_lossy(&out);
    let first_question = text.find("\nA: ").expect("A is asked");
    let before = &text[..first_question];
    assert!(before.contains("    +---+") && before.contains("\nHand: "), "board and hand first: {before}");
    assert!(before.contains("Turn 1 - A: life 15, 3 moves left, hand 5 of 7"), "life, movement, hand: {before}");
    assert!(before.contains("\nB  life 15  hand 5  0 of 2 victory points"), "the others: {before}");
    assert!(!before.contains('{'), "no data dumps: {before}");
    assert!(text.contains("card NAME") && text.contains("Zot! (attack"), "help and a card's text: {text}");
    let help =
        &text[text.find("help         this text").expect("the help")..text.find("always safe).").expect("its end")];
    assert!(help.lines().all(|l| l.chars().count() <= 80), "the help fits 80 columns: {help}");
    assert!(text.contains("is not a legal action here") && text.contains("`help` lists"), "{text}");
    assert!(text.contains("--- turn 2: B ---"), "the bot's turn is told: {text}");
    let bot_turn = &text[text.find("--- turn 2: B ---").unwrap()..];
    let told = bot_turn.lines().skip(1).take_while(|l| l.starts_with("  ")).count();
    assert!(told > 0, "lines about B's turn: {bot_turn}");
    assert!(names_a_seat(&text).is_none(), "{:?}", names_a_seat(&text));
    assert!(
        matches!(
        stop,
        PlayStop::Game(Outcome::Suspended(ref r)) if r.player == 0)
            || matches!(stop, PlayStop::Game(Outcome::TurnLimit | Outcome::Over(_)))
    );
    assert!(turns_kept >= 2, "the game is kept after every turn");
}

/// Counts the turns it is asked to keep.
struct Counted(usize);

impl Keeper for Counted {
    fn turn_played(&mut self, _: &Engine) {
        self.0 += 1;
    }

    fn save(&mut self, _: &Engine, _: Option<&Path>) -> Result<String, String> {
        Err("not here".into())
    }
}

fn wizwar(args: &[&str], input: &[u8]) -> (bool, String) {
    let saves = common::temp_dir("play-auto");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
        .args(args)
        .env("WIZWAR_SAVES", &saves)
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
    assert!(text[..first_question].contains("    +---+"), "the board before the first question: {text}");
    assert!(text[..first_question].contains("\nHand: "), "the hand is listed: {text}");
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
    front.play(4, &mut Piped(input.as_bytes()), &mut out, &mut Counted(0));
    let text = String::from_utf8_lossy(&out);
    let pass = text.find("Pass the keyboard to B, then press Enter").expect("B gets the keyboard");
    assert!(text[..pass].contains(" - A: life"), "A decided first: {text}");
    let after = &text[pass..];
    assert!(after.find("Since A's last decision:").unwrap() < after.find(" - B: life").unwrap(), "{after}");
    assert!(text.contains("Pass the keyboard to A"), "and back to A: {text}");
    assert!(!text.contains('\x1b'), "no ANSI codes when not at a terminal");
    // At a terminal the screen is cleared before the pass, so A's hand is gone.
    let seats: Vec<Box<dyn Agent>> = vec![Box::new(QueueAgent::default()), Box::new(QueueAgent::default())];
    let e = Engine::new(Path::new("."), &setup("8th", 3, &[]), Box::new(Seats { agents: seats })).unwrap();
    let mut out = Vec::new();
    Front::new(&e, &[0, 1], Verbosity::Normal).clear_screen(true).play(
        4,
        &mut Piped(input.as_bytes()),
        &mut out,
        &mut Counted(0),
    );
    let text = String::from_utf8_lossy(&out);
    let pass = text.find("Pass the keyboard to B").unwrap();
    assert!(text[..pass].ends_with("\x1b[2J\x1b[3J\x1b[H"), "cleared first");
    // One person: no such screen.
    let seats: Vec<Box<dyn Agent>> = vec![Box::new(QueueAgent::default()), Box::new(RandomAgent::new(9))];
    let e = Engine::new(Path::new("."), &setup("8th", 3, &[]), Box::new(Seats { agents: seats })).unwrap();
    let mut out = Vec::new();
    Front::new(&e, &[0], Verbosity::Normal).play(4, &mut Piped(input.as_bytes()), &mut out, &mut Counted(0));
    assert!(!String::from_utf8_lossy(&out).contains("Pass the keyboard"));
}

/// Pictures of a game: `play --svg-dir` (one a turn) and `board --load FILE --step N`.
#[test]
fn pictures_of_a_game_in_progress() {
    let dir = common::temp_dir("play-svg");
    let path = |n: &str| dir.join(n).to_string_lossy().to_string();
    let (ok, text) =
        wizwar(&["play", "--seed", "4", "--turns", "3", "--save", &path("g.json"), "--svg-dir", &path("pics")], b"");
    assert!(ok, "{text}");
    for n in 1..=3 {
        let svg = std::fs::read_to_string(dir.join(format!("pics/turn-{n:03}.svg"))).unwrap();
        // The picture after turn n names the turn the story tells next, and who plays it.
        let next = text.split(&format!("--- turn {}: ", n + 1)).nth(1).and_then(|t| t.split(' ').next());
        match next {
            Some(who) => {
                assert!(svg.contains(&format!("<title>After turn {n}: turn {}, {who} to play", n + 1)), "{svg}")
            }
            None => assert!(svg.contains("game over") || n == 3, "{svg}"),
        }
        // Each wizard in his seat's colour.
        assert!(svg.contains(wizwar::cli::seat_colour(0)) && svg.contains(wizwar::cli::seat_colour(1)), "{svg}");
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

// ---------------------------------------------------------------------------------------------
// Long menus asked in steps (what to do, which card, which target, which boost)
// ---------------------------------------------------------------------------------------------

/// A record as the rulesets make them.
fn rec(fields: &[(&str, Value)]) -> Value {
    Value::Map(fields.iter().map(|(k, v)| (k.to_string(), v.clone())).collect())
}

fn option(value: Value) -> Choice {
    let label = value.get("label").and_then(Value::as_str).unwrap_or_default().to_string();
    let key = value.get("key").and_then(Value::as_str).map(str::to_string).unwrap_or_else(|| record_id(&value));
    Choice { key, label, value }
}

/// A game at A's first question (8th, seed 3; A a person) and the names of A's hand's cards.
fn at_a_question() -> (Engine, Vec<(i64, String)>) {
    let seats: Vec<Box<dyn Agent>> = vec![Box::new(QueueAgent::default()), Box::new(RandomAgent::new(9))];
    let e = Engine::new(Path::new("."), &setup("8th", 3, &[]), Box::new(Seats { agents: seats })).unwrap();
    assert!(matches!(e.run(Some(1)), Outcome::Suspended(ref r) if r.player == 0));
    let st = e.state();
    let hand = st.players[0]
        .hand
        .iter()
        .map(|&c| {
            let def = &st.cards.iter().find(|x| x.id == c).unwrap().def;
            let name = &e.card_defs().find(|d| *d.key == **def).unwrap().name;
            (i64::from(c), name.clone())
        })
        .collect();
    (e, hand)
}

/// An action request of 40 options like the 8th edition's: 4 moves, 2 speed boosts, card 1 at
/// 8 squares and card 2 at B, each without a boost and with either of 2 boosts, a punch, 5
/// doors to hold, the end of the phase.
fn forty_actions(hand: &[(i64, String)]) -> Request {
    let s = |x: &str| Value::Str(x.to_string());
    let mut opts = Vec::new();
    for d in ["N", "E", "S", "W"] {
        opts.push(rec(&[("kind", s("move")), ("dir", s(d)), ("label", s(&format!("move {d}")))]));
    }
    for (id, name) in &hand[2..4] {
        opts.push(rec(&[
            ("kind", s("boost")),
            ("card", Value::Int(*id)),
            ("label", s(&format!("boost speed with {name}"))),
        ]));
    }
    let squares: Vec<Value> = (0..8)
        .map(|x| {
            rec(&[
                ("kind", s("square")),
                ("x", Value::Int(x)),
                ("y", Value::Int(0)),
                ("label", s(&format!("square {x},0"))),
            ])
        })
        .collect();
    let wizard = rec(&[("kind", s("wizard")), ("player", Value::Int(1)), ("label", s("B"))]);
    for (card, targets) in [(&hand[0], squares), (&hand[1], vec![wizard])] {
        for t in targets {
            let base = format!("cast {} at {}", card.1, t.get("label").and_then(Value::as_str).unwrap());
            let cast = [("kind", s("cast")), ("card", Value::Int(card.0)), ("target", t.clone())];
            opts.push(rec(&[&cast[..], &[("label", s(&base))]].concat()));
            for (b, name) in &hand[2..4] {
                let label = s(&format!("{base} with {name}"));
                opts.push(rec(&[&cast[..], &[("boost", Value::Int(*b)), ("label", label)]].concat()));
            }
        }
    }
    let b = rec(&[("kind", s("wizard")), ("player", Value::Int(1))]);
    opts.push(rec(&[("kind", s("punch")), ("target", b), ("hostile", Value::Bool(true)), ("label", s("punch B"))]));
    for x in 0..5 {
        let edge = rec(&[("x", Value::Int(x)), ("y", Value::Int(2)), ("side", s("N"))]);
        opts.push(rec(&[("kind", s("hold_door")), ("edge", edge), ("label", s(&format!("hold door {x},2,N")))]));
    }
    opts.push(rec(&[
        ("kind", s("end")),
        ("key", s("end")),
        ("pass", Value::Bool(true)),
        ("label", s("end the phase")),
    ]));
    let req = Request::one(0, "action", "What do you do?", opts.into_iter().map(option).collect());
    assert_eq!(req.options.len(), 40);
    req
}

/// A person's answer to `req` typed as `input`: the key chosen (None when the input ends) and
/// what he was shown.
fn answer(e: &Engine, req: &Request, input: &str) -> (Option<Vec<String>>, String) {
    let mut out = Vec::new();
    let keys = Front::new(e, &[0], Verbosity::Normal).ask_once(req, &mut Piped(input.as_bytes()), &mut out);
    (keys, String::from_utf8(out).unwrap())
}

/// The numbered lists shown (runs of "  N. ..." lines): their entries, `0. back` left out.
fn menus(text: &str) -> Vec<Vec<String>> {
    let mut menus: Vec<Vec<String>> = Vec::new();
    let mut open = false;
    for line in text.lines() {
        let entry =
            line.trim_start().split_once(". ").filter(|(n, _)| n.parse::<usize>().is_ok() && line.starts_with("  "));
        match entry {
            Some((n, label)) => {
                if !open {
                    menus.push(Vec::new());
                }
                open = true;
                if n != "0" {
                    menus.last_mut().unwrap().push(label.to_string());
                }
            }
            None => open = false,
        }
    }
    menus
}

fn no_menu_runs_past_15(text: &str) {
    let menus = menus(text);
    assert!(!menus.is_empty(), "menus were shown: {text}");
    for m in &menus {
        assert!(m.len() <= 15, "{} entries: {m:#?}", m.len());
    }
}

fn key_of(req: &Request, label: &str) -> Vec<String> {
    vec![req.options.iter().find(|c| c.label == label).unwrap_or_else(|| panic!("no `{label}`")).key.clone()]
}

#[test]
fn a_long_action_menu_is_asked_in_steps_and_answered_with_a_key() {
    let (e, hand) = at_a_question();
    let req = forty_actions(&hand);
    // cast -> card 1 -> (its targets) back -> card 2 (one target: not asked) -> the 2nd boost.
    let (keys, text) = answer(&e, &req, "3\n1\nback\n2\n3\n");
    assert_eq!(keys, Some(key_of(&req, &format!("cast {} at B with {}", hand[1].1, hand[3].1))), "{text}");
    no_menu_runs_past_15(&text);
    let menus = menus(&text);
    let root = [
        "move (4 choices)",
        "boost speed (2 choices)",
        "cast (27 choices)",
        "punch B",
        "hold door (5 choices)",
        "end the phase",
    ];
    assert_eq!(menus[0], root, "one entry per sort of action, one keystroke for a sort of one: {text}");
    assert!(
        text.contains(&format!(
            "A: cast - which card?\n   1. {} (24 choices)\n   2. {} (3 choices)\n   0. back\n",
            hand[0].1, hand[1].1
        )),
        "{text}"
    );
    assert!(text.contains(&format!("A: cast {} - which target?\n   1. square 0,0 (3 choices)\n", hand[0].1)), "{text}");
    assert_eq!(menus[3], menus[1], "back: the card again: {text}");
    let boost = format!(
        "A: cast {} at B - which boost?\n   1. no boost\n   2. {}\n   3. {}\n   0. back\n",
        hand[1].1, hand[2].1, hand[3].1
    );
    assert!(text.contains(&boost), "{text}");
    assert!(!text.contains("which target?\n   1. B"), "a single target is not asked: {text}");
    assert_eq!(menus.len(), 5, "{menus:#?}");
    // A sort of one option is that option; a sort of several ends with its options' labels.
    assert_eq!(answer(&e, &req, "4\n").0, Some(key_of(&req, "punch B")));
    let (keys, text) = answer(&e, &req, "1\noptions\n3\n");
    assert_eq!(keys, Some(key_of(&req, "move S")));
    assert_eq!(
        text.matches("A: move - which one?\n   1. move N\n").count(),
        2,
        "`options` shows the step again: {text}"
    );
    // Without a boost; back from the first step goes nowhere; the input ending is no answer.
    let (keys, text) = answer(&e, &req, "0\n3\n1\n6\n1\n");
    assert_eq!(keys, Some(key_of(&req, &format!("cast {} at square 5,0", hand[0].1))), "{text}");
    assert!(text.contains("this is the first step"), "{text}");
    assert_eq!(answer(&e, &req, "3\n1\n").0, None);
}

#[test]
fn text_and_keys_typed_at_a_step_still_name_options() {
    let (e, hand) = at_a_question();
    let req = forty_actions(&hand);
    // As from the flat list: an option's key, the only label beginning with the text.
    assert_eq!(answer(&e, &req, "end\n").0, Some(vec!["end".to_string()]));
    let key = key_of(&req, &format!("cast {} at square 3,0 with {}", hand[0].1, hand[2].1));
    assert_eq!(answer(&e, &req, &format!("{}\n", key[0])).0, Some(key.clone()));
    assert_eq!(answer(&e, &req, &format!("cast {} at square 3,0 with\n", hand[0].1)).0, None, "two boosts");
    let typed = format!("cast {} at square 3,0 with {}\n", hand[0].1.to_lowercase(), hand[2].1);
    assert_eq!(answer(&e, &req, &typed).0, Some(key.clone()));
    assert_eq!(answer(&e, &req, "move w\n").0, Some(key_of(&req, "move W")));
    // Text naming an entry of the step goes into it; at a later step, among what is still open.
    let (keys, text) = answer(&e, &req, "hold\n4\n");
    assert_eq!(keys, Some(key_of(&req, "hold door 3,2,N")), "{text}");
    let (keys, text) = answer(&e, &req, &format!("cast\n{}\nsquare 3,0\n{}\n", hand[0].1, hand[2].1));
    assert_eq!(keys, Some(key), "{text}");
    // Commands are never answers, at any step.
    let (keys, text) = answer(&e, &req, "cast\nhelp\nhand\nboard\n2\nno boost\n");
    assert_eq!(keys, Some(key_of(&req, &format!("cast {} at B", hand[1].1))), "{text}");
    assert!(text.contains("back (or 0)") && text.matches("Your hand (A):").count() == 1, "{text}");
    no_menu_runs_past_15(&text);
}

#[test]
fn a_short_menu_is_the_flat_list_as_before() {
    let (e, hand) = at_a_question();
    let mut req = forty_actions(&hand);
    req.options.retain(|c| c.label.starts_with("move") || c.key == "end");
    let (keys, text) = answer(&e, &req, "2\n");
    assert_eq!(keys, Some(key_of(&req, "move E")));
    let flat = "\nA: What do you do?\n   1. move N\n   2. move E\n   3. move S\n   4. move W\n   5. end the phase\n> ";
    assert!(text.ends_with(flat), "{text}");
    // Exactly 15 options: still one list. Numbers name its options, `0` none.
    let mut req = forty_actions(&hand);
    req.options.truncate(14);
    req.options.push(forty_actions(&hand).options.pop().unwrap());
    let (keys, text) = answer(&e, &req, "0\n15\n");
    assert_eq!(keys, Some(vec!["end".to_string()]));
    assert_eq!(menus(&text), vec![req.options.iter().map(|c| c.label.clone()).collect::<Vec<_>>()]);
    assert!(text.contains("0 is not an option number (1..15)") && !text.contains("back"), "{text}");
}

#[test]
fn a_list_too_long_for_one_step_is_shown_a_page_at_a_time() {
    let (e, _) = at_a_question();
    let s = |x: &str| Value::Str(x.to_string());
    let squares = (0..30)
        .map(|i| {
            let (x, y) = (i % 10, i / 10);
            option(rec(&[
                ("kind", s("square")),
                ("x", Value::Int(x)),
                ("y", Value::Int(y)),
                ("label", s(&format!("square {x},{y}"))),
            ]))
        })
        .collect();
    let req = Request::one(0, "target", "Where?", squares);
    let (keys, text) = answer(&e, &req, "15\n15\nback\n15\n2\n");
    assert_eq!(keys, Some(key_of(&req, "square 9,2")), "{text}");
    no_menu_runs_past_15(&text);
    let menus = menus(&text);
    assert_eq!(menus.len(), 5, "{text}");
    assert_eq!(menus[0].len(), 15);
    assert_eq!((menus[0][0].as_str(), menus[0][14].as_str()), ("square 0,0", "more..."));
    assert_eq!((menus[1][0].as_str(), menus[1][14].as_str()), ("square 4,1", "more..."));
    assert_eq!(menus[3], menus[1], "back: the page before");
    assert_eq!(menus[4], ["square 8,2", "square 9,2"]);
    assert!(text.contains("A: Where? (page 3)\n"), "{text}");
}

/// At the terminal: `play --human 0 --ruleset 8th --seed 5`, whose first question has more
/// options than a screenful (every square for Homunculus, with and without each boost).
#[test]
fn a_person_at_the_terminal_never_reads_a_menu_past_15_entries() {
    let seats: Vec<Box<dyn Agent>> = vec![Box::new(QueueAgent::default()), Box::new(RandomAgent::new(9))];
    let e = Engine::new(Path::new("."), &setup("8th", 5, &[]), Box::new(Seats { agents: seats })).unwrap();
    let Outcome::Suspended(req) = e.run(Some(1)) else { panic!("A is asked") };
    assert!(req.options.len() > 30, "a long menu: {}", req.options.len());
    // cast -> back -> cast -> Homunculus -> its 3rd square -> with the 2nd boost; then the
    // first entry of every step till the input ends.
    let input = format!("cast\nback\n3\nhomunculus\n3\n3\n{}", "1\n".repeat(40));
    let (ok, text) =
        wizwar(&["play", "--human", "0", "--ruleset", "8th", "--seed", "5", "--turns", "6"], input.as_bytes());
    assert!(ok, "{text}");
    assert_eq!(text.matches("A: cast - which card?\n").count(), 2, "{text}");
    assert!(text.contains("A: cast Homunculus - which target?") && text.contains("0. back"), "{text}");
    assert!(text.contains("A uses Large Rock (boost)\n  A casts Homunculus at (1,2)"), "{text}");
    assert!(text.contains("--- turn 3: A ---"), "{text}");
    no_menu_runs_past_15(&text);
}

/// `wizwar play ... | head` and `wizwar sim ... | head`: a reader that stops early ends the
/// program quietly (a broken pipe, as for any Unix tool), never with a panic (issue 44, 10).
#[test]
fn a_reader_that_stops_early_ends_the_program_quietly() {
    use std::io::{BufRead, BufReader};
    for args in [
        &["play", "--ruleset", "8th", "--seed", "3", "--turns", "40"][..],
        &["sim", "--ruleset", "8th", "--games", "20", "--quiet"][..],
    ] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        assert!(!first.is_empty(), "{args:?} printed something");
        // (the reader is gone: the rest goes to a closed pipe)
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_ne!(out.status.code(), Some(101), "{args:?}: {err}");
    }
}

/// Run from another folder, the binary finds its rulesets above itself (a checkout's
/// `target/.../wizwar`); `WIZWAR_ROOT` or `--root` name another folder, and one without
/// rulesets is refused with what to do (issue 44, item 10).
#[test]
fn the_binary_finds_its_rulesets_from_any_folder() {
    let elsewhere = common::temp_dir("elsewhere");
    let run = |args: &[&str], root_var: Option<&str>| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"));
        cmd.args(args).current_dir(&elsewhere).env_remove("WIZWAR_ROOT");
        if let Some(v) = root_var {
            cmd.env("WIZWAR_ROOT", v);
        }
        let out = cmd.output().unwrap();
        (out.status.success(), String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr))
    };
    let (ok, text) = run(&["play", "--seed", "3", "--turns", "2", "--quiet"], None);
    assert!(ok && text.contains("turn"), "found above the binary: {text}");
    let project = env!("CARGO_MANIFEST_DIR");
    let (ok, text) = run(&["check", "--ruleset", "classic"], Some(project));
    assert!(ok, "WIZWAR_ROOT: {text}");
    // `check` lists the optional rules, as the README says (issue 44, item 11), in 80 columns.
    let (ok, text) = run(&["check", "--ruleset", "8th"], Some(project));
    assert!(ok && text.contains("options (--option NAME") && text.contains("  uncluttered_minds\n"), "{text}");
    assert!(text.contains("Maintained spells do not count"), "each with what it does: {text}");
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    let (ok, text) = run(&["check", "--ruleset", "classic"], Some(elsewhere.to_str().unwrap()));
    assert!(!ok && text.contains("(given by WIZWAR_ROOT) holds no rulesets/"), "{text}");
    let (ok, text) = run(&["check", "--root", elsewhere.to_str().unwrap()], None);
    assert!(!ok && text.contains("(given by --root) holds no rulesets/"), "{text}");
}

/// A file or folder `play` cannot write is an error before the game, and leaves nothing
/// half-written (issue 44, item 11): `--save` naming a folder, `--svg-dir` naming a file.
#[test]
fn what_play_cannot_write_is_said_at_once() {
    let dir = common::temp_dir("unwritable");
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let (ok, text) = wizwar(&["play", "--seed", "3", "--turns", "2", "--quiet", "--save", dir.to_str().unwrap()], b"");
    assert!(!ok && text.contains("is a folder: give a file"), "{text}");
    assert!(!text.contains("Stopped"), "said before the game: {text}");
    let partial = format!("{}.partial", dir.display());
    assert!(!Path::new(&partial).exists(), "no {partial} left");
    let (ok, text) =
        wizwar(&["play", "--seed", "3", "--turns", "2", "--quiet", "--svg-dir", file.to_str().unwrap()], b"");
    assert!(!ok && text.contains("--svg-dir") && text.contains("(give a folder)"), "{text}");
}
