//! The pattern guard: Lua's C pattern matching is not metered by the instruction hook, so the
//! sandbox's `string.find`/`match`/`gmatch`/`gsub` refuse the calls that could run long.

use mlua::Value;

/// Pattern functions refuse longer subjects (plain `find` is not limited).
const MAX_PATTERN_SUBJECT: usize = 4096;
/// Pattern functions refuse patterns with more `*`, `+`, `-`, `?` than this.
const MAX_PATTERN_QUANTIFIERS: usize = 3;
/// Refuse a pattern whose worst-case backtracking exceeds this many matcher steps
/// (measured at about 8 ns a step: 4 ms of CPU).
const MAX_PATTERN_STEPS: f64 = 5.0e5;

/// Why `string.<function>(s, p)` must not run, or `None` if it may.
pub(super) fn pattern_refusal(function: &str, subject: &Value, pattern: &Value) -> Option<String> {
    // Numbers coerce to short patterns; other types make Lua raise its own argument error.
    let Value::String(pattern) = pattern else { return None };
    let pattern = pattern.as_bytes();
    if !pattern.iter().any(|b| b"^$*+?.([%-".contains(b)) {
        return None; // Lua does a plain search
    }
    let subject_len = match subject {
        Value::String(s) => s.as_bytes().len(),
        Value::Integer(_) | Value::Number(_) => 32,
        _ => return None,
    };
    let shown = show_pattern(&pattern);
    if subject_len > MAX_PATTERN_SUBJECT {
        return Some(format!(
            "string.{function}: a {subject_len}-byte subject is too long for pattern matching \
             (limit {MAX_PATTERN_SUBJECT} bytes); use a plain find (string.find(s, text, 1, true)) \
             or match shorter pieces"
        ));
    }
    let shape = PatternShape::scan(&pattern, function != "gmatch");
    if shape.quantifiers > MAX_PATTERN_QUANTIFIERS {
        return Some(format!(
            "string.{function}: pattern {shown} has {} quantifiers (limit {MAX_PATTERN_QUANTIFIERS}); \
             simplify the pattern",
            shape.quantifiers
        ));
    }
    let steps = shape.worst_case_steps(subject_len);
    if steps > MAX_PATTERN_STEPS {
        return Some(format!(
            "string.{function}: pattern {shown} could backtrack too long on a {subject_len}-byte subject \
             (worst case about {steps:.1e} steps, limit {MAX_PATTERN_STEPS:.0e}); anchor it with '^', \
             use fewer repetitions or match a shorter subject"
        ));
    }
    None
}

fn show_pattern(pattern: &[u8]) -> String {
    const SHOWN: usize = 40;
    let text = String::from_utf8_lossy(&pattern[..pattern.len().min(SHOWN)]).into_owned();
    if pattern.len() > SHOWN {
        format!("'{text}...'")
    } else {
        format!("'{text}'")
    }
}

/// What the pattern guard needs to know about a Lua pattern.
#[derive(Default, Debug)]
struct PatternShape {
    /// Starts with '^' (find, match, gsub): only one start position is tried.
    anchored: bool,
    /// `*`, `+`, `-` and `?` after a single-character class.
    quantifiers: usize,
    /// Items that can match runs of any length: `x*`, `x+`, `x-`, `%b..`, back-references `%1`.
    expanding: usize,
    /// `x?` items (two choices each).
    optional: usize,
    /// Single-character items, counted for the cost of one matching attempt.
    items: usize,
    /// The last expanding item ends the pattern: it succeeds at once and never backtracks.
    trailing_expansion: bool,
}

impl PatternShape {
    /// Scan a pattern the way lstrlib's matcher reads it; malformed patterns are scanned
    /// leniently (Lua itself reports them).
    fn scan(p: &[u8], anchor_allowed: bool) -> PatternShape {
        let mut shape = PatternShape::default();
        let mut i = 0;
        if anchor_allowed && p.first() == Some(&b'^') {
            shape.anchored = true;
            i = 1;
        }
        let mut last_expansion_end = None;
        while i < p.len() {
            let expands_alone = match p[i] {
                b'(' | b')' => {
                    i += 1;
                    continue;
                }
                b'$' if i + 1 == p.len() => {
                    i += 1;
                    continue;
                }
                b'%' => match p.get(i + 1) {
                    Some(b'b') => {
                        i += 4;
                        true
                    }
                    Some(b'f') => {
                        i = skip_set(p, i + 2); // frontier: zero width
                        continue;
                    }
                    Some(c) if c.is_ascii_digit() => {
                        i += 2;
                        true
                    }
                    _ => {
                        i += 2;
                        false
                    }
                },
                b'[' => {
                    i = skip_set(p, i);
                    false
                }
                _ => {
                    i += 1;
                    false
                }
            };
            shape.items += 1;
            if expands_alone {
                shape.expanding += 1;
                last_expansion_end = Some(i.min(p.len()));
                continue;
            }
            match p.get(i) {
                Some(b'*' | b'+' | b'-') => {
                    i += 1;
                    shape.quantifiers += 1;
                    shape.expanding += 1;
                    last_expansion_end = Some(i);
                }
                Some(b'?') => {
                    i += 1;
                    shape.quantifiers += 1;
                    shape.optional += 1;
                }
                _ => {}
            }
        }
        shape.trailing_expansion = last_expansion_end.is_some_and(|end| p[end..].iter().all(|&c| c == b')'));
        shape
    }

    /// Worst-case matcher steps on a subject of `n` bytes: each expanding item (and, unless
    /// anchored, the start position) ranges over the subject, in order, so the attempts number
    /// about C(n + k, k) for k of them; each attempt walks the pattern's items.
    fn worst_case_steps(&self, n: usize) -> f64 {
        let mut k = self.expanding - usize::from(self.trailing_expansion);
        if !self.anchored {
            k += 1;
        }
        let n = n as f64;
        let optional = i32::try_from(self.optional).unwrap_or(i32::MAX);
        let mut steps = self.items.max(1) as f64 * 2f64.powi(optional);
        for j in 1..=k {
            steps *= (n + j as f64) / j as f64;
        }
        steps
    }
}

/// Index just past the character class `[...]` starting at `i` (mirrors lstrlib's `classEnd`:
/// a `]` right after `[` or `[^` is a member, `%x` escapes).
fn skip_set(p: &[u8], i: usize) -> usize {
    if p.get(i) != Some(&b'[') {
        return i;
    }
    let mut j = i + 1;
    if p.get(j) == Some(&b'^') {
        j += 1;
    }
    loop {
        if j >= p.len() {
            return p.len();
        }
        let c = p[j];
        j += 1;
        if c == b'%' {
            j += 1;
        }
        if j >= p.len() {
            return p.len();
        }
        if p[j] == b']' {
            return j + 1;
        }
    }
}
