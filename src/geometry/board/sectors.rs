//! Changing the map: a sector turned in place, two sectors swapped, a sector moved into an
//! empty place of the grid, warps removed; what happens to the alterations on a moved
//! sector's rim (`SeamFate`, the ruleset's to say) and what moved where (`Remap`, for the
//! kernel to move what stands on the board).

use super::{Board, BoardError, Place};
use crate::geometry::sector::{rotate_local, SECTOR_SIZE};
use crate::geometry::types::{Dir, EdgeId, Rot, Sq};

/// A sector moving from one slot position to another (sector units).
type SlotMove = ((i32, i32), (i32, i32));

/// What happens to an alteration on a sector's rim when the sector moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeamFate {
    /// Created walls vanish, destroyed walls are repaired, damage is removed.
    Reset,
    /// The alteration stays where it is on the table.
    StayWithBoard,
    /// The alteration travels with the moved sector.
    MoveWithSector,
}

/// What a rotation or swap did, for the kernel to move wizards, treasures and objects.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Remap {
    pub squares: Vec<(Sq, Sq)>,
    pub edges: Vec<(EdgeId, EdgeId)>,
    /// Rim edges whose alteration was reset by the seam policy.
    pub reset_edges: Vec<EdgeId>,
    /// Edge obstacles removed by the seam policy.
    pub removed_obstacles: Vec<u64>,
}

impl Board {
    /// Rotates a sector in place by quarter turns clockwise. Portals and warps stay put (they
    /// belong to the slots). Alterations on the sector's rim follow `seam` (8th: Changing the
    /// Map; other editions roll a die for which side keeps it).
    pub fn turn_sector(
        &mut self,
        sector: usize,
        rot: Rot,
        seam: &mut dyn FnMut(EdgeId) -> SeamFate,
    ) -> Result<Remap, BoardError> {
        if sector >= self.faces.len() {
            return Err(BoardError::NoSector(sector));
        }
        let (ox, oy) = self.origin(sector);
        let map_sq = |s: Sq| {
            let l = rotate_local(Sq::new(s.x - ox, s.y - oy), rot);
            Sq::new(ox + l.x, oy + l.y)
        };
        let slot = self.placements[sector].slot;
        self.placements[sector].rot = self.placements[sector].rot.then(rot);
        let map = |s: Sq, d: Dir| (map_sq(s), d.turn(rot));
        Ok(self.move_contents(&[(slot, slot)], &map, seam))
    }

    /// Removes the layout's warps named `name` (whole sides glued together); the rim sides
    /// they joined wrap around as usual from then on. Returns how many there were.
    pub fn remove_warps(&mut self, name: &str) -> usize {
        let before = self.layout.warps.len();
        self.layout.warps.retain(|w| w.name.as_deref() != Some(name));
        let removed = before - self.layout.warps.len();
        if removed > 0 {
            self.changed();
        }
        removed
    }

    /// Exchanges the places of two sectors without turning them.
    pub fn swap_sectors(
        &mut self,
        a: usize,
        b: usize,
        seam: &mut dyn FnMut(EdgeId) -> SeamFate,
    ) -> Result<Remap, BoardError> {
        if a >= self.faces.len() || b >= self.faces.len() {
            return Err(BoardError::NoSector(a.max(b)));
        }
        let (sa, sb) = (self.placements[a].slot, self.placements[b].slot);
        self.placements[a].slot = sb;
        self.placements[b].slot = sa;
        let shift = move |s: Sq, d: Dir| {
            let slot = (s.x.div_euclid(SECTOR_SIZE), s.y.div_euclid(SECTOR_SIZE));
            let (from, to) = if slot == sa { (sa, sb) } else { (sb, sa) };
            (Sq::new(s.x + (to.0 - from.0) * SECTOR_SIZE, s.y + (to.1 - from.1) * SECTOR_SIZE), d)
        };
        Ok(self.move_contents(&[(sa, sb), (sb, sa)], &shift, seam))
    }

    /// Slot positions of the layout's extent that no sector occupies (the empty quarter of a
    /// three-sector board), row by row.
    pub fn empty_slots(&self) -> Vec<(i32, i32)> {
        let (w, h) = self.layout.extent();
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|p| !self.placements.iter().any(|pl| pl.slot == *p))
            .collect()
    }

    /// Moves a sector, unturned, into an empty slot position (see [`Board::empty_slots`]); the
    /// place it leaves becomes empty. Its rim alterations follow `seam`.
    pub fn move_sector(
        &mut self,
        a: usize,
        to: (i32, i32),
        seam: &mut dyn FnMut(EdgeId) -> SeamFate,
    ) -> Result<Remap, BoardError> {
        if a >= self.faces.len() {
            return Err(BoardError::NoSector(a));
        }
        if !self.empty_slots().contains(&to) {
            return Err(BoardError::OffBoard(format!(
                "slot position {},{} (not an empty place of the board)",
                to.0, to.1
            )));
        }
        let from = self.placements[a].slot;
        self.placements[a].slot = to;
        let shift =
            move |s: Sq, d: Dir| (Sq::new(s.x + (to.0 - from.0) * SECTOR_SIZE, s.y + (to.1 - from.1) * SECTOR_SIZE), d);
        // A rim alteration may stay only where the board still is: one left with no board
        // square on either side (the outer rim of the place the sector leaves) goes with it.
        let occupied: Vec<(i32, i32)> = self.placements.iter().map(|p| p.slot).collect();
        let on_board = |s: Sq| occupied.contains(&(s.x.div_euclid(SECTOR_SIZE), s.y.div_euclid(SECTOR_SIZE)));
        let mut seam_here = |e: EdgeId| {
            let (p, q) = e.sides();
            if on_board(p) || on_board(q) {
                seam(e)
            } else {
                SeamFate::MoveWithSector
            }
        };
        Ok(self.move_contents(&[(from, to)], &shift, &mut seam_here))
    }

    /// Moves everything inside the given slots with `map`; rim alterations follow `seam`.
    fn move_contents(
        &mut self,
        moves: &[SlotMove],
        map: &dyn Fn(Sq, Dir) -> (Sq, Dir),
        seam: &mut dyn FnMut(EdgeId) -> SeamFate,
    ) -> Remap {
        self.changed();
        let in_slots = |s: Sq| {
            let slot = (s.x.div_euclid(SECTOR_SIZE), s.y.div_euclid(SECTOR_SIZE));
            moves.iter().any(|m| m.0 == slot)
        };
        let mut remap = Remap::default();
        for (from, _) in moves {
            for y in 0..SECTOR_SIZE {
                for x in 0..SECTOR_SIZE {
                    let s = Sq::new(from.0 * SECTOR_SIZE + x, from.1 * SECTOR_SIZE + y);
                    remap.squares.push((s, map(s, Dir::N).0));
                }
            }
        }
        // An edge moves with a sector when a square of the moved slots lies on its side; it is
        // interior when both sides are in one moved slot.
        let edge_home = |e: EdgeId| -> Option<(Sq, Dir, bool)> {
            let (a, b) = e.sides();
            let side = |s: Sq| e.side_of(s).unwrap();
            let same_slot = a.x.div_euclid(SECTOR_SIZE) == b.x.div_euclid(SECTOR_SIZE)
                && a.y.div_euclid(SECTOR_SIZE) == b.y.div_euclid(SECTOR_SIZE);
            match (in_slots(a), in_slots(b)) {
                (true, true) if same_slot => Some((a, side(a), true)),
                (true, _) => Some((a, side(a), false)),
                (_, true) => Some((b, side(b), false)),
                _ => None,
            }
        };
        let old_edges = std::mem::take(&mut self.edges);
        let mut moved = Vec::new();
        for (e, st) in old_edges {
            match edge_home(e) {
                None => {
                    self.edges.insert(e, st);
                }
                Some((s, d, interior)) => {
                    let fate = if interior { SeamFate::MoveWithSector } else { seam(e) };
                    match fate {
                        SeamFate::Reset => remap.reset_edges.push(e),
                        SeamFate::StayWithBoard => {
                            self.edges.insert(e, st);
                        }
                        SeamFate::MoveWithSector => {
                            let (t, td) = map(s, d);
                            remap.edges.push((e, t.edge(td)));
                            moved.push((t.edge(td), st));
                        }
                    }
                }
            }
        }
        for (e, st) in moved {
            self.edges.insert(e, st);
        }
        let ids: Vec<u64> = self.obstacles.keys().copied().collect();
        for id in ids {
            let at = self.obstacles[&id].at;
            match at {
                Place::Square(s) if in_slots(s) => {
                    self.obstacles.get_mut(&id).unwrap().at = Place::Square(map(s, Dir::N).0);
                }
                Place::Edge(e) => {
                    if let Some((s, d, interior)) = edge_home(e) {
                        let fate = if interior { SeamFate::MoveWithSector } else { seam(e) };
                        match fate {
                            SeamFate::Reset => {
                                self.obstacles.remove(&id);
                                remap.removed_obstacles.push(id);
                            }
                            SeamFate::StayWithBoard => {}
                            SeamFate::MoveWithSector => {
                                let (t, td) = map(s, d);
                                self.obstacles.get_mut(&id).unwrap().at = Place::Edge(t.edge(td));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        remap
    }
}
