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
//! This file draws the picture layer by layer (`render_svg`) with the sizes and colours the
//! layers share; a door's drawing is `door.rs`, a warp's route `warp.rs`, the key's entries and
//! samples `key.rs`, and the elements and colours they are all written with `elements.rs`.

use super::board::{Barrier, Board};
use super::render::{
    describe_pairs, edge_looks, link_groups, square_infos, DoorLook, EdgeLook, LinkKind, MarkKind, Overlay,
};
use super::sector::SECTOR_SIZE;
use super::types::{Corner, Dir, EdgeId, Sq};
use std::collections::BTreeSet;
use std::fmt::Write;

mod door;
mod elements;
mod key;
mod warp;

use door::draw_door;
pub use elements::escape;
use elements::{css_colour, lerp, line, mark_default_colour, polygon, sector_colours, text, Pt};
use key::{key_sample, KEY};
use warp::{halfway, ring_route};

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

/// Draws the board as a standalone SVG document.
pub fn render_svg(board: &Board, overlay: &Overlay) -> String {
    if board.map_cells().is_some() {
        return super::map_board::map_svg(board, overlay);
    }
    let (w, h) = board.size();
    let groups = link_groups(board);
    let infos = square_infos(board);
    let marks = overlay.by_square();
    let map_w = w as f64 * CELL;
    let map_h = h as f64 * CELL;
    let width = (map_w + 2.0 * MARGIN).max(440.0);
    let (ox, oy) = ((width - map_w) / 2.0, TITLE + MARGIN);
    let px = |x: i32| ox + x as f64 * CELL;
    let py = |y: i32| oy + y as f64 * CELL;
    let ends = |e: EdgeId| -> (Pt, Pt) {
        let (a, b) = e.ends();
        ((px(a.x), py(a.y)), (px(b.x), py(b.y)))
    };
    let mid = |s: Sq, d: Dir| -> Pt {
        let (a, b) = ends(s.edge(d));
        lerp(a, b, 0.5)
    };
    let normal = |d: Dir| -> Pt {
        let (dx, dy) = d.delta();
        (dx as f64, dy as f64)
    };
    let mut out = String::new();
    // Which features appear, for the key.
    let mut used: BTreeSet<&'static str> = BTreeSet::new();

    // Squares: sector tint, thin grid, coordinates in the corner. Each names its square
    // (`data-x`, `data-y`): the web table's page answers a click on one.
    out.push_str("<g id=\"squares\">\n");
    for s in board.squares() {
        let (_, pale) = sector_colours(board, board.sector_of(s).unwrap_or(0));
        let _ = writeln!(
            out,
            r##"<rect class="square" data-x="{}" data-y="{}" x="{:.1}" y="{:.1}" width="{CELL}" height="{CELL}" fill="{pale}" stroke="#c8c8c8" stroke-width="0.6"/>"##,
            s.x,
            s.y,
            px(s.x),
            py(s.y)
        );
    }
    out.push_str("</g>\n<g id=\"coords\">\n");
    for x in 0..w {
        let cx = px(x) + CELL / 2.0;
        text(&mut out, (cx, oy - 36.0), 15.0, "middle", r##"fill="#222" font-weight="bold""##, &x.to_string());
        text(&mut out, (cx, oy + map_h + 46.0), 15.0, "middle", r##"fill="#222" font-weight="bold""##, &x.to_string());
    }
    for y in 0..h {
        let cy = py(y) + CELL / 2.0 + 4.0;
        text(&mut out, (ox - 38.0, cy), 15.0, "middle", r##"fill="#222" font-weight="bold""##, &y.to_string());
        text(&mut out, (ox + map_w + 38.0, cy), 15.0, "middle", r##"fill="#222" font-weight="bold""##, &y.to_string());
    }
    out.push_str("</g>\n");

    // Sector outlines, faintly, so a player sees the sectors.
    out.push_str("<g id=\"sectors\">\n");
    for i in 0..board.sector_count() {
        let (strong, _) = sector_colours(board, i);
        let first = board.sector_squares(i)[0];
        let _ = writeln!(
            out,
            r#"<rect class="sector" x="{:.1}" y="{:.1}" width="{s:.0}" height="{s:.0}" fill="none" stroke="{strong}" stroke-opacity="0.35" stroke-width="1.5"><title>sector {i}: {}</title></rect>"#,
            px(first.x),
            py(first.y),
            escape(&board.faces()[i].name),
            s = CELL * SECTOR_SIZE as f64,
        );
    }
    out.push_str("</g>\n");

    // Things in squares: home bases, treasure starts, obstacles.
    out.push_str("<g id=\"features\">\n");
    for (s, info) in &infos {
        if !board.contains(*s) {
            continue;
        }
        let (x, y) = (px(s.x), py(s.y));
        let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
        if let Some(i) = info.home {
            used.insert("home");
            let (strong, _) = sector_colours(board, i);
            let _ = writeln!(
                out,
                r#"<circle class="home" cx="{cx:.1}" cy="{cy:.1}" r="15" fill="{strong}" fill-opacity="0.18" stroke="{strong}" stroke-width="3"><title>home base of sector {i} {s}</title></circle>"#
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

    // Edges: walls, created walls, destroyed walls, doors, edge obstacles.
    out.push_str("<g id=\"edges\" stroke-linecap=\"square\">\n");
    for (e, look) in edge_looks(board) {
        let (a, b) = ends(e);
        match look {
            EdgeLook::Open => {}
            EdgeLook::Wall => line(
                &mut out,
                "wall",
                a,
                b,
                &format!(r#"stroke="{WALL_COLOUR}" stroke-width="5""#),
                &format!("wall {e}"),
            ),
            EdgeLook::CreatedWall => {
                used.insert("created");
                line(
                    &mut out,
                    "created-wall",
                    a,
                    b,
                    &format!(r#"stroke="{CREATED_COLOUR}" stroke-width="5""#),
                    &format!("created wall {e}"),
                )
            }
            EdgeLook::Destroyed => {
                used.insert("destroyed");
                line(&mut out, "destroyed", a, b, DESTROYED_STYLE, &format!("destroyed wall {e}"))
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
                draw_door(&mut out, "", (a, b), into, created, state, colour.as_deref(), &title);
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
                    &mut out,
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

    // Columns.
    out.push_str("<g id=\"columns\">\n");
    for y in 0..=h {
        for x in 0..=w {
            if board.column_at(Corner { x, y }) {
                let _ = writeln!(
                    out,
                    r#"<rect class="column" x="{:.1}" y="{:.1}" width="7" height="7" fill="{WALL_COLOUR}"/>"#,
                    px(x) - 3.5,
                    py(y) - 3.5
                );
            }
        }
    }
    out.push_str("</g>\n");

    // Links.
    out.push_str("<g id=\"links\">\n");
    for g in &groups {
        match g.kind {
            LinkKind::Portal => {
                used.insert("portal");
                let colour = escape(&css_colour(g.colour.as_deref(), "#888"));
                let name = g.colour.clone().unwrap_or_default();
                for &(s, d, t, td) in &g.ends {
                    let (m, n) = (mid(s, d), normal(d));
                    let c = (m.0 + n.0 * 14.0, m.1 + n.1 * 14.0);
                    let _ = writeln!(
                        out,
                        r##"<circle class="portal" cx="{:.1}" cy="{:.1}" r="9" fill="{colour}" stroke="#222" stroke-width="1.5"><title>{}: {s}{d} to {t}{td}</title></circle>"##,
                        c.0,
                        c.1,
                        escape(&g.title)
                    );
                    // The colour's name beside the circle, kept off the map and the coordinates;
                    // the far end is in the tooltip and the key.
                    let (at, anchor) = match d {
                        Dir::N => ((c.0 + 13.0, c.1 - 2.0), "start"),
                        Dir::S => ((c.0 + 13.0, c.1 + 8.0), "start"),
                        Dir::W => ((c.0 + 9.0, c.1 - 13.0), "end"),
                        Dir::E => ((c.0 - 9.0, c.1 - 13.0), "start"),
                    };
                    text(
                        &mut out,
                        at,
                        10.0,
                        anchor,
                        &format!(r##"fill="{colour}" stroke="#333" stroke-width="0.3" font-weight="bold""##),
                        &name,
                    );
                }
            }
            LinkKind::Warp => {
                used.insert("warp");
                // A dashed bar along each side, and a dashed line between their middles: a
                // curve when it stays off the board, else a route around the outside.
                let _ = writeln!(
                    out,
                    r#"<g class="warp"><title>{}: {}</title>"#,
                    escape(&g.title),
                    escape(&describe_pairs(&g.pairs))
                );
                let mut centres = Vec::new();
                for side in [
                    g.pairs.iter().map(|p| (p.0, p.1)).collect::<Vec<_>>(),
                    g.pairs.iter().map(|p| (p.2, p.3)).collect(),
                ] {
                    let (first, last) = (side[0], side[side.len() - 1]);
                    let n = normal(first.1);
                    let (a0, a1) = ends(first.0.edge(first.1));
                    let (b0, b1) = ends(last.0.edge(last.1));
                    let pts = [a0, a1, b0, b1];
                    let min = (
                        pts.iter().map(|p| p.0).fold(f64::INFINITY, f64::min),
                        pts.iter().map(|p| p.1).fold(f64::INFINITY, f64::min),
                    );
                    let max = (
                        pts.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max),
                        pts.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max),
                    );
                    let off = 7.0;
                    let (p, q) = ((min.0 + n.0 * off, min.1 + n.1 * off), (max.0 + n.0 * off, max.1 + n.1 * off));
                    line(
                        &mut out,
                        "warp-side",
                        p,
                        q,
                        &format!(r#"stroke="{WARP_COLOUR}" stroke-width="3" stroke-dasharray="6,3""#),
                        "",
                    );
                    centres.push((lerp(p, q, 0.5), n));
                }
                let ((p0, na), (p3, nb)) = (centres[0], centres[1]);
                let k = 46.0;
                let c1 = (p0.0 + na.0 * k, p0.1 + na.1 * k);
                let c2 = (p3.0 + nb.0 * k, p3.1 + nb.1 * k);
                let bez = |t: f64| -> Pt {
                    let u = 1.0 - t;
                    (
                        u * u * u * p0.0 + 3.0 * u * u * t * c1.0 + 3.0 * u * t * t * c2.0 + t * t * t * p3.0,
                        u * u * u * p0.1 + 3.0 * u * u * t * c1.1 + 3.0 * u * t * t * c2.1 + t * t * t * p3.1,
                    )
                };
                let over_board = (1..40).map(|i| bez(i as f64 / 40.0)).any(|(x, y)| {
                    let s = Sq::new(((x - ox) / CELL).floor() as i32, ((y - oy) / CELL).floor() as i32);
                    board.contains(s)
                });
                let style = format!(
                    r#"fill="none" stroke="{WARP_COLOUR}" stroke-width="2" stroke-dasharray="7,4" stroke-linejoin="round""#
                );
                let label_at = if !over_board {
                    let _ = writeln!(
                        out,
                        r#"<path class="warp-arc" d="M {:.1} {:.1} C {:.1} {:.1}, {:.1} {:.1}, {:.1} {:.1}" {style}/>"#,
                        p0.0, p0.1, c1.0, c1.1, c2.0, c2.1, p3.0, p3.1
                    );
                    bez(0.5)
                } else {
                    let pts = ring_route(p0, na, p3, nb, (ox, oy, ox + map_w, oy + map_h), 20.0);
                    let d: Vec<String> = pts.iter().map(|p| format!("{:.1} {:.1}", p.0, p.1)).collect();
                    let _ = writeln!(out, r#"<path class="warp-arc" d="M {}" {style}/>"#, d.join(" L "));
                    halfway(&pts)
                };
                text(
                    &mut out,
                    (label_at.0, label_at.1 - 4.0),
                    10.0,
                    "middle",
                    &format!(
                        r##"fill="{WARP_COLOUR}" font-weight="bold" stroke="#fff" stroke-width="3" paint-order="stroke""##
                    ),
                    &g.title,
                );
                out.push_str("</g>\n");
            }
            LinkKind::Wrap => {
                for &(s, d, t, td) in &g.ends {
                    let passable = board.edge(s.edge(d)).map(|v| v.barrier != Barrier::Wall).unwrap_or(false);
                    if !passable {
                        continue;
                    }
                    used.insert("wrap");
                    let (m, n) = (mid(s, d), normal(d));
                    let side = (-n.1, n.0);
                    let base = (m.0 + n.0 * 4.0, m.1 + n.1 * 4.0);
                    let tip = (m.0 + n.0 * 13.0, m.1 + n.1 * 13.0);
                    polygon(
                        &mut out,
                        "wrap",
                        &[
                            (base.0 + side.0 * 6.0, base.1 + side.1 * 6.0),
                            tip,
                            (base.0 - side.0 * 6.0, base.1 - side.1 * 6.0),
                        ],
                        "#777",
                        &format!("wraps: {s}{d} to {t}{td}"),
                    );
                }
            }
        }
    }
    out.push_str("</g>\n");

    // Cracks: damage on a wall or door still standing, a zigzag across it and the count.
    out.push_str("<g id=\"cracks\">\n");
    for (e, st) in board.edge_states() {
        let standing = board.edge(*e).is_ok_and(|v| v.barrier != Barrier::Open);
        if st.damage == 0 || !standing {
            continue;
        }
        used.insert("crack");
        let (a, b) = ends(*e);
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
            &mut out,
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

    // Square labels above the board's features (a home circle never hides one), below the marks.
    out.push_str("<g id=\"square-labels\">\n");
    for s in board.squares() {
        text(
            &mut out,
            (px(s.x) + 2.5, py(s.y) + 8.5),
            7.5,
            "start",
            r##"fill="#888" stroke="#fff" stroke-width="1.5" stroke-opacity="0.8" paint-order="stroke""##,
            &format!("{},{}", s.x, s.y),
        );
    }
    out.push_str("</g>\n");

    // Overlay marks.
    out.push_str("<g id=\"marks\">\n");
    for (s, ms) in &marks {
        if !board.contains(*s) {
            continue;
        }
        let (cx, cy) = (px(s.x) + CELL / 2.0, py(s.y) + CELL / 2.0);
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

    // The key: samples of what appears, then the links and the marks.
    let key_top = oy + map_h + MARGIN - 6.0;
    out.push_str("<g id=\"key\">\n");
    text(&mut out, (12.0, key_top + 4.0), 12.0, "start", r##"font-weight="bold" fill="#222""##, "Key");
    used.insert("wall");
    used.insert("column");
    let samples: Vec<&(&str, &str)> = KEY.iter().filter(|(k, _)| used.contains(k)).collect();
    let per_row = (((width - 20.0) / 128.0).floor() as usize).max(1);
    let col_w = (width - 20.0) / per_row as f64;
    for (i, (kind, label)) in samples.iter().enumerate() {
        let (x, y) = (12.0 + (i % per_row) as f64 * col_w, key_top + 22.0 + (i / per_row) as f64 * 24.0);
        key_sample(&mut out, kind, x, y);
        text(&mut out, (x + 30.0, y + 4.0), 10.5, "start", r##"fill="#333""##, label);
    }
    let mut y = key_top + 22.0 + samples.len().div_ceil(per_row) as f64 * 24.0 + 2.0;
    // Doors' colours (the dot on a closed door: the colour printed on it).
    let door_colours: BTreeSet<String> = edge_looks(board)
        .iter()
        .filter(|(_, l)| matches!(l, EdgeLook::Door { .. }))
        .filter_map(|(e, _)| board.edge(*e).ok()?.door?.colour)
        .collect();
    if !door_colours.is_empty() {
        text(&mut out, (12.0, y), 11.0, "start", r##"fill="#333""##, "Door colours:");
        let mut x = 100.0;
        for c in &door_colours {
            let _ = writeln!(
                out,
                r##"<circle class="key-door-colour" cx="{x:.1}" cy="{:.1}" r="4" fill="{}" stroke="#000" stroke-width="0.5"/>"##,
                y - 4.0,
                escape(&css_colour(Some(c), "#fff"))
            );
            text(&mut out, (x + 7.0, y), 11.0, "start", r##"fill="#333""##, c);
            x += 14.0 + 7.0 * c.chars().count() as f64;
            if x > width - 60.0 {
                x = 100.0;
                y += 15.0;
            }
        }
        y += 15.0;
    }
    for g in groups.iter().filter(|g| g.kind != LinkKind::Wrap) {
        let colour = match g.kind {
            LinkKind::Portal => css_colour(g.colour.as_deref(), "#888"),
            _ => WARP_COLOUR.to_string(),
        };
        let style = format!(r##"fill="{}" stroke="#333" stroke-width="0.2""##, escape(&colour));
        text(&mut out, (12.0, y), 11.0, "start", &style, &format!("{}: {}", g.title, describe_pairs(&g.pairs)));
        y += 15.0;
    }
    for m in &overlay.marks {
        let label = if m.label.is_empty() { String::new() } else { format!("{} ", m.label) };
        let colour = css_colour(m.colour.as_deref(), mark_default_colour(m.kind));
        let style = format!(r##"fill="{}" stroke="#333" stroke-width="0.2""##, escape(&colour));
        text(
            &mut out,
            (12.0, y),
            11.0,
            "start",
            &style,
            &format!("{} = {label}({}) at {}", m.glyph, m.kind.name(), m.at),
        );
        y += 15.0;
    }
    for note in &overlay.notes {
        text(&mut out, (12.0, y), 11.0, "start", r##"fill="#333""##, note);
        y += 15.0;
    }
    out.push_str("</g>\n");
    let height = y + 6.0;

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
    doc.push_str(&out);
    doc.push_str("</svg>\n");
    doc
}
