//! Where a warp's line runs: around the outside of the board, the shorter way round, so that it
//! crosses no square; and the point halfway along it, where its label goes.

use super::elements::{lerp, Pt};

/// Routes a warp's line around the outside of the board: from `p0` (just outside one side,
/// heading `n0`) to `p3`, along a ring `d` pixels outside the map rectangle `[l, t, r, b]`,
/// the shorter way round. Returns the polyline.
pub(super) fn ring_route(p0: Pt, n0: Pt, p3: Pt, n3: Pt, (l, t, r, b): (f64, f64, f64, f64), d: f64) -> Vec<Pt> {
    let (l, t, r, b) = (l - d, t - d, r + d, b + d);
    let (w, h) = (r - l, b - t);
    let per = 2.0 * (w + h);
    // Push a point out along its normal onto the ring.
    let onto = |p: Pt, n: Pt| -> Pt {
        if n.1 < 0.0 {
            (p.0.clamp(l, r), t)
        } else if n.1 > 0.0 {
            (p.0.clamp(l, r), b)
        } else if n.0 < 0.0 {
            (l, p.1.clamp(t, b))
        } else {
            (r, p.1.clamp(t, b))
        }
    };
    // Position along the ring, clockwise from the top-left corner.
    let pos = |p: Pt| -> f64 {
        if (p.1 - t).abs() < 1e-6 {
            p.0 - l
        } else if (p.0 - r).abs() < 1e-6 {
            w + (p.1 - t)
        } else if (p.1 - b).abs() < 1e-6 {
            w + h + (r - p.0)
        } else {
            2.0 * w + h + (b - p.1)
        }
    };
    let corners = [(0.0, (l, t)), (w, (r, t)), (w + h, (r, b)), (2.0 * w + h, (l, b))];
    let (a, z) = (onto(p0, n0), onto(p3, n3));
    let (sa, sz) = (pos(a), pos(z));
    let cw = (sz - sa).rem_euclid(per);
    let mut pts = vec![p0, a];
    if cw <= per - cw {
        // Clockwise: corners whose position lies strictly between.
        let mut cs: Vec<(f64, Pt)> =
            corners.iter().map(|&(s, c)| ((s - sa).rem_euclid(per), c)).filter(|&(k, _)| k > 0.0 && k < cw).collect();
        cs.sort_by(|x, y| x.0.total_cmp(&y.0));
        pts.extend(cs.into_iter().map(|(_, c)| c));
    } else {
        let ccw = per - cw;
        let mut cs: Vec<(f64, Pt)> =
            corners.iter().map(|&(s, c)| ((sa - s).rem_euclid(per), c)).filter(|&(k, _)| k > 0.0 && k < ccw).collect();
        cs.sort_by(|x, y| x.0.total_cmp(&y.0));
        pts.extend(cs.into_iter().map(|(_, c)| c));
    }
    pts.push(z);
    pts.push(p3);
    pts
}

/// The point halfway along a polyline.
pub(super) fn halfway(pts: &[Pt]) -> Pt {
    let seg = |i: usize| ((pts[i + 1].0 - pts[i].0).powi(2) + (pts[i + 1].1 - pts[i].1).powi(2)).sqrt();
    let total: f64 = (0..pts.len() - 1).map(seg).sum();
    let mut left = total / 2.0;
    for i in 0..pts.len() - 1 {
        let s = seg(i);
        if left <= s && s > 0.0 {
            return lerp(pts[i], pts[i + 1], left / s);
        }
        left -= s;
    }
    pts[pts.len() - 1]
}
