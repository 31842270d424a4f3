//! `sim --report` and `ab --report`: one self-contained page each, which parses as XML (the
//! page and its SVG charts alike), with a chart of rates and their intervals (issue 41, item 5).

use std::path::PathBuf;
use std::time::Duration;
use wizwar::sim::{run, summarize, Bots, Cap, SimConfig};

fn config(games: u64) -> SimConfig {
    SimConfig {
        root: PathBuf::from("."),
        ruleset: "8th".into(),
        players: vec![2],
        games,
        seed: 5,
        cap: Cap::Rounds(30),
        bots: vec![Bots::Hunter, Bots::Aggressive],
        search: wizwar::search::Budget::default(),
        options: vec![],
        variants: vec![],
        jobs: 2,
        profile: false,
        profile_scripts: false,
        shard: None,
    }
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("wizwar-report-{}-{name}", std::process::id()))
}

/// The page's SVG charts, checking the whole page parses: (circles, lines) of each chart.
fn charts(html: &str) -> Vec<(usize, usize)> {
    // (the doctype line is HTML's, not XML's: the rest must be well-formed XML)
    let body = html.strip_prefix("<!DOCTYPE html>\n").expect("an HTML page");
    let doc = roxmltree::Document::parse(body).unwrap_or_else(|e| panic!("the page is well-formed: {e}"));
    assert!(!html.contains("<script") && !html.contains("src=\"http"), "self-contained, no script");
    doc.descendants()
        .filter(|n| n.has_tag_name("svg") || n.tag_name().name() == "svg")
        .map(|svg| {
            let count = |tag: &str| svg.descendants().filter(|n| n.tag_name().name() == tag).count();
            (count("circle"), count("polyline") + count("line") + count("path"))
        })
        .collect()
}

#[test]
fn the_sim_page_draws_each_rated_card_with_its_interval() {
    let records = run(&config(120), None, &|_| {});
    let s = summarize(&records, Duration::from_secs(1));
    let dir = temp("sim");
    wizwar::report::write_sim(&dir, "8th: a test", &s, &records).unwrap();
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let found = charts(&html);
    assert_eq!(found.len(), 3, "three charts: {found:?}");
    let rated = s.cards.values().filter(|c| c.won.is_some()).count();
    assert!(rated > 5, "enough cards rated to draw: {rated}");
    assert_eq!(found[0].0, rated, "a dot for each rated card");
    assert!(found[0].1 >= 2 * rated, "an interval and a usual mark for each: {found:?}");
    assert_eq!(found[1].0, 2 + 2, "two seats and two kinds of bot");
    assert!(html.contains("95%") && html.contains("Create Wall"), "captions and card names");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_ab_page_draws_both_sides_and_the_difference() {
    let variant = std::env::temp_dir().join(format!("wizwar-report-{}-zot.lua", std::process::id()));
    std::fs::copy("cards/8th/elemental/fireball.lua", &variant).unwrap();
    let mut cfg = config(60);
    cfg.bots = vec![Bots::Hunter];
    let report = wizwar::ab::run(&cfg, "Fireball", variant.clone()).unwrap();
    let dir = temp("ab");
    wizwar::report::write_ab(&dir, &report).unwrap();
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let found = charts(&html);
    assert_eq!(found.len(), 3, "{found:?}");
    assert_eq!((found[0].0, found[1].0), (2, 1), "A and B, then their difference");
    assert!(html.contains("B - A"), "{html}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&variant);
}
