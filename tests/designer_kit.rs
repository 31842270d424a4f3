//! The designer's kit from the command line (issue 45, item 6): `new card` writes a card that
//! passes its own test in each edition, `new ruleset` a variant that plays to the end, and
//! `test --watch` runs a card's tests again when its file changes.

mod common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A copy of the project's rulesets, cards and test helpers to write into.
fn project() -> common::TempDir {
    common::project_copy("kit")
}

fn wizwar(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wizwar")).arg("--root").arg(root).args(args).output().expect("wizwar runs")
}

fn said(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

#[test]
fn a_new_card_passes_its_own_test_in_every_edition() {
    let root = project();
    for (ruleset, school, file) in [
        ("8th", "mentalism", "cards/8th/mentalism/mind_spike.lua"),
        // (a school in any case: "Neutral" as the card's face prints it)
        ("classic", "Neutral", "cards/classic/neutral/mind_spike.lua"),
        ("9th", "neutral", "cards/9th/neutral/mind_spike.lua"),
    ] {
        let out = wizwar(&root, &["new", "card", "--ruleset", ruleset, "--school", school, "Mind Spike"]);
        assert!(out.status.success(), "{ruleset}: {}", said(&out));
        assert!(root.join(file).is_file(), "{ruleset}: {file} written");
        let out = wizwar(&root, &["test", "--ruleset", ruleset, "Mind Spike"]);
        assert!(out.status.success(), "{ruleset}: {}", said(&out));
        assert!(said(&out).contains("1 passed, 0 failed"), "{ruleset}: {}", said(&out));
    }
    let out = wizwar(&root, &["check", "--ruleset", "8th"]);
    assert!(out.status.success(), "the new card checks clean: {}", said(&out));
    // Nothing is overwritten; a wrong school names the right ones; a house rule has no folder.
    let kept = std::fs::read_to_string(root.join("cards/8th/mentalism/mind_spike.lua")).unwrap();
    let again = wizwar(&root, &["new", "card", "--ruleset", "8th", "--school", "mentalism", "Mind Spike"]);
    assert!(!again.status.success() && said(&again).contains("already exists"), "{}", said(&again));
    assert_eq!(std::fs::read_to_string(root.join("cards/8th/mentalism/mind_spike.lua")).unwrap(), kept);
    let wrong = wizwar(&root, &["new", "card", "--ruleset", "8th", "--school", "pyromancy", "Flare"]);
    assert!(said(&wrong).contains("--school pyromancy: 8th's schools are alchemy, cantrip"), "{}", said(&wrong));
    let wrong = wizwar(&root, &["new", "card", "--ruleset", "classic", "--school", "pyromancy", "Flare"]);
    assert!(said(&wrong).contains("classic's folders are attack, counter, custom, neutral"), "{}", said(&wrong));
    let variant = wizwar(&root, &["new", "card", "--ruleset", "8th-blitz", "--school", "mentalism", "Flare"]);
    assert!(said(&variant).contains("8th-blitz plays 8th's cards"), "{}", said(&variant));
}

#[test]
fn a_new_ruleset_plays_to_the_end() {
    let root = project();
    let out = wizwar(&root, &["new", "ruleset", "quick-classic", "--extends", "classic"]);
    assert!(out.status.success(), "{}", said(&out));
    let toml = std::fs::read_to_string(root.join("rulesets/quick-classic/ruleset.toml")).unwrap();
    assert!(toml.contains("extends = \"classic\"") && toml.contains("\n# "), "{toml}");
    let out = wizwar(&root, &["play", "--ruleset", "quick-classic", "--seed", "2", "--quiet"]);
    assert!(out.status.success(), "{}", said(&out));
    assert!(said(&out).contains("Game over after"), "{}", said(&out));
    for bad in [
        ["new", "ruleset", "quick-classic", "--extends", "classic"],
        ["new", "ruleset", "Bad Name", "--extends", "8th"],
    ] {
        let out = wizwar(&root, &bad);
        assert!(!out.status.success(), "{bad:?} is refused: {}", said(&out));
    }
}

#[test]
fn watching_reruns_a_cards_tests_when_its_file_changes() {
    let root = project();
    let out = wizwar(&root, &["new", "card", "--ruleset", "8th", "--school", "cantrip", "Tiny Spark"]);
    assert!(out.status.success(), "{}", said(&out));
    let file = root.join("cards/8th/cantrip/tiny_spark.lua");
    let mut child = Command::new(env!("CARGO_BIN_EXE_wizwar"))
        .arg("--root")
        .arg(&root)
        .args(["test", "--ruleset", "8th", "--watch", "Tiny Spark"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let wait_for = |what: &str| {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut seen = Vec::new();
        while Instant::now() < deadline {
            if let Ok(line) = rx.recv_timeout(Duration::from_millis(200)) {
                if line.contains(what) {
                    return;
                }
                seen.push(line);
            }
        }
        panic!("no `{what}` in 60 s; said:\n{}", seen.join("\n"));
    };
    wait_for("1 passed, 0 failed");
    wait_for("Watching");
    // The designer breaks the card's test and saves: it runs again, and fails.
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, text.replace(", 1, \"its effect happened once\")", ", 2, \"its effect happened once\")"))
        .unwrap();
    wait_for("--- changed: cards/8th/cantrip/tiny_spark.lua ---");
    wait_for("0 passed, 1 failed");
    let _ = child.kill();
    let _ = child.wait();
}

/// `wizwar analyze` holds each edition's cards to that edition's helpers (issue 45, item 1): a
/// classic card calling a helper only the 8th offers, and a card giving a helper a string where
/// it wants an integer, are reported with file and line; the 8th's own helper is fine there.
#[test]
fn the_analyzer_holds_each_edition_to_its_own_helpers() {
    let installed = Command::new("emmylua_check").arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(
        installed,
        "emmylua_check is missing: cargo install emmylua_check --locked --version 0.25.1 (.ci/run does)"
    );
    let root = project();
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join(".luarc.json"), root.join(".luarc.json")).unwrap();
    let summoning = "return card {
  name = \"Summoning\",
  kind = \"neutral\",
  targets = { \"empty_square\" },
  text = \"A creature appears.\",
  resolve = function(ctx)
    ctx:create_creature { at = ctx.target.at, life = 3 }
  end,
}
";
    let mending = "return card {
  name = \"Mending\",
  kind = \"neutral\",
  text = \"You heal 2.\",
  resolve = function(ctx)
    ctx:heal(ctx.caster, \"2\")
  end,
}
";
    std::fs::write(root.join("cards/classic/neutral/summoning.lua"), summoning).unwrap();
    std::fs::write(root.join("cards/classic/neutral/mending.lua"), mending).unwrap();
    std::fs::write(root.join("cards/8th/conjuring/summoning.lua"), summoning).unwrap();
    let classic = wizwar(&root, &["analyze", "--ruleset", "classic"]);
    let text = said(&classic);
    assert!(!classic.status.success(), "{text}");
    let line = |file: &str| text.lines().find(|l| l.starts_with(file)).unwrap_or_default().to_string();
    let another_editions = line("cards/classic/neutral/summoning.lua:7:");
    assert!(another_editions.contains("create_creature"), "the 8th's helper in a classic card: {text}");
    let wrong_type = line("cards/classic/neutral/mending.lua:6:");
    assert!(
        wrong_type.contains("param-type-mismatch") && wrong_type.contains("integer"),
        "a string for an integer: {text}"
    );
    let eighth = wizwar(&root, &["analyze", "--ruleset", "8th"]);
    assert!(!said(&eighth).contains("summoning.lua"), "the 8th offers it: {}", said(&eighth));
    // A card the 9th borrows from classic is held to the 9th's helpers too.
    let toml = root.join("rulesets/9th/ruleset.toml");
    let text = std::fs::read_to_string(&toml).unwrap().replacen(
        "card_dirs = [",
        "card_dirs = [\"classic/neutral/summoning\", ",
        1,
    );
    std::fs::write(&toml, text).unwrap();
    let ninth = said(&wizwar(&root, &["analyze", "--ruleset", "9th"]));
    let borrowed = ninth.lines().find(|l| l.starts_with("cards/classic/neutral/summoning.lua:7:")).unwrap_or_default();
    assert!(borrowed.contains("create_creature"), "a borrowed card, under the 9th's helpers: {ninth}");
}

/// The shipped cards pass `wizwar analyze`: each edition's cards use only that edition's
/// helpers, with the types they declare.
#[test]
fn the_shipped_cards_use_only_their_own_editions_helpers() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = wizwar(here, &["analyze"]);
    let text = said(&out);
    assert!(out.status.success(), "{text}");
    for edition in ["8th", "classic", "9th"] {
        assert!(text.contains(&format!("{edition}: 0 diagnostic(s)")), "{edition} is analyzed: {text}");
    }
}
