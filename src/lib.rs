//! Wiz-War rules engine: a kernel that knows geometry and mechanics, never a card or an edition.
pub mod geometry;
pub mod lua;
