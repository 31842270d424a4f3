//! The picture's key: its entries (each a feature the drawing records when it draws one) and
//! the sample drawn beside each entry's text.

use super::door::draw_door;
use super::elements::{line, polygon};
use super::{CREATED_COLOUR, DESTROYED_STYLE, OBSTACLE_LOS, OBSTACLE_MOVE, SEAL_COLOUR, WALL_COLOUR, WARP_COLOUR};
use crate::geometry::render::DoorLook;
use std::fmt::Write;

/// The key's entries: feature (as recorded while drawing) and its text.
pub(super) const KEY: &[(&str, &str)] = &[
    ("wall", "wall"),
    ("created", "created wall"),
    ("destroyed", "destroyed wall"),
    ("column", "column"),
    ("door", "door"),
    ("door-open", "open door"),
    ("jammed", "jammed open"),
    ("sealed", "sealed door"),
    ("crack", "damage (count)"),
    ("home", "home base"),
    ("treasure", "treasure start"),
    ("obstacle", "blocks movement"),
    ("obstacle-los", "blocks sight only"),
    ("portal", "portal"),
    ("warp", "warp"),
    ("wrap", "wraps around"),
];

/// Draws the sample of a key entry in the 24x24 box left of (x, y) .. (x + 24, y).
pub(super) fn key_sample(out: &mut String, kind: &str, x: f64, y: f64) {
    let (a, b) = ((x, y), (x + 24.0, y));
    match kind {
        "wall" => line(out, "key-wall", a, b, &format!(r#"stroke="{WALL_COLOUR}" stroke-width="5""#), ""),
        "created" => line(out, "key-created", a, b, &format!(r#"stroke="{CREATED_COLOUR}" stroke-width="5""#), ""),
        "destroyed" => line(out, "key-destroyed", a, b, DESTROYED_STYLE, ""),
        "door" => draw_door(out, "key-", (a, b), (0.0, 1.0), false, DoorLook::Closed, None, ""),
        "door-open" => {
            draw_door(out, "key-", ((x, y - 6.0), (x + 22.0, y - 6.0)), (0.0, 1.0), false, DoorLook::Open, None, "")
        }
        "jammed" => {
            draw_door(out, "key-", ((x, y - 6.0), (x + 22.0, y - 6.0)), (0.0, 1.0), false, DoorLook::Jammed, None, "")
        }
        "sealed" => draw_door(out, "key-", (a, b), (0.0, 1.0), false, DoorLook::Sealed, None, ""),
        "column" => {
            let _ = writeln!(
                out,
                r#"<rect class="key-column" x="{:.1}" y="{:.1}" width="7" height="7" fill="{WALL_COLOUR}"/>"#,
                x + 8.5,
                y - 3.5
            );
        }
        "home" => {
            let _ = writeln!(
                out,
                r##"<circle class="key-home" cx="{:.1}" cy="{y:.1}" r="8" fill="#555" fill-opacity="0.15" stroke="#555" stroke-width="2.5"/>"##,
                x + 12.0
            );
        }
        "treasure" => {
            let _ = writeln!(
                out,
                r##"<rect class="key-treasure" x="{:.1}" y="{:.1}" width="12" height="12" fill="#ffd700" fill-opacity="0.5" stroke="#b8860b" stroke-width="1.5"/>"##,
                x + 6.0,
                y - 6.0
            );
        }
        "obstacle" | "obstacle-los" => {
            let fill = if kind == "obstacle" { OBSTACLE_MOVE } else { OBSTACLE_LOS };
            let _ = writeln!(
                out,
                r##"<rect class="key-obstacle" x="{:.1}" y="{:.1}" width="16" height="16" rx="2" fill="{fill}" fill-opacity="0.75" stroke="#444"/>"##,
                x + 4.0,
                y - 8.0
            );
        }
        "portal" => {
            let _ = writeln!(
                out,
                r##"<circle class="key-portal" cx="{:.1}" cy="{y:.1}" r="7" fill="#9b59b6" stroke="#222" stroke-width="1.5"/>"##,
                x + 12.0
            );
        }
        "warp" => {
            let _ = writeln!(
                out,
                r#"<path class="key-warp" d="M {:.1} {:.1} Q {:.1} {:.1} {:.1} {:.1}" fill="none" stroke="{WARP_COLOUR}" stroke-width="2" stroke-dasharray="5,3"/>"#,
                x,
                y + 5.0,
                x + 12.0,
                y - 12.0,
                x + 24.0,
                y + 5.0
            );
        }
        "crack" => {
            let _ = writeln!(
                out,
                r#"<path class="key-crack" d="M {:.1} {:.1} L {:.1} {:.1} L {:.1} {:.1} L {:.1} {:.1}" fill="none" stroke="{SEAL_COLOUR}" stroke-width="2"/>"#,
                x + 5.0,
                y - 4.0,
                x + 10.0,
                y + 4.0,
                x + 14.0,
                y - 4.0,
                x + 19.0,
                y + 4.0
            );
        }
        "wrap" => polygon(out, "key-wrap", &[(x + 7.0, y - 6.0), (x + 17.0, y), (x + 7.0, y + 6.0)], "#777", ""),
        _ => {}
    }
}
