//! How `play` writes cards and the story in few words: a card's line, its name with its
//! energy, a text cut short, repeated lines counted.

use crate::cards::CardDef;
use crate::state::{CardId, GameState};
use std::collections::BTreeMap;

/// "NAME (KIND, energy N): the first sentence of its text..." (cut short).
pub fn card_line(st: &GameState, defs: &BTreeMap<&str, &CardDef>, c: CardId) -> String {
    let Some(d) = st.cards.iter().find(|x| x.id == c).and_then(|inst| defs.get(&*inst.def)) else {
        return "a card".to_string();
    };
    let energy = d.energy.map(|e| format!(", energy {e}")).unwrap_or_default();
    format!("{} ({}{energy}): {}", d.name, d.kind, short_text(&d.text, 90))
}

/// "NAME", or "NAME (energy N)" for a card with an energy value.
pub fn card_name(st: &GameState, defs: &BTreeMap<&str, &CardDef>, c: CardId) -> Option<String> {
    let d = defs.get(&*st.cards.iter().find(|x| x.id == c)?.def)?;
    Some(match d.energy {
        Some(e) => format!("{} ({e})", d.name),
        None => d.name.clone(),
    })
}

/// The first sentence of a card's text, at most `max` characters.
pub fn short_text(text: &str, max: usize) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let first = match text.find(". ") {
        Some(i) => &text[..=i],
        None => &text[..],
    };
    if first.chars().count() <= max {
        return first.to_string();
    }
    let cut: String = first.chars().take(max.saturating_sub(3)).collect();
    format!("{}...", cut.trim_end())
}

/// Lines with runs of the same line counted: "A draws a card (x5)".
pub fn collapse(lines: Vec<String>) -> Vec<String> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for l in lines {
        match out.last_mut() {
            Some((last, n)) if *last == l => *n += 1,
            _ => out.push((l, 1)),
        }
    }
    out.into_iter().map(|(l, n)| if n > 1 { format!("{l} (x{n})") } else { l }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_lines_are_counted_and_texts_cut_short() {
        let l = |s: &str| s.to_string();
        assert_eq!(collapse(vec![l("a"), l("a"), l("b"), l("a")]), vec![l("a (x2)"), l("b"), l("a")]);
        assert_eq!(short_text("Deals 3 damage.  Then more.", 90), "Deals 3 damage.");
        assert_eq!(short_text(&"x".repeat(100), 10), "xxxxxxx...");
    }
}
