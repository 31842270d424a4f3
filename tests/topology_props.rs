//! Properties of the board topology on square and hex boards alike (issue 46): lines between
//! centres (symmetric, from one end to the other, each step touching the next), distance and
//! ring laws, rotations, footprints and bearings. The hex basics are checked against the `hexx`
//! crate, a test oracle only (it draws lines with floats, so where our exact line runs between
//! two hexes, its pick must be one of them).

use hexx::Hex;
use proptest::prelude::*;
use std::collections::BTreeSet;
use wizwar::geometry::{Bearing, Cell, Coord, Direction, LineStep, Shape, Topology};

/// A random board: a square or hex rectangle, or a hexagon of hexes.
fn board() -> impl Strategy<Value = Topology> {
    prop_oneof![
        (1..9i32, 1..9i32).prop_map(|(w, h)| Topology::rectangle(Shape::Square, w, h)),
        (1..9i32, 1..9i32).prop_map(|(w, h)| Topology::rectangle(Shape::Hex, w, h)),
        (0..5i32).prop_map(Topology::hexagon),
    ]
}

fn pick(t: &Topology, i: usize) -> Cell {
    Cell((i % t.len()) as u32)
}

fn hex(c: Coord) -> Hex {
    Hex::new(c.a, c.b)
}

/// Do two cells share a side, or (squares) a corner?
fn touching(shape: Shape, a: Coord, b: Coord) -> bool {
    let d = b.minus(a);
    match shape {
        Shape::Square => a != b && d.a.abs() <= 1 && d.b.abs() <= 1,
        Shape::Hex => shape.distance(a, b) == 1,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn lines_are_symmetric_and_go_from_end_to_end(shape in prop_oneof![Just(Shape::Square), Just(Shape::Hex)],
                                                  a in (-6..7i32, -6..7i32), b in (-6..7i32, -6..7i32)) {
        let (a, b) = (Coord::new(a.0, a.1), Coord::new(b.0, b.1));
        let line = shape.line(a, b);
        prop_assert_eq!(line.first(), Some(&LineStep::One(a)));
        prop_assert_eq!(line.last(), Some(&LineStep::One(b)));
        let mut back = shape.line(b, a);
        back.reverse();
        prop_assert_eq!(&line, &back);
        // each step touches the next: a hex line never jumps, a square line only across a corner
        for pair in line.windows(2) {
            let near = pair[0].cells().any(|x| pair[1].cells().any(|y| touching(shape, x, y)));
            prop_assert!(near, "{:?} then {:?}", pair[0], pair[1]);
        }
        // a hex line runs between two hexes along their shared side; a square line between the
        // two squares beside a corner, diagonal to each other
        for step in &line {
            if let LineStep::Between(x, y) = *step {
                let d = y.minus(x);
                let ok = match shape {
                    Shape::Hex => shape.distance(x, y) == 1,
                    Shape::Square => d.a.abs() == 1 && d.b.abs() == 1,
                };
                prop_assert!(ok, "between {} and {}", x, y);
            }
        }
        // no cell twice
        let cells: Vec<Coord> = line.iter().flat_map(|s| s.cells()).collect();
        let distinct: BTreeSet<Coord> = cells.iter().copied().collect();
        prop_assert_eq!(cells.len(), distinct.len());
        // at least as many steps as the cells' distance needs (squares step diagonally at corners)
        if shape == Shape::Hex {
            prop_assert!(line.len() as u32 > shape.distance(a, b));
        }
    }

    #[test]
    fn every_cell_sees_itself_alone(t in board(), i in 0..100usize) {
        let c = pick(&t, i);
        prop_assert_eq!(t.line(c, c), Ok(vec![LineStep::One(c)]));
    }

    #[test]
    fn distance_and_rings_keep_their_laws(t in board(), i in 0..100usize, j in 0..100usize, k in 0..100usize, r in 0..4u32) {
        let (a, b, c) = (pick(&t, i), pick(&t, j), pick(&t, k));
        prop_assert_eq!(t.distance(a, b), t.distance(b, a));
        prop_assert_eq!(t.distance(a, a), 0);
        prop_assert!(t.distance(a, c) <= t.distance(a, b) + t.distance(b, c));
        for (_, n) in t.neighbours(a) {
            prop_assert_eq!(t.distance(a, n), 1);
        }
        let ring = t.ring(a, r);
        prop_assert!(ring.iter().all(|&x| t.distance(a, x) == r));
        let disc: BTreeSet<Cell> = t.disc(a, r).into_iter().collect();
        let rings: BTreeSet<Cell> = (0..=r).flat_map(|q| t.ring(a, q)).collect();
        prop_assert_eq!(disc, rings);
        // on an open plane a ring has 4r squares or 6r hexes
        let plane = match t.shape() {
            Shape::Square => Topology::rectangle(Shape::Square, 9, 9),
            Shape::Hex => Topology::hexagon(4),
        };
        let centre = plane.cell_at(Coord::new(if t.shape() == Shape::Square { 4 } else { 0 }, if t.shape() == Shape::Square { 4 } else { 0 })).unwrap();
        let want = if r == 0 { 1 } else { t.shape().degree() as u32 * r };
        prop_assert_eq!(plane.ring(centre, r).len() as u32, want);
    }

    #[test]
    fn rotations_come_round_and_keep_distances(t in board(), i in 0..100usize, j in 0..100usize, turns in -7..8i32) {
        let (c, about) = (pick(&t, i), pick(&t, j));
        let shape = t.shape();
        let off = t.coord(c).minus(t.coord(about));
        prop_assert_eq!(shape.rotate(off, shape.degree() as i32), off);
        prop_assert_eq!(shape.rotate(shape.rotate(off, turns), -turns), off);
        let origin = Coord::new(0, 0);
        prop_assert_eq!(shape.distance(origin, shape.rotate(off, turns)), shape.distance(origin, off));
        if let Some(turned) = t.rotate(c, about, turns) {
            prop_assert_eq!(t.distance(turned, about), t.distance(c, about));
        }
    }

    #[test]
    fn footprints_stay_on_the_board_and_turn_with_their_figure(t in board(), i in 0..100usize, facing in 0..6u8,
                                                               offsets in prop::collection::btree_set((-2..3i32, -2..3i32), 1..5)) {
        let shape = t.shape();
        let facing = Direction(facing % shape.degree() as u8);
        let anchor = pick(&t, i);
        let offsets: Vec<Coord> = offsets.into_iter().map(|(a, b)| Coord::new(a, b)).collect();
        if let Some(cells) = t.footprint(anchor, facing, &offsets) {
            let distinct: BTreeSet<Cell> = cells.iter().copied().collect();
            prop_assert_eq!(distinct.len(), offsets.len());
            let north = t.footprint(anchor, Direction(0), &offsets);
            if let Some(north) = north {
                let turned: Option<Vec<Cell>> = north.iter().map(|&c| t.rotate(c, anchor, facing.0 as i32)).collect();
                prop_assert_eq!(turned, Some(cells));
            }
        }
    }

    #[test]
    fn bearings_turn_with_the_figure(shape in prop_oneof![Just(Shape::Square), Just(Shape::Hex)],
                                     v in (-5..6i32, -5..6i32), facing in 0..6u8, turns in 0..6i32) {
        let o = Coord::new(0, 0);
        let v = Coord::new(v.0, v.1);
        let facing = Direction(facing % shape.degree() as u8);
        let before = shape.bearing(o, facing, v);
        let after = shape.bearing(o, shape.turn(facing, turns), shape.rotate(v, turns));
        prop_assert_eq!(before, after);
        // a neighbour k sides clockwise of the facing lies in wedge k
        for k in 0..shape.degree() as i32 {
            let n = shape.step(o, shape.turn(facing, k));
            prop_assert_eq!(shape.bearing(o, facing, n), Some(Bearing::Inside(k as u8)));
        }
    }

    #[test]
    fn hex_basics_agree_with_the_hexx_crate(a in (-6..7i32, -6..7i32), b in (-6..7i32, -6..7i32), r in 0..4u32, turns in 0..6u32) {
        let (a, b) = (Coord::new(a.0, a.1), Coord::new(b.0, b.1));
        prop_assert_eq!(Shape::Hex.distance(a, b) as i32, hex(a).distance_to(hex(b)));
        let ours: BTreeSet<(i32, i32)> = Shape::Hex.steps().iter().map(|s| (a.a + s.a, a.b + s.b)).collect();
        let theirs: BTreeSet<(i32, i32)> = hex(a).all_neighbors().iter().map(|h| (h.x, h.y)).collect();
        prop_assert_eq!(ours, theirs);
        let t = Topology::hexagon(16);
        let centre = t.cell_at(a).unwrap();
        let ring: BTreeSet<(i32, i32)> = t.ring(centre, r).iter().map(|&c| (t.coord(c).a, t.coord(c).b)).collect();
        let want: BTreeSet<(i32, i32)> = hex(a).ring(r).map(|h| (h.x, h.y)).collect();
        prop_assert_eq!(ring, want);
        let disc: BTreeSet<(i32, i32)> = t.disc(centre, r).iter().map(|&c| (t.coord(c).a, t.coord(c).b)).collect();
        let want: BTreeSet<(i32, i32)> = hex(a).range(r).map(|h| (h.x, h.y)).collect();
        prop_assert_eq!(disc, want);
        let turned = Shape::Hex.rotate(b.minus(a), turns as i32).plus(a);
        let want = hex(b).rotate_cw_around(hex(a), turns);
        prop_assert_eq!((turned.a, turned.b), (want.x, want.y));
        // hexx's float line picks one hex a step: each of ours, in order (ours may hold more
        // where the line clips a corner, and runs between two where hexx picks one)
        let line = Shape::Hex.line(a, b);
        let mut at = 0;
        for h in hex(a).line_to(hex(b)) {
            let c = Coord::new(h.x, h.y);
            let found = line[at..].iter().position(|s| s.cells().any(|x| x == c));
            prop_assert!(found.is_some(), "hexx's {} is not on our line {:?}", c, line);
            at += found.unwrap() + 1;
        }
    }
}

#[test]
fn a_line_over_a_gap_in_the_board_says_where_it_leaves() {
    // a U of hexes: the line across the top of the U passes the missing middle
    let cells = [(0, 0), (0, 1), (1, 1), (2, 0), (2, -1), (0, -1)].map(|(q, r)| Coord::new(q, r));
    let t = Topology::new(Shape::Hex, cells).unwrap();
    let (a, b) = (t.cell_at(Coord::new(0, 0)).unwrap(), t.cell_at(Coord::new(2, -1)).unwrap());
    assert_eq!(t.line(a, b), Err(Coord::new(1, -1)));
    assert!(Topology::new(Shape::Hex, [Coord::new(0, 0), Coord::new(0, 0)]).unwrap_err().contains("twice"));
}
