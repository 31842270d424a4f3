//! The exact line between two cell centres, on squares and hexes alike: which cells it enters,
//! in order, and where it runs exactly between two cells.
//!
//! Each shape is drawn in an integer chart where every cell is a convex polygon: squares with
//! centres at `2 * (x, y)` and sides one unit away; hexes with centres at `3 * (q, r)` in axial
//! coordinates, where the hex is `|u - v| <= 3, |u + 2v| <= 3, |2u + v| <= 3` around its centre
//! (its corners fall on integers: `(2,-1) (1,-2) (-1,-1) (-2,1) (-1,2) (1,1)`). The axial chart
//! is an affine image of the flat board, so it keeps straight lines, which side of a line a
//! point is on, and where lines meet: "does the line cross this side, or run along it" gets the
//! same answer as on the board, with integer arithmetic only, on every machine.
//!
//! Along the line `A + t (B - A)`, each side of a cell bounds `t` by a fraction; the cell is
//! *entered* when the open interval left is not empty, and only *touched* when the line meets
//! its border alone. Touched cells with the same interval come in pairs: the two squares beside
//! a corner the line passes through, or the two hexes along whose shared side it runs (two hex
//! centres two apart in a corner direction): [`LineStep::Between`]. A hex touched alone is one
//! whose corner the line passes exactly, crossing between its two neighbours there:
//! [`LineStep::Grazes`]. The kernel reports both and the ruleset decides (a missile between two
//! figures, a wall on one side).

use super::shape::{Coord, Shape};
use std::cmp::Ordering;

/// One step of a line between cell centres.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineStep<T> {
    /// A cell the line passes through.
    One(T),
    /// Two cells the line runs exactly between, in coordinate order: the two squares beside a
    /// corner it passes through, or the two hexes along whose shared side it runs.
    Between(T, T),
    /// A cell whose corner alone the line passes through: on hexes, where it crosses from one
    /// hex into the next exactly at the corner of a third.
    Grazes(T),
}

impl<T: Copy> LineStep<T> {
    /// The cells of the step: one or two.
    pub fn cells(&self) -> impl Iterator<Item = T> {
        let (a, b) = match *self {
            LineStep::One(a) | LineStep::Grazes(a) => (a, None),
            LineStep::Between(a, b) => (a, Some(b)),
        };
        std::iter::once(a).chain(b)
    }

    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> LineStep<U> {
        match self {
            LineStep::One(a) => LineStep::One(f(a)),
            LineStep::Grazes(a) => LineStep::Grazes(f(a)),
            LineStep::Between(a, b) => LineStep::Between(f(a), f(b)),
        }
    }
}

/// A fraction with a positive denominator, for exact comparison of the line's parameter.
#[derive(Clone, Copy, Debug)]
struct Frac {
    num: i64,
    den: i64,
}

impl Frac {
    fn new(num: i64, den: i64) -> Frac {
        if den < 0 {
            Frac { num: -num, den: -den }
        } else {
            Frac { num, den }
        }
    }
}

impl Ord for Frac {
    fn cmp(&self, o: &Frac) -> Ordering {
        (self.num * o.den).cmp(&(o.num * self.den))
    }
}
impl PartialOrd for Frac {
    fn partial_cmp(&self, o: &Frac) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl PartialEq for Frac {
    fn eq(&self, o: &Frac) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Frac {}

/// A shape's integer chart: how far apart centres are, and each side's outward normal with the
/// bound it puts on `normal . (point - centre)` and the step to the neighbour across it.
struct Chart {
    scale: i64,
    normals: &'static [(i64, i64)],
    bound: i64,
    across: &'static [Coord],
}

const SQUARE_CHART: Chart = Chart {
    scale: 2,
    normals: &[(1, 0), (-1, 0), (0, 1), (0, -1)],
    bound: 1,
    across: &[Coord::new(1, 0), Coord::new(-1, 0), Coord::new(0, 1), Coord::new(0, -1)],
};

const HEX_CHART: Chart = Chart {
    scale: 3,
    normals: &[(1, -1), (-1, 1), (1, 2), (-1, -2), (2, 1), (-2, -1)],
    bound: 3,
    across: &[
        Coord::new(1, -1),
        Coord::new(-1, 1),
        Coord::new(0, 1),
        Coord::new(0, -1),
        Coord::new(1, 0),
        Coord::new(-1, 0),
    ],
};

/// How the segment meets one cell: the interval of `t` inside it (closed), whether it passes
/// through the inside or only along the border, and the sides it leaves through (one, or two
/// at a corner).
struct Contact {
    // (the walk needs only the exits; the tests' reference search orders cells by these)
    #[cfg_attr(not(test), allow(dead_code))]
    from: Frac,
    #[cfg_attr(not(test), allow(dead_code))]
    to: Frac,
    entered: bool,
    exits: [usize; 2],
    exit_count: usize,
}

impl Chart {
    fn of(shape: Shape) -> &'static Chart {
        match shape {
            Shape::Square => &SQUARE_CHART,
            Shape::Hex => &HEX_CHART,
        }
    }

    /// Where the segment from the centre of `a` to the centre of `b` meets `cell`, if it does.
    #[inline]
    fn contact(&self, a: Coord, b: Coord, cell: Coord) -> Option<Contact> {
        let (dx, dy) = ((b.a - a.a) as i64 * self.scale, (b.b - a.b) as i64 * self.scale);
        let (ox, oy) = ((a.a - cell.a) as i64 * self.scale, (a.b - cell.b) as i64 * self.scale);
        let (mut from, mut to) = (Frac::new(0, 1), Frac::new(1, 1));
        let mut on_border = false;
        let (mut exits, mut exit_count) = ([0; 2], 0);
        for (k, &(nx, ny)) in self.normals.iter().enumerate() {
            // normal . (start + t d - centre) <= bound, as `slope * t <= room`
            let room = self.bound - (nx * ox + ny * oy);
            let slope = nx * dx + ny * dy;
            match slope.cmp(&0) {
                Ordering::Greater => {
                    let t = Frac::new(room, slope);
                    match t.cmp(&to) {
                        Ordering::Less => (to, exits, exit_count) = (t, [k, 0], 1),
                        Ordering::Equal if exit_count < 2 => {
                            exits[exit_count] = k;
                            exit_count += 1;
                        }
                        _ => {}
                    }
                }
                Ordering::Less => from = from.max(Frac::new(room, slope)),
                Ordering::Equal if room < 0 => return None,
                Ordering::Equal => on_border |= room == 0,
            }
        }
        (from <= to).then_some(Contact { from, to, entered: from < to && !on_border, exits, exit_count })
    }
}

/// The steps of one line, walked cell by cell: from each cell entered, the side (or corner) the
/// line leaves it by says what comes next.
pub struct Walk {
    chart: &'static Chart,
    from: Coord,
    to: Coord,
    at: Option<Coord>,
    /// A second step found with the one just given (after a corner).
    pending: Option<LineStep<Coord>>,
    done: bool,
}

impl Walk {
    #[inline]
    fn touch(&self, cell: Coord) -> Option<Contact> {
        self.chart.contact(self.from, self.to, cell)
    }

    /// The steps after the entered cell `here`, up to and with the next entered cell.
    #[inline]
    fn advance(&mut self, here: Coord) -> LineStep<Coord> {
        let c = self.touch(here).expect("the walk is on the line");
        let side = |k: usize| here.plus(self.chart.across[k]);
        let next = if c.exit_count == 1 {
            side(c.exits[0])
        } else {
            // Out through a corner: between the two cells beyond its sides, or into one of them
            // grazing the other. Past a pair the line enters the cell beyond both (squares: the
            // diagonal one; hexes: the third at the far end of the side it ran along).
            let (x, y) = (side(c.exits[0]), side(c.exits[1]));
            let (into_x, into_y) = (self.touch(x).is_some_and(|t| t.entered), self.touch(y).is_some_and(|t| t.entered));
            let (first, next) = match (into_x, into_y) {
                (true, _) => (LineStep::Grazes(y), x),
                (_, true) => (LineStep::Grazes(x), y),
                _ => (LineStep::Between(x.min(y), x.max(y)), x.plus(y).minus(here)),
            };
            self.pending = Some(LineStep::One(next));
            self.at = Some(next);
            self.done = next == self.to;
            return first;
        };
        self.at = Some(next);
        self.done = next == self.to;
        LineStep::One(next)
    }
}

impl Iterator for Walk {
    type Item = LineStep<Coord>;

    #[inline]
    fn next(&mut self) -> Option<LineStep<Coord>> {
        if let Some(p) = self.pending.take() {
            return Some(p);
        }
        if self.done {
            return None;
        }
        match self.at {
            None => {
                self.at = Some(self.from);
                self.done = self.from == self.to;
                Some(LineStep::One(self.from))
            }
            Some(here) => Some(self.advance(here)),
        }
    }
}

impl Shape {
    /// The cells the straight line from the centre of `from` to the centre of `to` passes
    /// through, in order, from `from` to `to` (see the module doc). The plane of cells is
    /// unbounded here: [`super::topology::Topology::line`] keeps it to a board.
    pub fn line(self, from: Coord, to: Coord) -> Vec<LineStep<Coord>> {
        self.walk(from, to).collect()
    }

    /// `line`, a step at a time (to stop at the first step that blocks).
    pub fn walk(self, from: Coord, to: Coord) -> Walk {
        Walk { chart: Chart::of(self), from, to, at: None, pending: None, done: false }
    }
}

#[cfg(test)]
mod tests {
    use super::LineStep::{Between, Grazes, One};
    use super::*;

    fn c(a: i32, b: i32) -> Coord {
        Coord::new(a, b)
    }

    #[test]
    fn a_hex_line_in_a_corner_direction_runs_along_sides() {
        // From (0,0) to (2,-1): out through a corner, along the side (1,-1)|(1,0), in at a corner.
        assert_eq!(Shape::Hex.line(c(0, 0), c(2, -1)), vec![One(c(0, 0)), Between(c(1, -1), c(1, 0)), One(c(2, -1))]);
        // Twice as far: the same again from the middle hex.
        let long = Shape::Hex.line(c(0, 0), c(4, -2));
        assert_eq!(long.len(), 5);
        assert_eq!(long[2], One(c(2, -1)));
        assert_eq!(long[3], Between(c(3, -2), c(3, -1)));
    }

    #[test]
    fn a_hex_line_along_a_row_enters_every_hex() {
        let line = Shape::Hex.line(c(0, 0), c(3, 0));
        assert_eq!(line, (0..=3).map(|q| One(c(q, 0))).collect::<Vec<_>>());
    }

    #[test]
    fn a_square_line_through_a_corner_passes_between_the_two_beside_it() {
        assert_eq!(Shape::Square.line(c(0, 0), c(1, 1)), vec![One(c(0, 0)), Between(c(0, 1), c(1, 0)), One(c(1, 1))]);
        // a knight's move crosses sides only
        assert_eq!(Shape::Square.line(c(0, 0), c(1, 2)), vec![One(c(0, 0)), One(c(0, 1)), One(c(1, 1)), One(c(1, 2))]);
    }

    #[test]
    fn a_hex_line_can_pass_a_corner_without_running_along_a_side() {
        let line = Shape::Hex.line(c(2, 1), c(1, 6));
        assert!(line.contains(&Grazes(c(1, 3))), "{line:?}");
        assert_eq!(line.iter().filter(|s| matches!(s, One(_))).count(), 6, "{line:?}");
    }

    /// Every cell the segment meets, found by searching outwards from the first through cells
    /// sharing a border point, ordered by where the line meets them: the definition the walk
    /// must agree with.
    fn line_by_search(shape: Shape, from: Coord, to: Coord) -> Vec<LineStep<Coord>> {
        let chart = Chart::of(shape);
        let touching: &[(i32, i32)] = match shape {
            Shape::Square => &[(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)],
            Shape::Hex => &[(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)],
        };
        let mut seen = vec![from];
        let mut met = vec![(from, chart.contact(from, to, from).unwrap())];
        let mut next = 0;
        while next < met.len() {
            let here = met[next].0;
            next += 1;
            for &(da, db) in touching {
                let cell = Coord::new(here.a + da, here.b + db);
                if !seen.contains(&cell) {
                    seen.push(cell);
                    met.extend(chart.contact(from, to, cell).map(|m| (cell, m)));
                }
            }
        }
        met.sort_by_key(|(cell, m)| (m.from, m.to, *cell));
        let mut steps = vec![];
        let mut i = 0;
        while i < met.len() {
            let (cell, m) = &met[i];
            let partner = met.get(i + 1).filter(|(_, p)| !m.entered && !p.entered && p.from == m.from && p.to == m.to);
            match partner {
                _ if m.entered => steps.push(One(*cell)),
                Some((other, _)) => {
                    steps.push(Between(*cell, *other));
                    i += 1;
                }
                None => steps.push(Grazes(*cell)),
            }
            i += 1;
        }
        steps
    }

    #[test]
    fn the_walk_meets_every_cell_the_segment_meets() {
        for shape in [Shape::Square, Shape::Hex] {
            for a in -7..=7 {
                for b in -7..=7 {
                    let to = c(a, b);
                    assert_eq!(shape.line(c(0, 0), to), line_by_search(shape, c(0, 0), to), "{shape:?} to {to}");
                }
            }
        }
    }

    #[test]
    fn a_cell_sees_itself_alone() {
        assert_eq!(Shape::Hex.line(c(2, 3), c(2, 3)), vec![One(c(2, 3))]);
    }
}
