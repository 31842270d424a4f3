//! Layouts: where the sectors go for a number of players, and which rim sides are linked.
//!
//! A layout places sectors on a grid of slots (in sector units) and lists the *edge links* that
//! replace the default wrap-around: portal markers (8th and 9th: a pair of markers of one colour
//! joins two rim openings) and warps (two whole sides glued together). Every other rim side
//! wraps to the opposite side of the map (8th: Leaving the Board and Moving Through Portals).

use super::types::Dir;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One side of one slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SideRef {
    pub slot: usize,
    pub side: Dir,
}

/// One portal marker: it stands beside the rim opening of `slot` on `side`. Markers of the same
/// colour come in pairs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PortalMarker {
    pub colour: String,
    pub slot: usize,
    pub side: Dir,
}

/// Two whole rim sides glued together (a three-player layout's AUTO WARP).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Warp {
    pub a: SideRef,
    pub b: SideRef,
    /// A name rules can refer to (`game:remove_warps(name)`: a rule may discard one kind of
    /// warp and keep another).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// A slot's position (in sectors) is below this on each axis: the board's grid, and every
/// table kept per square, stay small whatever a layout file says.
pub const MAX_SLOT_POSITION: i32 = 64;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Layout {
    pub id: String,
    pub name: String,
    pub players: usize,
    /// Slot positions in sector units; slot `i` holds the sector of player `i`.
    pub slots: Vec<(i32, i32)>,
    #[serde(default)]
    pub portals: Vec<PortalMarker>,
    #[serde(default)]
    pub warps: Vec<Warp>,
    /// Set when the layout is not from a verified source: says why.
    #[serde(default)]
    pub reconstructed: Option<String>,
}

/// A link between two rim sides' openings (portal) or whole sides (warp), after validation.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkSpec {
    pub a: SideRef,
    pub b: SideRef,
    /// Only the centre opening is linked (a portal), not the whole side.
    pub opening_only: bool,
    pub label: String,
}

impl Layout {
    /// Width and height of the board in sector units.
    pub fn extent(&self) -> (i32, i32) {
        let w = self.slots.iter().map(|s| s.0 + 1).max().unwrap_or(0);
        let h = self.slots.iter().map(|s| s.1 + 1).max().unwrap_or(0);
        (w, h)
    }

    fn slot_at(&self, p: (i32, i32)) -> Option<usize> {
        self.slots.iter().position(|&s| s == p)
    }

    /// Is this side of this slot on the rim of the board (no sector beyond it)?
    pub fn is_rim_side(&self, s: SideRef) -> bool {
        let (x, y) = self.slots[s.slot];
        let (dx, dy) = s.side.delta();
        self.slot_at((x + dx, y + dy)).is_none()
    }

    /// Checks the layout and returns its links. Problems name the slot and side.
    pub fn validate(&self) -> Result<Vec<LinkSpec>, Vec<String>> {
        let mut problems = Vec::new();
        if self.slots.is_empty() {
            problems.push("the layout has no slots".to_string());
        }
        for (i, s) in self.slots.iter().enumerate() {
            if s.0 < 0 || s.1 < 0 {
                problems.push(format!("slot {i} at {s:?}: positions must not be negative"));
            }
            if s.0 >= MAX_SLOT_POSITION || s.1 >= MAX_SLOT_POSITION {
                problems.push(format!(
                    "slot {i} at {s:?}: positions must be below {MAX_SLOT_POSITION} (a board is at most \
                     {MAX_SLOT_POSITION} sectors wide and high)"
                ));
            }
            if let Some(j) = self.slots[..i].iter().position(|t| t == s) {
                problems.push(format!("sectors overlap: slots {j} and {i} are both at {s:?}"));
            }
        }
        if self.players > self.slots.len() {
            problems.push(format!("{} players but only {} sectors", self.players, self.slots.len()));
        }
        if !problems.is_empty() {
            return Err(problems);
        }

        let mut links = Vec::new();
        let mut by_colour: BTreeMap<&str, Vec<&PortalMarker>> = BTreeMap::new();
        for p in &self.portals {
            by_colour.entry(p.colour.as_str()).or_default().push(p);
        }
        for (colour, markers) in &by_colour {
            if markers.len() != 2 {
                problems.push(format!(
                    "portal `{colour}` has {} marker(s); portals come in pairs (at {})",
                    markers.len(),
                    markers.iter().map(|m| format!("slot {} side {}", m.slot, m.side)).collect::<Vec<_>>().join(", ")
                ));
                continue;
            }
            links.push(LinkSpec {
                a: SideRef { slot: markers[0].slot, side: markers[0].side },
                b: SideRef { slot: markers[1].slot, side: markers[1].side },
                opening_only: true,
                label: format!("portal {colour}"),
            });
        }
        for (i, w) in self.warps.iter().enumerate() {
            links.push(LinkSpec { a: w.a, b: w.b, opening_only: false, label: format!("warp {}", i + 1) });
        }
        let mut used: BTreeMap<SideRef, String> = BTreeMap::new();
        for l in &links {
            for s in [l.a, l.b] {
                if s.slot >= self.slots.len() {
                    problems.push(format!("{}: slot {} does not exist", l.label, s.slot));
                    continue;
                }
                if !self.is_rim_side(s) {
                    problems.push(format!(
                        "{}: slot {} side {} faces another sector, not the rim",
                        l.label, s.slot, s.side
                    ));
                }
                if let Some(prev) = used.insert(s, l.label.clone()) {
                    problems.push(format!("slot {} side {} is linked twice ({prev} and {})", s.slot, s.side, l.label));
                }
            }
        }
        if problems.is_empty() {
            Ok(links)
        } else {
            Err(problems)
        }
    }
}
