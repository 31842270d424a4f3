//! The lines of the board and what stands on them: the printed terrain, the walls and doors
//! made and destroyed since, damage, a door's state and the ruleset's tags on it; an edge as
//! the rules see it (`EdgeView`), every line once in board order, the changes to an edge, and
//! what must hold of them whatever happened (`check_consistency`).

use super::{Board, BoardError, Place};
use crate::geometry::types::{Corner, EdgeId, Sq};
use crate::geometry::Barrier;
use serde::{Deserialize, Serialize};

/// A change to the printed terrain of an edge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Alteration {
    /// A wall or door created by a spell; `by` is the kernel id of what created it (a card
    /// instance), if anything. `over_destroyed`: it stands where a printed wall or door had
    /// been destroyed (taking it away leaves the ruin, not the printed wall).
    Created {
        door: bool,
        by: Option<u64>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        over_destroyed: bool,
    },
    /// The printed wall or door was destroyed (the "destroyed wall" marker).
    Destroyed,
}

/// The state of a door that is not printed on the face: whether it stands open, and the tags
/// a ruleset keeps on it (who holds it, who owns it, whether a lock was jammed...). The kernel
/// reads no tag: what a tag means is the ruleset's.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DoorRuntime {
    pub open: bool,
    #[serde(default, skip_serializing_if = "crate::value::Map::is_empty")]
    pub tags: crate::value::Map,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EdgeState {
    pub alteration: Option<Alteration>,
    /// Damage taken, in the units of the ruleset's damage model (cracks or hit points).
    pub damage: u32,
    pub door: DoorRuntime,
}

/// A door as the rules see it.
#[derive(Clone, Debug, PartialEq)]
pub struct DoorView {
    /// Open right now.
    pub open: bool,
    /// The ruleset's tags on it (see [`DoorRuntime`]).
    pub tags: crate::value::Map,
    /// The sector whose face prints this door (a board fact; what it means for passing is
    /// the ruleset's).
    pub sector: Option<usize>,
    pub colour: Option<String>,
}

/// An edge as the rules see it.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeView {
    pub id: EdgeId,
    pub barrier: Barrier,
    /// What the faces print there.
    pub printed: Barrier,
    /// An outer edge: crossing it leaves the board.
    pub boundary: bool,
    pub created_by: Option<u64>,
    pub destroyed: bool,
    pub damage: u32,
    pub door: Option<DoorView>,
    /// Obstacles standing on this edge (ids).
    pub obstacles: Vec<u64>,
}

impl Board {
    /// Is `e` a line of the board (at least one side is a square)?
    pub fn has_edge(&self, e: EdgeId) -> bool {
        let (a, b) = e.sides();
        self.contains(a) || self.contains(b)
    }

    /// What stands on edge `e` now (None off the board): the cheap part of [`Board::edge`].
    pub fn barrier(&self, e: EdgeId) -> Option<Barrier> {
        let d = self.derived();
        d.edge_index(e).filter(|_| self.has_edge(e)).map(|i| d.barrier[i])
    }

    /// Every line of the board once, in board order: square by square, their sides N, E, S, W
    /// (the order scripts see in `game:edges`).
    pub fn lines(&self) -> Vec<EdgeId> {
        self.derived().lines(self).iter().map(|&(e, _)| e).collect()
    }

    /// The lines of the board in board order (as [`Board::lines`]) with what stands on each;
    /// with `seen_from`, only those seen from there as [`Board::los_to_edge`] sees them
    /// (worked out once for all lines, per square and board state).
    pub fn lines_seen(&self, seen_from: Option<(Sq, crate::geometry::los::EdgeTarget)>) -> Vec<(EdgeId, Barrier)> {
        let d = self.derived();
        let field = seen_from.map(|(a, mode)| self.line_field(&d, a, mode));
        d.lines(self)
            .iter()
            .filter(|&&(_, i)| field.as_ref().is_none_or(|f| f[i]))
            .map(|&(e, i)| (e, d.barrier[i]))
            .collect()
    }

    /// The card that made line `e`, if one did: `edge(e)`'s `created_by`, without the rest of
    /// the line's record (a listing asks it of every line of a kind).
    pub fn line_maker(&self, e: EdgeId) -> Option<u64> {
        match self.edges.get(&e)?.alteration {
            Some(Alteration::Created { by, .. }) => by,
            _ => None,
        }
    }

    pub fn edge(&self, e: EdgeId) -> Result<EdgeView, BoardError> {
        let d = self.derived();
        let i =
            d.edge_index(e).filter(|_| self.has_edge(e)).ok_or_else(|| BoardError::OffBoard(format!("edge {e}")))?;
        let (a, b) = e.sides();
        let unchanged = EdgeState::default();
        let st = self.edges.get(&e).unwrap_or(&unchanged);
        let barrier = d.barrier[i];
        let door = (barrier == Barrier::Door).then(|| {
            let (sector, colour) = match (&st.alteration, &d.printed_door_owner[i]) {
                (None, Some((s, c))) => (Some(*s), c.clone()),
                _ => (None, None),
            };
            DoorView { open: d.door_open[i], tags: st.door.tags.clone(), sector, colour }
        });
        Ok(EdgeView {
            id: e,
            barrier,
            printed: d.printed[i],
            boundary: !(d.contains(a) && d.contains(b)),
            created_by: match st.alteration {
                Some(Alteration::Created { by, .. }) => by,
                _ => None,
            },
            destroyed: st.alteration == Some(Alteration::Destroyed),
            damage: st.damage,
            door,
            obstacles: self.obstacles.iter().filter(|(_, o)| o.at == Place::Edge(e)).map(|(&id, _)| id).collect(),
        })
    }

    /// Checks what must hold of the board's changeable data whatever happened to it: every
    /// altered edge and every obstacle is on the board; a wall is created only on an open line
    /// and a door only on an open line or a wall; only a printed wall or door is destroyed;
    /// only a door is held open. Returns the first problem.
    pub fn check_consistency(&self) -> Result<(), String> {
        let d = self.derived();
        for (&e, st) in &self.edges {
            let i = d.edge_index(e).filter(|_| self.has_edge(e)).ok_or_else(|| format!("edge {e} is off the board"))?;
            match (&st.alteration, d.printed[i]) {
                (
                    Some(Alteration::Created { door: false, over_destroyed: false, .. }),
                    Barrier::Wall | Barrier::Door,
                ) => return Err(format!("a wall was created on edge {e} over a standing printed barrier")),
                (Some(Alteration::Created { door: true, over_destroyed: false, .. }), Barrier::Door) => {
                    return Err(format!("a door was created on edge {e} over a standing printed door"))
                }
                (Some(Alteration::Destroyed), Barrier::Open) => {
                    return Err(format!("edge {e} is marked destroyed but had nothing printed on it"))
                }
                _ => {}
            }
            if (st.door.open || !st.door.tags.is_empty()) && d.barrier[i] != Barrier::Door {
                return Err(format!("edge {e} keeps a door's state but holds no door"));
            }
        }
        for (id, o) in &self.obstacles {
            if let Place::Edge(e) = o.at {
                if !self.has_edge(e) {
                    return Err(format!("obstacle #{id} stands on edge {e}, off the board"));
                }
            }
        }
        Ok(())
    }

    /// Every edge that carries a wall or door right now, or ever did (destroyed ones too).
    pub fn barrier_edges(&self) -> Vec<EdgeView> {
        let d = self.derived();
        let mut out = Vec::new();
        let (w, h) = (d.w, d.h);
        for horizontal in [true, false] {
            let (xs, ys) = if horizontal { (w, h + 1) } else { (w + 1, h) };
            for y in 0..ys {
                for x in 0..xs {
                    let e = EdgeId { x, y, horizontal };
                    if !self.has_edge(e) {
                        continue;
                    }
                    let v = self.edge(e).expect("edge on board");
                    if v.barrier != Barrier::Open || v.printed != Barrier::Open || v.destroyed {
                        out.push(v);
                    }
                }
            }
        }
        out
    }

    /// Does a column stand at this grid point (an end of any wall or door)?
    pub fn column_at(&self, c: Corner) -> bool {
        let d = self.derived();
        d.corner_index(c).map(|i| d.column[i]).unwrap_or(false)
    }

    fn edge_state_mut(&mut self, e: EdgeId) -> Result<&mut EdgeState, BoardError> {
        if !self.has_edge(e) {
            return Err(BoardError::OffBoard(format!("edge {e}")));
        }
        self.changed();
        Ok(self.edges.entry(e).or_default())
    }

    /// The state of edge `e`, to change only what nothing derived reads (damage, a door's
    /// tags): the sight and distances worked out on the board stay good.
    fn edge_marks_mut(&mut self, e: EdgeId) -> Result<&mut EdgeState, BoardError> {
        if !self.has_edge(e) {
            return Err(BoardError::OffBoard(format!("edge {e}")));
        }
        Ok(self.edges.entry(e).or_default())
    }

    fn tidy(&mut self, e: EdgeId) {
        if self.edges.get(&e) == Some(&EdgeState::default()) {
            self.edges.remove(&e);
        }
    }

    /// Creates a wall (or a door) on an edge. Fails on an edge that already holds a wall or
    /// door, unless `door` is set and a wall stands there (a door may be made in a stone wall
    /// as well as on an empty line).
    pub fn create_barrier(&mut self, e: EdgeId, door: bool, by: Option<u64>) -> Result<(), BoardError> {
        let v = self.edge(e)?;
        match (v.barrier, door) {
            (Barrier::Open, _) | (Barrier::Wall, true) => {}
            (b, _) => {
                return Err(BoardError::Edge { edge: e, problem: format!("already holds a {b:?}").to_lowercase() })
            }
        }
        let st = self.edge_state_mut(e)?;
        let over_destroyed = st.alteration == Some(Alteration::Destroyed);
        st.alteration = Some(Alteration::Created { door, by, over_destroyed });
        st.damage = 0;
        st.door = DoorRuntime::default();
        Ok(())
    }

    /// Takes away a wall or door that was created on an edge: the edge is again what it was
    /// before (open, the printed wall a created door had replaced, or the ruin of a destroyed
    /// printed one). With `by`, only one that `by` created. Fails if there is no such wall or
    /// door (it was destroyed, or something else has built there since).
    pub fn unmake_barrier(&mut self, e: EdgeId, by: Option<u64>) -> Result<(), BoardError> {
        let over_destroyed = match self.edges.get(&e).and_then(|st| st.alteration.as_ref()) {
            Some(Alteration::Created { over_destroyed, by: maker, .. }) if by.is_none() || by == *maker => {
                *over_destroyed
            }
            _ => return Err(BoardError::Edge { edge: e, problem: "holds no such created wall or door".into() }),
        };
        let st = self.edge_state_mut(e)?;
        *st = EdgeState::default();
        if over_destroyed {
            st.alteration = Some(Alteration::Destroyed);
        }
        self.tidy(e);
        Ok(())
    }

    /// Removes the wall or door on an edge. A printed one leaves a destroyed marker; a created
    /// one simply goes. Orphaned columns fall by themselves: a column exists only while a wall
    /// or door ends at it (8th: Damaging and Destroying Objects).
    pub fn destroy_barrier(&mut self, e: EdgeId) -> Result<(), BoardError> {
        let v = self.edge(e)?;
        if v.barrier == Barrier::Open {
            return Err(BoardError::Edge { edge: e, problem: "holds no wall or door to destroy".into() });
        }
        let printed = v.printed != Barrier::Open;
        let st = self.edge_state_mut(e)?;
        *st = EdgeState::default();
        if printed {
            st.alteration = Some(Alteration::Destroyed);
        }
        self.tidy(e);
        Ok(())
    }

    /// Puts back the printed terrain of an edge (undoes created and destroyed walls).
    pub fn restore_edge(&mut self, e: EdgeId) -> Result<(), BoardError> {
        self.edge_state_mut(e)?;
        self.edges.remove(&e);
        Ok(())
    }

    /// Sets the damage counter of the wall or door on an edge.
    pub fn set_damage(&mut self, e: EdgeId, damage: u32) -> Result<(), BoardError> {
        self.edge_marks_mut(e)?.damage = damage;
        self.tidy(e);
        Ok(())
    }

    fn door_mut(&mut self, e: EdgeId) -> Result<&mut DoorRuntime, BoardError> {
        if self.edge(e)?.barrier != Barrier::Door {
            return Err(BoardError::Edge { edge: e, problem: "holds no door".into() });
        }
        Ok(&mut self.edge_state_mut(e)?.door)
    }

    /// Opens or closes a door (what may open it is the ruleset's to say).
    pub fn set_door_open(&mut self, e: EdgeId, open: bool) -> Result<(), BoardError> {
        self.door_mut(e)?.open = open;
        self.tidy(e);
        Ok(())
    }

    /// Sets (or, with `None`, removes) one of the ruleset's tags on a door.
    pub fn set_door_tag(&mut self, e: EdgeId, key: &str, value: Option<crate::value::Value>) -> Result<(), BoardError> {
        if self.edge(e)?.barrier != Barrier::Door {
            return Err(BoardError::Edge { edge: e, problem: "holds no door".into() });
        }
        let d = &mut self.edge_marks_mut(e)?.door;
        match value {
            Some(v) if !v.is_nil() => {
                d.tags.insert(key, v);
            }
            _ => {
                d.tags.remove(key);
            }
        }
        self.tidy(e);
        Ok(())
    }
}
