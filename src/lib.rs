//! Wiz-War rules engine: a kernel that knows geometry and mechanics, never a card or an edition.
//!
//! See ARCHITECTURE.md for the map.
pub mod decision;
pub mod geometry;
pub mod lua;
pub mod rng;
pub mod value;
