//! Long menus asked in steps, so that a person never reads more than [`MAX_ENTRIES`] numbered
//! lines at once: what to do (one entry per sort of action: "move (4 choices)", "cast (27
//! choices)", a sort
//! with one option shown as that option), then which card, which target, which boost, each step
//! asked only when it has a choice to make; a list still too long is shown a page at a time
//! ("more"). `back` (or `0`) returns to the step before.
//!
//! Options are grouped by the fields of their records (`kind`, `card`, `target` compared as
//! whole values, `boost`: the rulesets' conventions), by the first word of their labels where a
//! record has no `kind`; names come from the labels and the cards' names. The answer is the key
//! of one option of the request, as from a flat list: saves, replays and bots never see steps.

use crate::decision::Request;
use crate::value::Value;
use std::collections::BTreeMap;

/// The most numbered entries a person is shown at once.
pub const MAX_ENTRIES: usize = 15;

/// Words a label may end in before what the next step names ("cast Spark #22 at" B).
const LINKS: [&str; 10] = ["at", "with", "to", "on", "from", "in", "into", "for", "of", "by"];

/// Is `req` asked in steps: a pick-one question with more options than fit on a screen, or
/// with options that read the same (two copies of a card: shown once, either one taken).
pub fn in_steps(req: &Request) -> bool {
    let mut labels: Vec<&String> =
        req.options.iter().map(|c| if c.label.is_empty() { &c.key } else { &c.label }).collect();
    labels.sort_unstable();
    let alike = labels.windows(2).any(|w| w[0] == w[1]);
    req.min == 1 && req.max == 1 && (req.options.len() > MAX_ENTRIES || alike)
}

/// What options are told apart by at a step, in the order asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Level {
    /// The sort of action: `kind` and the label's first word ("cast" and "strike" apart).
    Group,
    Card,
    Target,
    Boost,
    /// Each option on its own, by its label (options that read the same are one entry).
    Each,
}

impl Level {
    fn next(self) -> Level {
        match self {
            Level::Group => Level::Card,
            Level::Card => Level::Target,
            Level::Target => Level::Boost,
            Level::Boost | Level::Each => Level::Each,
        }
    }

    fn question(self) -> &'static str {
        match self {
            Level::Group => "what?",
            Level::Card => "which card?",
            Level::Target => "which target?",
            Level::Boost => "which boost?",
            Level::Each => "which one?",
        }
    }
}

/// One step: the options still open (positions in the request), what tells them apart, the
/// page shown.
struct Frame {
    opts: Vec<usize>,
    level: Level,
    page: usize,
}

/// An entry of a step: options alike at its level, or the next page.
enum Entry {
    Part { label: String, opts: Vec<usize> },
    More,
}

/// What an answer at a step did.
#[derive(Debug, PartialEq, Eq)]
pub enum Step {
    /// An option is chosen: its key.
    Chosen(String),
    /// Another step is open (the next one, the one before, another page): show it.
    Moved,
    /// Not an answer here: why.
    Wrong(String),
}

/// An entry of the steps as a whole (for a page that shows them as buttons): an option's key,
/// or the entries of the next step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub label: String,
    pub key: Option<String>,
    pub then: Vec<Node>,
}

/// A pick-one request asked in steps.
pub struct Steps<'r> {
    req: &'r Request,
    /// The names of the cards the options name (`card`, `boost`), by id.
    names: BTreeMap<i64, String>,
    /// The steps taken; the last is shown.
    stack: Vec<Frame>,
}

impl<'r> Steps<'r> {
    /// The first step of `req` (see [`in_steps`]); `names` names its cards by id.
    pub fn new(req: &'r Request, names: BTreeMap<i64, String>) -> Steps<'r> {
        let mut steps = Steps { req, names, stack: Vec::new() };
        let root = steps.frame((0..req.options.len()).collect(), Level::Group);
        steps.stack.push(root);
        steps
    }

    /// The current step as a person reads it: who is asked and what, numbered entries (at most
    /// [`MAX_ENTRIES`]), and `0. back` after the first step.
    pub fn show(&self, who: &str) -> String {
        let f = self.current();
        let mut s = if f.opts.len() == self.req.options.len() {
            format!("\n{who}: {}", self.req.prompt)
        } else {
            format!("\n{who}: {} - {}", self.title(&f.opts, f.level), f.level.question())
        };
        if f.page > 0 {
            s.push_str(&format!(" (page {})", f.page + 1));
        }
        s.push('\n');
        for (i, e) in self.entries().iter().enumerate() {
            let label = match e {
                Entry::Part { label, .. } => label.as_str(),
                Entry::More => "more...",
            };
            s.push_str(&format!("  {:>2}. {label}\n", i + 1));
        }
        if self.stack.len() > 1 {
            s.push_str("   0. back\n");
        }
        s
    }

    /// Takes what a person typed at the current step: `back` or `0`; an option's key; an
    /// entry's number; an option's text as a flat list takes it (see
    /// [`Request::answer_from_text`]), among the options still open; else enough of an entry's
    /// text to name it.
    pub fn answer(&mut self, text: &str) -> Step {
        let text = text.trim();
        if text.eq_ignore_ascii_case("back") || text == "0" {
            if self.stack.len() == 1 {
                return Step::Wrong("this is the first step: there is none to go back to".into());
            }
            self.stack.pop();
            return Step::Moved;
        }
        let f = self.current();
        if let Some(&i) = f.opts.iter().find(|&&i| self.req.options[i].key == text) {
            return Step::Chosen(self.req.options[i].key.clone());
        }
        let mut entries = self.entries();
        if let Ok(n) = text.parse::<usize>() {
            return match n.checked_sub(1).filter(|&i| i < entries.len()) {
                Some(i) => self.enter(entries.swap_remove(i)),
                None => Step::Wrong(format!("{n} is not an option number (1..{})", entries.len())),
            };
        }
        let open = Request {
            options: f.opts.iter().map(|&i| self.req.options[i].clone()).collect(),
            prompt: self.req.prompt.clone(),
            kind: self.req.kind.clone(),
            pass: self.req.pass.clone(),
            ..*self.req
        };
        match open.answer_from_text(text) {
            Ok(mut keys) if keys.len() == 1 => Step::Chosen(keys.remove(0)),
            Ok(_) => Step::Wrong("choose one".into()),
            Err(e) => match named(&entries, text) {
                Some(i) => self.enter(entries.swap_remove(i)),
                None => Step::Wrong(e),
            },
        }
    }

    /// Every step at once, from the first: each entry an option's key or the next step's
    /// entries (not cut into pages: a page of buttons has room).
    pub fn tree(&self) -> Vec<Node> {
        self.nodes(&self.stack[0])
    }

    fn nodes(&self, f: &Frame) -> Vec<Node> {
        self.parts(&f.opts, f.level)
            .into_iter()
            .map(|(label, opts)| {
                if opts.len() == 1 || f.level == Level::Each {
                    Node { label, key: Some(self.req.options[opts[0]].key.clone()), then: Vec::new() }
                } else {
                    let next = self.frame(opts, f.level.next());
                    Node { label, key: None, then: self.nodes(&next) }
                }
            })
            .collect()
    }

    /// How many numbered entries the current step shows.
    pub fn shown(&self) -> usize {
        self.entries().len()
    }

    fn current(&self) -> &Frame {
        self.stack.last().expect("a step is open")
    }

    /// Goes into an entry of the current step.
    fn enter(&mut self, e: Entry) -> Step {
        let f = self.current();
        let next = match e {
            Entry::More => Frame { opts: f.opts.clone(), level: f.level, page: f.page + 1 },
            // (options alike to the last word: any one of them)
            Entry::Part { opts, .. } if opts.len() == 1 || f.level == Level::Each => {
                return Step::Chosen(self.req.options[opts[0]].key.clone());
            }
            Entry::Part { opts, .. } => self.frame(opts, f.level.next()),
        };
        self.stack.push(next);
        Step::Moved
    }

    /// The step for `opts` (two or more) from `level` on: levels that would offer one entry
    /// are skipped.
    fn frame(&self, opts: Vec<usize>, mut level: Level) -> Frame {
        while level != Level::Each && self.parts(&opts, level).len() < 2 {
            level = level.next();
        }
        Frame { opts, level, page: 0 }
    }

    /// The entries of the current step's page: at most [`MAX_ENTRIES`], the last one `more`
    /// when more follow.
    fn entries(&self) -> Vec<Entry> {
        let f = self.current();
        let mut parts: Vec<Entry> = self
            .parts(&f.opts, f.level)
            .into_iter()
            .map(|(label, opts)| Entry::Part { label, opts })
            .skip(f.page * (MAX_ENTRIES - 1))
            .collect();
        if parts.len() > MAX_ENTRIES {
            parts.truncate(MAX_ENTRIES - 1);
            parts.push(Entry::More);
        }
        parts
    }

    /// `opts` told apart at `level`: (label, options) in the order of their first option.
    fn parts(&self, opts: &[usize], level: Level) -> Vec<(String, Vec<usize>)> {
        let mut keys: Vec<Option<Value>> = Vec::new();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for &i in opts {
            let k = self.key(i, level);
            match keys.iter().position(|x| *x == k) {
                Some(j) => groups[j].push(i),
                None => {
                    keys.push(k);
                    groups.push(vec![i]);
                }
            }
        }
        keys.into_iter().zip(groups).map(|(k, g)| (self.part_label(level, k.as_ref(), &g), g)).collect()
    }

    /// What option `i` is told apart by at `level` (None: the record has no such field).
    fn key(&self, i: usize, level: Level) -> Option<Value> {
        let value = &self.req.options[i].value;
        match level {
            Level::Group => {
                let kind = value.get("kind").and_then(Value::as_str).unwrap_or("");
                let word = self.label(i).split_whitespace().next().unwrap_or("").to_lowercase();
                Some(Value::Str(format!("{kind}\n{word}")))
            }
            // (copies of a card are one entry: the names, not the ids)
            Level::Card => value.get("card").map(|c| self.by_name(c)),
            Level::Target => value.get("target").cloned(),
            Level::Boost => value.get("boost").map(|c| self.by_name(c)),
            Level::Each => Some(Value::Str(self.label(i).to_string())),
        }
    }

    /// The entry for the options `g`, alike at `level` by `key`; "(n choices)" when it holds
    /// several.
    fn part_label(&self, level: Level, key: Option<&Value>, g: &[usize]) -> String {
        if level == Level::Each || (level == Level::Group && g.len() == 1) {
            return self.label(g[0]).to_string();
        }
        let named = match (level, key) {
            (Level::Card | Level::Boost, Some(Value::Str(name))) => Some(name.clone()),
            (Level::Card | Level::Boost, Some(Value::Int(id))) => Some(self.name(*id)),
            (Level::Boost, None) => Some("no boost".to_string()),
            (Level::Target, Some(t)) => {
                t.get("label").and_then(Value::as_str).filter(|l| !l.is_empty()).map(str::to_string)
            }
            _ => None,
        };
        match (named, g.len()) {
            (Some(name), 1) => name,
            (Some(name), n) => format!("{name} ({n} choices)"),
            (None, 1) => self.label(g[0]).to_string(),
            (None, n) => {
                let next = self.frame(g.to_vec(), level.next()).level;
                format!("{} ({n} choices)", self.title(g, next))
            }
        }
    }

    /// What the options `g` (shown at `level`) have in common, as their labels say it: the
    /// words they all begin with, but for the words the targets' names begin with and a
    /// last "at"/"with" ("cast Spark #8", not "cast Spark #8 at square").
    fn title(&self, g: &[usize], level: Level) -> String {
        let labels: Vec<&str> = g.iter().map(|&i| self.label(i)).collect();
        let mut words = common_words(&labels);
        if level == Level::Target {
            let targets: Vec<String> = self.parts(g, level).into_iter().map(|(l, _)| l).collect();
            let targets: Vec<&str> = targets.iter().map(String::as_str).collect();
            let shared = common_words(&targets);
            if !shared.is_empty() && words.len() > shared.len() && words.ends_with(&shared) {
                words.truncate(words.len() - shared.len());
            }
        }
        while words.len() > 1 && words.last().is_some_and(|w| LINKS.contains(&w.to_lowercase().as_str())) {
            words.pop();
        }
        if words.is_empty() {
            let kind = self.req.options[g[0]].value.get("kind").and_then(Value::as_str);
            return kind.map(|k| k.replace('_', " ")).unwrap_or_else(|| self.req.kind.clone());
        }
        words.join(" ")
    }

    fn label(&self, i: usize) -> &str {
        let c = &self.req.options[i];
        if c.label.is_empty() {
            &c.key
        } else {
            &c.label
        }
    }

    /// A card field's value as its card's name, when the name is known.
    fn by_name(&self, card: &Value) -> Value {
        match card.as_int().and_then(|id| self.names.get(&id)) {
            Some(name) => Value::Str(name.clone()),
            None => card.clone(),
        }
    }

    fn name(&self, id: i64) -> String {
        self.names.get(&id).cloned().unwrap_or_else(|| "a card".to_string())
    }
}

/// The words all `labels` begin with.
fn common_words<'a>(labels: &[&'a str]) -> Vec<&'a str> {
    let mut words: Vec<&str> = labels.first().map(|l| l.split_whitespace().collect()).unwrap_or_default();
    for l in labels.iter().skip(1) {
        let same = words.iter().zip(l.split_whitespace()).take_while(|(a, b)| *a == b).count();
        words.truncate(same);
    }
    words
}

/// The entry a person named by its text (any case, without its "(n choices)"): the only one that is
/// it, else begins with it, else contains it.
fn named(entries: &[Entry], text: &str) -> Option<usize> {
    let low = text.to_lowercase();
    let labels: Vec<String> = entries
        .iter()
        .map(|e| match e {
            Entry::Part { label, opts } if opts.len() > 1 => {
                label.strip_suffix(&format!(" ({} choices)", opts.len())).unwrap_or(label).to_lowercase()
            }
            Entry::Part { label, .. } => label.to_lowercase(),
            Entry::More => "more".to_string(),
        })
        .collect();
    let tests: [&dyn Fn(&str) -> bool; 3] = [&|l| l == low, &|l| l.starts_with(&low), &|l| l.contains(&low)];
    for test in tests {
        let hits: Vec<usize> = (0..labels.len()).filter(|&i| test(&labels[i])).collect();
        match hits.as_slice() {
            [] => continue,
            [one] => return Some(*one),
            _ => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decision::Choice;

    fn option(key: &str, label: &str, fields: Vec<(&str, Value)>) -> Choice {
        let value = Value::Map(fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect());
        Choice { key: key.into(), label: label.into(), value }
    }

    #[test]
    fn the_tree_holds_every_option_once_in_the_steps_the_terminal_asks() {
        let kind = |k: &str| ("kind", Value::Str(k.into()));
        let mut options = vec![option("end", "end the phase", vec![kind("end")])];
        for d in ["N", "E", "S", "W"] {
            options.push(option(&format!("move {d}"), &format!("move {d}"), vec![kind("move")]));
        }
        // Two copies of one card (ids 7 and 8) at six targets: one entry for the card.
        for card in [7, 8] {
            for t in 0..6 {
                let target =
                    Value::Map([("label".to_string(), Value::Str(format!("square {t}")))].into_iter().collect());
                options.push(option(
                    &format!("cast {card} {t}"),
                    &format!("cast Spark at square {t}"),
                    vec![kind("cast"), ("card", Value::Int(card)), ("target", target)],
                ));
            }
        }
        let req = Request::one(0, "action", "What now?", options);
        assert!(in_steps(&req));
        let names = [(7, "Spark".to_string()), (8, "Spark".to_string())].into_iter().collect();
        let tree = Steps::new(&req, names).tree();
        let labels: Vec<&str> = tree.iter().map(|n| n.label.as_str()).collect();
        assert_eq!(labels, ["end the phase", "move (4 choices)", "cast Spark (12 choices)"]);
        fn keys(nodes: &[Node], out: &mut Vec<String>) {
            for n in nodes {
                assert!(n.key.is_some() == n.then.is_empty(), "{} is an option or a step", n.label);
                out.extend(n.key.clone());
                keys(&n.then, out);
            }
        }
        let mut found = Vec::new();
        keys(&tree, &mut found);
        // (either copy answers: the step shows a target once, and takes the first copy's)
        assert!(found.contains(&"end".to_string()) && found.contains(&"move W".to_string()));
        assert_eq!(tree[2].then.len(), 6, "one entry a target: {:?}", tree[2].then);
        found.sort();
        found.dedup();
        assert_eq!(found.len(), 1 + 4 + 6);
    }
}
