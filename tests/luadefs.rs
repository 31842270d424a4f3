//! The LuaLS definitions card authors get (cards/types/wizwar.d.lua) match the kernel: every
//! primitive the engine installs is documented, nothing documented is missing, and the committed
//! file is what `wizwar defs` writes today.

use std::path::Path;
use wizwar::decision::RandomAgent;
use wizwar::engine::{Engine, GameSetup, API_DOCS};

#[test]
fn the_api_list_names_exactly_the_installed_primitives() {
    let setup = GameSetup { ruleset: "toy".into(), players: 2, seed: 1, options: vec![], names: vec![] };
    let engine = Engine::new(Path::new("tests/fixtures/engine"), &setup, Box::new(RandomAgent::new(1))).unwrap();
    let listed = engine
        .eval_lua(
            "local names = {} for k, v in pairs(game) do \
             if type(v) == 'function' and k:sub(1, 2) ~= '__' then names[#names + 1] = k end end \
             table.sort(names) return table.concat(names, ' ')",
        )
        .unwrap();
    let installed: Vec<&str> = listed.trim_matches('"').split(' ').collect();
    let mut documented: Vec<&str> = API_DOCS.iter().map(|d| d.name).collect();
    documented.sort();
    let missing: Vec<_> = installed.iter().filter(|n| !documented.contains(n)).collect();
    let stale: Vec<_> = documented.iter().filter(|n| !installed.contains(n)).collect();
    assert!(missing.is_empty(), "primitives without an entry in src/engine/api_doc.rs: {missing:?}");
    assert!(stale.is_empty(), "entries in src/engine/api_doc.rs for primitives that no longer exist: {stale:?}");
}

#[test]
fn the_committed_definitions_are_current() {
    let committed = std::fs::read_to_string("cards/types/wizwar.d.lua").unwrap_or_default();
    assert!(
        committed == wizwar::luadefs::definitions(Path::new("rulesets")),
        "cards/types/wizwar.d.lua is out of date: run `cargo run --release -- defs -o cards/types/wizwar.d.lua`"
    );
}

#[test]
fn the_language_server_config_points_at_them_and_matches_the_sandbox() {
    let text = std::fs::read_to_string(".luarc.json").unwrap();
    let cfg: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(cfg["runtime.version"], "Lua 5.4");
    let library = cfg["workspace.library"].as_array().unwrap();
    assert!(library.iter().any(|l| l == "cards/types"));
    for lib in ["io", "os", "debug", "package"] {
        assert_eq!(cfg["runtime.builtin"][lib], "disable", "{lib}");
    }
}

/// The helpers rulesets offer cards are declared (with the comment above them) and appear in
/// the definitions; a helper several rulesets offer takes the same arguments in each, so a
/// card reads the same in every edition.
#[test]
fn card_helpers_are_declared_alike_in_every_ruleset() {
    let helpers = wizwar::luadefs::ctx_helpers(Path::new("rulesets"));
    let names: Vec<&str> = helpers.iter().map(|h| h.name.as_str()).collect();
    for shared in ["damage", "cancel", "create_object", "heal", "choose"] {
        assert!(names.contains(&shared), "{shared} is declared: {names:?}");
    }
    let mut differ = Vec::new();
    for h in &helpers {
        for (ruleset, params) in &h.rulesets {
            if params != &h.params {
                differ.push(format!(
                    "{}: {} takes ({}) but {} ({})",
                    h.name,
                    ruleset,
                    params.join(", "),
                    h.rulesets[0].0,
                    h.params.join(", ")
                ));
            }
        }
        assert!(!h.doc.is_empty(), "ctx:{} has no comment saying what it does", h.name);
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    let defs = wizwar::luadefs::definitions(Path::new("rulesets"));
    assert!(defs.contains("function Ctx:damage(target, amount, tags) end"), "the helpers are in the definitions");
    assert!(!defs.contains("---@class Ctx: Game"), "ctx does not pass for the game");
}

/// The generated stubs of the ruleset modules (`cards/types/rules/`, `require("rules.x")` for an
/// editor) are current: every module of every ruleset, none left over.
#[test]
fn the_committed_module_stubs_are_current() {
    let stubs = wizwar::luadefs::module_stubs(Path::new("rulesets"));
    assert!(stubs.iter().any(|(f, _)| f == "rules/common.lua"), "rules.common has a stub");
    for (file, text) in &stubs {
        let committed = std::fs::read_to_string(Path::new("cards/types").join(file)).unwrap_or_default();
        assert!(
            &committed == text,
            "cards/types/{file} is out of date: run `cargo run --release -- defs -o cards/types/wizwar.d.lua`"
        );
    }
    let committed = wizwar::engine::files_under(Path::new("cards/types/rules"), &["lua"]);
    for f in committed {
        let rel = f.strip_prefix("cards/types").unwrap().to_string_lossy().replace('\\', "/");
        assert!(stubs.iter().any(|(s, _)| *s == rel), "cards/types/{rel} is left over: run `wizwar defs`");
    }
}

/// With the Lua analyzer on PATH (emmylua_check, the version `.ci/run` installs), a card with a
/// misspelt helper or an argument of the wrong type is reported with its file and line.
#[test]
fn the_analyzer_reports_a_bad_card_with_file_and_line() {
    let found = std::process::Command::new("emmylua_check").arg("--version").output();
    if !found.is_ok_and(|o| o.status.success()) {
        eprintln!("note: emmylua_check is not on PATH; skipping the analyzer check (cargo install emmylua_check --locked --version 0.25.1)");
        return;
    }
    let dir = tempfile_dir();
    std::fs::create_dir_all(dir.join("cards/8th/elemental")).unwrap();
    for sub in ["cards/types", "cards/lib"] {
        copy_tree(Path::new(sub), &dir.join(sub));
    }
    std::fs::copy(".luarc.json", dir.join(".luarc.json")).unwrap();
    let bad = "return card {\n  name = \"Bad Bolt\", kind = \"attack\", text = \"-\",\n  resolve = function(ctx)\n    \
               ctx:dammage(ctx.target, 3)\n    ctx.game:roll(\"six\")\n  end,\n}\n";
    std::fs::write(dir.join("cards/8th/elemental/bad_bolt.lua"), bad).unwrap();
    let out = std::process::Command::new("emmylua_check")
        .current_dir(&dir)
        .args([".", "-c", ".luarc.json", "--warnings-as-errors"])
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!out.status.success(), "the analyzer fails on the bad card:\n{text}");
    assert!(text.contains("bad_bolt.lua:4:"), "the misspelt helper is reported at its line:\n{text}");
    assert!(text.contains("dammage"), "it names the misspelt helper:\n{text}");
    assert!(text.contains("bad_bolt.lua:5:"), "the wrong argument type is reported at its line:\n{text}");
}

fn tempfile_dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("wizwar-luadefs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_tree(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

/// A helper several editions define with different comments shows each edition's, named.
#[test]
fn a_helper_defined_by_several_editions_shows_each_ones_doc() {
    let helpers = wizwar::luadefs::ctx_helpers(Path::new("rulesets"));
    let h = helpers.iter().find(|h| h.name == "grant_door_pass").expect("ctx:grant_door_pass");
    let doc = h.shown_doc();
    for edition in ["8th: ", "classic: ", "9th: "] {
        assert!(doc.contains(edition), "{edition} missing from {doc}");
    }
    let one = helpers.iter().find(|h| h.name == "swap_sectors").expect("ctx:swap_sectors");
    assert_eq!(one.shown_doc(), one.doc, "one edition, one comment as it is");
}
