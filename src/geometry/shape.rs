//! The two cell shapes a board can have, as pure coordinate arithmetic: squares, which touch
//! four neighbours, and hexes, which touch six. Everything that differs between them lives here
//! (and in the exact chart of `trace.rs`); [`super::topology::Topology`] builds on it without
//! asking which shape it has.
//!
//! Coordinates: a square is `(x, y)`, x east and y south. A hex is axial `(q, r)` on a grid of
//! pointed-top hexes in rows: q counts east along a row, r counts rows south, each row half a
//! hex east of the one above (the "axial" coordinates of the usual hex-grid literature; the
//! third cube coordinate is `s = -q - r`). Rows, not columns, so that a map's rows are the
//! terminal's lines. Directions are numbered clockwise: N E S W for squares, NE E SE SW W NW
//! for hexes.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Which cells a board has: from the board file's `shape = "square" | "hex"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    #[default]
    Square,
    Hex,
}

/// A cell's coordinates, as files, Lua and pictures give them: `(x, y)` for a square, axial
/// `(q, r)` for a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Coord {
    pub a: i32,
    pub b: i32,
}

impl Coord {
    pub const fn new(a: i32, b: i32) -> Coord {
        Coord { a, b }
    }

    pub fn plus(self, o: Coord) -> Coord {
        Coord::new(self.a + o.a, self.b + o.b)
    }

    pub fn minus(self, o: Coord) -> Coord {
        Coord::new(self.a - o.a, self.b - o.b)
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.a, self.b)
    }
}

/// A direction across one side of a cell: `0..degree`, clockwise from north (squares) or
/// north-east (hexes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Direction(pub u8);

const SQUARE_STEPS: [Coord; 4] = [Coord::new(0, -1), Coord::new(1, 0), Coord::new(0, 1), Coord::new(-1, 0)];
const HEX_STEPS: [Coord; 6] =
    [Coord::new(1, -1), Coord::new(1, 0), Coord::new(0, 1), Coord::new(-1, 1), Coord::new(-1, 0), Coord::new(0, -1)];
const SQUARE_NAMES: [&str; 4] = ["N", "E", "S", "W"];
const HEX_NAMES: [&str; 6] = ["NE", "E", "SE", "SW", "W", "NW"];

impl Shape {
    /// `"square"` or `"hex"`, as board files write it.
    pub fn parse(s: &str) -> Option<Shape> {
        match s {
            "square" => Some(Shape::Square),
            "hex" => Some(Shape::Hex),
            _ => None,
        }
    }

    /// How many sides a cell has: 4 or 6.
    pub fn degree(self) -> usize {
        self.steps().len()
    }

    /// The coordinate step of each direction, clockwise.
    pub fn steps(self) -> &'static [Coord] {
        match self {
            Shape::Square => &SQUARE_STEPS,
            Shape::Hex => &HEX_STEPS,
        }
    }

    pub fn directions(self) -> impl Iterator<Item = Direction> {
        (0..self.degree() as u8).map(Direction)
    }

    pub fn step(self, c: Coord, d: Direction) -> Coord {
        c.plus(self.steps()[d.0 as usize % self.degree()])
    }

    /// The direction's name: "N", "E", ... for squares; "NE", "E", ... for hexes.
    pub fn name(self, d: Direction) -> &'static str {
        match self {
            Shape::Square => SQUARE_NAMES[d.0 as usize % 4],
            Shape::Hex => HEX_NAMES[d.0 as usize % 6],
        }
    }

    /// A direction from its name (`name`'s inverse).
    pub fn direction_named(self, name: &str) -> Option<Direction> {
        let names: &[&str] = match self {
            Shape::Square => &SQUARE_NAMES,
            Shape::Hex => &HEX_NAMES,
        };
        names.iter().position(|n| *n == name).map(|i| Direction(i as u8))
    }

    /// `d` turned `turns` sides clockwise (negative: anticlockwise).
    pub fn turn(self, d: Direction, turns: i32) -> Direction {
        let n = self.degree() as i32;
        Direction((d.0 as i32 + turns).rem_euclid(n) as u8)
    }

    pub fn opposite(self, d: Direction) -> Direction {
        self.turn(d, self.degree() as i32 / 2)
    }

    /// An offset turned `turns` sides clockwise about the origin: a quarter turn for squares,
    /// a sixth for hexes.
    pub fn rotate(self, c: Coord, turns: i32) -> Coord {
        let n = self.degree() as i32;
        (0..turns.rem_euclid(n)).fold(c, |c, _| match self {
            Shape::Square => Coord::new(-c.b, c.a),
            Shape::Hex => Coord::new(-c.b, c.a + c.b),
        })
    }

    /// Steps between two cells with nothing in the way: across sides only (squares never
    /// step diagonally).
    pub fn distance(self, from: Coord, to: Coord) -> u32 {
        let (dq, dr) = (to.a - from.a, to.b - from.b);
        match self {
            Shape::Square => dq.unsigned_abs() + dr.unsigned_abs(),
            Shape::Hex => dq.unsigned_abs().max(dr.unsigned_abs()).max((dq + dr).unsigned_abs()),
        }
    }

    /// Which of the `degree` wedges around `facing` the centre of `to` lies in, seen from the
    /// centre of `from`: wedge 0 is straight ahead, the others follow clockwise, each as wide
    /// as a side (90 or 60 degrees). A centre on the line between two wedges is
    /// `Bearing::Between`, and the ruleset decides (a hex's "front" is its three front wedges
    /// or more: the kernel gives exact wedges, not a width). None when `from == to`.
    pub fn bearing(self, from: Coord, facing: Direction, to: Coord) -> Option<Bearing> {
        let v = to.minus(from);
        if v == Coord::new(0, 0) {
            return None;
        }
        let n = self.degree() as i32;
        // The line between wedges k and k+1 runs along the sum of their directions: the sum of
        // two equal vectors halves the angle between them, and the chart keeps sums.
        let boundary = |k: i32| {
            let a = self.steps()[(facing.0 as i32 + k).rem_euclid(n) as usize];
            let b = self.steps()[(facing.0 as i32 + k + 1).rem_euclid(n) as usize];
            a.plus(b)
        };
        for k in 0..n {
            let (before, after) = (cross(boundary(k - 1), v), cross(v, boundary(k)));
            if before > 0 && after > 0 {
                return Some(Bearing::Inside(k as u8));
            }
            if before == 0 && after > 0 {
                return Some(Bearing::Between((k - 1).rem_euclid(n) as u8, k as u8));
            }
        }
        unreachable!("every direction lies in a wedge or on a line between two")
    }
}

/// Where a cell lies around a figure's facing: see [`Shape::bearing`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Bearing {
    Inside(u8),
    /// On the line between two neighbouring wedges (the lower-numbered first, clockwise).
    Between(u8, u8),
}

/// The cross product of two offsets: positive when `v` is clockwise of `u` on the screen (y
/// runs south). Axial hex coordinates keep its sign: they are an affine image of the plane
/// with the same orientation.
pub(crate) fn cross(u: Coord, v: Coord) -> i64 {
    u.a as i64 * v.b as i64 - u.b as i64 * v.a as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_of_each_step_is_the_next_direction() {
        for shape in [Shape::Square, Shape::Hex] {
            for d in shape.directions() {
                let next = shape.turn(d, 1);
                assert_eq!(shape.rotate(shape.steps()[d.0 as usize], 1), shape.steps()[next.0 as usize]);
                assert_eq!(shape.distance(Coord::new(0, 0), shape.step(Coord::new(0, 0), d)), 1);
            }
        }
    }

    #[test]
    fn bearings_ahead_behind_and_on_a_corner_line() {
        let o = Coord::new(0, 0);
        let north = Direction(0);
        let north_east = Direction(0);
        assert_eq!(Shape::Hex.bearing(o, north_east, Coord::new(3, -3)), Some(Bearing::Inside(0)));
        assert_eq!(Shape::Hex.bearing(o, north_east, Coord::new(-2, 2)), Some(Bearing::Inside(3)));
        // (2,-1) lies along NE + E: the corner line between the front and the front-right wedge
        assert_eq!(Shape::Hex.bearing(o, north_east, Coord::new(2, -1)), Some(Bearing::Between(0, 1)));
        assert_eq!(Shape::Square.bearing(o, north, Coord::new(2, -2)), Some(Bearing::Between(0, 1)));
        assert_eq!(Shape::Square.bearing(o, north, Coord::new(-1, 2)), Some(Bearing::Inside(2)));
        assert_eq!(Shape::Square.bearing(o, north, o), None);
    }
}
