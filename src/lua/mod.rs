//! The Lua host: sandboxed card and ruleset scripts.
pub mod sandbox;
