//! `wizwar diff`: a few differences between the editions that are known from their rulebooks
//! (and from the house-rule example), read from the rulesets' own data.

mod common;

use std::path::Path;
use wizwar::diff::{diff, render, Pair};

fn pair<'a>(pairs: &'a [Pair], key: &str) -> &'a Pair {
    pairs.iter().find(|p| p.key == key).unwrap_or_else(|| panic!("no `{key}` among {pairs:?}"))
}

#[test]
fn the_8th_and_the_classic_edition() {
    let d = diff(Path::new("."), "8th", "classic").unwrap();
    // 8th: five cards in hand, classic: seven; walls: cracks against hit points.
    let hand = pair(&d.config, "hand");
    assert_eq!((hand.a.as_deref(), hand.b.as_deref()), (Some("5"), Some("7")));
    assert_eq!(pair(&d.config, "wall_points").b.as_deref(), Some("20"));
    assert_eq!(pair(&d.config, "wall_cracks").a.as_deref(), Some("5"));
    assert!(d.config.iter().all(|p| p.key != "life"), "life 15 in both: not listed");
    assert!(d.options_only_a.contains(&"custom_spellbook".to_string()));
    assert_ne!(d.phases_a, d.phases_b);
    assert!(d.cards_only_a.contains(&"Zot!".to_string()));
    assert!(d.cards_only_b.contains(&"NUMBER 2".to_string()));
    // Swap: an attack in classic, a neutral spell in the 8th.
    let swap = d.cards_changed.iter().find(|c| c.name == "Swap").expect("Swap in both");
    let kind = pair(&swap.fields, "kind");
    assert_eq!((kind.a.as_deref(), kind.b.as_deref()), (Some("neutral"), Some("attack")));
    // Each edition's own Lua: the 8th's decks module, the classic's own rules.lua functions.
    assert!(d.lua_a.modules.contains_key("decks.lua") && !d.lua_b.modules.contains_key("decks.lua"));
    assert!(d.lua_b.modules["rules.lua"].contains(&"phases.start_of_turn".to_string()));
    let text = render(&d);
    assert!(text.contains("cards only in 8th"), "{text}");
    assert!(text.contains("  Swap\n    kind: neutral | attack"), "{text}");
    assert!(text.contains("    text, 8th:     "), "a long text on a line of its own: {text}");
    common::assert_fits_80_columns("diff 8th classic", &text);
}

#[test]
fn a_house_rule_against_its_edition() {
    let d = diff(Path::new("."), "8th", "8th-blitz").unwrap();
    let keys: Vec<&str> = d.config.iter().map(|p| p.key.as_str()).collect();
    assert_eq!(keys, ["life", "life_max"], "only the numbers the variant changes");
    assert!(d.cards_only_a.is_empty() && d.cards_only_b.is_empty() && d.cards_changed.is_empty());
    assert_eq!(d.lua_b.modules.keys().collect::<Vec<_>>(), ["common.lua"]);
    assert_eq!(d.lua_b.modules["common.lua"], ["victory_points"]);
    // Of the 8th's own Lua only what the variant changes: the file it replaces functions of.
    assert_eq!(d.lua_a.modules.keys().collect::<Vec<_>>(), ["common.lua"], "{}", render(&d));
    let d = diff(Path::new("."), "8th-blitz", "8th").unwrap();
    assert_eq!(d.lua_b.modules.keys().collect::<Vec<_>>(), ["common.lua"], "either way round");
}

#[test]
fn an_unknown_ruleset_is_named() {
    let err = diff(Path::new("."), "8th", "10th").unwrap_err();
    assert!(err.contains("10th"), "{err}");
}

/// The 9th against the edition it extends and against the 8th: what its rules change.
#[test]
fn the_9th_against_classic_and_the_8th() {
    let d = diff(Path::new("."), "classic", "9th").unwrap();
    let p = pair(&d.config, "door_points");
    assert_eq!((p.a.as_deref(), p.b.as_deref()), (Some("15"), Some("10")), "9th: Objects (Terrain)");
    let p = pair(&d.config, "draw");
    assert_eq!((p.a.as_deref(), p.b.as_deref()), (Some("2"), Some("7")), "9th: The Turn");
    assert_eq!(d.options_only_b, ["two_card_draw"]);
    assert_eq!(d.phases_a, d.phases_b, "the same three phases");
    assert!(d.cards_only_a.contains(&"TRAP!".to_string()) && d.cards_only_a.contains(&"Pick Lock".to_string()));
    assert!(d.lua_b.modules["play.lua"].contains(&"is_boost".to_string()), "the 2s and 3s are Numbers too");
    assert!(
        d.lua_b.lines * 2 < d.lua_a.lines,
        "the 9th is written as differences: {} against {}",
        d.lua_b.lines,
        d.lua_a.lines
    );
    let text = render(&d);
    assert!(text.contains("  NUMBER 3\n") && text.contains("kind: number | attack"), "{text}");

    let d = diff(Path::new("."), "8th", "9th").unwrap();
    assert!(d.config.iter().all(|p| p.key != "life_max" && p.key != "victory_points"), "both: 20 and 2");
    let p = pair(&d.config, "hand");
    assert_eq!((p.a.as_deref(), p.b.as_deref()), (Some("5"), Some("7")));
    assert!(d.cards_only_a.contains(&"Zot!".to_string()) && d.cards_only_b.contains(&"Shrink".to_string()));
    common::assert_fits_80_columns("diff 8th 9th", &render(&d));
}
