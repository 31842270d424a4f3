//! Leaving a game and coming back (`wizwar play`): `quit` and `save` at any prompt, every game
//! in a file of its own, `--resume`, `--load` keeping who played, and a resumed game going on
//! exactly as the uninterrupted one (the bots' generators are kept too).

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};

/// `wizwar ARGS` with `input` typed, the saves folder `saves`: (success, stdout + stderr).
fn wizwar(args: &[&str], input: &str, saves: &Path) -> (bool, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
        .args(args)
        .env("WIZWAR_SAVES", saves)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr))
}

fn games_in(saves: &Path) -> Vec<PathBuf> {
    common::files_in(saves).into_iter().filter(|f| f.extension().is_some_and(|x| x == "json")).collect()
}

/// The last question a person was shown: from its "A: " line to its prompt.
fn last_question(text: &str) -> &str {
    let from = &text[text.rfind("\nA: ").expect("A was asked")..];
    &from[..from.find("\n>").expect("a prompt")]
}

#[test]
fn quit_keeps_the_game_where_it_is_and_resume_goes_on_with_the_same_person() {
    let saves = common::temp_dir("quit");
    let mine = saves.join("mine.json");
    // One answer (the first step of a menu, then a move), `save FILE`, `help`, an empty line, then `quit` at the next prompt.
    let input = format!("1\n1\nsave {}\nhelp\n\nquit\n", mine.display());
    let (ok, text) = wizwar(&["play", "--human", "0", "--seed", "5"], &input, &saves);
    assert!(ok, "{text}");
    assert!(text.contains("quit ") && text.contains("save [FILE]"), "help lists quit and save: {text}");
    assert!(text.contains(&format!("saved the game (1 answer) to {}", mine.display())), "{text}");
    assert!(text.contains("Type the number of your choice (1 to "), "an empty Enter is told what to do: {text}");
    let games = games_in(&saves);
    assert_eq!(games.len(), 2, "the game's own file and `save`'s: {games:?}");
    let own = games.iter().find(|g| **g != mine).unwrap();
    assert!(own.file_name().unwrap().to_string_lossy().ends_with("-8th-seed5.json"), "{own:?}");
    assert!(
        text.contains(&format!("This game is kept in {}: `wizwar play --resume` goes on with it.", own.display())),
        "{text}"
    );
    assert!(text.contains("Stopped at your request."), "{text}");
    let asked = last_question(&text).to_string();

    // --resume, without --human: A is still the person's, asked the same question again.
    let (ok, again) = wizwar(&["play", "--resume"], "", &saves);
    assert!(ok, "{again}");
    assert!(again.contains("Resuming 8th, 2 players, you played A, turn 1"), "{again}");
    assert!(again.contains("Stopped: no answer from A (end of input)."), "A is not handed to a bot: {again}");
    assert_eq!(last_question(&again), asked, "the same question, in the same place");
    // --load of the game's file does the same; a contradicting ruleset or seat count is refused.
    let own = own.to_string_lossy().to_string();
    let (ok, loaded) = wizwar(&["play", "--load", &own], "", &saves);
    assert!(ok && loaded.contains("Stopped: no answer from A"), "{loaded}");
    let (ok, refused) = wizwar(&["play", "--load", &own, "--ruleset", "9th"], "", &saves);
    assert!(!ok && refused.contains("--ruleset 9th contradicts the saved game (8th)"), "{refused}");
    let (ok, refused) = wizwar(&["play", "--load", &own, "--players", "3"], "", &saves);
    assert!(!ok && refused.contains("--players 3 contradicts the saved game (2 players)"), "{refused}");
    std::fs::remove_dir_all(&saves).ok();
}

#[test]
fn every_game_has_its_own_file_and_resume_lists_those_still_going() {
    let saves = common::temp_dir("resume-list");
    let (ok, none) = wizwar(&["play", "--resume"], "", &saves);
    assert!(!ok && none.contains("no game to resume in"), "{none}");
    for seed in ["11", "12"] {
        let (ok, text) = wizwar(&["play", "--human", "0", "--seed", seed, "--ruleset", "classic"], "quit\n", &saves);
        assert!(ok, "{text}");
        // (the files' times tell them apart: the last played is listed first)
        std::thread::sleep(std::time::Duration::from_millis(1100));
    }
    // A game played to its end is kept too, but not offered (marked so here: a game over).
    let (ok, text) = wizwar(&["play", "--human", "0", "--seed", "13", "--turns", "2"], &"end\n".repeat(10), &saves);
    assert!(ok, "{text}");
    let games = games_in(&saves);
    assert_eq!(games.len(), 3, "one file per game: {games:?}");
    let over = games.iter().find(|g| g.to_string_lossy().contains("seed13")).unwrap();
    let mut save: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(over).unwrap()).unwrap();
    save["seating"]["over"] = serde_json::Value::Bool(true);
    std::fs::write(over, save.to_string()).unwrap();
    let (ok, list) = wizwar(&["play", "--resume"], "2\n", &saves);
    assert!(ok, "{list}");
    let listed: Vec<&str> = list.lines().filter(|l| l.starts_with("  1. ") || l.starts_with("  2. ")).collect();
    assert_eq!(listed.len(), 2, "{list}");
    assert!(listed[0].contains("seed12") && listed[1].contains("seed11"), "the last played first: {list}");
    assert!(list.contains("Resuming classic, 2 players, you played A") && list.contains("seed11.json)"), "{list}");
    let (ok, text) = wizwar(&["play", "--resume", "3"], "", &saves);
    assert!(!ok && text.contains("there is no game 3"), "{text}");
    std::fs::remove_dir_all(&saves).ok();
}

/// A bots' game kept after 6 turns and loaded goes on as the game played in one go: the same
/// log, line for line (hunters, and the search bot), because the bots' generators are kept.
#[test]
fn a_resumed_bot_game_continues_exactly() {
    let dir = common::temp_dir("exact");
    let s = |p: PathBuf| p.to_string_lossy().to_string();
    for (bots, half, whole) in [("hunter", 6, 30), ("search", 3, 8)] {
        let (half_file, resumed, straight) =
            (s(dir.join("half.json")), s(dir.join("resumed.jsonl")), s(dir.join("straight.jsonl")));
        let common = ["play", "--seed", "9", "--bots", bots, "--search-iterations", "8", "--quiet"];
        let run = |more: &[&str]| {
            let (ok, text) = wizwar(&[&common[..], more].concat(), "", &dir);
            assert!(ok, "{text}");
        };
        run(&["--turns", &half.to_string(), "--save", &half_file]);
        std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
            .args(["play", "--quiet", "--turns", &whole.to_string(), "--log", &resumed, "--load", &half_file])
            .output()
            .unwrap();
        run(&["--turns", &whole.to_string(), "--log", &straight]);
        let (a, b) = (std::fs::read_to_string(&resumed).unwrap(), std::fs::read_to_string(&straight).unwrap());
        assert!(a.lines().count() > 100, "{bots}: a game was played");
        assert!(a == b, "{bots}: the resumed game differs from the one played in one go");
        // Without the bots' generators (an older save), the game goes another way: the check
        // above can fail.
        if bots == "hunter" {
            let mut save: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&half_file).unwrap()).unwrap();
            save.as_object_mut().unwrap().remove("seating");
            std::fs::write(&half_file, save.to_string()).unwrap();
            std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
                .args(["play", "--quiet", "--turns", &whole.to_string(), "--log", &resumed, "--load", &half_file])
                .output()
                .unwrap();
            assert_ne!(std::fs::read_to_string(&resumed).unwrap(), b, "fresh generators play another game");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `play --seed S` with bots alone is the game `sim --seed S` plays first: same winner, same
/// turns, same events.
#[test]
fn play_with_a_seed_plays_the_sims_game_of_that_seed() {
    let dir = common::temp_dir("sim-seed");
    let (log, json) = (dir.join("log.jsonl"), dir.join("sim.json"));
    let (ok, text) =
        wizwar(&["play", "--seed", "9", "--turns", "60", "--quiet", "--log", &log.to_string_lossy()], "", &dir);
    assert!(ok, "{text}");
    let (ok, sim) = wizwar(
        &["sim", "--seed", "9", "--games", "1", "--rounds", "30", "--quiet", "--json", &json.to_string_lossy()],
        "",
        &dir,
    );
    assert!(ok, "{sim}");
    let sim: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let game = &sim["games"][0];
    let events = std::fs::read_to_string(&log).unwrap().lines().count() as u64;
    assert_eq!(game["events"].as_u64(), Some(events), "{game}");
    let over = text.lines().find(|l| l.starts_with("Game over after")).expect("the game ends");
    assert!(over.contains(&format!("after {} turns", game["turns"])), "{over} vs {game}");
    let winner = ["A", "B"][game["winner"].as_u64().unwrap() as usize];
    assert!(over.contains(&format!("{winner} wins")), "{over} vs {game}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A seating with bots of several kinds (the web table's): each seat is played by its own
/// kind, exactly as a table of those agents built by hand plays, and a file without
/// `seat_bots` (every one before it) reads as one kind at every seat.
#[test]
fn each_seat_is_played_by_its_own_kind_of_bot() {
    use wizwar::decision::Seats;
    use wizwar::engine::{Engine, GameSetup};
    use wizwar::save::Seating;
    use wizwar::sim::{bot_seed, Bots};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let setup = GameSetup { ruleset: "8th".into(), players: 3, seed: 4, options: vec![], names: vec![] };
    let seating = Seating {
        people: vec![],
        bots: Bots::Random,
        seat_bots: [(2, Bots::Hunter)].into(),
        search: Default::default(),
        generators: vec![],
        over: false,
    };
    let mixed = wizwar::play::session::engine_for(root, &setup, &seating, None).unwrap();
    mixed.run(Some(12));
    let rules = wizwar::search::Rules { root: root.to_path_buf(), setup: setup.clone(), variants: vec![] };
    let by_hand = [Bots::Random, Bots::Random, Bots::Hunter]
        .iter()
        .enumerate()
        .map(|(p, b)| b.agent(bot_seed(setup.seed, p as u32), &rules, Default::default()))
        .collect();
    let hand_built = Engine::new(root, &setup, Box::new(Seats { agents: by_hand })).unwrap();
    hand_built.run(Some(12));
    assert_eq!(mixed.log(), hand_built.log(), "the same game as the agents built by hand");
    let all_random = Seating { seat_bots: Default::default(), ..seating.clone() };
    let plain = wizwar::play::session::engine_for(root, &setup, &all_random, None).unwrap();
    plain.run(Some(12));
    assert_ne!(mixed.log(), plain.log(), "seat C's hunter changes the game");
    let old: Seating = serde_json::from_str(
        r#"{"people": [0], "bots": "random", "search": {"iterations": 8, "millis": null, "horizon": 0}, "generators": []}"#,
    )
    .unwrap();
    assert_eq!((old.bot_at(1), old.bot_at(2)), (Bots::Random, Bots::Random));
    assert!(!serde_json::to_string(&old).unwrap().contains("seat_bots"), "one kind: written as before");
}
