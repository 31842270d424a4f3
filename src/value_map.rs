//! `Map`: the fields of a `Value::Map`, kept as a vector sorted by name.
//!
//! A map of the kernel's data has a handful of fields (an option, an event's payload, a
//! target, a square) and is made and dropped many times a turn. A `BTreeMap` allocates a whole
//! node for its first field (some 640 bytes for `String` keys and `Value`s); a sorted vector
//! allocates what the fields take, and finds one by binary search as quickly. It behaves as the
//! `BTreeMap` did where anyone can tell: fields in name order (iteration, display, comparison,
//! saves and logs byte for byte), one value a name, the last one given kept.

use crate::value::Value;
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use smol_str::SmolStr;
use std::fmt;

#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Map {
    /// Sorted by name, each name once.
    entries: Vec<(SmolStr, Value)>,
}

/// The order of field names: byte by byte, as `str` orders them. Names are short and most pairs
/// differ in their first byte, which is compared here without a call to `memcmp`.
#[inline]
pub(crate) fn name_order(a: &str, b: &str) -> std::cmp::Ordering {
    match (a.as_bytes().first(), b.as_bytes().first()) {
        (Some(x), Some(y)) if x != y => x.cmp(y),
        _ => a.cmp(b),
    }
}

impl Map {
    pub fn new() -> Map {
        Map { entries: Vec::new() }
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| name_order(k, key))
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.find(key).ok().map(|i| &self.entries[i].1)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    /// Sets `key` to `value`; the value it had, if any.
    pub fn insert(&mut self, key: impl AsRef<str>, value: Value) -> Option<Value> {
        let key = key.as_ref();
        match self.find(key) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (Map::name(key), value));
                None
            }
        }
    }

    /// The fields of a Lua table, given in Lua's order with each name once: sorted once, not
    /// inserted one by one (names of up to 23 bytes are kept inline, no allocation).
    pub(crate) fn from_unique_fields(mut entries: Vec<(SmolStr, Value)>) -> Map {
        entries.sort_unstable_by(|a, b| name_order(&a.0, &b.0));
        debug_assert!(entries.windows(2).all(|w| w[0].0 < w[1].0), "each name once");
        Map { entries }
    }

    /// A field name as a map keeps it (inline up to 23 bytes).
    pub(crate) fn name(key: &str) -> SmolStr {
        if key.len() <= 23 {
            SmolStr::new_inline(key)
        } else {
            SmolStr::new(key)
        }
    }

    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.find(key).ok().map(|i| self.entries.remove(i).1)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The fields in name order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&str, &Value)> + ExactSizeIterator {
        self.entries.iter().map(|(k, v)| (k.as_str(), v))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator {
        self.entries.iter().map(|(k, _)| k.as_str())
    }
}

impl FromIterator<(String, Value)> for Map {
    /// Fields in any order; of two with one name, the later is kept (as a `BTreeMap` does).
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> Map {
        let mut entries: Vec<(SmolStr, Value)> = iter.into_iter().map(|(k, v)| (SmolStr::from(k), v)).collect();
        if !entries.is_sorted_by(|a, b| a.0 < b.0) {
            // (A stable sort keeps equal names in the order given: the last is the one kept.)
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            let mut kept: Vec<(SmolStr, Value)> = Vec::with_capacity(entries.len());
            for e in entries {
                match kept.last_mut() {
                    Some(last) if last.0 == e.0 => *last = e,
                    _ => kept.push(e),
                }
            }
            entries = kept;
        }
        Map { entries }
    }
}

impl IntoIterator for Map {
    type Item = (String, Value);
    type IntoIter = std::iter::Map<std::vec::IntoIter<(SmolStr, Value)>, fn((SmolStr, Value)) -> (String, Value)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter().map(|(k, v)| (k.to_string(), v))
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a str, &'a Value);
    type IntoIter =
        std::iter::Map<std::slice::Iter<'a, (SmolStr, Value)>, fn(&'a (SmolStr, Value)) -> (&'a str, &'a Value)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(|(k, v)| (k.as_str(), v))
    }
}

impl Serialize for Map {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.entries.len()))?;
        for (k, v) in &self.entries {
            m.serialize_entry(k.as_str(), v)?;
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for Map {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Map, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = Map;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Map, A::Error> {
                let mut fields = Vec::with_capacity(access.size_hint().unwrap_or(0).min(64));
                while let Some((k, v)) = access.next_entry::<String, Value>()? {
                    fields.push((k, v));
                }
                Ok(fields.into_iter().collect())
            }
        }
        d.deserialize_map(Fields)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn pairs(m: &Map) -> Vec<(String, Value)> {
        m.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
    }

    /// Whatever is done to it, a Map holds and shows what a BTreeMap given the same would.
    #[test]
    fn behaves_as_a_btreemap() {
        let given: Vec<(&str, i64)> =
            vec![("kind", 1), ("b", 2), ("a", 3), ("kind", 4), ("z", 5), ("", 6), ("aa", 7), ("a", 8)];
        let mut map = Map::new();
        let mut tree = BTreeMap::new();
        for (k, v) in &given {
            assert_eq!(map.insert(k, Value::Int(*v)), tree.insert(k.to_string(), Value::Int(*v)));
            assert_eq!(pairs(&map), tree.clone().into_iter().collect::<Vec<_>>());
        }
        let collected: Map = given.iter().map(|(k, v)| (k.to_string(), Value::Int(*v))).collect();
        assert_eq!(collected, map);
        assert_eq!(tree.clone().into_iter().collect::<Map>(), map);
        for k in ["a", "missing", "kind", ""] {
            assert_eq!(map.get(k), tree.get(k));
            assert_eq!(map.contains_key(k), tree.contains_key(k));
        }
        assert_eq!(map.remove("b"), tree.remove("b"));
        assert_eq!(map.remove("b"), None);
        assert_eq!(pairs(&map), tree.clone().into_iter().collect::<Vec<_>>());
        assert_eq!(map.len(), tree.len());
        // Comparison, display and serde as the BTreeMap's.
        let other: Map = [("a".to_string(), Value::Int(9))].into_iter().collect();
        let other_tree: BTreeMap<String, Value> = [("a".to_string(), Value::Int(9))].into();
        assert_eq!(map.cmp(&other), tree.cmp(&other_tree));
        assert_eq!(Value::Map(map.clone()).to_string(), "{ = 6, a = 8, aa = 7, kind = 4, z = 5}");
        assert_eq!(serde_json::to_string(&map).unwrap(), serde_json::to_string(&tree).unwrap());
        let back: Map = serde_json::from_str(r#"{"z": 1, "a": 2, "z": 3}"#).unwrap();
        assert_eq!(pairs(&back), vec![("a".to_string(), Value::Int(2)), ("z".to_string(), Value::Int(3))]);
    }

    #[test]
    fn names_are_ordered_byte_by_byte_as_strings_are() {
        let names = [
            "",
            "a",
            "ab",
            "b",
            "kind",
            "kid",
            "label",
            "labels",
            "Label",
            "z",
            "\u{e9}t\u{e9}",
            "\u{e9}",
            "_x",
            "10",
            "9",
        ];
        for a in names {
            for b in names {
                assert_eq!(name_order(a, b), a.cmp(b), "{a:?} against {b:?}");
            }
        }
    }
}
