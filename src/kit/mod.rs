//! The card designer's kit: `wizwar test` (and `--watch`), `wizwar new card` and `wizwar new
//! ruleset`, `wizwar analyze`.

pub mod analyze;
pub mod scaffold;
pub mod tests;
pub mod watch;
