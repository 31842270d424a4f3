//! `sim --save-baseline` and `sim --baseline`: a balance check a designer can run in CI
//! (issue 41). The same games give the same figures, so nothing moves; a baseline whose counts
//! differ beyond their intervals fails the run, naming what moved.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn sim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wizwar"))
        .args(["sim", "--ruleset", "8th", "--players", "2", "--games", "80", "--quiet", "--cards", "3"])
        .args(args)
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("wizwar-baseline-{}-{name}", std::process::id()))
}

#[test]
fn a_baseline_catches_what_moved_and_only_that() {
    let file = temp("base.json");
    let saved = sim(&["--save-baseline", file.to_str().unwrap()]);
    assert!(saved.status.success(), "{}", text(&saved));

    // the same games: nothing moved
    let same = sim(&["--baseline", file.to_str().unwrap()]);
    assert!(same.status.success(), "{}", text(&same));
    assert!(text(&same).contains("nothing moved beyond its 95% interval"), "{}", text(&same));

    // a baseline in which the most played card's players never won: that card moved
    let mut doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let cards = doc["cards"].as_object_mut().unwrap();
    let (name, counts) = cards.iter_mut().max_by_key(|(_, c)| c["trials"].as_u64().unwrap()).unwrap();
    let name = name.clone();
    counts["wins"] = 0.into();
    let changed = temp("changed.json");
    std::fs::write(&changed, serde_json::to_string(&doc).unwrap()).unwrap();
    let run = sim(&["--baseline", changed.to_str().unwrap()]);
    let out = text(&run);
    assert!(!run.status.success(), "a moved figure fails the run:\n{out}");
    assert!(out.contains(&format!("  {name}")) && out.contains("-> "), "it names {name}:\n{out}");
    assert!(out.contains("1 figure(s) moved"), "{out}");

    for f in [&file, &changed] {
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn a_bad_baseline_is_refused_before_the_games_naming_the_file_and_line() {
    let file = temp("bad.json");
    std::fs::write(&file, "{\n  \"format\": 1,\n  \"games\": \"many\"\n}\n").unwrap();
    let run = sim(&["--baseline", file.to_str().unwrap()]);
    let out = text(&run);
    assert!(!run.status.success(), "{out}");
    assert!(out.contains(&format!("{}:3:", file.display())), "names the file and line:\n{out}");
    assert!(!out.contains("how they ended"), "no games were played:\n{out}");
    let _ = std::fs::remove_file(Path::new(&file));
}
