//! Every geometric statement of the rulebooks, as a test.
//!
//! Each test is named after the rule it checks and cites the edition and section it comes from
//! (`8th` = Fantasy Flight 2013 rulebook, `classic` = Chessex Classic Edition, `9th` = rules 9.1;
//! see shared/docs/editions.md). The rulebook figures are lost, so the diagram cases are rebuilt
//! here on plain sectors: rim walls with an opening at the centre of each side, open floor inside.
//!
//! Coordinates: x grows east, y grows south; square (x, y) covers [x, x+1] x [y, y+1]; corners
//! (where columns stand) are the integer points.

use std::collections::{BTreeMap, BTreeSet};
use wizwar::geometry::moves::{random_direction, Mover, RunStop};
use wizwar::geometry::*;

// ---------------------------------------------------------------------------------------------
// Building boards

fn rows(v: [[&str; 5]; 5]) -> Vec<Vec<String>> {
    v.iter().map(|r| r.iter().map(|s| s.to_string()).collect()).collect()
}

const PLAIN: [[&str; 5]; 5] = [
    ["NW", "N", "", "N", "NE"],
    ["W", "T", "", "", "E"],
    ["", "", "H", "", ""],
    ["W", "", "", "T", "E"],
    ["SW", "S", "", "S", "SE"],
];

fn plain(id: &str) -> SectorFace {
    SectorFace::plain(id)
}

/// A plain sector with a printed door between local squares (1,1) and (2,1).
fn with_door(id: &str) -> SectorFace {
    let mut r = PLAIN;
    r[1][1] = "T dE";
    SectorFace::from_rows(id, id, &rows(r), &BTreeMap::new()).unwrap()
}

/// Two whole rim sides glued together: (slot, side) and (slot, side).
type WarpSpec = ((usize, Dir), (usize, Dir));

fn layout(slots: &[(i32, i32)], portals: &[(&str, usize, Dir)], warps: &[WarpSpec]) -> Layout {
    Layout {
        id: "test".into(),
        name: "test".into(),
        players: slots.len(),
        slots: slots.to_vec(),
        portals: portals.iter().map(|&(c, slot, side)| PortalMarker { colour: c.into(), slot, side }).collect(),
        warps: warps
            .iter()
            .map(|&((sa, da), (sb, db))| Warp {
                a: SideRef { slot: sa, side: da },
                b: SideRef { slot: sb, side: db },
                name: None,
            })
            .collect(),
        reconstructed: None,
    }
}

fn build(l: Layout, faces: Vec<SectorFace>) -> Board {
    let rots = vec![Rot(0); faces.len()];
    Board::new(l, faces, rots).unwrap()
}

fn plains(n: usize) -> Vec<SectorFace> {
    (0..n).map(|i| plain(&format!("s{i}"))).collect()
}

/// One plain sector (5x5): every rim opening wraps to the opposite one.
fn one() -> Board {
    build(layout(&[(0, 0)], &[], &[]), plains(1))
}

/// One plain sector with its four rim openings walled up: a closed room, nothing wraps.
fn closed() -> Board {
    let mut b = one();
    for (s, d) in [(sq(2, 0), Dir::N), (sq(4, 2), Dir::E), (sq(2, 4), Dir::S), (sq(0, 2), Dir::W)] {
        wall(&mut b, s, d);
    }
    b
}

/// Two plain sectors side by side (10x5), plain wrap-around.
fn two() -> Board {
    build(layout(&[(0, 0), (1, 0)], &[], &[]), plains(2))
}

/// Two sectors side by side whose portals turn: slot 0 north <-> slot 1 east (purple), slot 0
/// south <-> slot 0 west (cyan). Slot 1 north and south wrap as usual.
fn turning_portals() -> Board {
    build(
        layout(
            &[(0, 0), (1, 0)],
            &[("purple", 0, Dir::N), ("purple", 1, Dir::E), ("cyan", 0, Dir::S), ("cyan", 0, Dir::W)],
            &[],
        ),
        plains(2),
    )
}

/// The 8th two-player arrangement: north exits cross over to the other sector's south exit.
fn crossing_portals() -> Board {
    build(
        layout(
            &[(0, 0), (1, 0)],
            &[("purple", 0, Dir::N), ("purple", 1, Dir::S), ("cyan", 1, Dir::N), ("cyan", 0, Dir::S)],
            &[],
        ),
        plains(2),
    )
}

/// Classic three players: an L of three sectors; slot 1's south side is glued to slot 2's east
/// side (AUTO WARP); slot 1 north <-> slot 2 west by a portal pair.
fn warped() -> Board {
    build(
        layout(&[(0, 0), (1, 0), (0, 1)], &[("cyan", 1, Dir::N), ("cyan", 2, Dir::W)], &[((1, Dir::S), (2, Dir::E))]),
        plains(3),
    )
}

fn sq(x: i32, y: i32) -> Sq {
    Sq::new(x, y)
}

fn wall(b: &mut Board, s: Sq, d: Dir) {
    b.create_barrier(s.edge(d), false, None).unwrap();
}

fn door(b: &mut Board, s: Sq, d: Dir) -> EdgeId {
    b.create_barrier(s.edge(d), true, None).unwrap();
    s.edge(d)
}

fn obstacle(at: Sq, blocks_los: bool, blocks_move: bool) -> Obstacle {
    Obstacle { at: Place::Square(at), blocks_move, blocks_los, fills_square: blocks_los }
}

/// Walls off the given squares from every square not in the set (and from the rim openings):
/// corridors for the Around the Corner cases.
fn carve(b: &mut Board, cells: &[Sq]) {
    let set: BTreeSet<Sq> = cells.iter().copied().collect();
    for &c in cells {
        for d in Dir::ALL {
            let e = c.edge(d);
            let inside = b.contains(c.step(d)) && set.contains(&c.step(d));
            if !inside && b.edge(e).unwrap().barrier == Barrier::Open {
                b.create_barrier(e, false, None).unwrap();
            }
        }
    }
}

fn links_labelled(b: &Board, label: &str) -> BTreeSet<(Sq, Dir, Sq, Dir)> {
    b.links().into_iter().filter(|l| l.4 == label).map(|(a, da, t, dt, _)| (a, da, t, dt)).collect()
}

fn thing() -> Mover {
    Mover::thing()
}

// ---------------------------------------------------------------------------------------------
// Leaving the board, portals, warps

/// 8th: Leaving the Board and Moving Through Portals: walking off an open side of the map
/// re-enters on the opposite side, for 1 movement point.
#[test]
fn wrap_around_costs_one_move() {
    let b = two();
    assert_eq!(b.size(), (10, 5));
    let st = b.try_step(sq(0, 2), Dir::W, &thing()).unwrap();
    assert_eq!(st.to, sq(9, 2));
    assert!(st.via_link);
    assert_eq!(st.heading, Dir::W);
    assert_eq!(st.exit_edge, sq(0, 2).edge(Dir::W));
    assert_eq!(st.entry_edge, sq(9, 2).edge(Dir::E));
    // North off the board comes in from the south, still heading north.
    let st = b.try_step(sq(2, 0), Dir::N, &thing()).unwrap();
    assert_eq!((st.to, st.heading), (sq(2, 4), Dir::N));
    let st = b.try_step(sq(7, 4), Dir::S, &thing()).unwrap();
    assert_eq!((st.to, st.heading), (sq(7, 0), Dir::S));

    assert_eq!(b.reachable(sq(0, 2), 1, &thing()).get(&sq(9, 2)), Some(&1));
    let path = b.path(sq(1, 2), sq(8, 2), &thing()).unwrap();
    assert_eq!(path.iter().map(|s| s.to).collect::<Vec<_>>(), vec![sq(0, 2), sq(9, 2), sq(8, 2)]);
    assert!(path[1].via_link);
    assert_eq!(b.distance(sq(0, 2), sq(9, 2)), Some(1));
    // One sector: the board wraps onto itself.
    let b = one();
    assert_eq!(b.try_step(sq(0, 2), Dir::W, &thing()).unwrap().to, sq(4, 2));
    assert_eq!(b.reachable(sq(2, 0), 1, &thing()).get(&sq(2, 4)), Some(&1));
}

/// 8th: Changing the Map: the walls around the outer edge of the board are impassable (and
/// indestructible: that is ruleset data); only the openings lead off the board.
#[test]
fn walls_on_the_rim_block() {
    let b = two();
    assert_eq!(b.try_step(sq(0, 1), Dir::W, &thing()), None);
    assert_eq!(b.try_step(sq(9, 3), Dir::E, &thing()), None);
    assert_eq!(b.try_step(sq(1, 0), Dir::N, &thing()), None);
    // Passing walls is not passing outer walls.
    let ghost = Mover { through_walls: true, ..thing() };
    assert_eq!(b.try_step(sq(0, 1), Dir::W, &ghost), None);
    assert_eq!(b.try_step(sq(4, 1), Dir::E, &ghost).unwrap().to, sq(5, 1), "a seam wall is not an outer wall");
    // 9th: passing magically through an edge wall also wraps.
    let outer = Mover { through_outer_walls: true, ..thing() };
    let st = b.try_step(sq(0, 1), Dir::W, &outer).unwrap();
    assert_eq!((st.to, st.via_link), (sq(9, 1), true));
    let run = b.run(sq(2, 1), Dir::W, 5, &thing());
    assert_eq!(run.steps.len(), 2);
    assert_eq!(run.stop, RunStop::Edge(sq(0, 1).edge(Dir::W)));
}

/// 8th: Changing the Map: an outer wall is one whose crossing would take a wizard off the
/// board; a double wall where two sectors meet is one ordinary wall.
#[test]
fn outer_walls_are_boundary_edges() {
    let mut b = two();
    let rim = b.edge(sq(0, 1).edge(Dir::W)).unwrap();
    assert!(rim.boundary);
    assert_eq!(rim.barrier, Barrier::Wall);
    let opening = b.edge(sq(2, 0).edge(Dir::N)).unwrap();
    assert!(opening.boundary);
    assert_eq!(opening.barrier, Barrier::Open);
    let seam = b.edge(sq(4, 1).edge(Dir::E)).unwrap();
    assert!(!seam.boundary);
    assert_eq!(seam.barrier, Barrier::Wall);
    assert!(!b.edge(sq(4, 2).edge(Dir::E)).unwrap().boundary);
    assert!(!b.edge(sq(1, 1).edge(Dir::E)).unwrap().boundary);
    // A side facing the empty quarter of an L is on the rim too.
    assert!(warped().edge(sq(9, 4).edge(Dir::S)).unwrap().boundary);
    // The double wall on a seam is a single wall: destroying it once opens the line.
    b.destroy_barrier(sq(4, 1).edge(Dir::E)).unwrap();
    assert_eq!(b.edge(sq(5, 1).edge(Dir::W)).unwrap().barrier, Barrier::Open);
    assert!(b.try_step(sq(4, 1), Dir::E, &thing()).is_some());
}

/// 8th: Leaving the Board and Moving Through Portals: a wizard who walks through a portal
/// re-enters through the matching portal, for 1 movement point. Only the opening beside the
/// marker is linked, both ways, and the heading turns as the link turns.
#[test]
fn portal_pair_links_exactly_its_two_openings() {
    let b = turning_portals();
    assert_eq!(
        links_labelled(&b, "portal purple"),
        BTreeSet::from([(sq(2, 0), Dir::N, sq(9, 2), Dir::E), (sq(9, 2), Dir::E, sq(2, 0), Dir::N)])
    );
    assert_eq!(
        links_labelled(&b, "portal cyan"),
        BTreeSet::from([(sq(2, 4), Dir::S, sq(0, 2), Dir::W), (sq(0, 2), Dir::W, sq(2, 4), Dir::S)])
    );
    // The squares beside the opening still wrap straight across (their rim walls block).
    assert_eq!(b.step(sq(1, 0), Dir::N).unwrap().to, sq(1, 4));
    assert_eq!(b.step(sq(9, 1), Dir::E).unwrap().to, sq(0, 1));

    let st = b.try_step(sq(2, 0), Dir::N, &thing()).unwrap();
    assert_eq!((st.to, st.heading, st.via_link), (sq(9, 2), Dir::W, true));
    assert_eq!(st.entry_edge, sq(9, 2).edge(Dir::E));
    let back = b.try_step(sq(9, 2), Dir::E, &thing()).unwrap();
    assert_eq!((back.to, back.heading), (sq(2, 0), Dir::S));
    assert_eq!(b.reachable(sq(2, 0), 1, &thing()).get(&sq(9, 2)), Some(&1));
    assert_eq!(b.path(sq(2, 1), sq(9, 2), &thing()).unwrap().len(), 2);

    // A straight run (a bolt) through a portal joining a north side to an east side comes out
    // heading west.
    let run = b.run(sq(2, 2), Dir::N, 4, &thing());
    assert_eq!(run.steps.iter().map(|s| s.to).collect::<Vec<_>>(), vec![sq(2, 1), sq(2, 0), sq(9, 2), sq(8, 2)]);
    assert_eq!(run.steps.last().unwrap().heading, Dir::W);
    assert_eq!(run.stop, RunStop::Length);

    // 8th two-player crossing: north of one sector leads in from the south of the other.
    let b = crossing_portals();
    let st = b.try_step(sq(2, 0), Dir::N, &thing()).unwrap();
    assert_eq!((st.to, st.heading), (sq(7, 4), Dir::N));
    assert_eq!(b.try_step(sq(7, 4), Dir::S, &thing()).unwrap().to, sq(2, 0));
}

/// Classic, three players: the AUTO WARP glues two whole sides together; the link runs along
/// all five edges, in order (the squares nearest the shared corner meet each other).
#[test]
fn a_warp_links_all_five_edges_in_order() {
    let b = warped();
    let mut expected = BTreeSet::new();
    for j in 0..5 {
        expected.insert((sq(5 + j, 4), Dir::S, sq(4, 5 + j), Dir::E));
        expected.insert((sq(4, 5 + j), Dir::E, sq(5 + j, 4), Dir::S));
        let st = b.step(sq(5 + j, 4), Dir::S).unwrap();
        assert_eq!((st.to, st.heading), (sq(4, 5 + j), Dir::W));
        let st = b.step(sq(4, 5 + j), Dir::E).unwrap();
        assert_eq!((st.to, st.heading), (sq(5 + j, 4), Dir::N));
    }
    assert_eq!(links_labelled(&b, "warp 1"), expected);
    // Through the openings: one move, and LOS as along a straight line (classic, The Board).
    assert_eq!(b.try_step(sq(7, 4), Dir::S, &thing()).unwrap().to, sq(4, 7));
    assert!(b.los(sq(7, 3), sq(3, 7)));
    assert!(b.los(sq(7, 2), sq(2, 7)));
}

// ---------------------------------------------------------------------------------------------
// Adjacency

/// 8th: Line of Sight and Adjacency: no diagonal adjacency; only squares sharing a border line
/// can be adjacent.
#[test]
fn no_diagonal_adjacency() {
    let b = closed();
    assert!(b.los(sq(1, 1), sq(2, 2)));
    assert!(!b.adjacent(sq(1, 1), sq(2, 2)));
    assert!(b.adjacent(sq(1, 1), sq(2, 1)));
    assert!(b.adjacent(sq(1, 1), sq(1, 2)));
    assert!(!b.adjacent(sq(1, 1), sq(3, 1)), "two squares away is not adjacent");
}

/// 8th: Line of Sight and Adjacency: adjacency needs LOS as well as being next to (or in) the
/// target's square; the same square is adjacent.
#[test]
fn adjacency_needs_line_of_sight() {
    let mut b = closed();
    wall(&mut b, sq(1, 1), Dir::E);
    assert!(b.neighbours(sq(1, 1)).contains(&sq(2, 1)));
    assert!(!b.adjacent(sq(1, 1), sq(2, 1)));
    assert!(b.adjacent(sq(1, 1), sq(1, 1)));
    // A door: adjacent while open only.
    let d = door(&mut b, sq(3, 3), Dir::E);
    assert!(!b.adjacent(sq(3, 3), sq(4, 3)));
    b.set_door_open(d, true).unwrap();
    assert!(b.adjacent(sq(3, 3), sq(4, 3)));
    // The same square is adjacent even inside something that fills it.
    b.add_obstacle(1, obstacle(sq(3, 1), true, false)).unwrap();
    assert!(b.adjacent(sq(3, 1), sq(3, 1)));
}

/// 8th: Line of Sight and Adjacency: through a portal or a wrap, the two joined squares count
/// as next to each other.
#[test]
fn linked_squares_are_adjacent() {
    let b = two();
    assert!(b.adjacent(sq(0, 2), sq(9, 2)));
    assert!(!b.adjacent(sq(0, 1), sq(9, 1)), "the rim walls stand between them");
    // 8th: Leaving the Board: an outer wall is never crossed; seeing each other down the
    // column does not make two squares next to each other.
    let b = closed();
    assert!(b.neighbours(sq(2, 0)).contains(&sq(2, 4)), "the wrap is still there, behind the wall");
    assert!(b.los(sq(2, 0), sq(2, 4)));
    assert!(!b.adjacent(sq(2, 0), sq(2, 4)), "a wrap behind an outer wall joins nothing");
    let b = turning_portals();
    assert!(b.adjacent(sq(2, 0), sq(9, 2)));
    assert!(b.adjacent(sq(2, 4), sq(0, 2)));
}

// ---------------------------------------------------------------------------------------------
// The LOS diagram (8th: Line of Sight and Adjacency; the figure is lost, these are equivalents)

/// 8th: LOS is a line from the dot in the caster's square to the dot in the target's square;
/// across open floor it is clear (here: every square of an empty room sees every other).
#[test]
fn los_is_clear_across_open_floor() {
    let b = closed();
    for a in b.squares() {
        for c in b.squares() {
            assert!(b.los(a, c), "{a} should see {c}");
        }
    }
    assert!(b.los(sq(1, 3), sq(3, 0)));
    assert!(b.los(sq(0, 0), sq(4, 4)));
}

/// 8th: Line of Sight and Adjacency: any part of a wall on the line blocks it.
#[test]
fn los_is_blocked_by_a_wall() {
    let mut b = closed();
    wall(&mut b, sq(1, 1), Dir::S);
    assert!(!b.los(sq(1, 0), sq(1, 3)));
    assert!(!b.los(sq(1, 1), sq(1, 2)));
    assert!(!b.los(sq(0, 1), sq(2, 2)), "the line crosses the middle of the wall");
    assert!(b.los(sq(2, 0), sq(2, 3)), "the next column over is clear");
}

/// 8th: Line of Sight and Adjacency: any part of a wall blocks, its columns included, so a line
/// that only grazes the end of a wall touches its column and is blocked.
#[test]
fn los_grazing_the_end_of_a_wall_is_blocked() {
    // The line from (1,0) to (2,3) passes exactly through the grid point (2,2).
    assert!(closed().los(sq(1, 0), sq(2, 3)));
    let mut b = closed();
    wall(&mut b, sq(1, 1), Dir::S); // from (1,2) to (2,2): its east column is at (2,2)
    assert!(b.column_at(Corner { x: 2, y: 2 }));
    assert!(!b.los(sq(1, 0), sq(2, 3)));
    assert!(!b.los(sq(2, 3), sq(1, 0)));
    // The same from the other end: the line from (2,3) to (3,0) passes through (3,2).
    let mut b = closed();
    wall(&mut b, sq(2, 1), Dir::S); // from (2,2) to (3,2)
    assert!(!b.los(sq(2, 3), sq(3, 0)));
    assert!(b.los(sq(2, 4), sq(3, 0)), "a line that misses the column by a little is clear");
}

/// 8th: a line exactly through a corner where no wall ends passes diagonally (no column there).
#[test]
fn los_through_a_corner_without_a_column_is_clear() {
    let b = closed();
    assert!(!b.column_at(Corner { x: 2, y: 2 }));
    assert!(b.los(sq(1, 1), sq(2, 2)));
    assert!(b.los(sq(1, 1), sq(3, 3)));
    assert!(b.los(sq(3, 1), sq(1, 3)));
}

/// 8th: exactly through a corner with a column (the end of any wall) is blocked.
#[test]
fn los_through_a_corner_with_a_column_is_blocked() {
    let mut b = closed();
    wall(&mut b, sq(1, 2), Dir::N); // from (1,2) to (2,2): a column at (2,2)
    assert!(b.column_at(Corner { x: 2, y: 2 }));
    assert!(!b.los(sq(1, 1), sq(2, 2)));
    assert!(!b.los(sq(1, 1), sq(3, 3)));
    assert!(!b.los(sq(2, 1), sq(1, 2)));
    // A wall standing anywhere else along the way puts no column at this corner.
    let mut b = closed();
    wall(&mut b, sq(0, 2), Dir::N);
    assert!(b.los(sq(1, 1), sq(3, 3)));
}

/// 8th: Doors, and its FAQ: a closed door blocks LOS, an open one doesn't (spells may be cast
/// through it); an open door still hangs between its columns, which block a
/// grazing line.
#[test]
fn doors_block_los_while_closed_and_their_columns_always() {
    let mut b = closed();
    let d = door(&mut b, sq(1, 1), Dir::S);
    assert!(!b.los(sq(1, 0), sq(1, 3)));
    b.set_door_open(d, true).unwrap();
    assert!(b.los(sq(1, 0), sq(1, 3)));
    assert!(b.los(sq(0, 0), sq(2, 3)), "a slanting line through the open doorway");
    assert!(!b.los(sq(1, 0), sq(2, 3)), "grazes the door's east column");
    b.set_door_open(d, false).unwrap();
    assert!(!b.los(sq(1, 0), sq(1, 3)));
    // The rules' tags on a door (who holds it...) change nothing the kernel sees: open is open.
    b.set_door_tag(d, "held_by", Some(wizwar::value::Value::Int(3))).unwrap();
    assert!(!b.los(sq(1, 0), sq(1, 3)), "a tag does not open the door");
    b.set_door_open(d, true).unwrap();
    assert!(b.los(sq(1, 0), sq(1, 3)));
}

/// 8th: Line of Sight and Adjacency: LOS passes objects and wizards unless a card says they
/// fill their whole square; something that does blocks lines through its square (and
/// its occupant sees out of it only to... nothing: Dust Cloud); it never hides itself.
#[test]
fn an_obstacle_that_fills_its_square_blocks_los() {
    let mut b = closed();
    b.add_obstacle(1, obstacle(sq(2, 2), true, false)).unwrap();
    b.add_obstacle(2, obstacle(sq(2, 3), false, true)).unwrap(); // a rock: doesn't block LOS
    assert!(!b.los(sq(2, 0), sq(2, 4)));
    assert!(!b.los(sq(2, 1), sq(2, 2)), "nobody sees into the filled square");
    assert!(!b.los(sq(2, 2), sq(2, 1)), "nor out of it");
    assert!(b.los(sq(2, 2), sq(2, 2)));
    assert!(b.los(sq(2, 3), sq(2, 4)), "the rock hides nothing");
    assert!(b.los(sq(1, 4), sq(3, 2)), "through the rock's square");
    assert!(b.los_to_obstacle(sq(2, 0), 1), "the obstacle itself is seen");
    assert!(b.los_to_obstacle(sq(2, 2), 1));
    assert!(!b.los_to_obstacle(sq(2, 0), 2), "the rock is behind the filled square");
    assert!(b.los_to_obstacle(sq(1, 4), 2));
    // Another filling obstacle in the same square hides the first one.
    b.add_obstacle(3, obstacle(sq(2, 2), true, false)).unwrap();
    assert!(!b.los_to_obstacle(sq(2, 0), 1));
}

/// 8th Wall of Earth: a barrier on a border line that stops both sight and movement. Like a wall, it
/// blocks a line that crosses it and one that only touches its end.
#[test]
fn a_thrown_line_lists_the_squares_it_crosses() {
    // 8th: Throwing Objects / classic, Dropping and Retrieving Objects: a thrown object lands
    // in the last square before what stops it, so rules need the squares of the line.
    let b = one();
    assert_eq!(b.line_squares(sq(1, 1), sq(3, 1)), Some(vec![sq(2, 1), sq(3, 1)]));
    assert_eq!(b.line_squares(sq(1, 1), sq(1, 1)), Some(vec![sq(1, 1)]));
    // A knight's move crosses two squares on the way: (1,1) -> (2,1)/(2,2)... to (3,2).
    let knight = b.line_squares(sq(1, 1), sq(3, 2)).unwrap();
    assert_eq!(knight.last(), Some(&sq(3, 2)));
    assert_eq!(knight.len(), 3, "{knight:?}");
    // Through the rim opening, the short way round: (2,0) north wraps to (2,4).
    assert_eq!(b.line_squares(sq(2, 1), sq(2, 4)), Some(vec![sq(2, 0), sq(2, 4)]));
    // In a closed room: a square filled by an obstacle ends the line on entering it, and
    // nothing beyond it is reached; a wall in the way leaves no line at all.
    let mut room = closed();
    room.add_obstacle(1, obstacle(sq(3, 1), true, true)).unwrap();
    assert_eq!(room.line_squares(sq(1, 1), sq(3, 1)), Some(vec![sq(2, 1), sq(3, 1)]));
    assert_eq!(room.line_squares(sq(1, 1), sq(4, 1)), None);
    wall(&mut room, sq(1, 3), Dir::E);
    assert_eq!(room.line_squares(sq(1, 3), sq(3, 3)), None);
}

#[test]
fn an_edge_obstacle_that_blocks_los_blocks_like_a_wall() {
    let mut b = closed();
    let earth =
        Obstacle { at: Place::Edge(sq(1, 1).edge(Dir::S)), blocks_move: true, blocks_los: true, fills_square: false };
    b.add_obstacle(1, earth).unwrap();
    assert!(!b.los(sq(1, 0), sq(1, 3)));
    assert!(!b.los(sq(1, 0), sq(2, 3)), "the line touches its east end at (2,2)");
    assert!(b.los(sq(2, 0), sq(2, 3)));
    assert!(b.los_to_obstacle(sq(1, 0), 1));
    assert!(b.try_step(sq(1, 1), Dir::S, &thing()).is_none());
    // Something on a border line that doesn't block LOS (Wall of Fire) hides nothing.
    let mut b = closed();
    let fire =
        Obstacle { at: Place::Edge(sq(1, 1).edge(Dir::S)), blocks_move: false, blocks_los: false, fills_square: false };
    b.add_obstacle(2, fire).unwrap();
    assert!(b.los(sq(1, 0), sq(1, 3)));
    assert!(b.los(sq(1, 0), sq(2, 3)));
}

/// 8th: LOS runs from the dot of the caster's square: a square always sees itself, whatever
/// stands in it.
#[test]
fn a_square_always_sees_itself() {
    let mut b = two();
    b.add_obstacle(1, obstacle(sq(3, 3), true, true)).unwrap();
    for s in b.squares() {
        assert!(b.los(s, s), "{s}");
    }
}

/// 8th: Leaving the Board and Moving Through Portals: sight through a portal or a wrap-around
/// treats the two joined squares as next to each other, so the line goes on straight from the
/// linked square.
#[test]
fn los_goes_through_the_wrap_around() {
    let mut b = two();
    wall(&mut b, sq(3, 2), Dir::E); // block the way across the middle
    assert!(b.los(sq(1, 2), sq(8, 2)), "west through the wrap, along row 2");
    assert!(b.los(sq(0, 2), sq(9, 2)));
    // A slanting line through the opening: from (1,2) to (7,3) only round the back.
    assert!(b.los(sq(1, 2), sq(7, 3)));
    assert!(b.los(sq(7, 3), sq(1, 2)));
    let unwalled = two();
    assert!(unwalled.los(sq(1, 2), sq(7, 3)));
    // The rim walls beside the opening stop lines that miss it.
    assert!(!b.los(sq(1, 1), sq(8, 1)));
}

/// 8th, as above, through portals: the line continues from the matching portal, turned as the
/// portals are turned.
#[test]
fn los_goes_through_portals() {
    let b = turning_portals();
    // North out of slot 0, in through the east side of slot 1 heading west.
    assert!(b.los(sq(2, 1), sq(8, 2)));
    assert!(b.los(sq(8, 2), sq(2, 1)));
    assert!(b.los(sq(2, 2), sq(6, 2)));
    assert!(b.los(sq(2, 1), sq(7, 1)), "a slanting line through the portal");
    let mut b = crossing_portals();
    wall(&mut b, sq(4, 2), Dir::E);
    assert!(b.los(sq(2, 1), sq(7, 3)));
    assert!(b.los(sq(7, 3), sq(2, 1)));
    assert!(b.adjacent(sq(2, 0), sq(7, 4)));
}

/// The LOS tracer's rule: a line never passes the same square twice, so it can't go round the
/// board and look back into its own square (and past it) from behind.
///
/// A sector with a portal joining its own north and east openings (a 5-square loop through its
/// centre) on a board 10 squares tall, so lines may be 10 squares long. The square (1,1) is
/// walled on three sides; the only line from the centre (2,2) to it leaves north through (2,1),
/// comes back in from the east along row 1 and crosses (2,1) a second time.
#[test]
fn los_does_not_loop_round_to_its_own_square() {
    let mut b = build(
        layout(
            &[(0, 0), (0, 1)],
            &[("purple", 0, Dir::N), ("purple", 0, Dir::E), ("cyan", 0, Dir::W), ("cyan", 1, Dir::S)],
            &[],
        ),
        plains(2),
    );
    for d in [Dir::N, Dir::W, Dir::S] {
        wall(&mut b, sq(1, 1), d);
    }
    assert!(b.los(sq(2, 2), sq(3, 2)));
    assert!(!b.los(sq(2, 2), sq(1, 1)));
    assert!(!b.los(sq(1, 1), sq(2, 2)));
    assert!(b.los(sq(2, 1), sq(1, 1)));
}

/// 8th: Line of Sight and Adjacency: a wall, door or corridor is targeted by sight of the thing
/// itself; the 9th lets any point of a wall do. The line is traced to the edge: to its
/// midpoint (8th/classic) or to any point (9th). Here a wall hides the middle and
/// the north part of the target wall; its south end is still in view.
#[test]
fn los_to_a_wall_is_traced_to_the_wall_itself() {
    let mut b = closed();
    let target = sq(4, 1).edge(Dir::W); // the line x = 4 from y = 1 to y = 2
    b.create_barrier(target, false, None).unwrap();
    wall(&mut b, sq(2, 0), Dir::W); // the line x = 2 from y = 0 to y = 1
    let viewer = sq(0, 0);
    assert!(!b.los_to_edge(viewer, target, EdgeTarget::Midpoint));
    assert!(b.los_to_edge(viewer, target, EdgeTarget::AnyPoint));
    // Without the screen, the middle is in view.
    b.destroy_barrier(sq(2, 0).edge(Dir::W)).unwrap();
    assert!(b.los_to_edge(viewer, target, EdgeTarget::Midpoint));

    // A wall is seen even though the square behind it is not; a door likewise.
    let mut b = closed();
    let w = sq(1, 1).edge(Dir::S);
    b.create_barrier(w, false, None).unwrap();
    assert!(!b.los(sq(1, 0), sq(1, 2)));
    assert!(b.los_to_edge(sq(1, 0), w, EdgeTarget::Midpoint));
    assert!(b.los_to_edge(sq(1, 3), w, EdgeTarget::Midpoint), "from either side");
    assert!(b.los_to_edge(sq(1, 1), w, EdgeTarget::Midpoint), "one's own wall");
    let d = door(&mut b, sq(3, 1), Dir::S);
    assert!(b.los_to_edge(sq(3, 3), d, EdgeTarget::Midpoint));
    assert!(b.los_to_edge(sq(0, 3), w, EdgeTarget::Midpoint), "a slanting line to the middle of the wall");
}

/// 8th: Maintaining Spells: a created wall goes when its spell ends. What stood there before
/// comes back: nothing, the ruin of a destroyed printed wall (not the wall itself), or the
/// printed wall a created door had replaced. Only the card that built it takes it away.
#[test]
fn taking_away_a_created_wall_leaves_what_was_there_before() {
    let mut b = closed();
    let rim = sq(0, 1).edge(Dir::W); // printed rim wall
    b.destroy_barrier(rim).unwrap();
    b.create_barrier(rim, false, Some(7)).unwrap();
    assert_eq!(b.edge(rim).unwrap().barrier, Barrier::Wall);
    assert!(b.unmake_barrier(rim, Some(8)).is_err(), "card 8 did not build it");
    b.unmake_barrier(rim, Some(7)).unwrap();
    let v = b.edge(rim).unwrap();
    assert_eq!((v.barrier, v.destroyed), (Barrier::Open, true), "the ruin, not the printed wall");
    b.check_consistency().unwrap();

    let door_in_wall = sq(4, 3).edge(Dir::E);
    b.create_barrier(door_in_wall, true, Some(9)).unwrap();
    assert_eq!(b.edge(door_in_wall).unwrap().barrier, Barrier::Door);
    b.unmake_barrier(door_in_wall, None).unwrap();
    assert_eq!(b.edge(door_in_wall).unwrap().barrier, Barrier::Wall, "the printed wall is back");

    let open = sq(2, 2).edge(Dir::N);
    assert!(b.unmake_barrier(open, None).is_err(), "nothing was built there");
    b.create_barrier(open, false, None).unwrap();
    b.unmake_barrier(open, None).unwrap();
    assert_eq!(b.edge(open).unwrap().barrier, Barrier::Open);
    b.check_consistency().unwrap();
}

/// Something that fills a square stands between the viewer and the wall behind it.
#[test]
fn los_to_a_wall_behind_a_filled_square_is_blocked() {
    let mut b = closed();
    let w = sq(1, 1).edge(Dir::S);
    b.create_barrier(w, false, None).unwrap();
    b.add_obstacle(1, obstacle(sq(1, 0), true, false)).unwrap();
    // From (1,0) itself: inside the cloud one sees nothing but the cloud.
    assert!(!b.los_to_edge(sq(1, 0), w, EdgeTarget::AnyPoint));
    b.remove_obstacle(1);
    b.add_obstacle(2, obstacle(sq(1, 1), true, false)).unwrap();
    assert!(!b.los_to_edge(sq(1, 0), w, EdgeTarget::Midpoint), "the line ends in the filled square");
    assert!(b.los_to_edge(sq(1, 3), w, EdgeTarget::Midpoint), "the other face of the wall is in view");
}

// ---------------------------------------------------------------------------------------------
// Doors and movement

/// A printed door knows the sector whose face prints it (a board fact the rules read: the
/// 8th opens a home sector's doors for its owner, in its ruleset), wherever the sector is
/// turned; a created door belongs to no sector. For the kernel, a closed door is closed to
/// every mover but one given a pass for it.
#[test]
fn a_printed_door_knows_its_sector_and_is_closed_to_all_without_a_pass() {
    let mut b = build(layout(&[(0, 0), (1, 0)], &[], &[]), vec![with_door("red"), plain("blue")]);
    let e = sq(1, 1).edge(Dir::E);
    let view = b.edge(e).unwrap();
    assert_eq!(view.barrier, Barrier::Door);
    assert_eq!(view.door.as_ref().unwrap().sector, Some(0));
    assert!(b.try_step(sq(1, 1), Dir::E, &thing()).is_none());
    let passing = Mover { door_passes: vec![e], ..thing() };
    assert!(b.try_step(sq(1, 1), Dir::E, &passing).is_some());
    assert!(b.try_step(sq(2, 1), Dir::W, &passing).is_some());
    // Passing a door costs no extra movement.
    assert_eq!(b.reachable(sq(1, 1), 1, &passing).get(&sq(2, 1)), Some(&1));
    assert_eq!(b.path(sq(0, 1), sq(3, 1), &passing).unwrap().len(), 3);
    b.turn_sector(0, Rot(1), &mut |_| SeamFate::Reset).unwrap();
    let moved = sq(3, 1).edge(Dir::S); // local (1,1) east side, turned a quarter
    assert_eq!(b.edge(moved).unwrap().door.unwrap().sector, Some(0));
    let mut b = two();
    let created = door(&mut b, sq(1, 1), Dir::E);
    assert_eq!(b.edge(created).unwrap().door.unwrap().sector, None);
}

/// The rules' tags on a door go with it: kept when a sector turns, gone with the door.
#[test]
fn door_tags_belong_to_the_door() {
    use wizwar::value::Value;
    let mut b = build(layout(&[(0, 0), (1, 0)], &[], &[]), vec![with_door("red"), plain("blue")]);
    let e = sq(1, 1).edge(Dir::E);
    b.set_door_tag(e, "owner", Some(Value::Int(1))).unwrap();
    assert_eq!(b.edge(e).unwrap().door.unwrap().tags.get("owner"), Some(&Value::Int(1)));
    assert!(b.set_door_tag(sq(0, 1).edge(Dir::W), "owner", Some(Value::Int(1))).is_err(), "no door there");
    b.turn_sector(0, Rot(1), &mut |_| SeamFate::Reset).unwrap();
    let moved = sq(3, 1).edge(Dir::S);
    assert_eq!(b.edge(moved).unwrap().door.unwrap().tags.get("owner"), Some(&Value::Int(1)));
    b.set_door_tag(moved, "owner", None).unwrap();
    assert!(b.edge(moved).unwrap().door.unwrap().tags.is_empty());
    b.check_consistency().unwrap();
}

/// Passes for single doors (what the rules give a picked lock) and for every door (a key); an
/// open door lets anyone through.
#[test]
fn door_passes_keys_and_open_doors() {
    let mut b = two();
    let d1 = door(&mut b, sq(1, 1), Dir::E);
    let d2 = door(&mut b, sq(1, 3), Dir::E);
    let picked = Mover { door_passes: vec![d1], ..thing() };
    assert!(b.try_step(sq(1, 1), Dir::E, &picked).is_some());
    assert!(b.try_step(sq(1, 3), Dir::E, &picked).is_none());
    let key = Mover { through_doors: true, ..thing() };
    assert!(b.try_step(sq(1, 1), Dir::E, &key).is_some());
    assert!(b.try_step(sq(1, 3), Dir::E, &key).is_some());
    assert!(b.try_step(sq(0, 1), Dir::W, &key).is_none(), "a key is no use against a wall");
    b.set_door_open(d2, true).unwrap();
    assert!(b.try_step(sq(1, 3), Dir::E, &thing()).is_some());
    b.set_door_open(d2, false).unwrap();
    assert!(b.try_step(sq(1, 3), Dir::E, &thing()).is_none());
}

// ---------------------------------------------------------------------------------------------
// Around the Corner

/// The turn between the two legs of a bent line, as the sign of their dot product: 0 = a right
/// angle, negative = turning back by more than 90 degrees.
fn turn(a: Sq, m: Sq, b: Sq) -> i32 {
    let (l1, l2) = ((m.x - a.x, m.y - a.y), (b.x - m.x, b.y - m.y));
    l1.0 * l2.0 + l1.1 * l2.1
}

/// 8th Around the Corner: the spell's sight turns one corner by a quarter turn to reach blue. Red stands at the end of a corridor that turns a corner; blue is round it.
#[test]
fn around_the_corner_bends_90_degrees() {
    let mut b = closed();
    let corridor = [sq(0, 1), sq(1, 1), sq(2, 1), sq(3, 1), sq(3, 2), sq(3, 3)];
    carve(&mut b, &corridor);
    let (red, blue) = (sq(0, 1), sq(3, 3));
    assert!(!b.los(red, blue));
    let m = b.los_bent(red, blue).expect("the spell turns the corner");
    assert_eq!(m, sq(3, 1));
    assert!(b.los(red, m) && b.los(m, blue));
    assert_eq!(turn(red, m, blue), 0);
    assert_eq!(b.los_bent(blue, red), Some(sq(3, 1)));
}

/// 8th Around the Corner: the spell's sight may turn back round a wall's end by a half turn to
/// reach green. Red and green stand on either side of a wall; the spell goes past its end and
/// comes back on the other side (the card: one corner, at most a half turn).
#[test]
fn around_the_corner_bends_180_degrees() {
    let mut b = closed();
    let room: Vec<Sq> = (0..5).flat_map(|x| [sq(x, 1), sq(x, 2)]).collect();
    carve(&mut b, &room);
    wall(&mut b, sq(0, 1), Dir::S);
    wall(&mut b, sq(1, 1), Dir::S); // a wall from (0,2) to (2,2) between red and green
    let (red, green) = (sq(0, 1), sq(0, 2));
    assert!(!b.los(red, green));
    let m = b.los_bent(red, green).expect("the spell comes back round the end of the wall");
    assert!(b.los(red, m) && b.los(m, green));
    assert!(turn(red, m, green) < 0, "bent back by more than a right angle, via {m}");
    assert!(m.x >= 2, "the bend lies past the end of the wall: {m}");
}

/// 8th Around the Corner bends once: where the way needs two turns there is no bent LOS.
#[test]
fn around_the_corner_bends_only_once() {
    let mut b = closed();
    let zigzag = [sq(0, 1), sq(1, 1), sq(2, 1), sq(2, 2), sq(2, 3), sq(3, 3), sq(4, 3)];
    carve(&mut b, &zigzag);
    assert_eq!(b.los_bent(sq(0, 1), sq(4, 3)), None);
    assert_eq!(b.los_bent(sq(4, 3), sq(0, 1)), None);
    assert!(b.los_bent(sq(0, 1), sq(2, 3)).is_some(), "one turn is enough for this one");
    // A straight line needs no bend.
    assert_eq!(b.los_bent(sq(0, 1), sq(2, 1)), Some(sq(0, 1)));
}

// ---------------------------------------------------------------------------------------------
// Changing the map

fn all_links(b: &Board) -> BTreeSet<(Sq, Dir, Sq, Dir, String)> {
    b.links().into_iter().collect()
}

/// 8th: Changing the Map: portals stay where they are on the table when sectors are rotated or
/// swapped. Warps likewise belong to the layout.
#[test]
fn rotating_and_swapping_keep_portals_and_warps_in_place() {
    let mut b = crossing_portals();
    let before = all_links(&b);
    b.turn_sector(0, Rot(1), &mut |_| SeamFate::Reset).unwrap();
    assert_eq!(all_links(&b), before);
    b.turn_sector(1, Rot(2), &mut |_| SeamFate::Reset).unwrap();
    assert_eq!(all_links(&b), before);
    b.swap_sectors(0, 1, &mut |_| SeamFate::Reset).unwrap();
    assert_eq!(all_links(&b), before);
    assert_eq!(b.sector_of(sq(2, 0)), Some(1));

    let mut b = warped();
    let before = all_links(&b);
    b.turn_sector(1, Rot(3), &mut |_| SeamFate::Reset).unwrap();
    b.swap_sectors(1, 2, &mut |_| SeamFate::Reset).unwrap();
    assert_eq!(all_links(&b), before);
}

/// 8th Changing the Map: a turned sector turns with everything on it: squares, objects, its own walls.
#[test]
fn rotating_a_sector_moves_its_contents() {
    let mut b = two();
    b.add_obstacle(5, obstacle(sq(1, 0), false, true)).unwrap();
    b.add_obstacle(6, obstacle(sq(6, 1), false, true)).unwrap();
    b.create_barrier(sq(1, 1).edge(Dir::E), false, Some(9)).unwrap();
    let remap = b.turn_sector(0, Rot(1), &mut |_| SeamFate::Reset).unwrap();
    assert_eq!(remap.squares.len(), 25);
    assert!(remap.squares.contains(&(sq(1, 0), sq(4, 1))));
    assert!(remap.squares.contains(&(sq(2, 2), sq(2, 2))));
    assert_eq!(b.obstacles()[&5].at, Place::Square(sq(4, 1)));
    assert_eq!(b.obstacles()[&6].at, Place::Square(sq(6, 1)), "the other sector stays put");
    // The created wall on local (1,1) east now stands on the south side of (3,1).
    assert!(remap.edges.contains(&(sq(1, 1).edge(Dir::E), sq(3, 1).edge(Dir::S))));
    assert_eq!(b.edge(sq(3, 1).edge(Dir::S)).unwrap().created_by, Some(9));
    assert_eq!(b.edge(sq(1, 1).edge(Dir::E)).unwrap().barrier, Barrier::Open);
    assert_eq!(b.placements()[0].rot, Rot(1));
    assert_eq!(b.home(0), sq(2, 2));
    let t: BTreeSet<Sq> = b.treasure_starts(0).into_iter().collect();
    assert_eq!(t, BTreeSet::from([sq(3, 1), sq(1, 3)]));
}

/// 8th Swap Sectors: two sectors trade places with all they carry.
#[test]
fn swapping_sectors_moves_their_contents() {
    let mut b = build(layout(&[(0, 0), (1, 0)], &[], &[]), vec![with_door("red"), plain("blue")]);
    b.add_obstacle(5, obstacle(sq(1, 0), false, true)).unwrap();
    b.add_obstacle(6, obstacle(sq(6, 1), false, true)).unwrap();
    let remap = b.swap_sectors(0, 1, &mut |_| SeamFate::Reset).unwrap();
    assert_eq!(remap.squares.len(), 50);
    assert!(remap.squares.contains(&(sq(1, 0), sq(6, 0))));
    assert!(remap.squares.contains(&(sq(6, 1), sq(1, 1))));
    assert_eq!(b.obstacles()[&5].at, Place::Square(sq(6, 0)));
    assert_eq!(b.obstacles()[&6].at, Place::Square(sq(1, 1)));
    assert_eq!(b.sector_of(sq(6, 0)), Some(0));
    assert_eq!(b.home(0), sq(7, 2));
    let d = b.edge(sq(6, 1).edge(Dir::E)).unwrap();
    assert_eq!(d.barrier, Barrier::Door);
    assert_eq!(d.door.unwrap().sector, Some(0));
    assert_eq!(b.edge(sq(1, 1).edge(Dir::E)).unwrap().barrier, Barrier::Open);
}

/// 8th: Changing the Map: a created wall on the line between two moving sector boards is
/// destroyed; a destroyed or damaged wall there is repaired and loses its damage.
#[test]
fn seam_alterations_reset_in_the_8th() {
    let mut b = two();
    let created = sq(4, 2).edge(Dir::E); // the opening between the two sectors
    let destroyed = sq(4, 1).edge(Dir::E);
    let damaged = sq(4, 3).edge(Dir::E);
    let inside = sq(1, 1).edge(Dir::E);
    b.create_barrier(created, false, Some(1)).unwrap();
    b.destroy_barrier(destroyed).unwrap();
    b.set_damage(damaged, 2).unwrap();
    b.create_barrier(inside, false, Some(2)).unwrap();
    b.add_obstacle(
        7,
        Obstacle { at: Place::Edge(sq(4, 4).edge(Dir::E)), blocks_move: true, blocks_los: false, fills_square: false },
    )
    .unwrap();
    let mut asked = BTreeSet::new();
    let remap = b
        .turn_sector(0, Rot(2), &mut |e| {
            asked.insert(e);
            SeamFate::Reset
        })
        .unwrap();
    for e in [created, destroyed, damaged] {
        assert!(asked.contains(&e), "the seam policy is asked about {e}");
        assert!(remap.reset_edges.contains(&e));
    }
    assert!(!asked.contains(&inside), "edges inside the sector simply turn with it");
    let v = b.edge(created).unwrap();
    assert_eq!((v.barrier, v.created_by), (Barrier::Open, None));
    let v = b.edge(destroyed).unwrap();
    assert_eq!((v.barrier, v.destroyed), (Barrier::Wall, false));
    assert_eq!(b.edge(damaged).unwrap().damage, 0);
    assert_eq!(remap.removed_obstacles, vec![7]);
    assert!(!b.obstacles().contains_key(&7));
    // The created wall inside the sector turned with it: local (1,1) east -> (3,3) west.
    assert_eq!(b.edge(sq(3, 3).edge(Dir::W)).unwrap().created_by, Some(2));

    // Swapping moves both sectors: the seam is reset too.
    let mut b = two();
    b.create_barrier(created, false, Some(1)).unwrap();
    b.swap_sectors(0, 1, &mut |_| SeamFate::Reset).unwrap();
    assert_eq!(b.edge(created).unwrap().barrier, Barrier::Open);
}

/// Classic/9th: a die roll decides what happens to a seam alteration; the two other fates: it
/// stays on the table where it was, or it travels with the moved sector.
#[test]
fn seam_alterations_stay_or_move_as_the_ruleset_says() {
    let created = sq(4, 2).edge(Dir::E);
    let destroyed = sq(4, 1).edge(Dir::E);
    let mut b = two();
    b.create_barrier(created, false, Some(1)).unwrap();
    b.destroy_barrier(destroyed).unwrap();
    let remap = b.turn_sector(0, Rot(1), &mut |_| SeamFate::StayWithBoard).unwrap();
    assert!(remap.reset_edges.is_empty());
    assert_eq!(b.edge(created).unwrap().created_by, Some(1));
    assert!(b.edge(destroyed).unwrap().destroyed);

    let mut b = two();
    b.destroy_barrier(destroyed).unwrap();
    let remap = b.turn_sector(0, Rot(1), &mut |_| SeamFate::MoveWithSector).unwrap();
    // Local (4,1) east turned a quarter is the south side of (3,4).
    let moved = sq(3, 4).edge(Dir::S);
    assert!(remap.edges.contains(&(destroyed, moved)));
    let v = b.edge(moved).unwrap();
    assert!(v.destroyed);
    assert_eq!(v.barrier, Barrier::Open);
    let v = b.edge(destroyed).unwrap();
    assert_eq!((v.barrier, v.destroyed), (Barrier::Wall, false), "the printed walls meet again");
}

// ---------------------------------------------------------------------------------------------
// Random directions and straight runs

/// Classic, The Die: pick a direction, roll the d4: a one keeps it, any other roll counts that
/// many steps clockwise.
#[test]
fn random_direction_counts_clockwise_from_the_chosen_base() {
    assert_eq!([1, 2, 3, 4].map(|r| random_direction(r, Dir::N)), [Dir::N, Dir::E, Dir::S, Dir::W]);
    assert_eq!([1, 2, 3, 4].map(|r| random_direction(r, Dir::W)), [Dir::W, Dir::N, Dir::E, Dir::S]);
    assert_eq!(random_direction(2, Dir::S), Dir::W);
}

/// 8th Waterbolt/Lightning Bolt/knock-back: a straight run stops at a wall, at something that
/// fills a square, at an edge obstacle, and at a rim side with no link; it goes through links.
#[test]
fn straight_runs_stop_at_walls_obstacles_and_the_rim() {
    let mut b = two();
    let run = b.run(sq(1, 1), Dir::E, 10, &thing());
    assert_eq!(run.steps.iter().map(|s| s.to).collect::<Vec<_>>(), vec![sq(2, 1), sq(3, 1), sq(4, 1)]);
    assert_eq!(run.stop, RunStop::Edge(sq(4, 1).edge(Dir::E)));

    b.add_obstacle(1, obstacle(sq(3, 3), false, true)).unwrap();
    let run = b.run(sq(1, 3), Dir::E, 10, &thing());
    assert_eq!(run.steps.len(), 1);
    assert_eq!(run.stop, RunStop::Square(sq(3, 3)));
    let ghost = Mover { through_obstacles: true, ..thing() };
    assert_eq!(b.run(sq(1, 3), Dir::E, 10, &ghost).steps.len(), 3);

    b.add_obstacle(
        2,
        Obstacle { at: Place::Edge(sq(1, 0).edge(Dir::S)), blocks_move: true, blocks_los: false, fills_square: false },
    )
    .unwrap();
    let run = b.run(sq(1, 3), Dir::N, 10, &thing());
    assert_eq!(run.steps.len(), 2);
    assert_eq!(run.stop, RunStop::Edge(sq(1, 0).edge(Dir::S)));

    // Through the wrap and round the row until it would pass its start again.
    let run = b.run(sq(2, 2), Dir::W, 20, &thing());
    assert_eq!(run.steps.len(), 9);
    assert_eq!(run.steps[2].to, sq(9, 2));
    assert_eq!(run.stop, RunStop::Loop);
    assert_eq!(b.run(sq(2, 2), Dir::W, 4, &thing()).stop, RunStop::Length);

    // A rim side with no link: in the L of three, (6,0) north would wrap onto a warped side, so
    // it leads nowhere; with its rim wall destroyed the run ends there.
    let mut b = warped();
    assert!(b.step(sq(6, 0), Dir::N).is_none());
    b.destroy_barrier(sq(6, 0).edge(Dir::N)).unwrap();
    let run = b.run(sq(6, 2), Dir::N, 10, &thing());
    assert_eq!(run.steps.len(), 2);
    assert_eq!(run.stop, RunStop::Rim);
}

/// classic, Relocate Sector on three sectors: a sector may move into the empty quarter, with
/// everything on it; the place it leaves is empty and off the board, and an occupied place or
/// one outside the board is refused.
#[test]
fn a_sector_moves_into_the_empty_quarter() {
    let mut b = build(layout(&[(0, 0), (1, 0), (0, 1)], &[], &[]), plains(3));
    assert_eq!(b.empty_slots(), vec![(1, 1)]);
    b.add_obstacle(5, obstacle(sq(6, 1), false, true)).unwrap();
    wall(&mut b, sq(7, 2), Dir::E);
    let remap = b.move_sector(1, (1, 1), &mut |_| SeamFate::Reset).unwrap();
    assert_eq!(remap.squares.len(), 25);
    assert!(remap.squares.contains(&(sq(6, 1), sq(6, 6))));
    assert_eq!(b.obstacles()[&5].at, Place::Square(sq(6, 6)));
    assert_eq!(b.edge(sq(7, 7).edge(Dir::E)).unwrap().barrier, Barrier::Wall, "its wall went with it");
    assert_eq!(b.sector_of(sq(6, 6)), Some(1));
    assert_eq!(b.sector_of(sq(6, 1)), None, "the place it left is no longer board");
    assert_eq!(b.home(1), sq(7, 7));
    assert_eq!(b.empty_slots(), vec![(1, 0)]);
    assert!(b.move_sector(0, (0, 1), &mut |_| SeamFate::Reset).is_err(), "occupied");
    assert!(b.move_sector(0, (2, 2), &mut |_| SeamFate::Reset).is_err(), "outside the board");
    assert!(b.move_sector(7, (1, 0), &mut |_| SeamFate::Reset).is_err(), "no such sector");
}

/// A wall on the outer rim of a sector that moves into the empty quarter goes with it, even
/// where rim alterations stay with the board: the place it leaves is no board any more.
#[test]
fn an_outer_rim_wall_moves_with_its_sector() {
    let mut b = build(layout(&[(0, 0), (1, 0), (0, 1)], &[], &[]), plains(3));
    b.create_barrier(sq(0, 7).edge(Dir::W), false, None).unwrap();
    b.move_sector(2, (1, 1), &mut |_| SeamFate::StayWithBoard).unwrap();
    assert_eq!(b.edge(sq(5, 7).edge(Dir::W)).unwrap().barrier, Barrier::Wall, "the wall went along");
    assert!(b.edge(sq(0, 7).edge(Dir::W)).is_err(), "that edge is off the board now");
    assert_eq!(b.squares().len(), 75, "the board still derives: three sectors");
}
