//! The Lua host: sandboxed card and ruleset scripts.
mod patterns;
pub mod sandbox;
