//! Wiz-War rules engine: a kernel that knows geometry and mechanics, never a card or an edition.
//!
//! See ARCHITECTURE.md for the map.
pub mod ab;
pub mod alloc;
pub mod answer;
pub mod baseline;
pub mod bench;
pub mod cards;
pub mod cli;
pub mod decision;
pub mod diff;
pub mod engine;
pub mod events;
pub mod geometry;
pub mod kit;
pub mod lua;
pub mod luadefs;
pub mod play;
pub mod repl;
pub mod report;
pub mod rng;
pub mod root;
pub mod ruleset;
pub mod save;
pub mod search;
pub mod serve;
pub mod shapes;
pub mod sim;
pub mod state;
pub mod stats;
pub mod testing;
pub mod value;
pub mod value_map;
pub mod view;
mod words;
