//! What the README shows of the project is what the project is: the house rule's files as
//! listed, and the line counts it gives of the editions' own Lua.

fn readme() -> String {
    std::fs::read_to_string("README.md").unwrap()
}

/// The block of the README that starts with the line `first` (up to its closing fence).
fn listing(text: &str, first: &str) -> String {
    let from = text.find(&format!("{first}\n")).unwrap_or_else(|| panic!("no listing `{first}` in the README"));
    let body = &text[from + first.len() + 1..];
    body[..body.find("```").unwrap()].to_string()
}

#[test]
fn the_house_rule_is_listed_as_it_is() {
    let text = readme();
    for (first, file) in [
        ("# rulesets/8th-blitz/ruleset.toml", "rulesets/8th-blitz/ruleset.toml"),
        ("-- rulesets/8th-blitz/common.lua", "rulesets/8th-blitz/common.lua"),
    ] {
        assert_eq!(listing(&text, first), std::fs::read_to_string(file).unwrap(), "the README's {file}");
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
    assert!(readme().contains(&said), "the README should say `{said}`");
}
