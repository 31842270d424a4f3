//! The pieces every layer of the picture is written with: text escaped for XML, lines, texts
//! and polygons (each with its class and an optional title), points and their interpolation,
//! and the colours the picture reads from data (a colour word, a sector's, a mark's).

use crate::geometry::board::Board;
use crate::geometry::render::MarkKind;
use std::fmt::Write;

/// Escapes text for XML content and attribute values.
pub fn escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => o.push(' '),
            c => o.push(c),
        }
    }
    o
}

/// A colour given by data (a CSS name like `purple`, or `#abc`), or `fallback` if it does not
/// look like one. "red(unlocked)" gives "red".
pub(super) fn css_colour(c: Option<&str>, fallback: &str) -> String {
    let Some(c) = c else { return fallback.to_string() };
    let c = c.trim();
    if c.starts_with('#') && c.len() <= 9 && c[1..].chars().all(|d| d.is_ascii_hexdigit()) && c.len() > 1 {
        return c.to_string();
    }
    let word: String = c.chars().take_while(|ch| ch.is_ascii_alphabetic()).collect();
    if word.is_empty() {
        fallback.to_string()
    } else {
        word.to_ascii_lowercase()
    }
}

/// The colour of a sector: from a colour word in its face id or name ("blue.front"), else a
/// palette by index. Returns (strong, pale tint).
pub(super) fn sector_colours(board: &Board, i: usize) -> (&'static str, &'static str) {
    const NAMED: [(&str, &str, &str); 8] = [
        ("blue", "#2b6cb0", "#e3eefa"),
        ("red", "#c53030", "#fbe4e4"),
        ("yellow", "#b7791f", "#fbf3d5"),
        ("green", "#2f855a", "#e1f3e6"),
        ("purple", "#6b46c1", "#efe6fb"),
        ("orange", "#dd6b20", "#fdebdc"),
        ("cyan", "#0987a0", "#dff5f8"),
        ("pink", "#b83280", "#fbe5f1"),
    ];
    let face = &board.faces()[i];
    let text = format!("{} {}", face.id, face.name).to_ascii_lowercase();
    if let Some((_, strong, pale)) = NAMED.iter().find(|(n, _, _)| text.contains(n)) {
        return (strong, pale);
    }
    let (_, strong, pale) = NAMED[i % NAMED.len()];
    (strong, pale)
}

pub(super) fn mark_default_colour(k: MarkKind) -> &'static str {
    match k {
        MarkKind::Wizard => "#1a1a2e",
        MarkKind::Treasure => "#d4a017",
        MarkKind::Object => "#6b6b6b",
        MarkKind::Highlight => "#ff8c00",
    }
}

pub(super) type Pt = (f64, f64);

pub(super) fn lerp(a: Pt, b: Pt, t: f64) -> Pt {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

pub(super) fn line(out: &mut String, class: &str, (x1, y1): Pt, (x2, y2): Pt, style: &str, title: &str) {
    let _ = write!(out, r#"<line class="{class}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" {style}"#);
    if title.is_empty() {
        out.push_str("/>\n");
    } else {
        let _ = writeln!(out, "><title>{}</title></line>", escape(title));
    }
}

pub(super) fn text(out: &mut String, (x, y): Pt, size: f64, anchor: &str, style: &str, s: &str) {
    let _ = writeln!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" text-anchor="{anchor}" {style}>{}</text>"#,
        escape(s)
    );
}

pub(super) fn polygon(out: &mut String, class: &str, pts: &[Pt], fill: &str, title: &str) {
    let points: Vec<String> = pts.iter().map(|p| format!("{:.1},{:.1}", p.0, p.1)).collect();
    let _ = write!(out, r#"<polygon class="{class}" points="{}" fill="{fill}""#, points.join(" "));
    if title.is_empty() {
        out.push_str("/>\n");
    } else {
        let _ = writeln!(out, "><title>{}</title></polygon>", escape(title));
    }
}
