//! `sim --shard K/N` and `wizwar merge` (issue 43, item 3): the slices of a sim, played apart
//! and merged, give exactly the summary the whole sim gives.

mod common;

use serde_json::Value;
use std::path::Path;

fn wizwar(args: &[&str]) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar")).args(args).output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr))
}

/// A sim's summary without its clocks and its peak memory (they differ from run to run).
fn summary(file: &Path) -> Value {
    let mut doc: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let s = doc["summary"].as_object_mut().unwrap();
    for clock in ["seconds", "games_per_second", "events_per_second", "lua_share", "primitive_share"] {
        assert!(s.remove(clock).is_some(), "{clock}");
    }
    s.remove("peak_memory_mib"); // the process's: a merge plays no game
    doc["summary"].take()
}

#[test]
fn merged_slices_are_the_whole_sim() {
    let dir = common::temp_dir("shards");
    let path = |name: &str| dir.join(name).display().to_string();
    let sim = ["sim", "--ruleset", "8th", "--players", "2,3", "--games", "13", "--rounds", "10", "--quiet"];
    let with = |extra: &[&str]| -> Vec<String> { sim.iter().chain(extra).map(|s| s.to_string()).collect() };
    let run = |args: Vec<String>| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (ok, text) = wizwar(&args);
        assert!(ok, "{args:?}: {text}");
        text
    };
    let mixed = ["--bots", "hunter,aggressive"];
    let whole_run = run(with(&[&mixed[..], &["--json", &path("all.json")]].concat()));
    assert!(whole_run.contains(", peak memory "), "a sim reports its peak memory: {whole_run}");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("all.json")).unwrap()).unwrap();
    assert!(doc["summary"]["peak_memory_mib"].as_f64().is_some_and(|m| m > 1.0), "{}", doc["summary"]);
    for k in 1..=3 {
        run(with(&[&mixed[..], &["--shard", &format!("{k}/3"), "--json", &path(&format!("s{k}.json"))]].concat()));
    }
    let merged =
        run(vec!["merge".into(), path("s2.json"), path("s1.json"), path("s3.json"), "--json".into(), path("m.json")]);
    assert!(merged.contains("13 games"), "{merged}");
    let (whole, joined) = (summary(&dir.join("all.json")), summary(&dir.join("m.json")));
    assert_eq!(whole["games"], 13);
    assert_eq!(whole, joined, "the merged summary is the whole sim's");
    // A slice missing, given twice, or of another sim is refused, naming it.
    let (ok, text) = wizwar(&["merge", &path("s1.json"), &path("s3.json")]);
    assert!(!ok && text.contains("slices missing: 2/3"), "{text}");
    let (ok, text) = wizwar(&["merge", &path("s1.json"), &path("s1.json"), &path("s3.json")]);
    assert!(!ok && text.contains("are both slice 1/3"), "{text}");
    run(with(&["--seed", "5", "--shard", "2/3", "--json", &path("other.json")]));
    let (ok, text) = wizwar(&["merge", &path("s1.json"), &path("other.json"), &path("s3.json")]);
    assert!(!ok && text.contains("other.json is a slice of another sim"), "{text}");
    let (ok, text) = wizwar(&["sim", "--shard", "4/3"]);
    assert!(!ok && text.contains("expected K/N with 1 <= K <= N"), "{text}");
}
