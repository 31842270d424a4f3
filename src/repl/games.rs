//! Which game the session holds and how it got there: a new one (`new`) or a saved one
//! (`load`), the same one rebuilt under fresh files, another option or another ruleset
//! (`reload`, `option`, `ruleset`) with its steps replayed and compared, going back a step or
//! to the game before (`undo`), the steps taken and pending (`steps`), and the guard against
//! dropping steps not saved.

use super::replay::{new_session, replay_steps};
use super::{build, Built, Check, Step, COMMANDS};
use super::{expand_home, options_text_of, parse_option, read_saved, rulesets_on_disk, Game, Repl};
use crate::engine::GameSetup;
use crate::value::Value;

impl Repl {
    pub(super) fn cmd_new(&mut self, rest: &str) -> Result<String, String> {
        let mut setup = self.defaults.clone();
        if let Some(g) = &self.game {
            setup.ruleset = g.setup.ruleset.clone();
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        let mut i = 0;
        while i < words.len() {
            let (flag, inline) = match words[i].split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f, Some(v)),
                _ => (words[i], None),
            };
            let value = match inline {
                Some(v) => v,
                None => {
                    i += 1;
                    *words.get(i).ok_or_else(|| format!("new: {flag} needs a value"))?
                }
            };
            match flag {
                "--ruleset" => setup.ruleset = value.to_string(),
                "--players" => {
                    setup.players = value.parse().map_err(|_| format!("new: --players `{value}` is not a number"))?
                }
                "--seed" => setup.seed = value.parse().map_err(|_| format!("new: --seed `{value}` is not a number"))?,
                "--option" => setup.options.push(parse_option(value)?),
                other => return Err(format!("new: unknown flag `{other}` (usage: {})", COMMANDS[0].1)),
            }
            i += 1;
        }
        let text = self.start(setup)?;
        let s = &self.game_ref()?.setup;
        Ok(format!(
            "new game: ruleset {}, {} players, seed {}{}\n{text}",
            s.ruleset,
            s.players,
            s.seed,
            options_text_of(s)
        ))
    }

    pub(super) fn cmd_steps(&mut self, rest: &str) -> Result<String, String> {
        let g = self.game.as_mut().ok_or("no game yet: use `new` (or `load FILE`)")?;
        match rest {
            "" => {}
            "drop" => {
                let n = g.run.pending.len();
                g.run.pending.clear();
                g.run.stopped = None;
                return Ok(format!("forgot {n} pending step(s)"));
            }
            other => {
                return Err(format!("steps: `{other}`? (`steps` lists them, `steps drop` forgets the pending ones)"))
            }
        }
        let mut out = if g.run.steps.is_empty() {
            "no step taken".to_string()
        } else {
            format!("{} step(s) taken:", g.run.steps.len())
        };
        for (i, s) in g.run.steps.iter().enumerate() {
            out.push_str(&format!("\n  {:>3}. {}", i + 1, s.describe()));
        }
        if !g.run.pending.is_empty() {
            out.push_str(&format!(
                "\n{} step(s) pending, not applied (`reload` retries them, `save` keeps them, `steps drop` forgets them):",
                g.run.pending.len()
            ));
            for (i, s) in g.run.pending.iter().enumerate() {
                out.push_str(&format!("\n  {:>3}. {}", g.run.steps.len() + i + 1, s.describe()));
            }
            if let Some(why) = &g.run.stopped {
                out.push_str(&format!("\n  ({why})"));
            }
        }
        Ok(out)
    }

    pub(super) fn cmd_undo(&mut self) -> Result<String, String> {
        let flag = self.interrupt.clone();
        let no_step = self.game.as_ref().is_some_and(|g| g.run.steps.is_empty());
        if no_step {
            if let Some((old, how)) = self.before.pop() {
                self.game = Some(old);
                self.refresh_words();
                return Ok(format!("undid: {how} (back to the game before it)\n{}", self.pending_text()));
            }
        }
        let g = self.game.as_mut().ok_or("no game yet: use `new` (or `load FILE`)")?;
        let Some(last) = g.run.steps.pop() else {
            return Err("nothing to undo".into());
        };
        let undone = g.run.trace.pop().expect("a point per step");
        let mut note = String::new();
        if undone.touched_session {
            // The Lua session's globals can't be put back from a snapshot: rebuild them by
            // replaying the steps before, in this engine (no file is read again). Not to be cut
            // halfway by Ctrl-C: these steps all applied before.
            let steps = std::mem::take(&mut g.run.steps);
            let (pending, stopped) = (std::mem::take(&mut g.run.pending), g.run.stopped.take());
            g.run.engine.go_back(&g.run.trace[0].snap);
            g.run.engine.set_interrupt_flag(None);
            let rebuilt = new_session(&g.run.engine).and_then(|lua| {
                g.run.lua = lua;
                replay_steps(&mut g.run, &steps, Check::default())
            });
            g.run.engine.set_interrupt_flag(Some(flag));
            rebuilt?;
            g.run.pending = pending;
            g.run.stopped = stopped;
            note = format!(" (replayed {} step(s) to rebuild the Lua session's globals)", steps.len());
        } else {
            g.run.engine.go_back(&g.run.trace.last().expect("the start").snap);
        }
        Ok(format!("undid: {}{note}\n{}", last.describe(), self.pending_text()))
    }

    pub(super) fn cmd_option(&mut self, rest: &str) -> Result<String, String> {
        let g = self.game_ref()?;
        let setup = g.setup.clone();
        if rest.is_empty() {
            let specs = &g.engine().ruleset().file.options;
            if specs.is_empty() {
                return Ok(format!("ruleset {} has no optional rules", setup.ruleset));
            }
            let given = g.engine().ruleset().options(&setup.options)?;
            return Ok(specs
                .iter()
                .map(|o| {
                    let v = given.get(&o.name).cloned().unwrap_or(Value::Bool(o.default));
                    format!("  {:<24} = {:<6} {}", o.name, v.to_string(), o.doc)
                })
                .collect::<Vec<_>>()
                .join("\n"));
        }
        let (name, value) = parse_option(rest)?;
        let mut new = setup;
        new.options.retain(|(k, _)| *k != name);
        new.options.push((name.clone(), value.clone()));
        let msg = self.rebuild(new, Rebuild::Option)?;
        Ok(format!("option {name} = {value}: restarted with the same seed\n{msg}"))
    }

    pub(super) fn cmd_ruleset(&mut self, rest: &str) -> Result<String, String> {
        let on_disk: Vec<String> = rulesets_on_disk(&self.root);
        if rest.is_empty() {
            let current = self.setup().map(|s| s.ruleset.as_str()).unwrap_or("none");
            return Ok(format!("ruleset {current} (on disk: {})", on_disk.join(", ")));
        }
        let setup = self.setup().cloned().ok_or("no game yet: use `new --ruleset R`")?;
        let ruleset = crate::ruleset::Ruleset::load(&self.root.join("rulesets"), rest)?;
        let mut new = setup;
        let dropped: Vec<String> = new
            .options
            .iter()
            .filter(|(k, _)| !ruleset.file.options.iter().any(|o| o.name == *k))
            .map(|(k, _)| k.clone())
            .collect();
        new.options.retain(|(k, _)| !dropped.contains(k));
        new.ruleset = rest.to_string();
        let msg = self.rebuild(new, Rebuild::Ruleset)?;
        let note = if dropped.is_empty() {
            String::new()
        } else {
            format!(" (dropped options it does not know: {})", dropped.join(", "))
        };
        Ok(format!("ruleset {rest}: restarted with the same seed{note}\n{msg}"))
    }

    pub(super) fn cmd_load(&mut self, rest: &str) -> Result<String, String> {
        if rest.is_empty() {
            return Err("usage: load FILE".into());
        }
        let path = expand_home(rest);
        let loaded = read_saved(&path)?;
        let check = Check { saved: loaded.snapshot.as_ref(), ..self.check() };
        let built = build(&self.root, &loaded.setup, &loaded.steps, check)?;
        let total = loaded.steps.len();
        let mut out = format!("loaded {}: {} of {total} steps applied", path.display(), built.steps.len());
        for e in &built.errors {
            out.push_str(&format!("\nscript error {e} (the action was undone)"));
        }
        for note in built.differs.iter().chain(&built.stopped) {
            out.push_str(&format!("\n{note}"));
        }
        if !built.pending.is_empty() {
            out.push_str(&format!("\n{} step(s) kept as pending: `steps` lists them", built.pending.len()));
        }
        self.install(loaded.setup, built, loaded.steps.clone(), &format!("load {}", path.display()));
        out.push('\n');
        out.push_str(&self.pending_text());
        Ok(out)
    }

    /// Rebuilds the engine from `setup` (files read afresh) and re-applies every step, the
    /// pending ones too, comparing each point with the one before. The game is untouched if
    /// the build fails.
    pub(super) fn rebuild(&mut self, setup: GameSetup, why: Rebuild) -> Result<String, String> {
        let g = self.game_ref()?;
        let steps = g.all_steps();
        let were_pending = g.run.pending.len();
        let check = Check {
            before: (why != Rebuild::Ruleset).then_some((&g.run.trace[..], g.engine())),
            ignore_options: why == Rebuild::Option,
            ..self.check()
        };
        let built = build(&self.root, &setup, &steps, check)?;
        let n = built.steps.len();
        let mut report = vec![];
        // The script errors the replay met: a card or rule broken by the edit says where.
        report.extend(built.errors.iter().map(|e| format!("script error {e} (the action was undone)")));
        report.extend(built.differs.iter().cloned());
        match &built.stopped {
            Some(s) => report.push(format!(
                "{s}\nreplayed {n} step(s); the {} from there on are kept as pending (`steps` lists them, \
                 `reload` retries them)",
                built.pending.len()
            )),
            None => {
                let mut line = format!("replayed {n} step(s)");
                if were_pending > 0 {
                    line.push_str(&format!(", the {were_pending} pending one(s) among them"));
                }
                if built.differs.is_none() && why != Rebuild::Ruleset {
                    line.push_str("; no divergence");
                }
                report.push(line);
            }
        }
        // The same game rebuilt: what was saved of it stays saved, and `undo` stays in it.
        let kept = self.game.take().map(|g| g.kept).unwrap_or_default();
        self.game = Some(Game { setup, run: built, kept });
        self.refresh_words();
        Ok(format!("{}\n{}", report.join("\n"), self.pending_text()))
    }

    /// Puts a new game in place (from `new` or `load`, named by `how`); the one it replaces is
    /// kept for `undo`.
    pub(super) fn install(&mut self, setup: GameSetup, run: Built, kept: Vec<Step>, how: &str) {
        if let Some(old) = self.game.replace(Game { setup, run, kept }) {
            self.before.push((old, how.to_string()));
        }
        self.refresh_words();
    }

    /// Refuses to drop steps not saved yet (for `new`, `load` and `quit`; `cmd!` forces).
    pub fn refuse_unsaved(&self, cmd: &str) -> Result<(), String> {
        match self.game.as_ref().map_or(0, Game::unsaved) {
            0 => Ok(()),
            n => Err(format!(
                "{n} step(s) not saved would be lost: `save FILE` first, or `{cmd}!` to go on without them"
            )),
        }
    }
}

/// Why a game is rebuilt.
#[derive(PartialEq, Clone, Copy)]
pub(super) enum Rebuild {
    /// Files read again: every difference is news.
    Reload,
    /// An option switched: differences in the options themselves are not.
    Option,
    /// Another ruleset: everything differs; only whether the steps still apply is news.
    Ruleset,
}
