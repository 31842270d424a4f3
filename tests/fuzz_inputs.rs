//! Property tests over what people and files feed the engine: REPL command lines, saved games,
//! card files and the ruleset, sector and layout TOML, garbled at random. None may panic; each bad one is an error that says what,
//! and the session or game goes on as it was.

mod common;

use proptest::prelude::*;
use std::path::PathBuf;
use wizwar::repl::Repl;

fn toy() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/engine")
}

/// Command lines: a real command (or a near miss) with words and bytes that may mean nothing.
fn command_line() -> impl Strategy<Value = String> {
    let commands: Vec<String> = wizwar::repl::COMMANDS
        .iter()
        .map(|c| c.0.to_string())
        .chain(["acts", "=", "lua", "undo", "steps drop", "quit", "new!"].map(String::from))
        .filter(|c| c != "test" && c != "save" && c != "load" && c != "reload")
        .collect();
    let word = prop_oneof![
        Just("1".to_string()),
        Just("-1".to_string()),
        Just("A".to_string()),
        Just("Zap".to_string()),
        Just("--players".to_string()),
        Just("{".to_string()),
        Just("game:player(0)".to_string()),
        "[a-z0-9 ,.=(){}\"'#-]{0,12}",
        "\\PC{0,6}",
    ];
    (prop::sample::select(commands), prop::collection::vec(word, 0..4))
        .prop_map(|(c, words)| format!("{c} {}", words.join(" ")))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Any line gives a result or a message, never a panic, and the session still answers.
    #[test]
    fn repl_lines_never_break_the_session(lines in prop::collection::vec(command_line(), 1..6)) {
        let mut r = Repl::new(&toy());
        r.execute("new --ruleset toy --seed 2").unwrap();
        for line in &lines {
            let _ = r.execute(line);
        }
        if r.engine().is_some() {
            prop_assert!(r.execute("state").is_ok(), "the session answers after {lines:?}");
        }
    }
}

/// A saved game of the toy ruleset, as text.
fn saved_game_text() -> String {
    let dir = common::temp_dir("fuzzsave");
    let mut r = Repl::new(&toy());
    r.execute("new --ruleset toy --seed 3").unwrap();
    r.execute("act 1").unwrap();
    let file = dir.join("game.json");
    r.execute(&format!("save {}", file.display())).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// A save file cut short or with a byte changed is refused with a message naming the file,
    /// or loads and replays as far as it can: never a panic.
    #[test]
    fn garbled_save_files_are_refused_or_replayed(cut in 0.0f64..1.0, at in 0.0f64..1.0, byte in any::<u8>()) {
        let text = saved_game_text();
        let mut bytes = text.into_bytes();
        let i = ((bytes.len() as f64) * at) as usize % bytes.len();
        bytes[i] = byte;
        bytes.truncate(((bytes.len() as f64) * (0.5 + cut / 2.0)) as usize);
        let dir = common::temp_dir("fuzzsave2");
        let file = dir.join("garbled.json");
        std::fs::write(&file, &bytes).unwrap();
        match wizwar::repl::read_saved(&file) {
            Err(e) => prop_assert!(e.contains("garbled.json"), "the message names the file: {e}"),
            Ok(loaded) => {
                let _ = wizwar::repl::build(&toy(), &loaded.setup, &loaded.steps, Default::default());
            }
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// A save file whose JSON is sound but a field of the wrong type is named with the line of
/// that field, as a file that is not JSON is.
#[test]
fn a_wrong_field_in_a_save_file_is_named_by_its_line() {
    let text = saved_game_text();
    let players = text.lines().position(|l| l.contains("\"players\"")).expect("a players field") + 1;
    let dir = common::temp_dir("wrongfield");
    let file = dir.join("wrong.json");
    std::fs::write(&file, text.replacen("\"players\": 2", "\"players\": \"two\"", 1)).unwrap();
    let e = wizwar::repl::read_saved(&file).err().expect("refused");
    assert!(e.contains(&format!("wrong.json:{players}:")), "the line of `players`: {e}");
    assert!(e.contains("not a saved game: invalid type: string \"two\""), "{e}");
}

/// The toy root with its Zap card file replaced by `source`; what loading it says.
fn load_with_card(source: &str) -> Result<(), String> {
    let root = common::temp_dir("fuzzcard");
    common::copy_dir(&toy(), &root);
    std::fs::write(root.join("cards/toy/zap.lua"), source).unwrap();
    let setup =
        wizwar::engine::GameSetup { ruleset: "toy".into(), players: 2, seed: 1, options: vec![], names: vec![] };
    let result =
        wizwar::engine::Engine::new(&root, &setup, Box::new(wizwar::decision::RandomAgent::new(1))).map(|_| ());
    std::fs::remove_dir_all(&root).ok();
    result
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// A card file with a line dropped or a character changed loads, or is refused naming the
    /// file: never a panic, never a game that half loaded.
    #[test]
    fn garbled_card_files_are_refused_naming_the_file(line in 0usize..40, at in 0.0f64..1.0, ch in "[ -~]") {
        let source = std::fs::read_to_string(toy().join("cards/toy/zap.lua")).unwrap();
        let mut lines: Vec<String> = source.lines().map(String::from).collect();
        let n = line % lines.len();
        if at < 0.3 {
            lines.remove(n);
        } else if !lines[n].is_empty() {
            let chars: Vec<char> = lines[n].chars().collect();
            let i = ((chars.len() as f64) * at) as usize % chars.len();
            lines[n] = chars[..i].iter().collect::<String>() + &ch + &chars[i + 1..].iter().collect::<String>();
        }
        if let Err(e) = load_with_card(&lines.join("\n")) {
            prop_assert!(e.contains("cards/toy/zap.lua") || e.contains("Zap"), "the message names the card: {e}");
        }
    }
}

/// The toy root with one of its TOML files (`rel`, under rulesets/toy/) replaced by `text`;
/// what loading a game of it says.
fn load_with_toml(rel: &str, text: &str) -> Result<(), String> {
    let root = common::temp_dir("fuzztoml");
    common::copy_dir(&toy(), &root);
    std::fs::write(root.join("rulesets/toy").join(rel), text).unwrap();
    let setup =
        wizwar::engine::GameSetup { ruleset: "toy".into(), players: 2, seed: 1, options: vec![], names: vec![] };
    let result = std::panic::catch_unwind(|| {
        wizwar::engine::Engine::new(&root, &setup, Box::new(wizwar::decision::RandomAgent::new(1))).map(|e| {
            // what loads must also play
            let _ = e.run(Some(3));
        })
    });
    std::fs::remove_dir_all(&root).ok();
    result.unwrap_or_else(|_| Err("PANIC".into()))
}

/// The ruleset file, a sector face, a layout and the board set of the toy ruleset.
const TOML_FILES: [&str; 4] = ["ruleset.toml", "boards/sectors/a.toml", "boards/layouts/2p.toml", "boards/boards.toml"];

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// A ruleset, sector or layout file with a line dropped or a character changed loads and
    /// plays, or is refused with a message naming the file: never a panic.
    #[test]
    fn garbled_toml_files_are_refused_naming_the_file(
        which in 0usize..4, line in 0usize..60, at in 0.0f64..1.0, ch in "[ -~]"
    ) {
        let rel = TOML_FILES[which];
        let source = std::fs::read_to_string(toy().join("rulesets/toy").join(rel)).unwrap();
        let mut lines: Vec<String> = source.lines().map(String::from).collect();
        let n = line % lines.len();
        if at < 0.3 {
            lines.remove(n);
        } else if !lines[n].is_empty() {
            let chars: Vec<char> = lines[n].chars().collect();
            let i = ((chars.len() as f64) * at) as usize % chars.len();
            lines[n] = chars[..i].iter().collect::<String>() + &ch + &chars[i + 1..].iter().collect::<String>();
        }
        let file = std::path::Path::new(rel).file_name().unwrap().to_string_lossy().to_string();
        if let Err(e) = load_with_toml(rel, &lines.join("\n")) {
            prop_assert!(e != "PANIC", "no panic on {rel} line {}: {:?}", n + 1, lines.get(n));
            // (a line gone may break what reads it: then that file is named)
            let names_a_file = e.contains(&file) || e.contains("rulesets/toy/") || e.contains("cards/toy/");
            prop_assert!(names_a_file || e.contains("ruleset toy"), "the message names the file {rel}: {e}");
        }
    }
}
