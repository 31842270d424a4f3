//! Text the REPL shows: requests, values, the stack, objects, cards, state differences.

use crate::cards::CardDef;
use crate::cli::wizard_glyph;
use crate::decision::Request;
use crate::engine::LogEntry;
use crate::geometry::Place;
use crate::state::{CardId, GameState};
use crate::value::Value;
use std::collections::BTreeMap;

/// Action lists longer than this are summed up (`actions` lists them).
pub const SHORT_LIST: usize = 12;

/// A request: who is asked what, and its options (for a long action list, how many there are,
/// unless `full`).
pub fn request_text(req: &Request, full: bool) -> String {
    let mut out = format!("Player {} ({}): {}", wizard_glyph(req.player), req.kind, req.prompt);
    if !full && req.kind == "action" && req.options.len() > SHORT_LIST {
        out.push_str(&format!(
            "\n  ({} actions: `actions [FILTER]` lists them; `act TEXT` takes one, Tab completes)",
            req.options.len()
        ));
        return out;
    }
    out.push_str(&options_text(req, |_| true));
    if req.max > 1 || req.min != 1 {
        out.push_str(&format!("\n(choose {}..{}: `answer N N...`)", req.min, req.max));
    }
    out
}

/// The numbered options of a request that `keep` keeps (numbers stay those of the full list).
pub fn options_text(req: &Request, keep: impl Fn(&crate::decision::Choice) -> bool) -> String {
    let mut out = String::new();
    for (i, c) in req.options.iter().enumerate().filter(|(_, c)| keep(c)) {
        let line = format!("  {:>2}. {}", i + 1, c.label);
        out.push('\n');
        out.push_str(&line);
        if c.label != c.key {
            // (the key on a line of its own under the label when both don't fit the screen)
            let key = format!("[{}]", c.key);
            if line.chars().count() + 2 + key.chars().count() <= crate::cli::SCREEN_WIDTH {
                out.push_str(&format!("  {key}"));
            } else {
                out.push_str(&format!("\n      {key}"));
            }
        }
    }
    out
}

/// "B", or "B (Ann)" for a wizard with a name of his own.
pub fn who(st: &GameState, p: u32) -> String {
    match st.players.get(p as usize) {
        Some(pl) if pl.name != wizard_glyph(p).to_string() => format!("{} ({})", wizard_glyph(p), pl.name),
        _ => format!("{}", wizard_glyph(p)),
    }
}

/// Log entries as lines: "[turn 3] damage amount=2 card=Zap #8 target=B". With a state and
/// card names, card ids show as cards and player ids as letters.
pub fn log_text(entries: &[LogEntry], st: &GameState, names: &BTreeMap<String, String>) -> Vec<String> {
    entries.iter().map(|l| log_line(l, Some((st, names)))).collect()
}

/// Log entries as plain lines.
pub fn log_lines(entries: &[LogEntry]) -> Vec<String> {
    entries.iter().map(|l| log_line(l, None)).collect()
}

fn log_line(l: &LogEntry, named: Option<(&GameState, &BTreeMap<String, String>)>) -> String {
    let mut out = format!("[turn {}] {}", l.turn, l.event);
    match (&l.data, named) {
        (Value::Nil, _) => {}
        (Value::Map(m), Some((st, names))) => {
            for (k, v) in m {
                let shown = match (k, v) {
                    ("card", Value::Int(c)) => card_label(st, names, *c as CardId),
                    ("player" | "wizard" | "caster" | "killer" | "controller" | "winner", Value::Int(p))
                        if (*p as usize) < st.players.len() =>
                    {
                        wizard_glyph(*p as u32).to_string()
                    }
                    (_, Value::Str(s)) => s.clone(),
                    (_, v) => v.to_string(),
                };
                out.push_str(&format!(" {k}={shown}"));
            }
        }
        (d, _) => out.push_str(&format!(" {d}")),
    }
    out
}

/// Card names by key, for showing card instances.
pub fn card_names<'a>(defs: impl Iterator<Item = &'a CardDef>) -> BTreeMap<String, String> {
    defs.map(|d| (d.key.clone(), d.name.clone())).collect()
}

/// "Zap #8" for a card instance.
pub fn card_label(st: &GameState, names: &BTreeMap<String, String>, id: CardId) -> String {
    match st.cards.iter().find(|c| c.id == id) {
        Some(c) if *c.def == *crate::view::UNKNOWN_CARD => format!("an unknown card #{id}"),
        Some(c) => format!("{} #{id}", names.get(&*c.def).cloned().unwrap_or_else(|| c.def.to_string())),
        None => format!("#{id}"),
    }
}

/// The cards in a hand or play area, one a line.
pub fn card_list(st: &GameState, names: &BTreeMap<String, String>, ids: &[CardId]) -> String {
    ids.iter()
        .map(|id| match st.cards.iter().find(|c| c.id == *id) {
            Some(c) if *c.def == *crate::view::UNKNOWN_CARD => format!("  {}", card_label(st, names, *id)),
            Some(c) => {
                let mut s = format!("  {} [{}]", card_label(st, names, *id), c.def);
                if c.energy != 0 {
                    s.push_str(&format!(" energy {}", c.energy));
                }
                if let Some(t) = &c.target {
                    s.push_str(&format!(" target {}", target_text(st, names, t)));
                }
                s
            }
            None => format!("  #{id} ?"),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A target as people say it: "wizard B", "object 3 (treasure)", else the table.
pub fn target_text(st: &GameState, names: &BTreeMap<String, String>, t: &Value) -> String {
    let int = |k: &str| t.get(k).and_then(Value::as_int);
    match t.get("kind").and_then(Value::as_str) {
        Some("wizard") if int("player").is_some() => format!("wizard {}", wizard_glyph(int("player").unwrap() as u32)),
        Some("object") if int("object").is_some() => {
            let id = int("object").unwrap() as u64;
            match st.objects.get(&id) {
                Some(o) => format!("object #{id} ({})", o.kind),
                None => format!("object #{id} (gone)"),
            }
        }
        Some("card") if int("card").is_some() => {
            format!("card {}", card_label(st, names, int("card").unwrap() as CardId))
        }
        _ => match t.get("label").and_then(Value::as_str) {
            Some(label) => label.to_string(),
            None => t.to_string(),
        },
    }
}

/// The response stack, top first: what each entry is, who controls it, its target and marks.
pub fn stack_text(st: &GameState, names: &BTreeMap<String, String>) -> String {
    if st.stack.is_empty() {
        return "the stack is empty".to_string();
    }
    let n = st.stack.len();
    let mut out = format!("the stack ({n} {}, top first):", if n == 1 { "entry" } else { "entries" });
    for (i, s) in st.stack.iter().rev().enumerate() {
        let what = match s.card {
            Some(c) => card_label(st, names, c),
            None => "(no card)".into(),
        };
        out.push_str(&format!(
            "\n  {}{} [{}] {what}, controlled by {}",
            if i == 0 { "top " } else { "    " },
            s.id,
            s.kind,
            wizard_glyph(s.controller)
        ));
        if let Some(t) = &s.target {
            out.push_str(&format!(", target {}", target_text(st, names, t)));
        }
        if s.energy != 0 {
            out.push_str(&format!(", energy {}", s.energy));
        }
        if !s.marks.is_nil() && s.marks != Value::Map(Default::default()) {
            out.push_str(&format!(", marks {}", s.marks));
        }
    }
    out
}

/// Every object: id, kind, where it is, whose, which card.
pub fn objects_text(st: &GameState, names: &BTreeMap<String, String>) -> String {
    if st.objects.is_empty() {
        return "no objects".into();
    }
    st.objects
        .values()
        .map(|o| {
            let place = match (&o.at, o.carried_by) {
                (Some(Place::Square(s)), _) => format!("at {s}"),
                (Some(Place::Edge(e)), _) => format!("on edge {e}"),
                (None, Some(p)) => format!("carried by {}", wizard_glyph(p)),
                (None, None) => "nowhere".into(),
            };
            let mut s = format!("  #{} {} {place}", o.id, o.kind);
            if let Some(p) = o.owner {
                s.push_str(&format!(", owner {}", wizard_glyph(p)));
            }
            if let Some(c) = o.card {
                s.push_str(&format!(", card {}", card_label(st, names, c)));
            }
            s
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A card definition: metadata, hooks, actions, tests, text.
pub fn card_text(d: &CardDef) -> String {
    let mut out = format!("{} ({})  {}\n", d.name, d.key, d.file);
    out.push_str(&format!("  kind {}", d.kind));
    for (label, v) in [("school", &d.school), ("range", &d.range), ("duration", &d.duration)] {
        if let Some(v) = v {
            out.push_str(&format!(", {label} {v}"));
        }
    }
    if let Some(e) = d.energy {
        out.push_str(&format!(", energy {e}"));
    }
    out.push_str(&format!(", {} {}\n", d.copies, if d.copies == 1 { "copy" } else { "copies" }));
    if !d.traits.is_empty() {
        out.push_str(&format!("  traits: {}\n", d.traits.join(", ")));
    }
    if !d.targets.is_empty() {
        out.push_str(&format!("  targets: {}\n", d.targets.join(", ")));
    }
    out.push_str(&format!("  hooks: {}\n", if d.hooks.is_empty() { "none".into() } else { d.hooks.join(", ") }));
    if !d.actions.is_empty() {
        out.push_str(&format!("  actions: {}\n", d.actions.join(", ")));
    }
    if !d.tests.is_empty() {
        out.push_str(&format!("  tests ({}, run with `test {}`):\n", d.tests.len(), d.name));
        for t in &d.tests {
            let seats = if t.players == 2 { String::new() } else { format!(" ({} players)", t.players) };
            out.push_str(&format!("    - {}{seats}\n", t.name));
        }
    }
    if let Some(r) = &d.reconstructed {
        out.push_str(&format!("  reconstructed: {r}\n"));
    }
    out.push_str(&format!("\n{}", d.text));
    out
}

/// Where two states differ, as "path: before -> after" lines (at most `max`, then a count).
pub fn state_diff(before: &GameState, after: &GameState, max: usize) -> Vec<String> {
    let a = serde_json::to_value(before).unwrap_or_default();
    let b = serde_json::to_value(after).unwrap_or_default();
    let mut out = vec![];
    json_diff("", &a, &b, &mut out);
    if out.len() > max {
        let more = out.len() - max;
        out.truncate(max);
        out.push(format!("... and {more} more difference(s)"));
    }
    out
}

fn json_diff(path: &str, a: &serde_json::Value, b: &serde_json::Value, out: &mut Vec<String>) {
    use serde_json::Value as J;
    if a == b {
        return;
    }
    let short = |v: &J| {
        let s = v.to_string();
        if s.len() > 60 {
            format!("{}...", &s[..s.char_indices().nth(57).map(|(i, _)| i).unwrap_or(s.len())])
        } else {
            s
        }
    };
    match (a, b) {
        (J::Object(x), J::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for k in keys {
                let p = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
                json_diff(&p, x.get(k).unwrap_or(&J::Null), y.get(k).unwrap_or(&J::Null), out);
            }
        }
        (J::Array(x), J::Array(y)) => {
            if x.len() != y.len() {
                out.push(format!("{path}: {} entries -> {}", x.len(), y.len()));
            }
            for (i, (u, v)) in x.iter().zip(y.iter()).enumerate() {
                json_diff(&format!("{path}[{i}]"), u, v, out);
            }
        }
        _ => out.push(format!("{path}: {} -> {}", short(a), short(b))),
    }
}
