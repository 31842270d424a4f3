//! All-pairs line of sight on the four-player 8th-edition board.
//!
//! The figure that matters is `all_pairs_fresh`: every square's visibility computed from a board
//! whose per-source LOS cache is empty (as after any change to the map), then every pair looked
//! up. `all_pairs_cached` is the same loop once every field is cached. `bent_fresh` times
//! Around the Corner (`los_bent`) from one square to every other on a fresh board.
//!
//! `hex_all_pairs_cold` is the same question on a hex board (the topology's exact line, issue
//! 46): a 12x14 rectangle of hexes, one in nine filled, every ordered pair traced from nothing
//! (hex lines are not cached).
//!
//! The board comes from `rulesets/8th/boards/boards.toml` (side A, four players); if that can't
//! be loaded, four plain sectors with some created walls and doors stand in.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::path::Path;
use wizwar::geometry::*;

fn plain(id: &str) -> SectorFace {
    SectorFace::plain(id)
}

fn fallback_board() -> Board {
    let layout = Layout {
        id: "bench-4p".into(),
        name: "bench".into(),
        players: 4,
        slots: vec![(0, 0), (1, 0), (0, 1), (1, 1)],
        portals: vec![],
        warps: vec![],
        reconstructed: None,
    };
    let faces = ["a", "b", "c", "d"].map(plain).to_vec();
    let mut b = Board::new(layout, faces, vec![Rot(0), Rot(1), Rot(2), Rot(3)]).unwrap();
    for (x, y, horizontal, door) in
        [(2, 2, true, false), (3, 1, false, false), (6, 4, true, true), (7, 7, false, false), (2, 6, false, true)]
    {
        let _ = b.create_barrier(EdgeId { x, y, horizontal }, door, None);
    }
    b
}

/// Sixteen plain sectors in a 4x4 square (20x20 = 400 squares, 160,000 pairs) with a scatter of
/// created walls and doors: a stress test four times the size of a real board.
fn big_board() -> Board {
    let slots: Vec<(i32, i32)> = (0..16).map(|i| (i % 4, i / 4)).collect();
    let layout = Layout {
        id: "bench-16".into(),
        name: "bench".into(),
        players: 4,
        slots,
        portals: vec![],
        warps: vec![],
        reconstructed: None,
    };
    let faces = (0..16).map(|i| plain(&format!("s{i}"))).collect();
    let rots = (0..16).map(|i| Rot((i % 4) as u8)).collect();
    let mut b = Board::new(layout, faces, rots).unwrap();
    // A fixed pseudo-random scatter (a linear congruential sequence), about one edge in eight.
    let mut x: u64 = 12345;
    for _ in 0..120 {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let (ex, ey, horizontal, door) =
            ((x >> 33) % 20, (x >> 43) % 20, (x >> 53) & 1 == 0, (x >> 55).is_multiple_of(5));
        let _ = b.create_barrier(EdgeId { x: ex as i32, y: ey as i32, horizontal }, door, None);
    }
    b
}

fn board() -> Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets/8th/boards/boards.toml");
    match load::load_board_set(&path) {
        Ok(set) => match set.build("a", 4, &[], &[]) {
            Ok(b) => return b,
            Err(e) => eprintln!("8th board set: {e}; using plain sectors"),
        },
        Err(errs) => eprintln!("8th board set: {} problem(s); using plain sectors", errs.len()),
    }
    fallback_board()
}

/// A copy of the board with an empty derived cache (removing an obstacle that isn't there still
/// counts as a change).
fn fresh(b: &Board) -> Board {
    let mut c = b.clone();
    c.remove_obstacle(u64::MAX);
    c
}

fn all_pairs(b: &Board, squares: &[Sq]) -> usize {
    let mut n = 0;
    for &a in squares {
        for &c in squares {
            n += usize::from(b.los(a, c));
        }
    }
    n
}

/// A 12 by 14 hex rectangle (168 hexes) with a fixed scatter of filled hexes.
fn hex_board() -> (Topology, Vec<bool>) {
    let t = Topology::rectangle(Shape::Hex, 12, 14);
    let filled = t.cells().map(|c| (c.0 * 7 + 3) % 9 == 0).collect();
    (t, filled)
}

fn hex_all_pairs(t: &Topology, filled: &[bool]) -> usize {
    let mut n = 0;
    for a in t.cells() {
        for b in t.cells() {
            n += usize::from(t.sees(a, b, |c| filled[c.0 as usize], false));
        }
    }
    n
}

fn bench(c: &mut Criterion) {
    let b = board();
    let squares = b.squares();
    eprintln!(
        "board {}x{}: {} squares, {} pairs, {} visible",
        b.size().0,
        b.size().1,
        squares.len(),
        squares.len() * squares.len(),
        all_pairs(&fresh(&b), &squares)
    );
    c.bench_function("all_pairs_fresh", |bch| {
        bch.iter_batched(|| fresh(&b), |f| black_box(all_pairs(&f, &squares)), criterion::BatchSize::SmallInput)
    });
    let warm = fresh(&b);
    all_pairs(&warm, &squares);
    c.bench_function("all_pairs_cached", |bch| bch.iter(|| black_box(all_pairs(&warm, &squares))));
    let big = big_board();
    let big_squares = big.squares();
    eprintln!(
        "stress board {}x{}: {} squares, {} visible pairs",
        big.size().0,
        big.size().1,
        big_squares.len(),
        all_pairs(&fresh(&big), &big_squares)
    );
    let mut g = c.benchmark_group("stress");
    g.sample_size(10);
    g.bench_function("all_pairs_fresh_400", |bch| {
        bch.iter_batched(|| fresh(&big), |f| black_box(all_pairs(&f, &big_squares)), criterion::BatchSize::SmallInput)
    });
    g.finish();
    let (hex, filled) = hex_board();
    eprintln!("hex board: {} hexes, {} visible pairs", hex.len(), hex_all_pairs(&hex, &filled));
    c.bench_function("hex_all_pairs_cold", |bch| bch.iter(|| black_box(hex_all_pairs(&hex, &filled))));
    let from = squares[0];
    c.bench_function("bent_fresh", |bch| {
        bch.iter_batched(
            || fresh(&b),
            |f| black_box(squares.iter().filter(|&&t| f.los_bent(from, t).is_some()).count()),
            criterion::BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
