//! The links' layer of the board's picture: portals (a coloured circle by each rim opening, the
//! colour's name beside it), warps (a dashed bar along each side they join and a dashed line
//! between them, round the board when a curve would cross it) and plain wraps (small arrows).

use super::elements::{css_colour, escape, lerp, line, polygon, text, Pt};
use super::warp::{halfway, ring_route};
use super::{normal, Frame, Picture, CELL, WARP_COLOUR};
use crate::geometry::board::{Barrier, Board};
use crate::geometry::render::{describe_pairs, LinkGroup, LinkKind};
use crate::geometry::types::{Dir, Sq};
use std::fmt::Write;

/// Links.
pub(super) fn draw(p: &mut Picture, board: &Board, f: &Frame, groups: &[LinkGroup]) {
    let Picture { out, used } = p;
    let Frame { ox, oy, map_w, map_h, .. } = *f;
    out.push_str("<g id=\"links\">\n");
    for g in groups {
        match g.kind {
            LinkKind::Portal => {
                used.insert("portal");
                let colour = escape(&colour(g));
                let name = g.colour.clone().unwrap_or_default();
                for &(s, d, t, td) in &g.ends {
                    let (m, n) = (f.mid(s, d), normal(d));
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
                        out,
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
                    let (a0, a1) = f.ends(first.0.edge(first.1));
                    let (b0, b1) = f.ends(last.0.edge(last.1));
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
                        out,
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
                    out,
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
                    let (m, n) = (f.mid(s, d), normal(d));
                    let side = (-n.1, n.0);
                    let base = (m.0 + n.0 * 4.0, m.1 + n.1 * 4.0);
                    let tip = (m.0 + n.0 * 13.0, m.1 + n.1 * 13.0);
                    polygon(
                        out,
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
}

/// A link's colour: a portal's own (grey when it has none), the warps' teal.
pub(super) fn colour(g: &LinkGroup) -> String {
    match g.kind {
        LinkKind::Portal => css_colour(g.colour.as_deref(), "#888"),
        _ => WARP_COLOUR.to_string(),
    }
}
