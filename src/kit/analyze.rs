//! `wizwar analyze`: each ruleset's own card folders checked by the Lua analyzer against that
//! ruleset's definitions alone, so a card calling a helper its edition does not offer, or
//! passing a helper the wrong type, is reported with its file and line before any game runs.
//!
//! The project's `.luarc.json` sees every ruleset's helpers at once (for the rulesets, the test
//! helpers and an editor opened at the root); here each ruleset gets definitions of its own,
//! written under `target/lua-types/<ruleset>/` (`luadefs::definitions_for`), with a
//! configuration beside them, and the analyzer (emmylua_check, the version `.ci/run` pins) is
//! run on its card folders.

use crate::ruleset::Ruleset;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One thing the analyzer said.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    /// The card file, from the project's root.
    pub file: String,
    pub line: u64,
    pub column: u64,
    pub code: String,
    pub message: String,
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}: {} [{}]", self.file, self.line, self.column, self.message.trim(), self.code)
    }
}

/// The rulesets whose cards are analyzed when none is named: those with card folders of their own.
pub fn rulesets_with_cards(root: &Path) -> Vec<String> {
    let rulesets = root.join("rulesets");
    let mut names: Vec<String> = std::fs::read_dir(&rulesets)
        .map(|d| d.flatten().filter(|e| e.path().join("ruleset.toml").is_file()))
        .into_iter()
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| Ruleset::load(&rulesets, n).is_ok_and(|r| r.has_own_cards() && !r.file.is_abstract))
        .collect();
    names.sort();
    names
}

/// Analyzes `ruleset`'s own card folders; what the analyzer reported (nothing: all clean).
pub fn analyze(root: &Path, ruleset: &str) -> Result<Vec<Diagnostic>, String> {
    // the analyzer's configuration names its folders from anywhere: whole paths
    let root = &root.canonicalize().map_err(|e| format!("{}: {e}", root.display()))?;
    let rulesets = root.join("rulesets");
    let rules = Ruleset::load(&rulesets, ruleset)?;
    if !rules.has_own_cards() {
        return Err(format!(
            "{ruleset} has no card folder of its own: its cards are analyzed with the ruleset they belong to"
        ));
    }
    let chain: Vec<String> = rules.chain.iter().map(|l| l.name.clone()).collect();
    let types = root.join("target").join("lua-types").join(ruleset);
    crate::luadefs::write_definitions(&rulesets, &types.join("wizwar.d.lua"), Some(&chain))?;
    // Its card folders, and the single card files it borrows from another edition, copied
    // into a folder of their own (the analyzer takes folders): in this ruleset's games they
    // call this ruleset's helpers, so they are analyzed here as well as in their own edition.
    let borrowed = types.join("borrowed");
    let _ = std::fs::remove_dir_all(&borrowed);
    let mut folders: Vec<PathBuf> = Vec::new();
    for d in &rules.file.card_dirs {
        let (dir, file) = (root.join("cards").join(d), root.join("cards").join(format!("{d}.lua")));
        if dir.is_dir() {
            folders.push(dir);
        } else if file.is_file() {
            let copy = borrowed.join(format!("{d}.lua"));
            std::fs::create_dir_all(copy.parent().expect("a folder"))
                .map_err(|e| format!("{}: {e}", copy.display()))?;
            std::fs::copy(&file, &copy).map_err(|e| format!("{}: {e}", file.display()))?;
            if !folders.contains(&borrowed) {
                folders.push(borrowed.clone());
            }
        }
    }
    if folders.is_empty() {
        return Err(format!("{ruleset}: none of its card_dirs is a folder or a card file under cards/"));
    }
    let config = types.join("luarc.json");
    let text = serde_json::to_string_pretty(&config_for(root, &types)).expect("a JSON value");
    std::fs::write(&config, text).map_err(|e| format!("{}: {e}", config.display()))?;
    let report = types.join("report.json");
    let _ = std::fs::remove_file(&report);
    let ran = Command::new("emmylua_check")
        .args(&folders)
        .arg("-c")
        .arg(&config)
        .args(["--warnings-as-errors", "-f", "json", "--output"])
        .arg(&report)
        .output()
        .map_err(|e| {
            format!(
                "cannot run emmylua_check ({e}).\nInstall the analyzer as .ci/run does:\n  \
                 cargo install emmylua_check --locked --version 0.25.1"
            )
        })?;
    let text = std::fs::read_to_string(&report)
        .map_err(|_| format!("emmylua_check wrote no report: {}", String::from_utf8_lossy(&ran.stderr).trim()))?;
    read_report(root, &borrowed, &text)
}

/// The analyzer's settings for one ruleset's cards: the project's (`.luarc.json`: Lua 5.4, the
/// sandbox's libraries, the globals), with that ruleset's definitions for `cards/types`, and
/// `require("lib.x")` and `require("test.x")` finding the shared card and test modules.
fn config_for(root: &Path, types: &Path) -> serde_json::Value {
    let shown = |p: PathBuf| p.to_string_lossy().to_string();
    let project: serde_json::Value = std::fs::read_to_string(root.join(".luarc.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_else(|| serde_json::json!({ "runtime.version": "Lua 5.4" }));
    let mut cfg = project.as_object().cloned().unwrap_or_default();
    cfg.insert(
        "workspace.library".into(),
        serde_json::json!([shown(types.to_path_buf()), shown(root.join("cards/lib")), shown(root.join("tests/lua"))]),
    );
    cfg.insert(
        "workspace.moduleMap".into(),
        serde_json::json!([
            { "pattern": "^lib\\.(.*)$", "replace": "$1" },
            { "pattern": "^test\\.(.*)$", "replace": "$1" }
        ]),
    );
    serde_json::Value::Object(cfg)
}

/// The diagnostics of emmylua_check's JSON report, with paths from `root` (a borrowed card's
/// copy named as the card file it is) and lines counted from 1.
fn read_report(root: &Path, borrowed: &Path, text: &str) -> Result<Vec<Diagnostic>, String> {
    let files: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("emmylua_check's report is not the JSON expected: {e}"))?;
    let mut out = Vec::new();
    for f in files.as_array().into_iter().flatten() {
        let path = f["file"].as_str().unwrap_or_default();
        let file = match Path::new(path).strip_prefix(borrowed) {
            Ok(card) => Path::new("cards").join(card).display().to_string(),
            Err(_) => Path::new(path).strip_prefix(root).map_or(path.to_string(), |p| p.display().to_string()),
        };
        for d in f["diagnostics"].as_array().into_iter().flatten() {
            let start = &d["range"]["start"];
            out.push(Diagnostic {
                file: file.clone(),
                line: start["line"].as_u64().unwrap_or_default() + 1,
                column: start["character"].as_u64().unwrap_or_default() + 1,
                code: d["code"].as_str().unwrap_or_default().to_string(),
                message: d["message"].as_str().unwrap_or_default().to_string(),
            });
        }
    }
    out.sort_by(|a, b| (&a.file, a.line, a.column).cmp(&(&b.file, b.line, b.column)));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    #[test]
    fn a_report_gives_file_and_line_from_the_root() {
        let report = r#"[{"file": "/p/cards/x/a.lua", "diagnostics": [{"code": "undefined-field",
            "message": "Undefined field `f`. ", "range": {"start": {"line": 5, "character": 8},
            "end": {"line": 5, "character": 9}}, "severity": 2}]}, {"file": "/p/cards/x/b.lua", "diagnostics": []}]"#;
        let found = super::read_report(Path::new("/p"), Path::new("/p/target/b"), report).unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].to_string(), "cards/x/a.lua:6:9: Undefined field `f`. [undefined-field]");
        let copy = report.replace("/p/cards/x/a.lua", "/p/target/b/x/a.lua");
        let found = super::read_report(Path::new("/p"), Path::new("/p/target/b"), &copy).unwrap();
        assert_eq!(found[0].file, "cards/x/a.lua", "a borrowed card is named as its file");
    }
}
