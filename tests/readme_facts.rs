//! What the README and the designers' guide show of the project is what the project is: the
//! house rule's files as listed, the line counts given of the editions' own Lua, and the
//! designer's examples (a card test that runs, a card that is the shipped one).

mod common;

use std::process::Command;

fn readme() -> String {
    std::fs::read_to_string("README.md").unwrap()
}

/// The designers' guide, where the README's designer section leads.
fn designers_guide() -> String {
    std::fs::read_to_string("docs/designers.md").unwrap()
}

/// The block of a page that starts with the line `first` (up to its closing fence).
fn listing(text: &str, first: &str) -> String {
    let from = text.find(&format!("{first}\n")).unwrap_or_else(|| panic!("no listing `{first}` on the page"));
    let body = &text[from + first.len() + 1..];
    body[..body.find("```").unwrap()].to_string()
}

#[test]
fn the_house_rule_is_listed_as_it_is() {
    let text = designers_guide();
    for (first, file) in [
        ("# rulesets/8th-blitz/ruleset.toml", "rulesets/8th-blitz/ruleset.toml"),
        ("-- rulesets/8th-blitz/common.lua", "rulesets/8th-blitz/common.lua"),
    ] {
        assert_eq!(listing(&text, first), std::fs::read_to_string(file).unwrap(), "docs/designers.md's {file}");
    }
}

#[test]
fn the_editions_line_counts_are_true() {
    let lines = |dir: &str| -> usize {
        std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "lua"))
            .map(|p| std::fs::read_to_string(p).unwrap().lines().count())
            .sum()
    };
    let said =
        format!("{} lines of its own Lua against classic's {}", lines("rulesets/9th"), lines("rulesets/classic"));
    let features = std::fs::read_to_string("docs/features.md").unwrap();
    assert!(features.contains(&said), "docs/features.md (the README's long list) should say `{said}`");
}

/// The card test the designer section shows runs, and passes, among Zot!'s own tests.
#[test]
fn the_designers_example_test_passes() {
    let text = readme();
    let first = "   { \"boosted by Energy 6 it deals 6\", function(t, g)";
    let from = text.find(first).expect("the README's example test");
    let block = &text[from..];
    // (Zot! has a test of that name: the example runs beside it under a name of its own)
    let block = block[..block.find("```").unwrap()].replacen("\"boosted", "\"the README's example: boosted", 1);
    let root = common::project_copy("readme");
    let zot = root.join("cards/8th/cantrip/zot.lua");
    let card = std::fs::read_to_string(&zot).unwrap();
    let (head, tail) = card.split_once("  tests = {\n").expect("Zot! has tests");
    std::fs::write(&zot, format!("{head}  tests = {{\n{block}{tail}")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_wizwar"))
        .arg("--root")
        .arg(&root)
        .args(["test", "--ruleset", "8th", "cantrip/zot"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    // (read as one line: a test's name is wrapped to the screen)
    let joined = said.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(joined.contains("the README's example: boosted by Energy 6 it deals 6"), "the example ran: {said}");
}

/// The blank-card example is the shipped card, line for line but for the test's body.
#[test]
fn the_blank_card_example_is_the_shipped_card() {
    let shown = listing(&designers_guide(), "```lua\nreturn card {");
    let shipped = std::fs::read_to_string("cards/classic/custom/second_wind.lua").unwrap();
    // code without comments, its words one space apart
    let code = |l: &str| l.split("--").next().unwrap_or_default().split_whitespace().collect::<Vec<_>>().join(" ");
    let file = shipped.lines().map(code).collect::<Vec<_>>().join(" ");
    for line in shown.lines().map(code).filter(|l| !l.is_empty() && !l.contains("...")) {
        assert!(file.contains(&line), "docs/designers.md's Second Wind says `{line}`, the card file does not");
    }
}
