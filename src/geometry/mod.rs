//! Board geometry: sectors, edges, columns, links, line of sight and movement.
//!
//! The kernel's geometry knows squares and hexes (`shape`, `trace` and `topology`: cells of
//! any shape; a board is laid from sectors of squares, or from a map file of either shape,
//! `map_board`), border lines and what stands on them; it knows no card
//! and no edition. Everything edition-specific (how tough a wall is, who may pass a door, how a
//! random direction is read off the die) is a parameter supplied by the ruleset.

pub mod board;
pub mod layout;
pub mod load;
pub mod los;
pub mod map;
pub mod map_board;
pub mod moves;
pub mod picture;
pub mod render;
pub mod sector;
pub mod shape;
mod sight;
pub mod svg;
pub mod topology;
pub mod trace;
pub mod types;

pub use board::{Alteration, Barrier, Board, BoardError, DoorView, EdgeView, Obstacle, Place, Remap, SeamFate, Step};
pub use layout::{Layout, PortalMarker, SideRef, Warp};
pub use los::EdgeTarget;
pub use sector::{SectorFace, SECTOR_SIZE};
pub use shape::{Bearing, Coord, Direction, Shape};
pub use topology::{Cell, Edge, Topology};
pub use trace::LineStep;
pub use types::{Corner, Dir, EdgeId, Rot, Sq};
