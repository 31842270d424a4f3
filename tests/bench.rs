//! `wizwar bench` measures what it says (the figures themselves are the README's, from a
//! release build: no timing is asserted here, machines vary).

use std::path::Path;

#[test]
fn the_bench_reports_every_ruleset_with_both_kinds_of_bots() {
    // Two games a line: the first loads the engine, the second starts on it (the set-up figure).
    let report = wizwar::bench::bench(Path::new("."), 2, &|_| {}).unwrap();
    let rulesets = wizwar::bench::bench_rulesets(Path::new("."));
    assert!(rulesets.contains(&"8th".to_string()) && rulesets.contains(&"classic".to_string()), "{rulesets:?}");
    assert!(!rulesets.contains(&"8th-blitz".to_string()), "a variant plays its parent's cards: not measured again");
    assert_eq!(report.lines.len(), rulesets.len() * 2);
    for l in &report.lines {
        assert!(l.games == 2 && l.games_per_second > 0.0 && l.turns_per_second > 0.0, "{l:?}");
        assert!(l.calls_per_turn > 1.0 && l.micros_per_decision > 0.0 && l.setup_micros > 0.0, "{l:?}");
        assert!(l.load_micros > 0.0, "{l:?}");
        let shares = l.script_share + l.conversion_share + l.primitive_share + l.engine_share;
        assert!((0.99..=1.01).contains(&shares) && l.conversion_share > 0.0, "the shares add up: {l:?}");
    }
    assert_eq!(report.clones.len(), rulesets.len());
    assert!(report.clones.iter().all(|c| c.micros > 0.0 && c.json_bytes > 1000), "{:?}", report.clones);
    assert!(report.jobs2_gain > 0.0);
    let text = wizwar::bench::render(&report);
    assert!(text.contains("games/s") && text.contains("a copy of a 8th game's state"), "{text}");
}
