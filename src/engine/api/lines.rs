//! What scripts see of the board's edges and lines (`game:edge`, `game:edges`, `game:lines`,
//! `game:lines_around`): an edge's record, its key in maps keyed by edges, and the filter that
//! picks lines by barrier, maker, sight and rim.

use super::*;

fn barrier_name(b: Barrier) -> &'static str {
    match b {
        Barrier::Open => "open",
        Barrier::Wall => "wall",
        Barrier::Door => "door",
    }
}

/// An edge's key in maps keyed by edges: "x,y,S" of its canonical name (`cv::edge`).
pub(super) fn edge_key(e: crate::geometry::EdgeId) -> String {
    // (As `cv::edge` names it: its square and side.)
    format!("{},{},{}", e.x, e.y, e.named_side().name())
}

/// Which lines `game:edges` and `game:lines` give: a barrier name, or { barrier = ...,
/// created_by = card, seen_from = square, seen_at = "any_point" | "centre", rim = false }.
pub(super) struct LineFilter {
    barrier: Option<String>,
    maker: Option<i64>,
    seen_from: Option<(crate::geometry::Sq, crate::geometry::EdgeTarget)>,
    /// false: not the board's outer lines.
    rim: bool,
}

impl LineFilter {
    pub(super) fn read(filter: Option<&Value>) -> Result<LineFilter, Fail> {
        let (barrier, maker) = match filter {
            Some(Value::Str(b)) => (Some(b.clone()), None),
            Some(f @ Value::Map(_)) => (
                f.get("barrier").and_then(Value::as_str).map(str::to_string),
                f.get("created_by").and_then(Value::as_int),
            ),
            None | Some(Value::Nil) => (None, None),
            Some(other) => return Err(format!("edges: expected a barrier name or a filter table, got {other}").into()),
        };
        let mode = match filter.and_then(|f| f.get("seen_at")).and_then(Value::as_str) {
            Some("any_point") => crate::geometry::EdgeTarget::AnyPoint,
            _ => crate::geometry::EdgeTarget::Midpoint,
        };
        let seen_from = match filter.and_then(|f| f.get("seen_from")) {
            Some(s) => Some((cv::to_sq(s)?, mode)),
            None => None,
        };
        let rim = !matches!(filter.and_then(|f| f.get("rim")), Some(Value::Bool(false)));
        Ok(LineFilter { barrier, maker, seen_from, rim })
    }

    /// The lines it lets through, square by square, their sides N, E, S, W: each line once,
    /// in board order. (Who made a line is looked at only when the filter asks.)
    pub(super) fn lines(&self, board: &crate::geometry::Board) -> Result<Vec<crate::geometry::EdgeId>, Fail> {
        let mut out = Vec::new();
        for (e, b) in board.lines_seen(self.seen_from) {
            if self.barrier.as_deref().is_some_and(|want| barrier_name(b) != want) {
                continue;
            }
            if !self.rim {
                let (a, b) = e.sides();
                if !(board.contains(a) && board.contains(b)) {
                    continue;
                }
            }
            if let Some(c) = self.maker {
                if board.line_maker(e) != Some(c as u64) {
                    continue;
                }
            }
            out.push(e);
        }
        Ok(out)
    }
}

/// What scripts see of an edge (`game:edge`, `game:edges`, `game:lines_around`).
pub(super) fn edge_info(v: &EdgeView) -> Answer {
    let door = v.door.as_ref().map(|d| {
        Answer::record(vec![
            ("colour", Answer::opt(d.colour.clone(), Answer::Text)),
            ("open", d.open.into()),
            ("sector", Answer::opt(d.sector, |s| Answer::Int(s as i64))),
            ("tags", Value::Map(d.tags.clone()).into()),
        ])
    });
    Answer::record(vec![
        ("barrier", Answer::Name(barrier_name(v.barrier))),
        ("boundary", v.boundary.into()),
        ("created_by", Answer::opt(v.created_by, |c| Answer::Int(c as i64))),
        ("damage", Answer::Int(v.damage as i64)),
        ("destroyed", v.destroyed.into()),
        ("door", door.unwrap_or(Answer::Nil)),
        ("edge", Answer::edge(v.id)),
        ("obstacles", Answer::List(v.obstacles.iter().map(|&o| Answer::Int(o as i64)).collect())),
        ("printed", Answer::Name(barrier_name(v.printed))),
    ])
}
