//! A standalone SVG picture of the board, for people to open in a browser or an image viewer.
//!
//! Squares get a pale tint of their sector's colour and their coordinates; walls are thick dark
//! lines, columns small dark squares, doors brown bars (drawn swung open when open, with a red
//! cross when sealed and a red wedge when jammed), destroyed walls faint dashed lines, created
//! walls purple. Obstacles are grey (blocking movement) or green (blocking sight only) squares,
//! home bases circles in the sector's colour, treasure starts small gold squares, overlay marks
//! circles with their glyph. Portals are coloured circles beside their rim opening, warps dashed
//! arcs between the two sides they join, plain wraps small arrows at the rim openings. A title
//! and a key close the picture.
//!
//! Written by hand with `std` only; every text is escaped. Each element that stands for a board
//! feature carries a class (`square`, with its `data-x` and `data-y`; `wall`, `created-wall`,
//! `destroyed`, `door`, `door-open`, `column`, `obstacle`, `home`, `treasure-start`, `mark`,
//! `portal`, `warp`, `wrap`) so tools, tests and the web table's page can find them; the key's
//! samples use `key-*` classes instead.
//!
//! This file draws the picture layer by layer (`render_svg`, a function a layer, each placing
//! what it draws by the board's `Frame`) with the sizes and colours the layers share; the links'
//! layer is `links.rs`, a door's drawing `door.rs`, a warp's route `warp.rs`, the key's entries
//! and samples `key.rs`, and the elements and colours they are all written with `elements.rs`.

use super::board::{Barrier, Board};
use super::render::{
    describe_pairs, edge_looks, link_groups, square_infos, DoorLook, EdgeLook, LinkGroup, LinkKind, MarkKind, Overlay,
};
use super::sector::SECTOR_SIZE;
use super::types::{Corner, Dir, EdgeId, Sq};
use std::collections::BTreeSet;
use std::fmt::Write;

mod door;
mod elements;
mod key;
mod links;
mod warp;

use door::draw_door;
pub use elements::escape;
use elements::{css_colour, lerp, line, mark_default_colour, sector_colours, text, Pt};
use key::{key_sample, KEY};

const CELL: f64 = 40.0;
const MARGIN: f64 = 64.0;
const TITLE: f64 = 34.0;
const WALL_COLOUR: &str = "#222";
const CREATED_COLOUR: &str = "#7b2cbf";
const DOOR_COLOUR: &str = "#8b4513";
const SEAL_COLOUR: &str = "#d00000";
const WARP_COLOUR: &str = "#00897b";
const CREATED_DOOR_COLOUR: &str = "#c26a1b";
const OBSTACLE_MOVE: &str = "#808080";
const OBSTACLE_LOS: &str = "#5f9e52";
const OBSTACLE_NONE: &str = "#bdbdbd";
const DESTROYED_STYLE: &str = r##"stroke="#8a8a8a" stroke-width="2" stroke-dasharray="4,4""##;

/// Draws the board as a standalone SVG document: the layers below, bottom first, then the key
/// and the title around them.
pub fn render_svg(board: &Board, overlay: &Overlay) -> String {
    if board.map_cells().is_some() {
        return super::map_board::map_svg(board, overlay);
    }
    let f = Frame::of(board);
    let groups = link_groups(board);
    let mut p = Picture::default();
    squares(&mut p.out, board, &f);
    sectors(&mut p.out, board, &f);
    features(&mut p, board, overlay, &f);
    edges(&mut p, board, &f);
    columns(&mut p.out, board, &f);
    links::draw(&mut p, board, &f, &groups);
    cracks(&mut p, board, &f);
    square_labels(&mut p.out, board, &f);
    marks(&mut p.out, board, overlay, &f);
    let height = key_layer(&mut p, board, overlay, &f, &groups);
    document(board, overlay, f.width, height, &p.out)
}

/// Where the board lies on the picture: its size in squares, its top left corner and its size
/// in pixels, and the picture's width.
#[derive(Clone, Copy)]
struct Frame {
    w: i32,
    h: i32,
    ox: f64,
    oy: f64,
    map_w: f64,
    map_h: f64,
    width: f64,
}

impl Frame {
    fn of(board: &Board) -> Frame {
        let (w, h) = board.size();
        let (map_w, map_h) = (w as f64 * CELL, h as f64 * CELL);
        let width = (map_w + 2.0 * MARGIN).max(440.0);
        Frame { w, h, ox: (width - map_w) / 2.0, oy: TITLE + MARGIN, map_w, map_h, width }
    }

    /// The picture's x of the board's column line `x`, and y of its row line `y`.
    fn px(&self, x: i32) -> f64 {
        self.ox + x as f64 * CELL
    }

    fn py(&self, y: i32) -> f64 {
        self.oy + y as f64 * CELL
    }

    /// An edge's two ends on the picture.
    fn ends(&self, e: EdgeId) -> (Pt, Pt) {
        let (a, b) = e.ends();
        ((self.px(a.x), self.py(a.y)), (self.px(b.x), self.py(b.y)))
    }

    /// The middle of square `s`'s side `d`.
    fn mid(&self, s: Sq, d: Dir) -> Pt {
        let (a, b) = self.ends(s.edge(d));
        lerp(a, b, 0.5)
    }
}

/// A direction as a unit vector on the picture (y grows downwards).
fn normal(d: Dir) -> Pt {
    let (dx, dy) = d.delta();
    (dx as f64, dy as f64)
}

/// The layers as they are drawn, and which features appear in them (what the key shows).
#[derive(Default)]
struct Picture {
    out: String,
    used: BTreeSet<&'static str>,
}

/// Squares: sector tint, thin grid, coordinates in the corner. Each names its square
/// (`data-x`, `data-y`): the web table's page answers a click on one.
fn squares(out: &mut String, board: &Board, f: &Frame) {
    let Frame { w, h, ox, oy, map_w, map_h, .. } = *f;
    out.push_str("<g id=\"squares\">\n");
    for s in board.squares() {
        let (_, pale) = sector_colours(board, board.sector_of(s).unwrap_or(0));
        let _ = writeln!(
            out,
            r##"<rect class="square" data-x="{}" data-y="{}" x="{:.1}" y="{:.1}" width="{CELL}" height="{CELL}" fill="{pale}" stroke="#c8c8c8" stroke-width="0.6"/>"##,
            s.x,
            s.y,
            f.px(s.x),
            f.py(s.y)
        );
    }
    out.push_str("</g>\n<g id=\"coords\">\n");
    for x in 0..w {
        let cx = f.px(x) + CELL / 2.0;
        text(out, (cx, oy - 36.0), 15.0, "middle", r##"fill="#222" font-weight="bold""##, &x.to_string());
        text(out, (cx, oy + map_h + 46.0), 15.0, "middle", r##"fill="#222" font-weight="bold""##, &x.to_string());
    }
    for y in 0..h {
        let cy = f.py(y) + CELL / 2.0 + 4.0;
        text(out, (ox - 38.0, cy), 15.0, "middle", r##"fill="#222" font-weight="bold""##, &y.to_string());
        text(out, (ox + map_w + 38.0, cy), 15.0, "middle", r##"fill="#222" font-weight="bold""##, &y.to_string());
    }
    out.push_str("</g>\n");
}

/// Sector outlines, faintly, so a player sees the sectors.
fn sectors(out: &mut String, board: &Board, f: &Frame) {
    out.push_str("<g id=\"sectors\">\n");
    for i in 0..board.sector_count() {
        let (strong, _) = sector_colours(board, i);
        let first = board.sector_squares(i)[0];
        let _ = writeln!(
            out,
            r#"<rect class="sector" x="{:.1}" y="{:.1}" width="{s:.0}" height="{s:.0}" fill="none" stroke="{strong}" stroke-opacity="0.35" stroke-width="1.5"><title>sector {i}: {}</title></rect>"#,
            f.px(first.x),
            f.py(first.y),
            escape(&board.faces()[i].name),
            s = CELL * SECTOR_SIZE as f64,
        );
    }
    out.push_str("</g>\n");
}

/// Things in squares: home bases, treasure starts, obstacles.
fn features(p: &mut Picture, board: &Board, overlay: &Overlay, f: &Frame) {
    let Picture { out, used } = p;
    let infos = square_infos(board);
    out.push_str("<g id=\"features\">\n");
    for (s, info) in &infos {
        if !board.contains(*s) {
            continue;
        }
        let (x, y) = (f.px(s.x), f.py(s.y));
        let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
        if let Some(i) = info.home {
            used.insert("home");
            let (strong, _) = sector_colours(board, i);
            let whose = match overlay.home_owners.get(&i) {
                Some(w) => format!("{w}"),
                None => format!("sector {i}"),
            };
            let _ = writeln!(
                out,
                r#"<circle class="home" cx="{cx:.1}" cy="{cy:.1}" r="15" fill="{strong}" fill-opacity="0.18" stroke="{strong}" stroke-width="3"><title>home base of {whose} {s}</title></circle>"#
            );
        }
        if info.treasure_start {
            used.insert("treasure");
            let _ = writeln!(
                out,
                r##"<rect class="treasure-start" x="{:.1}" y="{:.1}" width="12" height="12" fill="#ffd700" fill-opacity="0.5" stroke="#b8860b" stroke-width="1.5"><title>treasure start {s}</title></rect>"##,
                cx - 6.0,
                cy - 6.0
            );
        }
        if let Some((mv, los)) = info.obstacle {
            let (fill, what, key) = if mv {
                (OBSTACLE_MOVE, "obstacle (blocks movement)", "obstacle")
            } else if los {
                (OBSTACLE_LOS, "obstacle (blocks sight)", "obstacle-los")
            } else {
                (OBSTACLE_NONE, "obstacle", "obstacle")
            };
            used.insert(key);
            let _ = writeln!(
                out,
                r##"<rect class="obstacle" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="3" fill="{fill}" fill-opacity="0.75" stroke="#444" stroke-width="1"><title>{what} {s}</title></rect>"##,
                x + 4.0,
                y + 4.0,
                CELL - 8.0,
                CELL - 8.0
            );
        }
    }
    out.push_str("</g>\n");
}

/// Edges: walls, created walls, destroyed walls, doors, edge obstacles.
fn edges(p: &mut Picture, board: &Board, f: &Frame) {
    let Picture { out, used } = p;
    out.push_str("<g id=\"edges\" stroke-linecap=\"square\">\n");
    for (e, look) in edge_looks(board) {
        let (a, b) = f.ends(e);
        match look {
            EdgeLook::Open => {}
            EdgeLook::Wall => {
                line(out, "wall", a, b, &format!(r#"stroke="{WALL_COLOUR}" stroke-width="5""#), &format!("wall {e}"))
            }
            EdgeLook::CreatedWall => {
                used.insert("created");
                line(
                    out,
                    "created-wall",
                    a,
                    b,
                    &format!(r#"stroke="{CREATED_COLOUR}" stroke-width="5""#),
                    &format!("created wall {e}"),
                )
            }
            EdgeLook::Destroyed => {
                used.insert("destroyed");
                line(out, "destroyed", a, b, DESTROYED_STYLE, &format!("destroyed wall {e}"))
            }
            EdgeLook::Door { created, state } => {
                used.insert(match state {
                    DoorLook::Closed => "door",
                    DoorLook::Open | DoorLook::Held => "door-open",
                    DoorLook::Jammed => "jammed",
                    DoorLook::Sealed => "sealed",
                });
                let colour = board.edge(e).ok().and_then(|v| v.door).and_then(|d| d.colour);
                // Swing into the south or east square, or the other one on the rim.
                let (_, s) = e.sides();
                let into = match (e.horizontal, board.contains(s)) {
                    (true, true) => (0.0, 1.0),
                    (true, false) => (0.0, -1.0),
                    (false, true) => (1.0, 0.0),
                    (false, false) => (-1.0, 0.0),
                };
                let what = match state {
                    DoorLook::Closed => "closed door",
                    DoorLook::Open => "open door",
                    DoorLook::Held => "door held open",
                    DoorLook::Jammed => "door jammed open",
                    DoorLook::Sealed => "sealed door",
                };
                let title = format!("{}{what} {e}", if created { "created " } else { "" });
                draw_door(out, "", (a, b), into, created, state, colour.as_deref(), &title);
            }
            EdgeLook::Obstacle { blocks_move, blocks_los } => {
                let c = if blocks_move {
                    OBSTACLE_MOVE
                } else if blocks_los {
                    OBSTACLE_LOS
                } else {
                    OBSTACLE_NONE
                };
                used.insert(if blocks_move || !blocks_los { "obstacle" } else { "obstacle-los" });
                line(
                    out,
                    "obstacle",
                    lerp(a, b, 0.1),
                    lerp(a, b, 0.9),
                    &format!(r#"stroke="{c}" stroke-width="7" stroke-opacity="0.85""#),
                    &format!("obstacle on {e}"),
                );
            }
        }
    }
    out.push_str("</g>\n");
}

/// Columns.
fn columns(out: &mut String, board: &Board, f: &Frame) {
    let Frame { w, h, .. } = *f;
    out.push_str("<g id=\"columns\">\n");
    for y in 0..=h {
        for x in 0..=w {
            if board.column_at(Corner { x, y }) {
                let _ = writeln!(
                    out,
                    r#"<rect class="column" x="{:.1}" y="{:.1}" width="7" height="7" fill="{WALL_COLOUR}"/>"#,
                    f.px(x) - 3.5,
                    f.py(y) - 3.5
                );
            }
        }
    }
    out.push_str("</g>\n");
}

/// Cracks: damage on a wall or door still standing, a zigzag across it and the count.
fn cracks(p: &mut Picture, board: &Board, f: &Frame) {
    let Picture { out, used } = p;
    out.push_str("<g id=\"cracks\">\n");
    for (e, st) in board.edge_states() {
        let standing = board.edge(*e).is_ok_and(|v| v.barrier != Barrier::Open);
        if st.damage == 0 || !standing {
            continue;
        }
        used.insert("crack");
        let (a, b) = f.ends(*e);
        let m = lerp(a, b, 0.5);
        let n = if e.horizontal { (0.0, 1.0) } else { (1.0, 0.0) };
        let u = if e.horizontal { (1.0, 0.0) } else { (0.0, 1.0) };
        let pts: Vec<Pt> = [(-7.0, -4.0), (-2.0, 4.0), (2.0, -4.0), (7.0, 4.0)]
            .iter()
            .map(|(t, k)| (m.0 + u.0 * t + n.0 * k, m.1 + u.1 * t + n.1 * k))
            .collect();
        let d: Vec<String> = pts.iter().map(|p| format!("{:.1} {:.1}", p.0, p.1)).collect();
        let _ = writeln!(
            out,
            r##"<g class="crack"><title>damage {} on {e}</title><path d="M {}" fill="none" stroke="{SEAL_COLOUR}" stroke-width="2"/>"##,
            st.damage,
            d.join(" L ")
        );
        let at = (m.0 + n.0 * 9.0 + u.0 * 9.0, m.1 + n.1 * 9.0 + u.1 * 9.0 + 3.0);
        text(
            out,
            at,
            9.0,
            "middle",
            &format!(
                r##"fill="{SEAL_COLOUR}" font-weight="bold" stroke="#fff" stroke-width="2" paint-order="stroke""##
            ),
            &st.damage.to_string(),
        );
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
}

/// Square labels above the board's features (a home circle never hides one), below the marks.
fn square_labels(out: &mut String, board: &Board, f: &Frame) {
    out.push_str("<g id=\"square-labels\">\n");
    for s in board.squares() {
        text(
            out,
            (f.px(s.x) + 2.5, f.py(s.y) + 8.5),
            7.5,
            "start",
            r##"fill="#888" stroke="#fff" stroke-width="1.5" stroke-opacity="0.8" paint-order="stroke""##,
            &format!("{},{}", s.x, s.y),
        );
    }
    out.push_str("</g>\n");
}

/// Overlay marks.
fn marks(out: &mut String, board: &Board, overlay: &Overlay, f: &Frame) {
    let marks = overlay.by_square();
    out.push_str("<g id=\"marks\">\n");
    for (s, ms) in &marks {
        if !board.contains(*s) {
            continue;
        }
        let (cx, cy) = (f.px(s.x) + CELL / 2.0, f.py(s.y) + CELL / 2.0);
        let n = ms.len();
        let (r, offsets): (f64, &[Pt]) = match n {
            1 => (12.0, &[(0.0, 0.0)]),
            2 => (9.5, &[(-8.5, 0.0), (8.5, 0.0)]),
            3 => (8.0, &[(-8.5, -6.5), (8.5, -6.5), (0.0, 8.0)]),
            _ => (7.5, &[(-9.0, -8.0), (9.0, -8.0), (-9.0, 9.0), (9.0, 9.0)]),
        };
        for (i, m) in ms.iter().enumerate().take(4) {
            let (x, y) = (cx + offsets[i].0, cy + offsets[i].1);
            let colour = escape(&css_colour(m.colour.as_deref(), mark_default_colour(m.kind)));
            let label = if m.label.is_empty() { m.kind.name().to_string() } else { m.label.clone() };
            let title = format!("{label} ({}) at {s}", m.kind.name());
            let _ = write!(out, r#"<g class="mark mark-{}"><title>{}</title>"#, m.kind.name(), escape(&title));
            if m.kind == MarkKind::Highlight {
                let _ = write!(
                    out,
                    r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r}" fill="{colour}" fill-opacity="0.25" stroke="{colour}" stroke-width="2" stroke-dasharray="3,2"/>"#
                );
            } else {
                let _ = write!(
                    out,
                    r##"<circle cx="{x:.1}" cy="{y:.1}" r="{r}" fill="{colour}" stroke="#111" stroke-width="1"/>"##
                );
            }
            let glyph = if i == 3 && n > 4 { '+' } else { m.glyph };
            let _ = writeln!(
                out,
                r##"<text x="{x:.1}" y="{:.1}" font-size="{:.0}" text-anchor="middle" font-weight="bold" fill="#fff" stroke="#000" stroke-width="2" paint-order="stroke">{}</text></g>"##,
                y + r * 0.42,
                r * 1.25,
                escape(&glyph.to_string())
            );
        }
    }
    out.push_str("</g>\n");
}

/// The key: samples of what appears, then the links and the marks; gives the picture's height.
fn key_layer(p: &mut Picture, board: &Board, overlay: &Overlay, f: &Frame, groups: &[LinkGroup]) -> f64 {
    let Picture { out, used } = p;
    let Frame { oy, map_h, width, .. } = *f;
    let key_top = oy + map_h + MARGIN - 6.0;
    out.push_str("<g id=\"key\">\n");
    text(out, (12.0, key_top + 4.0), 12.0, "start", r##"font-weight="bold" fill="#222""##, "Key");
    used.insert("wall");
    used.insert("column");
    let samples: Vec<&(&str, &str)> = KEY.iter().filter(|(k, _)| used.contains(k)).collect();
    let per_row = (((width - 20.0) / 128.0).floor() as usize).max(1);
    let col_w = (width - 20.0) / per_row as f64;
    for (i, (kind, label)) in samples.iter().enumerate() {
        let (x, y) = (12.0 + (i % per_row) as f64 * col_w, key_top + 22.0 + (i / per_row) as f64 * 24.0);
        key_sample(out, kind, x, y);
        text(out, (x + 30.0, y + 4.0), 10.5, "start", r##"fill="#333""##, label);
    }
    let mut y = key_top + 22.0 + samples.len().div_ceil(per_row) as f64 * 24.0 + 2.0;
    // Doors' colours (the dot on a closed door: the colour printed on it).
    let door_colours: BTreeSet<String> = edge_looks(board)
        .iter()
        .filter(|(_, l)| matches!(l, EdgeLook::Door { .. }))
        .filter_map(|(e, _)| board.edge(*e).ok()?.door?.colour)
        .collect();
    if !door_colours.is_empty() {
        text(out, (12.0, y), 11.0, "start", r##"fill="#333""##, "Door colours:");
        let mut x = 100.0;
        for c in &door_colours {
            let _ = writeln!(
                out,
                r##"<circle class="key-door-colour" cx="{x:.1}" cy="{:.1}" r="4" fill="{}" stroke="#000" stroke-width="0.5"/>"##,
                y - 4.0,
                escape(&css_colour(Some(c), "#fff"))
            );
            text(out, (x + 7.0, y), 11.0, "start", r##"fill="#333""##, c);
            x += 14.0 + 7.0 * c.chars().count() as f64;
            if x > width - 60.0 {
                x = 100.0;
                y += 15.0;
            }
        }
        y += 15.0;
    }
    for g in groups.iter().filter(|g| g.kind != LinkKind::Wrap) {
        let style = format!(r##"fill="{}" stroke="#333" stroke-width="0.2""##, escape(&links::colour(g)));
        text(out, (12.0, y), 11.0, "start", &style, &format!("{}: {}", g.title, describe_pairs(&g.pairs)));
        y += 15.0;
    }
    for m in &overlay.marks {
        let label = if m.label.is_empty() { String::new() } else { format!("{} ", m.label) };
        let colour = css_colour(m.colour.as_deref(), mark_default_colour(m.kind));
        let style = format!(r##"fill="{}" stroke="#333" stroke-width="0.2""##, escape(&colour));
        text(out, (12.0, y), 11.0, "start", &style, &format!("{} = {label}({}) at {}", m.glyph, m.kind.name(), m.at));
        y += 15.0;
    }
    for note in &overlay.notes {
        text(out, (12.0, y), 11.0, "start", r##"fill="#333""##, note);
        y += 15.0;
    }
    out.push_str("</g>\n");
    y + 6.0
}

/// The document: its size, the title (the overlay's, then the layout's name), a white ground,
/// then the layers.
fn document(board: &Board, overlay: &Overlay, width: f64, height: f64, out: &str) -> String {
    let layout = board.layout();
    let mut title = if layout.name == layout.id || layout.id.is_empty() {
        layout.name.clone()
    } else {
        format!("{} ({})", layout.name, layout.id)
    };
    if let Some(t) = &overlay.title {
        title = format!("{t}: {title}");
    }
    let mut doc = String::with_capacity(out.len() + 1024);
    let _ = writeln!(
        doc,
        r##"<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">
<title>{t}</title>
<rect x="0" y="0" width="{width:.0}" height="{height:.0}" fill="#ffffff"/>"##,
        t = escape(&title)
    );
    text(&mut doc, (width / 2.0, 24.0), 18.0, "middle", r##"font-weight="bold" fill="#222""##, &title);
    doc.push_str(out);
    doc.push_str("</svg>\n");
    doc
}
