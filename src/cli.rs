//! Pieces the command-line front ends share: a human at the terminal as an agent, the board
//! overlay of a game state, and a summary of a finished game.

use crate::decision::{Agent, Decision, Request};
use crate::geometry::render::{Mark, Overlay};
use crate::geometry::Place;
use crate::state::GameState;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::rc::Rc;

/// One line read from a person or a script.
#[derive(Debug, PartialEq)]
pub enum Line {
    Text(String),
    /// The line's bytes are not UTF-8: it is rejected, and the reading goes on.
    NotUtf8,
    End,
}

/// Reads one line, without its line break. A line that is not UTF-8 (one stray byte typed or
/// piped in) is reported as such, not as an input error, so a session survives it.
pub fn read_text_line(input: &mut (impl BufRead + ?Sized)) -> std::io::Result<Line> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(Line::End);
    }
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    Ok(String::from_utf8(bytes).map_or(Line::NotUtf8, Line::Text))
}

/// What a person is told about a line that is not UTF-8.
pub const NOT_UTF8: &str = "that line is not valid UTF-8 text; it was ignored";

/// Glyph of a player's wizard: A, B, C...
pub fn wizard_glyph(p: u32) -> char {
    (b'A' + (p % 26) as u8) as char
}

/// What people read for a player's wizard (prompts, labels, narration, status lines): the name
/// given to the game (`play --names`), else its letter on the board. Seat numbers are for
/// machine formats only. Lua gets the same through `game:wizard_name(p)`.
pub fn wizard_name(st: &GameState, p: u32) -> String {
    match st.players.get(p as usize) {
        Some(pl) if !pl.name.is_empty() => pl.name.clone(),
        _ => wizard_glyph(p).to_string(),
    }
}

/// What to draw on the board for a state: wizards, treasures, objects.
pub fn overlay(st: &GameState) -> Overlay {
    overlay_named(st, &|_| None)
}

/// Does seat p play with figures rather than a piece of its own (a ruleset of many pieces a
/// seat): then its life and place say nothing, and status lines leave them out.
pub fn plays_with_figures(st: &GameState, p: u32) -> bool {
    !st.figures.is_empty() && st.player(p).is_some_and(|pl| pl.figure.is_none())
}

/// The colour of a seat's wizard and treasures in pictures: six apart, then again.
pub fn seat_colour(p: u32) -> &'static str {
    const SEATS: [&str; 6] = ["#c0392b", "#2e6fd8", "#2e9e4f", "#8e44ad", "#d35400", "#138d90"];
    SEATS[p as usize % SEATS.len()]
}

/// A thing's name from its kind, a ruleset's word: "made_thing" -> "made thing".
pub fn thing_name(kind: &str) -> String {
    kind.replace('_', " ")
}

/// What player `p` carries that is not a card: "a treasure of B", or the thing's name.
pub fn carried(st: &GameState, p: u32) -> Vec<String> {
    st.objects
        .values()
        .filter(|o| o.carried_by == Some(p) && o.card.is_none())
        .map(|o| match (o.kind.as_str(), o.owner) {
            ("treasure", Some(w)) => format!("a treasure of {}", wizard_name(st, w)),
            (kind, _) => thing_name(kind),
        })
        .collect()
}

/// [`overlay`], the things on the board that are cards named by `card_name` (an item dropped:
/// its card's name), the others by their kind in words.
pub fn overlay_named(st: &GameState, card_name: &dyn Fn(crate::state::CardId) -> Option<String>) -> Overlay {
    let home_owners = st.players.iter().map(|p| (p.home_sector, wizard_glyph(p.id))).collect();
    let mut o = Overlay { home_owners, ..Overlay::default() };
    for p in &st.players {
        if let Some(at) = st.seat_at(p.id) {
            let g = wizard_glyph(p.id);
            // "A (wizard) at ..." in the key; "A Ann (wizard) at ..." for a wizard with a name.
            let label = if p.name == g.to_string() { String::new() } else { p.name.clone() };
            o.marks.push(Mark::wizard(at, g, label).with_colour(seat_colour(p.id)));
        }
    }
    figure_marks(st, &mut o);
    for obj in st.objects.values() {
        if let Some(Place::Square(s)) = obj.at {
            if obj.kind == "treasure" {
                let owner = obj.owner.map(wizard_glyph).unwrap_or('?').to_ascii_lowercase();
                let mark = Mark::treasure(s, owner, format!("treasure of {}", owner.to_ascii_uppercase()));
                o.marks.push(match obj.owner {
                    Some(w) => mark.with_colour(seat_colour(w)),
                    None => mark,
                });
            } else {
                let damage = if obj.damage > 0 { format!(" (damage {})", obj.damage) } else { String::new() };
                let name = obj.card.and_then(card_name).unwrap_or_else(|| thing_name(&obj.kind));
                o.marks.push(Mark::object(s, '*', format!("{name}{damage}")));
            }
        }
    }
    o
}

/// The figures on the board but the seats' own (marked as the seats are), each cell it covers
/// marked: a seat's first figure (its main piece, made first, in a ruleset of many pieces a
/// seat) by the seat's letter, its others by the letter in lower case, each named in the key by
/// its kind as the state shows it (what the viewer may see: `shown_as`).
fn figure_marks(st: &GameState, o: &mut Overlay) {
    let mut first: BTreeMap<u32, u64> = BTreeMap::new();
    for f in st.figures.values() {
        if let Some(p) = f.owner {
            first.entry(p).or_insert(st.player(p).and_then(|pl| pl.figure).unwrap_or(f.id));
        }
    }
    for f in st.figures.values().filter(|f| f.at.is_some() && !st.is_seat_figure(f.id)) {
        let kind = thing_name(f.shown_as.as_deref().unwrap_or(&f.kind));
        let (glyph, label) = match f.owner {
            Some(p) if first.get(&p) == Some(&f.id) => (wizard_glyph(p), kind),
            Some(p) => (wizard_glyph(p).to_ascii_lowercase(), format!("{}'s {kind}", wizard_name(st, p))),
            None => ('?', kind),
        };
        for cell in st.figure_cells(f) {
            let mark = Mark::wizard(cell, glyph, label.clone());
            o.marks.push(match f.owner {
                Some(p) => mark.with_colour(seat_colour(p)),
                None => mark,
            });
        }
    }
}

/// A picture of a game in progress as SVG: the board as it is now (created and destroyed walls,
/// open doors, damage), the wizards, treasures and other objects, the turn in the title, and
/// every wizard's life and what he carries in the key.
pub fn state_svg(st: &GameState) -> String {
    state_svg_named(st, &|_| None)
}

/// [`state_svg`], things on the board that are cards named by `card_name` (see
/// [`overlay_named`]).
pub fn state_svg_named(st: &GameState, card_name: &dyn Fn(crate::state::CardId) -> Option<String>) -> String {
    let mut o = overlay_named(st, card_name);
    // The turn numbers the story tells: between two turns, the one just played and the next.
    let n = st.turn.number;
    o.title = Some(if st.result.is_some() {
        format!("Turn {n}, game over")
    } else if n == 0 {
        "Turn 0, setting up".to_string()
    } else if st.turn.started {
        format!("Turn {n}, {} to play", wizard_name(st, st.turn.active))
    } else {
        format!("After turn {n}: turn {}, {} to play", n + 1, wizard_name(st, st.turn.active))
    });
    for p in &st.players {
        let life = if p.alive { format!("life {}", p.life) } else { "dead".to_string() };
        let carried: Vec<String> = st
            .objects
            .values()
            .filter(|x| x.carried_by == Some(p.id))
            .map(|x| match (x.kind.as_str(), x.owner) {
                ("treasure", Some(w)) => format!("a treasure of {}", wizard_name(st, w)),
                (kind, _) => kind.to_string(),
            })
            .collect();
        let carries = if carried.is_empty() { String::new() } else { format!(", carries {}", carried.join(", ")) };
        o.notes.push(format!(
            "{}: {life}, {} card(s) in hand, {} in play{carries}",
            wizard_name(st, p.id),
            p.hand.len(),
            p.play.len()
        ));
    }
    crate::geometry::svg::render_svg(&st.board, &o)
}

/// One line per player: life, where, what the ruleset keeps about them.
pub fn summary(st: &GameState) -> String {
    let mut out = String::new();
    for p in &st.players {
        let at = st.seat_at(p.id).map(|s| s.to_string()).unwrap_or_else(|| "-".into());
        let glyph = wizard_glyph(p.id);
        // (the name only when it says more than the letter; the ruleset's player vars, for
        // whoever inspects the game, only when there are some)
        let name = if p.name == glyph.to_string() { String::new() } else { p.name.clone() };
        let vars =
            if matches!(&p.vars, crate::value::Value::Map(m) if m.is_empty()) || p.vars == crate::value::Value::Nil {
                String::new()
            } else {
                format!("  vars {}", p.vars)
            };
        out.push_str(&format!(
            "  {glyph} {name:<10} {:<6} life {:>3}  at {at:<8} hand {:>2}  play {:>2}{vars}\n",
            if p.alive { "alive" } else { "dead" },
            p.life,
            p.hand.len(),
            p.play.len(),
        ));
    }
    out
}

/// A person at the terminal: each request is printed with numbered options; the answer is
/// a number, an option key, or enough of one to name it (see [`Request::answer_from_text`]).
/// End of input suspends the game. Several seats may sit at one terminal (hot-seat): they
/// share its input.
pub struct HumanAgent<W: Write> {
    pub input: Rc<RefCell<dyn BufRead>>,
    pub output: W,
}

impl<W: Write> Agent for HumanAgent<W> {
    fn decide(&mut self, req: &Request) -> Decision {
        loop {
            let _ = writeln!(self.output, "\nPlayer {} ({}): {}", wizard_glyph(req.player), req.kind, req.prompt);
            for (i, c) in req.options.iter().enumerate() {
                let _ = writeln!(self.output, "  {:>2}. {}", i + 1, c.label);
            }
            if req.max > 1 || req.min != 1 {
                let _ = write!(
                    self.output,
                    "choose {}..{} (numbers separated by spaces, empty for none)> ",
                    req.min, req.max
                );
            } else {
                let _ = write!(self.output, "> ");
            }
            let _ = self.output.flush();
            let read = read_text_line(&mut *self.input.borrow_mut());
            let line = match read {
                Ok(Line::Text(line)) => line,
                Ok(Line::NotUtf8) => {
                    let _ = writeln!(self.output, "{NOT_UTF8}");
                    continue;
                }
                Ok(Line::End) | Err(_) => return Decision::Suspend,
            };
            match req.answer_from_text(&line) {
                Ok(k) => return Decision::Answer(k),
                Err(e) => {
                    let _ = writeln!(self.output, "{e}");
                }
            }
        }
    }
}

#[cfg(test)]
mod line_tests {
    use super::*;
    use crate::decision::Choice;

    #[test]
    fn lines_lose_their_break_and_bytes_that_are_not_utf8_are_named() {
        let mut input: &[u8] = b"one\r\n\xc3\x28\nthree";
        assert_eq!(read_text_line(&mut input).unwrap(), Line::Text("one".into()));
        assert_eq!(read_text_line(&mut input).unwrap(), Line::NotUtf8);
        assert_eq!(read_text_line(&mut input).unwrap(), Line::Text("three".into()));
        assert_eq!(read_text_line(&mut input).unwrap(), Line::End);
    }

    #[test]
    fn a_person_who_types_a_stray_byte_is_asked_again() {
        let input: Rc<RefCell<dyn BufRead>> = Rc::new(RefCell::new(&b"\xff\n2\n"[..]));
        let mut agent = HumanAgent { input, output: Vec::new() };
        let opt = |k: &str| Choice { key: k.into(), label: k.into(), value: crate::value::Value::Nil };
        let req = Request::one(0, "move", "where to?", vec![opt("north"), opt("south")]);
        assert_eq!(agent.decide(&req), Decision::Answer(vec!["south".into()]));
        assert!(String::from_utf8_lossy(&agent.output).contains(NOT_UTF8));
    }
}

/// How many columns a person's screen holds: every command's text for people fits it.
pub const SCREEN_WIDTH: usize = 80;

/// `text` in lines of at most `width` columns (a longer word stands alone), each after `indent`.
pub fn wrap(text: &str, width: usize, indent: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::from(indent);
    for word in text.split_whitespace() {
        let fits = line.chars().count() + 1 + word.chars().count() <= width;
        if line.len() > indent.len() && !fits {
            lines.push(std::mem::replace(&mut line, String::from(indent)));
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if line.len() > indent.len() {
        lines.push(line);
    }
    lines
}

/// `text` after `head`, in lines of at most `width` columns, the lines after the first indented
/// under it (as wide as `head`). An empty text gives `head` alone.
pub fn hanging(head: &str, text: &str, width: usize) -> Vec<String> {
    let indent = " ".repeat(head.chars().count());
    let mut lines = wrap(text, width, &indent);
    match lines.first_mut() {
        Some(first) => first.replace_range(..indent.len(), head),
        None => lines.push(head.to_string()),
    }
    lines
}

/// `line` in lines of at most `width` columns, cut at spaces with its own spacing kept (its
/// columns stay aligned), the lines after the first indented 4 more than it. A word longer
/// than the room stands alone.
pub fn fit_line(line: &str, width: usize) -> Vec<String> {
    let lead = line.len() - line.trim_start().len();
    let indent = " ".repeat(lead + 4);
    let mut lines = Vec::new();
    let mut rest = line.trim_end().to_string();
    let mut start = lead;
    while rest.chars().count() > width {
        // (the last space within the width, past the indent; else the first one after it)
        let spaces = rest.char_indices().filter(|&(i, c)| c == ' ' && i > start);
        let within = spaces.clone().take_while(|&(i, _)| rest[..i].chars().count() <= width).last();
        let Some((cut, _)) = within.or_else(|| spaces.clone().next()) else { break };
        let head = rest[..cut].trim_end().to_string();
        rest = format!("{indent}{}", rest[cut..].trim_start());
        lines.push(head);
        start = indent.len();
    }
    lines.push(rest);
    lines
}

#[cfg(test)]
mod wrap_tests {
    #[test]
    fn words_are_wrapped_within_the_width() {
        let lines = super::wrap("one two three four five six seven", 14, "  ");
        assert_eq!(lines, vec!["  one two", "  three four", "  five six", "  seven"]);
        assert!(super::wrap("", 10, "  ").is_empty());
        assert_eq!(super::wrap("unbreakableword", 5, ""), vec!["unbreakableword"]);
        assert_eq!(super::hanging("ok   ", "one two three", 14), vec!["ok   one two", "     three"]);
        assert_eq!(super::hanging("  7  ", "", 14), vec!["  7  "]);
    }

    #[test]
    fn a_line_is_fitted_with_its_spacing_kept() {
        assert_eq!(super::fit_line("  a  bb   cc dd", 11), vec!["  a  bb", "      cc dd"]);
        assert_eq!(super::fit_line("short", 10), vec!["short"]);
        assert_eq!(super::fit_line("x unbreakableword y", 8), vec!["x", "    unbreakableword", "    y"]);
        assert_eq!(super::fit_line("unbreakableword", 5), vec!["unbreakableword"]);
        assert_eq!(super::fit_line("trailing spaces   ", 10), vec!["trailing", "    spaces"]);
    }
}
