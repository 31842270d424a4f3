//! A door as the picture draws it, on the board and in the key: a bar when closed (with its
//! colour's dot, and a red cross when sealed), swung open on its hinge when open (with a red
//! wedge when jammed, an "h" when held).

use super::elements::{css_colour, escape, lerp, line, polygon, text, Pt};
use super::{CREATED_DOOR_COLOUR, DOOR_COLOUR, SEAL_COLOUR};
use crate::geometry::render::DoorLook;
use std::fmt::Write;

/// Draws a door between `a` and `b` (the ends of its border line). `into` is the unit vector
/// into the square it swings into when open. `prefix` goes before every class ("key-" for
/// the samples of the key, so they are not counted as doors of the board).
#[allow(clippy::too_many_arguments)]
pub(super) fn draw_door(
    out: &mut String,
    prefix: &str,
    (a, b): (Pt, Pt),
    into: Pt,
    created: bool,
    state: DoorLook,
    colour: Option<&str>,
    title: &str,
) {
    let (p, q) = (lerp(a, b, 0.12), lerp(a, b, 0.88));
    let bar = if created { CREATED_DOOR_COLOUR } else { DOOR_COLOUR };
    let len = ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt();
    let u = ((q.0 - p.0) / len, (q.1 - p.1) / len);
    let open = !matches!(state, DoorLook::Closed | DoorLook::Sealed);
    let _ = write!(out, r#"<g class="{prefix}{}">"#, if open { "door-open" } else { "door" });
    if !title.is_empty() {
        let _ = write!(out, "<title>{}</title>", escape(title));
    }
    out.push('\n');
    if !open {
        if state == DoorLook::Sealed {
            // A red border around the bar, and a red cross over it.
            line(out, &format!("{prefix}door-seal"), p, q, &format!(r#"stroke="{SEAL_COLOUR}" stroke-width="10""#), "");
        }
        line(out, &format!("{prefix}door-bar"), p, q, &format!(r#"stroke="{bar}" stroke-width="6""#), "");
        let m = lerp(a, b, 0.5);
        if let Some(c) = colour {
            let _ = writeln!(
                out,
                r##"<circle cx="{:.1}" cy="{:.1}" r="2.5" fill="{}" stroke="#000" stroke-width="0.5"/>"##,
                m.0,
                m.1,
                escape(&css_colour(Some(c), "#fff"))
            );
        }
        if state == DoorLook::Sealed {
            let r = 6.0;
            let st = format!(r#"stroke="{SEAL_COLOUR}" stroke-width="2""#);
            line(out, &format!("{prefix}door-x"), (m.0 - r, m.1 - r), (m.0 + r, m.1 + r), &st, "");
            line(out, &format!("{prefix}door-x"), (m.0 - r, m.1 + r), (m.0 + r, m.1 - r), &st, "");
        }
    } else {
        // The doorway dashed, the leaf swung a quarter turn about its hinge at `p`, and the
        // path of its free end as a faint arc, as on an architect's plan.
        let dashed = format!(r#"stroke="{bar}" stroke-width="1.5" stroke-dasharray="3,3""#);
        line(out, &format!("{prefix}door-way"), p, q, &dashed, "");
        let tip = (p.0 + into.0 * len, p.1 + into.1 * len);
        let cross = (tip.0 - p.0) * (q.1 - p.1) - (tip.1 - p.1) * (q.0 - p.0);
        let sweep = if cross > 0.0 { 1 } else { 0 };
        let _ = writeln!(
            out,
            r#"<path class="{prefix}door-arc" d="M {:.1} {:.1} A {len:.1} {len:.1} 0 0 {sweep} {:.1} {:.1}" fill="none" stroke="{bar}" stroke-width="0.8" stroke-opacity="0.6"/>"#,
            tip.0, tip.1, q.0, q.1
        );
        line(out, &format!("{prefix}door-leaf"), p, tip, &format!(r#"stroke="{bar}" stroke-width="4""#), "");
        match state {
            DoorLook::Jammed => {
                // A red wedge against the leaf's closing side, near its free end.
                let w = 9.0;
                let base = (tip.0 - into.0 * 3.0, tip.1 - into.1 * 3.0);
                polygon(
                    out,
                    &format!("{prefix}door-wedge"),
                    &[
                        (base.0 + u.0 * 2.0, base.1 + u.1 * 2.0),
                        (base.0 + u.0 * (2.0 + w), base.1 + u.1 * (2.0 + w)),
                        (base.0 + u.0 * 2.0 - into.0 * w * 1.2, base.1 + u.1 * 2.0 - into.1 * w * 1.2),
                    ],
                    SEAL_COLOUR,
                    "",
                );
            }
            DoorLook::Held => {
                let t = (tip.0 + u.0 * 8.0 + into.0 * 2.0, tip.1 + u.1 * 8.0 + into.1 * 2.0 + 3.5);
                text(out, t, 10.0, "middle", &format!(r#"fill="{bar}" font-weight="bold""#), "h");
            }
            _ => {}
        }
    }
    out.push_str("</g>\n");
}
