//! The small value types of the board: directions, quarter turns, squares, corners and edges.
//!
//! Coordinates: `x` grows to the east, `y` grows to the south; square (0,0) is the north-west
//! square of the board. A square `(x, y)` covers the unit box `[x, x+1] x [y, y+1]`; corners
//! (column positions) are the integer grid points.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the four orthogonal directions: no two squares are diagonal neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    N,
    E,
    S,
    W,
}

impl Dir {
    /// Clockwise order starting at north.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 4]
    }

    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::E => (1, 0),
            Dir::S => (0, 1),
            Dir::W => (-1, 0),
        }
    }

    pub fn opposite(self) -> Dir {
        self.turn(Rot(2))
    }

    /// Turn clockwise by a number of quarter turns.
    pub fn turn(self, r: Rot) -> Dir {
        Dir::from_index(self.index() + r.0 as usize)
    }

    /// Quarter turns clockwise that bring `self` onto `to`.
    pub fn rot_to(self, to: Dir) -> Rot {
        Rot(((to.index() + 4 - self.index()) % 4) as u8)
    }

    pub fn is_vertical(self) -> bool {
        matches!(self, Dir::N | Dir::S)
    }

    pub fn letter(self) -> char {
        match self {
            Dir::N => 'N',
            Dir::E => 'E',
            Dir::S => 'S',
            Dir::W => 'W',
        }
    }

    /// The letter as a string ("N"), as scripts read directions.
    pub fn name(self) -> &'static str {
        match self {
            Dir::N => "N",
            Dir::E => "E",
            Dir::S => "S",
            Dir::W => "W",
        }
    }

    pub fn from_letter(c: char) -> Option<Dir> {
        match c.to_ascii_uppercase() {
            'N' => Some(Dir::N),
            'E' => Some(Dir::E),
            'S' => Some(Dir::S),
            'W' => Some(Dir::W),
            _ => None,
        }
    }

    /// Parses "N", "north", "e", ... (for data files, the REPL and Lua).
    pub fn parse(s: &str) -> Option<Dir> {
        match s.to_ascii_lowercase().as_str() {
            "n" | "north" | "up" => Some(Dir::N),
            "e" | "east" | "right" => Some(Dir::E),
            "s" | "south" | "down" => Some(Dir::S),
            "w" | "west" | "left" => Some(Dir::W),
            _ => None,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A rotation by quarter turns clockwise (0..=3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Rot(pub u8);

impl Rot {
    pub fn new(quarters: i32) -> Rot {
        Rot(quarters.rem_euclid(4) as u8)
    }
    pub fn then(self, other: Rot) -> Rot {
        Rot::new(self.0 as i32 + other.0 as i32)
    }
    pub fn inverse(self) -> Rot {
        Rot::new(-(self.0 as i32))
    }
    pub fn degrees(self) -> i32 {
        self.0 as i32 * 90
    }
    /// Rotates a vector clockwise (in screen coordinates, y down).
    pub fn apply(self, (x, y): (i32, i32)) -> (i32, i32) {
        match self.0 % 4 {
            0 => (x, y),
            1 => (-y, x),
            2 => (-x, -y),
            _ => (y, -x),
        }
    }
}

/// A square of the board, in board coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Sq {
    pub x: i32,
    pub y: i32,
}

impl Sq {
    pub const fn new(x: i32, y: i32) -> Sq {
        Sq { x, y }
    }
    pub fn step(self, d: Dir) -> Sq {
        let (dx, dy) = d.delta();
        Sq::new(self.x + dx, self.y + dy)
    }
    /// The grid edge on side `d` of this square.
    pub fn edge(self, d: Dir) -> EdgeId {
        EdgeId::of(self, d)
    }
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// A grid point: where columns stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Corner {
    pub x: i32,
    pub y: i32,
}

/// A border line between two orthogonal neighbours (or at the rim of the board).
///
/// `horizontal == true` is the north side of square `(x, y)`; `false` is its west side. Every
/// line of the grid has exactly one name this way, so edges can be map keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct EdgeId {
    pub x: i32,
    pub y: i32,
    pub horizontal: bool,
}

impl EdgeId {
    pub fn of(sq: Sq, d: Dir) -> EdgeId {
        match d {
            Dir::N => EdgeId { x: sq.x, y: sq.y, horizontal: true },
            Dir::S => EdgeId { x: sq.x, y: sq.y + 1, horizontal: true },
            Dir::W => EdgeId { x: sq.x, y: sq.y, horizontal: false },
            Dir::E => EdgeId { x: sq.x + 1, y: sq.y, horizontal: false },
        }
    }

    /// The side of square (x, y) the edge is, by which scripts name it: N for a horizontal line,
    /// W for a vertical one.
    pub fn named_side(self) -> Dir {
        if self.horizontal {
            Dir::N
        } else {
            Dir::W
        }
    }

    /// The two squares on either side: (north or west one, south or east one). Either may lie
    /// outside the board.
    pub fn sides(self) -> (Sq, Sq) {
        if self.horizontal {
            (Sq::new(self.x, self.y - 1), Sq::new(self.x, self.y))
        } else {
            (Sq::new(self.x - 1, self.y), Sq::new(self.x, self.y))
        }
    }

    /// The edge seen from square `sq`: which side of `sq` it is, if it borders `sq`.
    pub fn side_of(self, sq: Sq) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| EdgeId::of(sq, d) == self)
    }

    /// The two end points (columns) of the edge.
    pub fn ends(self) -> (Corner, Corner) {
        let a = Corner { x: self.x, y: self.y };
        let b = if self.horizontal { Corner { x: self.x + 1, y: self.y } } else { Corner { x: self.x, y: self.y + 1 } };
        (a, b)
    }
}

impl fmt::Display for EdgeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.horizontal {
            write!(f, "{}N", Sq::new(self.x, self.y))
        } else {
            write!(f, "{}W", Sq::new(self.x, self.y))
        }
    }
}

/// Saves a map with structured keys as a list of pairs: JSON object keys must be strings.
pub mod map_as_pairs {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::collections::BTreeMap;

    pub fn serialize<K: Serialize, V: Serialize, S: Serializer>(m: &BTreeMap<K, V>, s: S) -> Result<S::Ok, S::Error> {
        m.iter().collect::<Vec<_>>().serialize(s)
    }

    pub fn deserialize<'de, K, V, D>(d: D) -> Result<BTreeMap<K, V>, D::Error>
    where
        K: Deserialize<'de> + Ord,
        V: Deserialize<'de>,
        D: Deserializer<'de>,
    {
        Ok(Vec::<(K, V)>::deserialize(d)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_is_clockwise() {
        assert_eq!(Dir::N.turn(Rot(1)), Dir::E);
        assert_eq!(Dir::W.turn(Rot(1)), Dir::N);
        assert_eq!(Dir::E.opposite(), Dir::W);
        assert_eq!(Dir::S.rot_to(Dir::W), Rot(1));
        for d in Dir::ALL {
            let (dx, dy) = d.delta();
            assert_eq!(Rot(1).apply((dx, dy)), d.turn(Rot(1)).delta());
        }
    }

    #[test]
    fn an_edge_has_one_name_from_both_sides() {
        let a = Sq::new(3, 4);
        assert_eq!(a.edge(Dir::E), a.step(Dir::E).edge(Dir::W));
        assert_eq!(a.edge(Dir::S), a.step(Dir::S).edge(Dir::N));
        assert_eq!(a.edge(Dir::E).side_of(a), Some(Dir::E));
        assert_eq!(a.edge(Dir::E).side_of(a.step(Dir::E)), Some(Dir::W));
    }
}
