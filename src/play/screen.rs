//! A person's decision on one screen: the parts (a header, the map, the question, the wizards
//! and the hand, the story) laid out to fit the terminal, 80x24 unless it says more.
//!
//! Beside the map when there is room (a column of at least [`MIN_SIDE`]), else under it: the
//! question with its options, then the wizards and the hand. The story fills what is left under
//! the map, its last lines. The question is never cut; the map is cropped round the asked
//! wizard's row (its column numbers kept) when it would not fit; the wizards' lines go before
//! the story does. Two rows stay free: the prompt's, and the one its Enter moves to, so a
//! screen never scrolls.

/// A terminal's size in characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    pub width: usize,
    pub height: usize,
}

impl Size {
    /// The size the screens are made for when the output is not a terminal.
    pub const DEFAULT: Size = Size { width: 80, height: 24 };

    /// The terminal's size, if standard output is one (at least 80x24 is assumed below that:
    /// a smaller window scrolls).
    pub fn of_terminal() -> Option<Size> {
        #[cfg(unix)]
        {
            // SAFETY: TIOCGWINSZ fills a winsize, which is plain data.
            let mut ws: libc::winsize = unsafe { std::mem::zeroed() };
            let ok = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut ws) } == 0;
            (ok && ws.ws_col > 0 && ws.ws_row > 0).then(|| Size {
                width: usize::from(ws.ws_col).max(Size::DEFAULT.width),
                height: usize::from(ws.ws_row).max(Size::DEFAULT.height),
            })
        }
        #[cfg(not(unix))]
        {
            None
        }
    }
}

/// The narrowest column beside the map worth having.
pub const MIN_SIDE: usize = 28;

/// What a decision's screen shows.
#[derive(Clone, Debug, Default)]
pub struct Parts {
    /// Whose decision, which turn, his life, movement, hand and score: a line (two at most).
    pub header: String,
    /// The board's map (no key), its first line the column numbers.
    pub map: Vec<String>,
    /// The map line to keep in view when the map is cropped (the asked wizard's row).
    pub focus: usize,
    /// The question and its numbered options.
    pub ask: Vec<String>,
    /// The wizards' lines, then the hand.
    pub side: Vec<String>,
    /// What happened lately, oldest first (or a command's answer): its last lines are shown.
    pub story: Vec<String>,
}

/// The screen's lines (at most `size.height - 2`, each at most `size.width` characters), and
/// how many of the story's (wrapped) lines are among them. `beside`: the question may go
/// beside the map (else it is always last, as a reader of a pipe finds it).
pub fn compose(parts: &Parts, size: Size, beside: bool) -> (Vec<String>, usize) {
    let rows = size.height.saturating_sub(2).max(4);
    let map_width = parts.map.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let beside = beside && size.width >= map_width + 2 + MIN_SIDE;
    let column = if beside { size.width - map_width - 2 } else { size.width };
    let ask = wrap_all(&parts.ask, column);
    let side = wrap_all(&parts.side, column);
    let story = wrap_all(&parts.story, size.width);
    let mut out = wrap(&parts.header, size.width);
    out.truncate(2);
    let free = rows - out.len();
    if beside {
        // The top: the map and the column; under it the story.
        let column_needs = ask.len() + if side.is_empty() { 0 } else { 1 + side.len() };
        let story_wanted = story.len().min(3);
        // As tall as the map or the column, leaving a few lines of story, never cutting the question.
        let top = parts.map.len().max(column_needs).min(free.saturating_sub(story_wanted)).max(ask.len()).min(free);
        let map = crop(&parts.map, parts.focus, top);
        let mut right: Vec<String> = ask.clone();
        if column_needs <= top {
            right.push(String::new());
            right.extend(side.iter().cloned());
        } else if ask.len() < top {
            right.push(String::new());
            right.extend(side.iter().take(top - ask.len() - 1).cloned());
        }
        right.truncate(top);
        for i in 0..top {
            let left = map.get(i).map_or("", String::as_str);
            let line = match right.get(i) {
                Some(r) if !r.is_empty() => format!("{left:<map_width$}  {r}"),
                _ => left.to_string(),
            };
            out.push(line.trim_end().to_string());
        }
        let left = rows - out.len();
        let shown = story.len().min(left);
        out.extend(story[story.len() - shown..].iter().cloned());
        (out, shown)
    } else {
        // Stacked: the map, the wizards and hand, the story, then the question at the bottom.
        let after_map = free.saturating_sub(ask.len());
        let side_shown = side.len().min(after_map.saturating_sub(4));
        let story_wanted = story.len().min(2);
        let map_rows = parts.map.len().min(after_map.saturating_sub(side_shown + story_wanted));
        out.extend(crop(&parts.map, parts.focus, map_rows));
        out.extend(side.iter().take(side_shown).cloned());
        let left = rows.saturating_sub(out.len() + ask.len());
        let shown = story.len().min(left);
        out.extend(story[story.len() - shown..].iter().cloned());
        out.extend(ask);
        out.truncate(rows);
        (out, shown)
    }
}

/// `rows` lines of the map: all of it if it fits, else its first line (the column numbers)
/// and a window round line `focus`.
fn crop(map: &[String], focus: usize, rows: usize) -> Vec<String> {
    if map.len() <= rows {
        return map.to_vec();
    }
    if rows < 2 {
        return map.iter().take(rows).cloned().collect();
    }
    let window = rows - 1;
    let start = focus.saturating_sub(window / 2).clamp(1, map.len() - window);
    std::iter::once(map[0].clone()).chain(map[start..start + window].iter().cloned()).collect()
}

/// Lines no wider than `width`: a long line broken at spaces, its next parts indented as far
/// as its first word's end (a numbered option's text stays in line).
fn wrap_all(lines: &[String], width: usize) -> Vec<String> {
    lines.iter().flat_map(|l| wrap(l, width)).collect()
}

fn wrap(line: &str, width: usize) -> Vec<String> {
    if line.chars().count() <= width {
        return vec![line.to_string()];
    }
    // The next parts go under the text after a leading "  12. " or "Hand: ", else two in.
    let text = line.trim_start();
    let lead = line.len() - text.len();
    let marker = text.split_once(' ').filter(|(w, _)| w.ends_with('.') || w.ends_with(':'));
    let indent = (lead + marker.map_or(2, |(w, _)| w.chars().count() + 1)).min(width / 2);
    let mut out = Vec::new();
    let mut current = line[..lead].to_string();
    for word in text.split(' ') {
        let start = |out: &Vec<String>| if out.is_empty() { lead } else { indent };
        if current.len() > start(&out) && current.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::replace(&mut current, " ".repeat(indent)));
        }
        if current.len() > start(&out) {
            current.push(' ');
        }
        current.push_str(word);
    }
    out.push(current);
    out.into_iter().map(|l| cut(&l, width)).collect()
}

/// At most `width` characters (a word longer than a line is cut).
fn cut(line: &str, width: usize) -> String {
    line.chars().take(width).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(n: usize, w: usize, tag: &str) -> Vec<String> {
        (0..n).map(|i| format!("{tag}{i:0>w$}", w = w.saturating_sub(tag.len()))).collect()
    }

    fn fits(screen: &[String], size: Size) {
        assert!(screen.len() <= size.height - 2, "{} lines: {screen:#?}", screen.len());
        assert!(screen.iter().all(|l| l.chars().count() <= size.width), "{screen:#?}");
    }

    #[test]
    fn a_small_map_has_the_question_beside_it_and_the_story_under_it() {
        let parts = Parts {
            header: "Turn 3".into(),
            map: lines(15, 48, "m"),
            focus: 7,
            ask: vec!["A: What do you do?".into(), "   1. move (3 ways)".into()],
            side: vec!["B  life 15".into(), "Hand: Spark, Zot".into()],
            story: lines(10, 30, "s"),
        };
        let (screen, told) = compose(&parts, Size::DEFAULT, true);
        fits(&screen, Size::DEFAULT);
        assert_eq!(told, 6);
        assert_eq!(screen[0], "Turn 3");
        assert!(screen[1].starts_with("m") && screen[1].ends_with("  A: What do you do?"), "{screen:#?}");
        assert!(screen[5].ends_with("  Hand: Spark, Zot"), "{screen:#?}");
        assert_eq!(screen.len(), 22);
        assert_eq!(screen[21], parts.story[9], "the story's last lines: {screen:#?}");
        assert_eq!(screen[16], parts.story[4]);
    }

    #[test]
    fn a_big_map_is_cropped_round_the_wizard_and_the_question_is_never_cut() {
        let ask: Vec<String> = std::iter::once("A: which?".to_string()).chain(lines(16, 30, "   o")).collect();
        let parts = Parts {
            header: "Turn 9".into(),
            map: lines(25, 68, "m"),
            focus: 20,
            ask: ask.clone(),
            side: lines(6, 40, "w"),
            story: lines(30, 40, "s"),
        };
        let (screen, _) = compose(&parts, Size::DEFAULT, true);
        fits(&screen, Size::DEFAULT);
        assert!(screen.ends_with(&ask), "the question whole, last: {screen:#?}");
        assert_eq!(screen[1], parts.map[0], "the column numbers stay");
        let shown: Vec<&String> = screen.iter().filter(|l| l.starts_with('m')).collect();
        assert!(shown.contains(&&parts.map[20]), "the wizard's row is in view: {screen:#?}");
        // Beside a narrow map, a long question still fits: the wizards give way first.
        let narrow = Parts { map: lines(15, 48, "m"), ..parts };
        let (screen, _) = compose(&narrow, Size::DEFAULT, true);
        fits(&screen, Size::DEFAULT);
        let right: Vec<String> =
            screen.iter().filter_map(|l| l.get(50..).map(str::to_string)).filter(|r| !r.is_empty()).collect();
        assert_eq!(right[..ask.len()], ask[..], "{screen:#?}");
    }

    #[test]
    fn long_lines_wrap_under_their_text() {
        assert_eq!(wrap("  12. cast Spark at the wizard B", 20), ["  12. cast Spark at", "      the wizard B"]);
        assert_eq!(wrap("short", 20), ["short"]);
        assert!(wrap(&"x".repeat(50), 20).iter().all(|l| l.chars().count() <= 20));
    }
}
