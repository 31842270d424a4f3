//! Where the rulesets and cards are: the folder holding `rulesets/` and `cards/`, found the
//! same way by every command, so the binary works from any folder.

use std::path::{Path, PathBuf};

/// The environment variable naming the folder when `--root` does not.
pub const ROOT_VARIABLE: &str = "WIZWAR_ROOT";

/// Does `dir` hold rulesets?
fn holds_rulesets(dir: &Path) -> bool {
    dir.join("rulesets").is_dir()
}

/// The folder to play from: `given` (`--root`) if any, else `$WIZWAR_ROOT`, else the current
/// folder when it holds `rulesets/`, else the nearest folder above the binary that does (a
/// checkout's `target/release/wizwar`, or an install beside its data). `env` reads a
/// variable (the process's environment, or a test's), `exe` is the running binary.
pub fn find_root(
    given: Option<PathBuf>,
    env: &dyn Fn(&str) -> Option<String>,
    exe: Option<PathBuf>,
) -> Result<PathBuf, String> {
    let check = |dir: PathBuf, how: &str| {
        if holds_rulesets(&dir) {
            Ok(dir)
        } else {
            Err(format!("{} (given by {how}) holds no rulesets/ folder", dir.display()))
        }
    };
    if let Some(dir) = given {
        return check(dir, "--root");
    }
    if let Some(dir) = env(ROOT_VARIABLE).filter(|v| !v.is_empty()) {
        return check(PathBuf::from(dir), ROOT_VARIABLE);
    }
    let here = PathBuf::from(".");
    if holds_rulesets(&here) {
        return Ok(here);
    }
    let above_binary =
        exe.as_deref().and_then(Path::parent).and_then(|bin| bin.ancestors().find(|d| holds_rulesets(d)));
    if let Some(dir) = above_binary {
        return Ok(dir.to_path_buf());
    }
    Err(format!(
        "no rulesets/ folder here, and {ROOT_VARIABLE} is not set, and none above the binary ({}): \
         run from the project folder, or give --root DIR or {ROOT_VARIABLE}=DIR (the folder holding \
         rulesets/ and cards/)",
        exe.map_or("unknown".into(), |e| e.display().to_string())
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_env(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn the_root_is_found_in_order() {
        let project = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let binary = project.join("target/release/wizwar");
        // --root first, then the variable; each must hold rulesets.
        assert_eq!(find_root(Some(project.clone()), &no_env, None).unwrap(), project);
        let err = find_root(Some(project.join("src")), &no_env, None).unwrap_err();
        assert!(err.contains("src (given by --root) holds no rulesets/"), "{err}");
        let var = |k: &str| (k == ROOT_VARIABLE).then(|| project.display().to_string());
        assert_eq!(find_root(None, &var, None).unwrap(), project);
        let bad = |k: &str| (k == ROOT_VARIABLE).then(|| "/nowhere".to_string());
        assert!(find_root(None, &bad, None).unwrap_err().contains("/nowhere (given by WIZWAR_ROOT)"));
        // Above the binary (when the current folder holds none: the tests run in the project,
        // which does, so the current folder wins here).
        assert_eq!(find_root(None, &no_env, Some(binary)).unwrap(), PathBuf::from("."));
    }
}
