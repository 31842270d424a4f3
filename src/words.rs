//! Small pieces of English for messages.

/// `word` after its article: "a string", "an integer", "a userdata".
pub(crate) fn a_or_an(word: &str) -> String {
    // (A "u" sounded "you" takes "a": userdata, unique; "an unknown" does not.)
    let you = word.starts_with("us") || word.starts_with("uni");
    let an = word.starts_with(['a', 'e', 'i', 'o', 'u']) && !you;
    format!("{} {word}", if an { "an" } else { "a" })
}

#[cfg(test)]
mod tests {
    #[test]
    fn articles() {
        let said: Vec<String> = ["string", "integer", "userdata", "unknown field", "error"].map(super::a_or_an).into();
        assert_eq!(said, ["a string", "an integer", "a userdata", "an unknown field", "an error"]);
    }
}
