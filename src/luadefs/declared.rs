//! What the rulesets' Lua declares, read from its text: the helpers cards call as
//! `ctx:name(...)` and the functions of the modules `require("rules.x")` finds, each with
//! the comment and `---@` annotations above it.

use std::path::{Path, PathBuf};

/// A helper a ruleset offers cards as `ctx:name(...)`: declared in the ruleset's Lua as
/// `function H.name(ctx, ...)` (its ctx.lua) or `function M.ctx.name(ctx, ...)` (a module's
/// helpers), with the comment above it and, optionally, LuaLS annotations (`---@param x
/// integer`, `---@return integer?`) giving its types.
#[derive(Clone, Debug, PartialEq)]
pub struct Helper {
    pub name: String,
    /// Its parameters after `ctx`.
    pub params: Vec<String>,
    pub doc: String,
    /// The `---@param` / `---@return` lines above its first annotated declaration.
    pub annotations: Vec<String>,
    /// The rulesets that declare it, with the parameters each gives.
    pub rulesets: Vec<(String, Vec<String>)>,
    /// What each ruleset's comment says of it (where it has one).
    pub docs: Vec<(String, String)>,
}

impl Helper {
    /// The doc a reader sees: the one comment, or, where editions say different things, each
    /// edition's on a line of its own.
    pub fn shown_doc(&self) -> String {
        let mut distinct: Vec<&str> = self.docs.iter().map(|(_, d)| d.as_str()).collect();
        distinct.dedup();
        if distinct.len() <= 1 {
            return self.doc.clone();
        }
        // (a comment that begins with its edition's citation names it already)
        let line = |(r, d): &(String, String)| if d.starts_with(r.as_str()) { d.clone() } else { format!("{r}: {d}") };
        self.docs.iter().map(line).collect::<Vec<_>>().join("\n---\n---")
    }
}

/// One declaration of a ruleset's Lua file: `function T.name(params)` or `T.name =
/// function(params)` (`params` is None for another value), the `--` comment above it and its
/// `---@` annotations.
pub(super) struct Decl {
    pub(super) name: String,
    pub(super) params: Option<Vec<String>>,
    pub(super) doc: String,
    pub(super) annotations: Vec<String>,
}

/// The declarations of `text` that `pick` recognises: it gets the raw line and answers the
/// declared name and what follows it (`(a, b)`, `= function(a, b)` or `= value`).
fn declarations<'a>(text: &'a str, pick: impl Fn(&'a str) -> Option<(&'a str, &'a str)>) -> Vec<Decl> {
    let mut out = Vec::new();
    let (mut comment, mut annotations): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    for line in text.lines() {
        let t = line.trim();
        if let Some(a) = t.strip_prefix("---@") {
            annotations.push(format!("---@{a}"));
            continue;
        }
        if let Some(c) = t.strip_prefix("--").filter(|c| !c.starts_with('-')) {
            comment.push(c.trim().to_string());
            continue;
        }
        if let Some((name, rest)) = pick(line) {
            let rest = rest.trim_start();
            let args = rest.strip_prefix('(').or_else(|| {
                rest.strip_prefix('=')
                    .map(str::trim_start)
                    .and_then(|r| r.strip_prefix("function"))
                    .map(str::trim_start)
                    .and_then(|r| r.strip_prefix('('))
            });
            let is_decl = rest.starts_with('(') || rest.starts_with('=') && !rest.starts_with("==");
            if is_decl && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '.') {
                let params = args.map(|a| {
                    // `_p`: a parameter this version ignores, documented as `p`
                    a.split(')')
                        .next()
                        .unwrap_or_default()
                        .split(',')
                        .map(|p| p.trim().trim_start_matches('_').to_string())
                        .filter(|p| !p.is_empty())
                        .collect()
                });
                out.push(Decl {
                    name: name.to_string(),
                    params,
                    doc: comment.join(" "),
                    annotations: std::mem::take(&mut annotations),
                });
            }
        }
        comment.clear();
        annotations.clear();
    }
    out
}

/// The folders under `rulesets`, sorted, with their names.
fn ruleset_dirs(rulesets: &Path) -> Vec<(String, PathBuf)> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(rulesets)
        .map(|rd| rd.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect())
        .unwrap_or_default();
    dirs.sort();
    dirs.into_iter().map(|d| (d.file_name().unwrap_or_default().to_string_lossy().to_string(), d)).collect()
}

/// Every helper the rulesets under `rulesets` declare, by name.
pub fn ctx_helpers(rulesets: &Path) -> Vec<Helper> {
    let mut out: Vec<Helper> = Vec::new();
    for (ruleset, dir) in ruleset_dirs(rulesets) {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|rd| rd.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "lua")).collect())
            .unwrap_or_default();
        files.sort();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap_or_default();
            for decl in declarations(&text, |line| {
                let t = line.trim();
                let d = t.strip_prefix("function H.").or_else(|| t.strip_prefix("function M.ctx."))?;
                let i = d.find('(')?;
                Some((&d[..i], &d[i..]))
            }) {
                let params: Vec<String> = decl.params.unwrap_or_default().into_iter().skip(1).collect();
                match out.iter_mut().find(|h| h.name == decl.name) {
                    Some(h) => {
                        if h.doc.is_empty() {
                            h.doc = decl.doc.clone();
                        }
                        if h.annotations.is_empty() {
                            h.annotations = decl.annotations;
                        }
                        if !decl.doc.is_empty() {
                            h.docs.push((ruleset.clone(), decl.doc.clone()));
                        }
                        h.rulesets.push((ruleset.clone(), params));
                    }
                    None => out.push(Helper {
                        name: decl.name,
                        params: params.clone(),
                        docs: if decl.doc.is_empty() { vec![] } else { vec![(ruleset.clone(), decl.doc.clone())] },
                        doc: decl.doc,
                        annotations: decl.annotations,
                        rulesets: vec![(ruleset.clone(), params)],
                    }),
                }
            }
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// A ruleset module as cards and rulesets `require("rules.x")` it: every function (or value)
/// the file `x.lua` of any ruleset folder declares on the table it returns.
pub(super) struct Module {
    pub(super) name: String,
    pub(super) files: Vec<String>,
    pub(super) decls: Vec<(Decl, Vec<String>)>,
}

pub(super) fn modules(rulesets: &Path) -> Vec<Module> {
    let mut out: Vec<Module> = Vec::new();
    for (ruleset, dir) in ruleset_dirs(rulesets) {
        for f in crate::engine::files_under(&dir, &["lua"]) {
            let rel = f.strip_prefix(&dir).unwrap_or(&f).to_string_lossy().replace('\\', "/");
            if rel == "rules.lua" {
                continue; // the entry file, not a module
            }
            let name = format!("rules.{}", rel.trim_end_matches(".lua").replace('/', "."));
            let text = std::fs::read_to_string(&f).unwrap_or_default();
            let Some(table) = text.lines().rev().find_map(|l| {
                l.strip_prefix("return ").map(str::trim).filter(|t| t.chars().all(|c| c.is_alphanumeric() || c == '_'))
            }) else {
                continue;
            };
            let prefix = format!("{table}.");
            let decls = declarations(&text, |line| {
                let (is_fn, l) = match line.strip_prefix("function ") {
                    Some(l) => (true, l),
                    None => (false, line),
                };
                let d = l.strip_prefix(prefix.as_str())?;
                let i = d.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))?;
                let rest = d[i..].trim_start();
                // `M.x(...)` alone is a call, not a declaration
                (rest.starts_with(if is_fn { "(" } else { "=" })).then(|| (&d[..i], &d[i..]))
            });
            let m = match out.iter_mut().position(|m| m.name == name) {
                Some(i) => &mut out[i],
                None => {
                    out.push(Module { name: name.clone(), files: vec![], decls: vec![] });
                    out.last_mut().unwrap()
                }
            };
            m.files.push(format!("rulesets/{ruleset}/{rel}"));
            for d in decls {
                match m.decls.iter_mut().find(|(x, _)| x.name == d.name) {
                    Some((x, by)) => {
                        if x.doc.is_empty() {
                            x.doc = d.doc;
                        }
                        if x.annotations.is_empty() {
                            x.annotations = d.annotations;
                        }
                        if x.params.is_none() {
                            x.params = d.params;
                        }
                        by.push(ruleset.clone());
                    }
                    None => m.decls.push((d, vec![ruleset.clone()])),
                }
            }
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}
