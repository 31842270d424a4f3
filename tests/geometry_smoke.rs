use std::collections::BTreeMap;
use wizwar::geometry::*;

fn plain(id: &str) -> SectorFace {
    let rows: Vec<Vec<String>> = [
        ["NW", "N", "", "N", "NE"],
        ["W", "T", "", "", "E"],
        ["", "", "H", "", ""],
        ["W", "", "", "T", "E"],
        ["SW", "S", "", "S", "SE"],
    ]
    .iter()
    .map(|r| r.iter().map(|s| s.to_string()).collect())
    .collect();
    SectorFace::from_rows(id, id, &rows, &BTreeMap::new()).unwrap()
}

fn two() -> Board {
    let layout = Layout {
        id: "t".into(),
        name: "t".into(),
        players: 2,
        slots: vec![(0, 0), (1, 0)],
        portals: vec![],
        warps: vec![],
        reconstructed: None,
    };
    Board::new(layout, vec![plain("a"), plain("b")], vec![Rot(0), Rot(0)]).unwrap()
}

#[test]
fn smoke() {
    let b = two();
    assert_eq!(b.size(), (10, 5));
    assert!(b.los(Sq::new(0, 2), Sq::new(9, 2)));
    assert!(b.los(Sq::new(1, 1), Sq::new(3, 3)));
    // wrap: leaving west of (0,2) enters (9,2)
    let st = b.step(Sq::new(0, 2), Dir::W).unwrap();
    assert_eq!(st.to, Sq::new(9, 2));
    assert!(st.via_link);
    // rim wall blocks
    let m = wizwar::geometry::moves::Mover::thing();
    assert!(b.try_step(Sq::new(0, 1), Dir::W, &m).is_none());
    assert!(b.try_step(Sq::new(0, 2), Dir::W, &m).is_some());
    // LOS through wrap: (1,2) sees (8,2) going west
    assert!(b.los(Sq::new(1, 2), Sq::new(8, 2)));
    // symmetric
    for a in b.squares() {
        for c in b.squares() {
            assert_eq!(b.los(a, c), b.los(c, a), "{a} {c}");
        }
    }
    // LOS out of the corner square (0,0) to (1,1): passes through the corner (1,1) where no wall ends -> visible
    assert!(b.los(Sq::new(0, 0), Sq::new(1, 1)));
    // (0,1) to (1,0): corner (1,1) again, visible
    assert!(b.los(Sq::new(0, 1), Sq::new(1, 0)));
}
