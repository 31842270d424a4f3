//! Properties of line of sight and adjacency on random boards.
//!
//! A random board: 1 to 4 plain sectors in one of several layouts (plain wrap-around, crossing
//! portals, turning portals, an L with portals, an L with a warp, a 2x2 square), each sector
//! turned at random, then random created walls and doors (some open), destroyed walls (rim walls
//! too, so lines and corners pass the links) and obstacles on random squares and edges.

use proptest::prelude::*;
use wizwar::geometry::moves::Mover;
use wizwar::geometry::*;

fn plain(id: &str) -> SectorFace {
    SectorFace::plain(id)
}

type Portals = &'static [(&'static str, usize, Dir)];
type Warps = &'static [((usize, Dir), (usize, Dir))];
type LayoutSpec = (&'static [(i32, i32)], Portals, Warps);

/// The layouts boards are drawn from: slots, portal markers, warps.
const LAYOUTS: &[LayoutSpec] = &[
    // One sector wrapping onto itself.
    (&[(0, 0)], &[], &[]),
    // Two side by side, plain wrap-around.
    (&[(0, 0), (1, 0)], &[], &[]),
    // 8th two players: north exits cross over to the other sector's south exit.
    (&[(0, 0), (1, 0)], &[("p", 0, Dir::N), ("p", 1, Dir::S), ("c", 1, Dir::N), ("c", 0, Dir::S)], &[]),
    // Turning portals: north to east, south to west.
    (&[(0, 0), (1, 0)], &[("p", 0, Dir::N), ("p", 1, Dir::E), ("c", 0, Dir::S), ("c", 0, Dir::W)], &[]),
    // One above the other, a portal joining a sector's own north and east sides (a short loop).
    (&[(0, 0), (0, 1)], &[("p", 0, Dir::N), ("p", 0, Dir::E), ("c", 0, Dir::W), ("c", 1, Dir::S)], &[]),
    // 8th three players: an L with two portal pairs.
    (&[(0, 0), (1, 0), (0, 1)], &[("p", 1, Dir::S), ("p", 2, Dir::E), ("c", 1, Dir::N), ("c", 2, Dir::W)], &[]),
    // Classic three players: an L with the AUTO WARP.
    (&[(0, 0), (1, 0), (0, 1)], &[("c", 1, Dir::N), ("c", 2, Dir::W)], &[((1, Dir::S), (2, Dir::E))]),
    // Four players: a 2x2 square with crossing portals east and west.
    (&[(0, 0), (1, 0), (0, 1), (1, 1)], &[("p", 0, Dir::W), ("p", 3, Dir::E), ("c", 2, Dir::W), ("c", 1, Dir::E)], &[]),
];

#[derive(Clone, Debug)]
enum Change {
    /// Create a wall or door (opened or not) on an edge; ignored where the edge can't take it.
    Create { x: i32, y: i32, horizontal: bool, door: bool, open: bool },
    /// Destroy whatever stands on an edge, if anything.
    Destroy { x: i32, y: i32, horizontal: bool },
    /// An obstacle on a square.
    Square { x: i32, y: i32, blocks_los: bool },
    /// An obstacle on an edge.
    Edge { x: i32, y: i32, horizontal: bool, blocks_los: bool },
}

fn change() -> impl Strategy<Value = Change> {
    let (x, y) = (0..11i32, 0..11i32);
    prop_oneof![
        5 => (x.clone(), y.clone(), any::<bool>(), prop::bool::weighted(0.3), any::<bool>())
            .prop_map(|(x, y, horizontal, door, open)| Change::Create { x, y, horizontal, door, open }),
        2 => (x.clone(), y.clone(), any::<bool>()).prop_map(|(x, y, horizontal)| Change::Destroy { x, y, horizontal }),
        1 => (x.clone(), y.clone(), any::<bool>()).prop_map(|(x, y, blocks_los)| Change::Square { x, y, blocks_los }),
        1 => (x, y, any::<bool>(), any::<bool>())
            .prop_map(|(x, y, horizontal, blocks_los)| Change::Edge { x, y, horizontal, blocks_los }),
    ]
}

fn make_board(which: usize, rots: &[u8], changes: &[Change]) -> Board {
    let (slots, portals, warps) = LAYOUTS[which];
    let layout = Layout {
        id: "random".into(),
        name: "random".into(),
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
    };
    let faces = (0..slots.len()).map(|i| plain(&format!("s{i}"))).collect();
    let rots = (0..slots.len()).map(|i| Rot(rots[i] % 4)).collect();
    let mut b = Board::new(layout, faces, rots).unwrap();
    for (id, c) in changes.iter().enumerate() {
        apply(&mut b, c, id as u64);
    }
    b
}

/// Makes change `c` where the board can take it (`id`: an obstacle's).
fn apply(b: &mut Board, c: &Change, id: u64) {
    match *c {
        Change::Create { x, y, horizontal, door, open } => {
            let e = EdgeId { x, y, horizontal };
            if b.create_barrier(e, door, None).is_ok() && door && open {
                b.set_door_open(e, true).unwrap();
            }
        }
        Change::Destroy { x, y, horizontal } => {
            let _ = b.destroy_barrier(EdgeId { x, y, horizontal });
        }
        Change::Square { x, y, blocks_los } => {
            let o =
                Obstacle { at: Place::Square(Sq::new(x, y)), blocks_move: true, blocks_los, fills_square: blocks_los };
            let _ = b.add_obstacle(id, o);
        }
        Change::Edge { x, y, horizontal, blocks_los } => {
            let at = Place::Edge(EdgeId { x, y, horizontal });
            let _ = b.add_obstacle(id, Obstacle { at, blocks_move: true, blocks_los, fills_square: false });
        }
    }
}

/// The fewest moves from `from` to every square it reaches, each step checked as the edges'
/// views and the square's obstacles say (`Mover::may_cross`, `Mover::may_enter`): the board's
/// own searches read its derived tables instead.
fn search_by_views(b: &Board, from: Sq, mover: &Mover) -> std::collections::BTreeMap<Sq, u32> {
    let mut cost = std::collections::BTreeMap::from([(from, 0)]);
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(s) = queue.pop_front() {
        for d in Dir::ALL {
            let Some(st) = b.step(s, d) else { continue };
            let crosses =
                [st.exit_edge, st.entry_edge].iter().all(|&e| b.edge(e).is_ok_and(|v| mover.may_cross(b, &v)));
            if crosses && mover.may_enter(b, st.to) && !cost.contains_key(&st.to) {
                cost.insert(st.to, cost[&s] + 1);
                queue.push_back(st.to);
            }
        }
    }
    cost
}

fn board() -> impl Strategy<Value = Board> {
    (0..LAYOUTS.len(), prop::collection::vec(0..4u8, 4), prop::collection::vec(change(), 0..24))
        .prop_map(|(which, rots, changes)| make_board(which, &rots, &changes))
}

/// Every LOS-relevant fact about neighbours: the edge between them (and at a link both edges)
/// lets a line through, and neither square is filled.
fn open_between(b: &Board, a: Sq, d: Dir) -> Option<Sq> {
    let st = b.step(a, d)?;
    let clear = |e: EdgeId| {
        let v = b.edge(e).unwrap();
        let barrier_ok = match v.barrier {
            Barrier::Open => true,
            Barrier::Wall => false,
            Barrier::Door => v.door.as_ref().unwrap().open,
        };
        barrier_ok && v.obstacles.iter().all(|id| !b.obstacles()[id].blocks_los)
    };
    let filled = |s: Sq| b.obstacles_at(Place::Square(s)).iter().any(|(_, o)| o.blocks_los);
    (clear(st.exit_edge) && clear(st.entry_edge) && !filled(a) && !filled(st.to)).then_some(st.to)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// LOS is symmetric, every square sees itself, and a neighbour with nothing in between is seen.
    #[test]
    fn los_is_symmetric_and_reflexive(b in board()) {
        let squares = b.squares();
        for &a in &squares {
            prop_assert!(b.los(a, a), "{} does not see itself", a);
            for &c in &squares {
                prop_assert_eq!(b.los(a, c), b.los(c, a), "{} and {}", a, c);
            }
            for d in Dir::ALL {
                if let Some(n) = open_between(&b, a, d) {
                    prop_assert!(b.los(a, n), "{} does not see its open neighbour {} ({})", a, n, d);
                }
            }
        }
    }

    /// The distance (kept per square until the board changes) is the length of a shortest
    /// path that ignores terrain, from any square to any other; asked again after a change it
    /// follows the new board.
    #[test]
    fn distance_is_the_free_path_length(b in board()) {
        let free = Mover { through_doors: true, through_walls: true, through_outer_walls: true, through_obstacles: true, ..Mover::default() };
        let squares = b.squares();
        for &a in squares.iter().step_by(7) {
            for &c in &squares {
                prop_assert_eq!(b.distance(a, c), b.path(a, c, &free).map(|p| p.len() as u32), "{} to {}", a, c);
            }
        }
        let mut turned = b.clone();
        if turned.turn_sector(0, Rot::new(1), &mut |_| SeamFate::Reset).is_ok() {
            let squares = turned.squares();
            for &a in squares.iter().step_by(11) {
                for &c in &squares {
                    prop_assert_eq!(turned.distance(a, c), turned.path(a, c, &free).map(|p| p.len() as u32));
                }
            }
        }
    }

    /// A kept field of moves (`walk_field`, per board state) is what a search from its square
    /// finds, step by step as the edges' views and `Mover` say (what stops a wall, a closed
    /// door, an obstacle), for movers that pass some of them or none; after a change (a door
    /// opened, a square filled) it follows the new board.
    #[test]
    fn walk_fields_are_the_searches_they_keep(b in board(), from in prop::collection::vec(0..100usize, 3), change in change()) {
        let movers = [
            Mover::thing(),
            Mover { through_doors: true, through_walls: true, through_outer_walls: true, through_obstacles: true, ..Mover::default() },
            Mover { through_walls: true, ..Mover::default() },
            Mover { through_outer_walls: true, ..Mover::default() },
            Mover { through_doors: true, ..Mover::default() },
            Mover { through_obstacles: true, ..Mover::default() },
        ];
        let check = |b: &Board| -> Result<(), TestCaseError> {
            let squares = b.squares();
            for &i in &from {
                let a = squares[i % squares.len()];
                for mover in &movers {
                    let field = b.walk_field(a, mover).expect("a board of sectors keeps fields");
                    let searched = search_by_views(b, a, mover);
                    prop_assert_eq!(&b.reachable(a, u32::MAX, mover), &searched, "reachable from {} ({:?})", a, mover);
                    for &c in &squares {
                        prop_assert_eq!(field.to(c), searched.get(&c).copied(), "{} to {} ({:?})", a, c, mover);
                    }
                }
            }
            Ok(())
        };
        check(&b)?;
        let mut changed = b.clone();
        apply(&mut changed, &change, 99);
        check(&changed)?;
        let with_pass = Mover { door_passes: vec![EdgeId { x: 0, y: 0, horizontal: true }], ..Mover::default() };
        prop_assert!(b.walk_field(b.squares()[0], &with_pass).is_none(), "a mover with passes has no kept field");
    }

    /// Adjacent means the same square or one step away (8th: no diagonals), and needs LOS; a
    /// side shared on the board is crossed when in LOS, a link only when both its ends are open
    /// (8th: Leaving the Board: never across an outer wall).
    #[test]
    fn adjacent_is_one_step_with_los(b in board()) {
        let squares = b.squares();
        for &a in &squares {
            for &c in &squares {
                if b.adjacent(a, c) {
                    prop_assert!(b.los(a, c));
                    prop_assert!(a == c || b.distance(a, c) == Some(1), "{} and {} adjacent but not one step apart", a, c);
                }
            }
            for d in Dir::ALL {
                let Some(step) = b.step(a, d) else { continue };
                if !step.via_link {
                    prop_assert_eq!(b.adjacent(a, step.to), b.los(a, step.to));
                } else if b.adjacent(a, step.to) {
                    let open = |e| b.edge(e).map(|v| v.barrier == Barrier::Open || v.door.is_some_and(|d| d.open));
                    prop_assert!(open(step.exit_edge) == Ok(true) && open(step.entry_edge) == Ok(true),
                        "{} and {} adjacent through a closed link", a, step.to);
                }
            }
        }
    }

    /// A bent line (Around the Corner) includes every straight one, and a bend is two straight
    /// lines meeting in a square.
    #[test]
    fn los_bent_contains_los(b in board(), picks in prop::collection::vec((0..100usize, 0..100usize), 40)) {
        let squares = b.squares();
        for (i, j) in picks {
            let (a, c) = (squares[i % squares.len()], squares[j % squares.len()]);
            match b.los_bent(a, c) {
                None => prop_assert!(!b.los(a, c), "{} sees {} but no bent line found", a, c),
                Some(m) if m == a => prop_assert!(b.los(a, c)),
                Some(m) => {
                    prop_assert!(!b.los(a, c), "a bend via {} reported where a straight line exists", m);
                    prop_assert!(b.los(a, m) && b.los(m, c), "{} -> {} -> {}", a, m, c);
                }
            }
        }
    }

    /// LOS to a wall: the midpoint is one of the points "any point" tries, so midpoint LOS implies
    /// any-point LOS; and a wall on a side of one's own square is always in view (unless the
    /// square is filled).
    #[test]
    fn los_to_edges_is_consistent(b in board(), picks in prop::collection::vec((0..100usize, 0..4usize, 0..4usize), 12)) {
        let squares = b.squares();
        for (i, d, far) in picks {
            let a = squares[i % squares.len()];
            let filled = b.obstacles_at(Place::Square(a)).iter().any(|(_, o)| o.blocks_los);
            let own = a.edge(Dir::ALL[d]);
            prop_assert_eq!(b.los_to_edge(a, own, EdgeTarget::Midpoint), !filled, "{} and its side {}", a, Dir::ALL[d]);
            let other = squares[(i * 7 + far * 13) % squares.len()].edge(Dir::ALL[far]);
            if b.los_to_edge(a, other, EdgeTarget::Midpoint) {
                prop_assert!(b.los_to_edge(a, other, EdgeTarget::AnyPoint), "{} sees the middle of {} only", a, other);
            }
        }
    }

    /// The lines seen from a square, asked all at once (`lines_seen`, what `game:edges` and
    /// `game:edges_in_sight` use), are those `los_to_edge` sees one by one, with or without a
    /// sight limit; without a square, every line with what stands on it.
    #[test]
    fn lines_seen_at_once_are_those_seen_one_by_one(b in board(), from in prop::collection::vec(0..100usize, 3), limit in prop::option::of(1..5u32)) {
        let mut b = b;
        b.set_sight_limit(limit);
        let squares = b.squares();
        let all: Vec<(EdgeId, Barrier)> = b.lines().into_iter().map(|e| (e, b.edge(e).unwrap().barrier)).collect();
        prop_assert_eq!(b.lines_seen(None), all.clone());
        for i in from {
            let a = squares[i % squares.len()];
            for mode in [EdgeTarget::Midpoint, EdgeTarget::AnyPoint] {
                let one_by_one: Vec<(EdgeId, Barrier)> = all.iter().copied().filter(|&(e, _)| b.los_to_edge(a, e, mode)).collect();
                prop_assert_eq!(b.lines_seen(Some((a, mode))), one_by_one, "from {}", a);
            }
        }
    }

    /// The edges a square's lines reach, worked out walking the lines to their points as one
    /// tree of crossings (`edges_reached`, what every question about sight to a line uses), are
    /// those found walking to every point of every edge of the chart, each line alone.
    #[test]
    fn edges_reached_are_those_every_line_reaches(b in board(), from in prop::collection::vec(0..100usize, 4)) {
        let squares = b.squares();
        for i in from {
            let a = squares[i % squares.len()];
            for mode in [EdgeTarget::Midpoint, EdgeTarget::AnyPoint] {
                let all = b.edges_reached(a, mode, false);
                // (A square sees its own sides, unless something filling it blocks all sight.)
                let filled = b.obstacles_at(Place::Square(a)).iter().any(|(_, o)| o.blocks_los);
                prop_assert_eq!(all.len() < 4, filled, "{} reaches {} edges", a, all.len());
                prop_assert_eq!(b.edges_reached(a, mode, true), all, "from {}", a);
            }
        }
    }

    /// The centres a square's lines reach, the lines walked together as a tree of their
    /// crossings (what every field of view is made from), are those each line walked alone
    /// reaches: through links that turn, wrap-around, filled squares and walls.
    #[test]
    fn centres_reached_by_the_tree_are_those_each_line_reaches(b in board()) {
        for a in b.squares() {
            prop_assert_eq!(b.centres_reached(a, true), b.centres_reached(a, false), "from {}", a);
        }
    }

    /// A board keeps the sight of its last few states and takes it up again when it comes back
    /// to one (a door made and unmade, opened and closed): what it sees then is what a board
    /// built fresh in that state sees (a copy read back from JSON keeps no past sight).
    #[test]
    fn sight_taken_up_again_is_the_states_own(b in board(), edges in prop::collection::vec((0..11i32, 0..11i32, any::<bool>()), 1..4), from in prop::collection::vec(0..100usize, 3)) {
        let mut b = b;
        let squares = b.squares();
        let from: Vec<Sq> = from.iter().map(|&i| squares[i % squares.len()]).collect();
        let fresh = |b: &Board| serde_json::from_str::<Board>(&serde_json::to_string(b).unwrap()).unwrap();
        let same_sight = |b: &Board| -> Result<(), TestCaseError> {
            let f = fresh(b);
            for &a in &from {
                for &c in &squares {
                    prop_assert_eq!(b.los(a, c), f.los(a, c), "{} to {}", a, c);
                }
                for e in b.lines() {
                    for mode in [EdgeTarget::Midpoint, EdgeTarget::AnyPoint] {
                        prop_assert_eq!(b.los_to_edge(a, e, mode), f.los_to_edge(a, e, mode), "{} to line {}", a, e);
                    }
                }
            }
            Ok(())
        };
        same_sight(&b)?;
        for (x, y, horizontal) in edges {
            let e = EdgeId { x, y, horizontal };
            if b.create_barrier(e, true, None).is_err() {
                continue;
            }
            same_sight(&b)?;
            b.set_door_open(e, true).unwrap();
            same_sight(&b)?;
            b.set_door_open(e, false).unwrap();
            same_sight(&b)?;
            let _ = b.destroy_barrier(e);
            same_sight(&b)?;
        }
    }
}

proptest! {
    /// The board-independent line of the topology (`trace.rs`, for squares and hexes alike)
    /// and the square board's own tracer agree on the squares a line enters, on an open sector.
    #[test]
    fn the_topologys_line_enters_the_squares_the_boards_line_does(a in (2..8i32, 2..8i32), d in (-3..4i32, -3..4i32)) {
        // four plain sectors, 10 by 10, every wall taken down: between squares this near, no way
        // round the board is as short
        let bare: Vec<Change> = (0..11)
            .flat_map(|x| (0..11).flat_map(move |y| [true, false].map(|horizontal| Change::Destroy { x, y, horizontal })))
            .collect();
        let b = make_board(7, &[0, 0, 0, 0], &bare);
        let (from, to) = (Sq::new(a.0, a.1), Sq::new((a.0 + d.0).clamp(0, 9), (a.1 + d.1).clamp(0, 9)));
        prop_assume!(from != to);
        let boards = b.line_squares(from, to).unwrap();
        let ours: Vec<Sq> = Shape::Square
            .line(Coord::new(from.x, from.y), Coord::new(to.x, to.y))
            .into_iter()
            .skip(1)
            .filter_map(|s| match s { LineStep::One(c) => Some(Sq::new(c.a, c.b)), _ => None })
            .collect();
        prop_assert_eq!(boards, ours);
    }
}

/// Where a portal's opening has rim sides beside it that wrap (their walls destroyed), lines to
/// the points of one edge of the chart can end on different edges of the board: some through
/// the portal, some through the wrap. Walking only until one point of an edge is reached must
/// keep to the chart squares that are always the same square of the board.
#[test]
fn lines_through_a_portal_and_the_wrap_beside_it_reach_every_edge() {
    let mut b = make_board(2, &[0, 0], &[]);
    // Sector 0's north opening, in column 2, leads through a portal to sector 1's south; with
    // the rim walls at both ends of column 1 destroyed, that column wraps onto itself beside it.
    for y in [0, 5] {
        b.destroy_barrier(EdgeId { x: 1, y, horizontal: true }).unwrap();
    }
    for a in b.squares() {
        for mode in [EdgeTarget::Midpoint, EdgeTarget::AnyPoint] {
            assert_eq!(b.edges_reached(a, mode, true), b.edges_reached(a, mode, false), "from {a}");
        }
        assert_eq!(b.centres_reached(a, true), b.centres_reached(a, false), "from {a}");
    }
}
