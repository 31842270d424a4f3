//! A plain-text picture of the board for a player at a terminal, and the overlay of game things
//! (wizards, treasures, objects, highlights) that the game hands to both renderers.
//!
//! The geometry knows no wizard and no treasure: whoever draws the board passes an [`Overlay`].
//!
//! Each square is three characters wide, as in the hand-drawn maps: `+` where a column stands,
//! `---` and `|` for walls. Column numbers run across the top and bottom, row numbers down both
//! sides, so every square can be named `(x,y)`. Rim openings that lead somewhere are marked just
//! outside the rim, and a key under the map explains every glyph that appears and lists the links.
//!
//! Glyphs (horizontal edge / vertical edge):
//!
//! | glyph            | meaning                                                  |
//! |------------------|----------------------------------------------------------|
//! | `+`              | a column (blank where none stands)                       |
//! | `---` `\|`       | wall                                                     |
//! | `===` `#`        | wall created by a spell                                  |
//! | `...` `:`        | destroyed wall or door (the "destroyed wall" marker)     |
//! | ` D ` `D`        | closed door (`d`: a door created by a spell)             |
//! | ` / ` `/`        | open door                                                |
//! | ` h ` `h`        | door held open                                           |
//! | ` j ` `j`        | door jammed open                                         |
//! | ` = ` `=`        | sealed door                                              |
//! | `~~~` `~`        | obstacle on a border line that blocks movement           |
//! | `%%%` `%`        | obstacle on a border line that blocks sight only         |
//!
//! Inside a square: overlay glyphs (up to three; `+` when more), else `###` for an obstacle that
//! blocks movement, `%%%` for one that blocks sight only, ` o ` for one that blocks neither, else
//! `HA` for the home base of wizard A (`H0`, of sector 0, where the overlay names no owner), else
//! ` t ` for a treasure start square.
//!
//! Outside the rim: the letter of a portal (its colour's initial), `w` for a warp, and `^ > v <`
//! at an opening that wraps to the far side of the board.

use super::board::{Alteration, Barrier, Board, EdgeView, Place};
use super::sector::SECTOR_SIZE;
use super::types::{Dir, EdgeId, Sq};
use std::collections::{BTreeMap, BTreeSet};

/// What the game wants drawn on top of the board.
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    pub marks: Vec<Mark>,
    /// What the picture shows, before the layout's name in the SVG title ("turn 5, A to play").
    pub title: Option<String>,
    /// Lines for the SVG's key after the marks (what is carried, life...).
    pub notes: Vec<String>,
    /// Whose home base each sector's is, by the letter the board marks him with: the picture
    /// shows `HA` (A's home) where it would show `H0` (sector 0's).
    pub home_owners: BTreeMap<usize, char>,
}

/// One thing drawn on a square: `glyph` in the ASCII map and inside the SVG circle, `label` in
/// the key (and as the SVG tooltip), `colour` (any CSS colour) for the SVG.
#[derive(Clone, Debug)]
pub struct Mark {
    pub at: Sq,
    pub glyph: char,
    pub label: String,
    pub colour: Option<String>,
    pub kind: MarkKind,
}

/// What a mark stands for; several marks on one square are drawn in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MarkKind {
    Wizard,
    Treasure,
    Object,
    Highlight,
}

impl MarkKind {
    pub fn name(self) -> &'static str {
        match self {
            MarkKind::Wizard => "wizard",
            MarkKind::Treasure => "treasure",
            MarkKind::Object => "object",
            MarkKind::Highlight => "highlight",
        }
    }
}

impl Mark {
    pub fn new(kind: MarkKind, at: Sq, glyph: char, label: impl Into<String>) -> Mark {
        Mark { at, glyph, label: label.into(), colour: None, kind }
    }
    pub fn wizard(at: Sq, glyph: char, label: impl Into<String>) -> Mark {
        Mark::new(MarkKind::Wizard, at, glyph, label)
    }
    pub fn treasure(at: Sq, glyph: char, label: impl Into<String>) -> Mark {
        Mark::new(MarkKind::Treasure, at, glyph, label)
    }
    pub fn object(at: Sq, glyph: char, label: impl Into<String>) -> Mark {
        Mark::new(MarkKind::Object, at, glyph, label)
    }
    pub fn highlight(at: Sq, glyph: char, label: impl Into<String>) -> Mark {
        Mark::new(MarkKind::Highlight, at, glyph, label)
    }
    /// Sets the colour used by the SVG renderer.
    pub fn with_colour(mut self, colour: impl Into<String>) -> Mark {
        self.colour = Some(colour.into());
        self
    }
}

impl Overlay {
    pub fn new() -> Overlay {
        Overlay::default()
    }
    pub fn push(&mut self, m: Mark) -> &mut Overlay {
        self.marks.push(m);
        self
    }
    /// Builder form of [`Overlay::push`].
    pub fn with(mut self, m: Mark) -> Overlay {
        self.marks.push(m);
        self
    }
    /// The marks on a square, in drawing order (wizards, treasures, objects, highlights; ties
    /// in the order given).
    pub fn at(&self, s: Sq) -> Vec<&Mark> {
        let mut v: Vec<&Mark> = self.marks.iter().filter(|m| m.at == s).collect();
        v.sort_by_key(|m| m.kind);
        v
    }
    /// Every square that holds a mark, with its marks in drawing order.
    pub(crate) fn by_square(&self) -> BTreeMap<Sq, Vec<&Mark>> {
        let mut map: BTreeMap<Sq, Vec<&Mark>> = BTreeMap::new();
        for m in &self.marks {
            map.entry(m.at).or_default().push(m);
        }
        for v in map.values_mut() {
            v.sort_by_key(|m| m.kind);
        }
        map
    }
}

// ---------------------------------------------------------------------------------------------
// Shared by both renderers: links grouped for display, and edge classification.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LinkKind {
    Portal,
    Warp,
    Wrap,
}

/// One link of the board (a portal pair, a warp, or all the plain wraps together) as drawn.
#[derive(Clone, Debug)]
pub(crate) struct LinkGroup {
    pub kind: LinkKind,
    /// "purple portal", "warp 1", "wrap".
    pub title: String,
    /// The portal colour as the layout names it.
    pub colour: Option<String>,
    /// Marker glyph in the ASCII map (wraps: unused, they get arrows).
    pub glyph: char,
    /// Every linked rim side, from both ends.
    pub ends: Vec<(Sq, Dir, Sq, Dir)>,
    /// The pairs seen from one side only (the side of the first end listed), in board order.
    pub pairs: Vec<(Sq, Dir, Sq, Dir)>,
}

fn slot_of(s: Sq) -> (i32, i32) {
    (s.x.div_euclid(SECTOR_SIZE), s.y.div_euclid(SECTOR_SIZE))
}

/// Groups `Board::links()` by link and gives each portal and warp a marker glyph.
pub(crate) fn link_groups(board: &Board) -> Vec<LinkGroup> {
    let mut by_label: BTreeMap<String, Vec<(Sq, Dir, Sq, Dir)>> = BTreeMap::new();
    for (s, d, t, td, label) in board.links() {
        by_label.entry(label).or_default().push((s, d, t, td));
    }
    let mut used: BTreeSet<char> = ['^', 'v', '<', '>'].into_iter().collect();
    let mut take = |cands: Vec<char>| -> char {
        let c = cands.into_iter().chain('1'..='9').chain('a'..='z').find(|c| !used.contains(c)).unwrap_or('?');
        used.insert(c);
        c
    };
    let mut groups = Vec::new();
    // Warps first so they get `w`; then portals by colour.
    let mut labels: Vec<&String> = by_label.keys().collect();
    labels.sort_by_key(|l| (!l.starts_with("warp"), l.to_string()));
    for label in labels {
        let ends = by_label[label].clone();
        let first = (slot_of(ends[0].0), ends[0].1);
        let pairs = ends.iter().copied().filter(|e| (slot_of(e.0), e.1) == first).collect();
        let (kind, title, colour, glyph) = if let Some(c) = label.strip_prefix("portal ") {
            let letters: Vec<char> = c.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
            let mut cands: Vec<char> = letters.iter().map(|c| c.to_ascii_lowercase()).collect();
            cands.extend(letters.iter().map(|c| c.to_ascii_uppercase()));
            (LinkKind::Portal, format!("{c} portal"), Some(c.to_string()), take(cands))
        } else if label.starts_with("warp") {
            (LinkKind::Warp, label.clone(), None, take(vec!['w', 'x', 'y', 'z', 'W', 'X', 'Y', 'Z']))
        } else {
            (LinkKind::Wrap, label.clone(), None, ' ')
        };
        groups.push(LinkGroup { kind, title, colour, glyph, ends, pairs });
    }
    groups
}

/// Describes the pairs of a link: "(2,0)N <-> (7,4)S", or a range for a whole side.
pub(crate) fn describe_pairs(pairs: &[(Sq, Dir, Sq, Dir)]) -> String {
    match pairs {
        [] => String::new(),
        [(s, d, t, td)] => format!("{s}{d} <-> {t}{td}"),
        [first, .., last] => {
            format!("{}{}..{}{} <-> {}{}..{}{}", first.0, first.1, last.0, last.1, first.2, first.3, last.2, last.3)
        }
    }
}

/// How an edge looks, for both renderers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EdgeLook {
    Open,
    Wall,
    CreatedWall,
    Destroyed,
    Door {
        created: bool,
        state: DoorLook,
    },
    /// An obstacle on an open border line.
    Obstacle {
        blocks_move: bool,
        blocks_los: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DoorLook {
    Closed,
    Open,
    Held,
    Jammed,
    Sealed,
}

pub(crate) fn edge_look(board: &Board, v: &EdgeView) -> EdgeLook {
    let created =
        matches!(board.edge_states().get(&v.id).and_then(|s| s.alteration.as_ref()), Some(Alteration::Created { .. }))
            || (v.barrier != Barrier::Open && v.barrier != v.printed);
    match v.barrier {
        Barrier::Wall if created => EdgeLook::CreatedWall,
        Barrier::Wall => EdgeLook::Wall,
        Barrier::Door => {
            // A ruleset may ask for a held, jammed or sealed look with the door's `look` tag
            // (a picture's words, not a rule: the door is open or closed as the state says).
            let d = v.door.as_ref();
            let look = d.and_then(|d| d.tags.get("look")).and_then(|l| l.as_str());
            let state = match (look, d) {
                (Some("sealed"), _) => DoorLook::Sealed,
                (Some("jammed"), _) => DoorLook::Jammed,
                (Some("held"), _) => DoorLook::Held,
                (_, Some(d)) if d.open => DoorLook::Open,
                _ => DoorLook::Closed,
            };
            EdgeLook::Door { created, state }
        }
        Barrier::Open => {
            let obs: Vec<_> = board.obstacles_at(Place::Edge(v.id));
            if !obs.is_empty() {
                EdgeLook::Obstacle {
                    blocks_move: obs.iter().any(|(_, o)| o.blocks_move),
                    blocks_los: obs.iter().any(|(_, o)| o.blocks_los),
                }
            } else if v.destroyed {
                EdgeLook::Destroyed
            } else {
                EdgeLook::Open
            }
        }
    }
}

/// Every border line of the board with how it looks, skipping plain open ones.
pub(crate) fn edge_looks(board: &Board) -> Vec<(EdgeId, EdgeLook)> {
    let mut out: Vec<(EdgeId, EdgeLook)> = board.barrier_edges().iter().map(|v| (v.id, edge_look(board, v))).collect();
    let seen: BTreeSet<EdgeId> = out.iter().map(|(e, _)| *e).collect();
    let mut extra = BTreeSet::new();
    for o in board.obstacles().values() {
        if let Place::Edge(e) = o.at {
            if !seen.contains(&e) && extra.insert(e) {
                if let Ok(v) = board.edge(e) {
                    out.push((e, edge_look(board, &v)));
                }
            }
        }
    }
    out.retain(|(_, l)| *l != EdgeLook::Open);
    out
}

/// What a square holds apart from marks: an obstacle (move, los), a home base, a treasure start.
pub(crate) struct SquareInfo {
    pub obstacle: Option<(bool, bool)>,
    pub home: Option<usize>,
    pub treasure_start: bool,
}

pub(crate) fn square_infos(board: &Board) -> BTreeMap<Sq, SquareInfo> {
    let mut map: BTreeMap<Sq, SquareInfo> = BTreeMap::new();
    let blank = || SquareInfo { obstacle: None, home: None, treasure_start: false };
    for o in board.obstacles().values() {
        if let Place::Square(s) = o.at {
            let e = map.entry(s).or_insert_with(blank);
            let (m, l) = e.obstacle.unwrap_or((false, false));
            e.obstacle = Some((m || o.blocks_move, l || o.blocks_los));
        }
    }
    for i in 0..board.sector_count() {
        map.entry(board.home(i)).or_insert_with(blank).home = Some(i);
        for t in board.treasure_starts(i) {
            map.entry(t).or_insert_with(blank).treasure_start = true;
        }
    }
    map
}

// ---------------------------------------------------------------------------------------------
// ASCII

/// A character canvas, trimmed of trailing blanks when printed.
struct Canvas {
    rows: Vec<Vec<char>>,
}

impl Canvas {
    fn new(w: usize, h: usize) -> Canvas {
        Canvas { rows: vec![vec![' '; w]; h] }
    }
    fn put(&mut self, x: i64, y: i64, c: char) {
        if x >= 0 && y >= 0 {
            if let Some(cell) = self.rows.get_mut(y as usize).and_then(|r| r.get_mut(x as usize)) {
                *cell = c;
            }
        }
    }
    fn text(&mut self, x: i64, y: i64, s: &str) {
        for (i, c) in s.chars().enumerate() {
            self.put(x + i as i64, y, c);
        }
    }
}

/// Flows `items` after `head` into lines of at most `width` characters, separated by two spaces.
fn flow(head: &str, items: &[String], width: usize, out: &mut Vec<String>) {
    if items.is_empty() {
        return;
    }
    let indent = " ".repeat(head.len());
    let mut line = head.to_string();
    let mut fresh = true;
    for it in items {
        if !fresh && line.len() + 2 + it.len() > width {
            out.push(line);
            line = indent.clone();
            fresh = true;
        }
        if !fresh {
            line.push_str("  ");
        }
        line.push_str(it);
        fresh = false;
    }
    out.push(line);
}

/// The line of [`render_ascii`]'s output on which the squares of row `y` are written (under
/// the column numbers and the line of the links leaving by the north).
pub fn ascii_line_of_row(y: i32) -> usize {
    3 + 2 * y.max(0) as usize
}

/// Draws the board as text: a map with coordinates, then a key of the glyphs that appear, the
/// links (portals, warps), the marks and the sectors. Lines carry no trailing blanks and the
/// result ends with a newline.
pub fn render_ascii(board: &Board, overlay: &Overlay) -> String {
    if board.map_cells().is_some() {
        return super::map_board::map_text(board, overlay);
    }
    let (w, h) = board.size();
    let lw = (h - 1).max(0).to_string().len().max(2) as i64;
    let x0 = lw + 2;
    let y0 = 2i64;
    let gx = |x: i32| x0 + 4 * x as i64;
    let gy = |y: i32| y0 + 2 * y as i64;
    let width = (gx(w) + 3 + lw) as usize;
    let height = (gy(h) + 3) as usize;
    let mut cv = Canvas::new(width, height);
    let mut used: BTreeSet<&'static str> = BTreeSet::new();

    // Coordinates.
    for x in 0..w {
        let n = format!("{x:^3}");
        cv.text(gx(x) + 1, 0, &n);
        cv.text(gx(x) + 1, gy(h) + 2, &n);
    }
    for y in 0..h {
        let n = format!("{y:>width$}", width = lw as usize);
        cv.text(0, gy(y) + 1, &n);
        cv.text(gx(w) + 3, gy(y) + 1, &format!("{y}"));
    }

    // Columns.
    for y in 0..=h {
        for x in 0..=w {
            if board.column_at(super::types::Corner { x, y }) {
                cv.put(gx(x), gy(y), '+');
                used.insert("column");
            }
        }
    }

    // Edges.
    for (e, look) in edge_looks(board) {
        let (c, full, key): (char, bool, &'static str) = match look {
            EdgeLook::Open => continue,
            EdgeLook::Wall => (if e.horizontal { '-' } else { '|' }, true, "wall"),
            EdgeLook::CreatedWall => (if e.horizontal { '=' } else { '#' }, true, "created wall"),
            EdgeLook::Destroyed => (if e.horizontal { '.' } else { ':' }, true, "destroyed"),
            EdgeLook::Door { created, state } => match state {
                DoorLook::Closed if created => ('d', false, "created door"),
                DoorLook::Closed => ('D', false, "door"),
                DoorLook::Open => ('/', false, "open door"),
                DoorLook::Held => ('h', false, "held door"),
                DoorLook::Jammed => ('j', false, "jammed door"),
                DoorLook::Sealed => ('=', false, "sealed door"),
            },
            EdgeLook::Obstacle { blocks_move: true, .. } => ('~', true, "edge obstacle move"),
            EdgeLook::Obstacle { blocks_los: true, .. } => ('%', true, "edge obstacle los"),
            EdgeLook::Obstacle { .. } => ('o', true, "edge obstacle"),
        };
        used.insert(key);
        if e.horizontal {
            let y = gy(e.y);
            let x = gx(e.x);
            if full {
                cv.text(x + 1, y, &c.to_string().repeat(3));
            } else {
                cv.put(x + 2, y, c);
            }
        } else {
            cv.put(gx(e.x), gy(e.y) + 1, c);
        }
    }

    // Squares.
    let infos = square_infos(board);
    let marks = overlay.by_square();
    for s in board.squares() {
        let (x, y) = (gx(s.x) + 1, gy(s.y) + 1);
        let content: String = if let Some(ms) = marks.get(&s) {
            let g: Vec<char> = ms.iter().map(|m| m.glyph).collect();
            match g.as_slice() {
                [a] => format!(" {a} "),
                [a, b] => format!("{a} {b}"),
                [a, b, c] => format!("{a}{b}{c}"),
                [a, b, ..] => format!("{a}{b}+"),
                [] => String::new(),
            }
        } else if let Some(info) = infos.get(&s) {
            match info.obstacle {
                Some((true, _)) => {
                    used.insert("obstacle move");
                    "###".into()
                }
                Some((false, true)) => {
                    used.insert("obstacle los");
                    "%%%".into()
                }
                Some(_) => {
                    used.insert("obstacle");
                    " o ".into()
                }
                None => match info.home {
                    Some(i) => match overlay.home_owners.get(&i) {
                        Some(&w) => {
                            used.insert("home of");
                            format!("{:^3}", format!("H{w}"))
                        }
                        None => {
                            used.insert("home");
                            format!("{:^3}", format!("H{i}"))
                        }
                    },
                    None if info.treasure_start => {
                        used.insert("treasure start");
                        " t ".into()
                    }
                    None => String::new(),
                },
            }
        } else {
            String::new()
        };
        cv.text(x, y, &content);
    }

    // Links, marked just outside the rim side they leave by.
    let groups = link_groups(board);
    let marker_at = |s: Sq, d: Dir| -> (i64, i64) {
        match d {
            Dir::N => (gx(s.x) + 2, gy(s.y) - 1),
            Dir::S => (gx(s.x) + 2, gy(s.y + 1) + 1),
            Dir::W => (gx(s.x) - 1, gy(s.y) + 1),
            Dir::E => (gx(s.x + 1) + 1, gy(s.y) + 1),
        }
    };
    for g in &groups {
        for &(s, d, _, _) in &g.ends {
            let c = match g.kind {
                LinkKind::Wrap => {
                    let passable = board.edge(s.edge(d)).map(|v| v.barrier != Barrier::Wall).unwrap_or(false);
                    if !passable {
                        continue;
                    }
                    used.insert("wrap");
                    match d {
                        Dir::N => '^',
                        Dir::E => '>',
                        Dir::S => 'v',
                        Dir::W => '<',
                    }
                }
                _ => g.glyph,
            };
            let (x, y) = marker_at(s, d);
            cv.put(x, y, c);
        }
    }

    let mut out: Vec<String> = cv.rows.iter().map(|r| r.iter().collect::<String>().trim_end().to_string()).collect();

    // The key.
    let mut key: Vec<String> = Vec::new();
    let glyphs: &[(&str, &str)] = &[
        ("column", "+ column"),
        ("wall", "--- | wall"),
        ("created wall", "=== # created wall"),
        ("destroyed", "... : destroyed wall"),
        ("door", "D door"),
        ("created door", "d created door"),
        ("open door", "/ open door"),
        ("held door", "h door held open"),
        ("jammed door", "j door jammed open"),
        ("sealed door", "= sealed door"),
        ("edge obstacle move", "~ barrier on a line (blocks movement)"),
        ("edge obstacle los", "% barrier on a line (blocks sight only)"),
        ("edge obstacle", "o thing on a line"),
        ("home of", "HA home base of wizard A"),
        ("home", "Hn home base of sector n"),
        ("treasure start", "t treasure start"),
        ("obstacle move", "### blocks movement"),
        ("obstacle los", "%%% blocks sight only"),
        ("obstacle", "o obstacle"),
        ("wrap", "^ > v < opening wraps to the far side"),
    ];
    let items: Vec<String> = glyphs.iter().filter(|(k, _)| used.contains(k)).map(|(_, t)| t.to_string()).collect();
    flow("Key:   ", &items, 78, &mut key);
    let links: Vec<String> = groups
        .iter()
        .filter(|g| g.kind != LinkKind::Wrap)
        .map(|g| format!("{} {}: {}", g.glyph, g.title, describe_pairs(&g.pairs)))
        .collect();
    for (i, l) in links.iter().enumerate() {
        key.push(format!("{}{l}", if i == 0 { "Links: " } else { "       " }));
    }
    let mark_items: Vec<String> = overlay
        .marks
        .iter()
        .map(|m| {
            let label = if m.label.is_empty() { String::new() } else { format!("{} ", m.label) };
            format!("{} {label}({}) at {}", m.glyph, m.kind.name(), m.at)
        })
        .collect();
    flow("Marks: ", &mark_items, 78, &mut key);
    let sectors: Vec<String> = (0..board.sector_count())
        .map(|i| {
            let rot = board.placements()[i].rot;
            let turn = if rot.0 == 0 { String::new() } else { format!(", turned {}", rot.degrees()) };
            format!("{i} {} (home {}{turn})", board.faces()[i].name, board.home(i))
        })
        .collect();
    flow("Sectors: ", &sectors, 78, &mut key);
    if !key.is_empty() {
        out.push(String::new());
        out.extend(key);
    }
    let mut s = out.join("\n");
    s.push('\n');
    s
}
