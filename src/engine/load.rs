//! Loading a game: the ruleset and its chain, the card files, the board, the starting state and
//! the ruleset's setup.

use super::*;

/// Registers the ruleset's modules (`require("rules.x")`): each made of the same file along the
/// ruleset's chain, parent first (a later file sees what the one before returned as `base`).
pub(super) fn register_rule_modules(host: &LuaHost, ruleset: &Ruleset) -> Result<(), String> {
    let entry = &ruleset.file.rules;
    let mut modules: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for layer in ruleset.chain.iter().rev() {
        for f in lua_files(&layer.dir) {
            let rel = f.strip_prefix(&layer.dir).unwrap_or(&f).to_string_lossy().replace('\\', "/");
            if &rel == entry {
                continue;
            }
            let name = format!("rules.{}", rel.trim_end_matches(".lua").replace('/', "."));
            let shown = format!("rulesets/{}/{rel}", layer.name);
            let text = std::fs::read_to_string(&f).map_err(|e| format!("{shown}: {e}"))?;
            modules.entry(name).or_default().push((shown, text));
        }
    }
    for (name, layers) in &modules {
        host.add_module_layers(name, layers);
    }
    Ok(())
}

/// Finds every `.lua` file under `dir`, sorted.
pub(super) fn lua_files(dir: &Path) -> Vec<PathBuf> {
    files_under(dir, &["lua"])
}

/// The card files a `card_dirs` entry names, relative to `root`: `cards/<entry>.lua` when that is
/// one file (a ruleset borrowing single cards of another edition), else every `.lua` file under
/// the folder `cards/<entry>`.
pub fn card_files(root: &Path, entry: &str) -> Vec<PathBuf> {
    let file = root.join("cards").join(format!("{entry}.lua"));
    if file.is_file() {
        vec![file]
    } else {
        lua_files(&root.join("cards").join(entry))
    }
}

/// Every file under `dir` (its subfolders too) whose extension is one of `extensions`, sorted.
pub fn files_under(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| extensions.iter().any(|want| x == *want)) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

impl Engine {
    /// Loads the ruleset and its cards from `root` (the folder holding `rulesets/` and
    /// `cards/`), builds the starting state and runs the ruleset's setup.
    pub fn new(root: &Path, setup: &GameSetup, agent: Box<dyn Agent>) -> Result<Engine, String> {
        Engine::with_cards(root, setup, agent, &[])
    }

    /// [`Engine::new`] with the card files of more folders (relative to `root`) loaded
    /// besides the ruleset's: the test-only cards of rulebook scenarios.
    pub fn with_cards(
        root: &Path,
        setup: &GameSetup,
        agent: Box<dyn Agent>,
        extra_card_dirs: &[PathBuf],
    ) -> Result<Engine, String> {
        Engine::build(root, setup, agent, extra_card_dirs, &[], false)
    }

    /// [`Engine::new`] with some cards played from other files: each `(key, file)` loads
    /// `file` (relative to `root`, or absolute) in place of the card of that key, which it
    /// must be one of the ruleset's (an A/B experiment's variant: `wizwar ab`).
    pub fn with_variants(
        root: &Path,
        setup: &GameSetup,
        agent: Box<dyn Agent>,
        variants: &[(String, PathBuf)],
    ) -> Result<Engine, String> {
        Engine::build(root, setup, agent, &[], variants, false)
    }

    /// A game tests run in: [`Engine::with_cards`], the test helpers of `tests/lua/`
    /// (`tests/lua/x.lua` is `require("test.x")`), and the cards' test functions, which no
    /// other game loads.
    pub fn for_tests(
        root: &Path,
        setup: &GameSetup,
        agent: Box<dyn Agent>,
        extra_card_dirs: &[PathBuf],
    ) -> Result<Engine, String> {
        Engine::build(root, setup, agent, extra_card_dirs, &[], true)
    }

    fn build(
        root: &Path,
        setup: &GameSetup,
        agent: Box<dyn Agent>,
        extra_card_dirs: &[PathBuf],
        variants: &[(String, PathBuf)],
        for_tests: bool,
    ) -> Result<Engine, String> {
        let ruleset = Ruleset::load(&root.join("rulesets"), &setup.ruleset)?;
        if ruleset.file.is_abstract {
            return Err(format!(
                "ruleset {} is abstract (shared mechanics other rulesets extend); it cannot be played",
                setup.ruleset
            ));
        }
        let options = ruleset.options(&setup.options)?;
        let host = LuaHost::new(Limits::default()).map_err(|e| e.to_string())?;

        // Shared card helpers: cards/lib/x.lua is `require("lib.x")`.
        for f in lua_files(&root.join("cards").join("lib")) {
            let rel = f.strip_prefix(root).unwrap_or(&f).to_string_lossy().replace('\\', "/");
            let name = rel.trim_start_matches("cards/").trim_end_matches(".lua").replace('/', ".");
            let src = std::fs::read_to_string(&f).map_err(|e| format!("{rel}: {e}"))?;
            host.add_module(&name, &rel, &src);
        }
        if for_tests {
            for f in lua_files(&root.join("tests").join("lua")) {
                let rel = f.strip_prefix(root).unwrap_or(&f).to_string_lossy().replace('\\', "/");
                let name = format!("test.{}", f.file_stem().unwrap_or_default().to_string_lossy());
                let src = std::fs::read_to_string(&f).map_err(|e| format!("{rel}: {e}"))?;
                host.add_module(&name, &rel, &src);
            }
        }
        // The ruleset's modules, before the cards: a card may require one as it loads.
        register_rule_modules(&host, &ruleset)?;
        let mut cards = BTreeMap::new();
        let mut problems = Vec::new();
        let files = ruleset
            .file
            .card_dirs
            .iter()
            .flat_map(|entry| card_files(root, entry))
            .chain(extra_card_dirs.iter().flat_map(|d| lua_files(&root.join(d))));
        let mut unused: Vec<&str> = variants.iter().map(|(key, _)| key.as_str()).collect();
        for f in files {
            let rel = f.strip_prefix(root).unwrap_or(&f).to_path_buf();
            let key = rel.to_string_lossy().replace('\\', "/");
            let key = key.trim_start_matches("cards/").trim_end_matches(".lua");
            let source = variants.iter().find(|(k, _)| k == key).map_or(rel.as_path(), |(_, file)| file.as_path());
            unused.retain(|k| *k != key);
            match load_card_from(&host, &ruleset.file.vocabulary, root, &rel, source, for_tests) {
                Ok((def, table)) => {
                    let hooks =
                        def.hooks.iter().filter_map(|h| Some((h.clone(), table.raw_get(h.as_str()).ok()?))).collect();
                    let statics = std::rc::Rc::new(super::convert::card_statics(&def));
                    cards.insert(def.key.clone(), LoadedCard { def, table, hooks, statics });
                }
                Err(e) => problems.push(e.to_string()),
            }
        }

        for key in unused {
            problems.push(format!("a variant replaces card `{key}`, which ruleset {} does not have", setup.ruleset));
        }
        // Two files of one name: the second would shadow the first (a card copied as a template).
        let mut by_name: BTreeMap<String, Vec<&str>> = BTreeMap::new();
        for c in cards.values() {
            by_name.entry(c.def.name.to_lowercase()).or_default().push(&c.def.file);
        }
        for (name, files) in by_name.iter().filter(|(_, f)| f.len() > 1) {
            let shown =
                cards.values().find(|c| c.def.name.to_lowercase() == *name).map_or(name.as_str(), |c| &c.def.name);
            problems.push(format!("{}: both are named `{shown}`: a card's name must be its own", files.join(" and ")));
        }
        if !problems.is_empty() {
            return Err(problems.join("\n"));
        }

        // Read once: setup arranges the board from it without going back to the disk.
        let set = load_board_set(&ruleset.boards_path())
            .map_err(|errs| errs.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))?;
        let state = starting_state(&set, setup, options, &ruleset.file.seat_figure)?;
        let mut hooks_by_name: FxHashMap<String, FxHashMap<Arc<str>, mlua::Function>> = FxHashMap::default();
        for (key, card) in &cards {
            let def: Arc<str> = key.as_str().into();
            for (name, f) in &card.hooks {
                hooks_by_name.entry(name.clone()).or_default().insert(def.clone(), f.clone());
            }
        }
        let k = Rc::new(Kernel {
            root: root.to_path_buf(),
            host,
            ruleset,
            boards: set,
            cards,
            hooks_by_name,
            rules: RefCell::new(None),
            game: RefCell::new(None),
            make_ctx: RefCell::new(None),
            set_ctx: RefCell::new(None),
            forget: RefCell::new(None),
            st: state_cell::StateCell::new(state),
            log: RefCell::new(Vec::new()),
            answers: RefCell::new(Vec::new()),
            replay: RefCell::new(VecDeque::new()),
            agent: RefCell::new(agent),
            interrupt: RefCell::new(None),
            observer: RefCell::new(None),
            pending: RefCell::new(None),
            view: RefCell::new(None),
            depth: Cell::new(0),
            held: Cell::new(0),
            rules_fns: RefCell::default(),
        });
        // Card tests and scenarios (debug builds) check every answer the memo of queries keeps.
        api::install(&k, for_tests && cfg!(debug_assertions))?;
        let engine = Engine { k };
        engine.load_rules()?;
        // Everything is loaded: its code and data are kept out of the collector's cycles.
        engine.k.host.settle().map_err(|e| e.to_string())?;
        engine.setup()?;
        Ok(engine)
    }

    /// Loads the ruleset's rules file along its chain, parent first (each later file sees what
    /// the one before returned as `base`); its modules were registered before the cards.
    pub(super) fn load_rules(&self) -> Result<(), String> {
        let k = &self.k;
        let entry = k.ruleset.file.rules.clone();
        let files = k.ruleset.layered_files(&entry);
        if files.is_empty() {
            return Err(format!(
                "ruleset {}: no {entry} in its folder or the rulesets it extends",
                k.ruleset.file.name
            ));
        }
        let mut rules: Option<mlua::Table> = None;
        let mut shown = String::new();
        let mut envs = Vec::new();
        for (name, path) in files {
            let src = std::fs::read_to_string(&path).map_err(|e| format!("{name}: {e}"))?;
            let env = k.host.new_env().map_err(|e| e.to_string())?;
            env.raw_set("game", k.game.borrow().clone()).map_err(|e| e.to_string())?;
            if let Some(t) = &rules {
                env.raw_set("base", mlua::Value::Table(t.clone())).map_err(|e| e.to_string())?;
            }
            let values = k.host.load_chunk(&name, &src, &env).map_err(|e| e.to_string())?;
            k.host.freeze_env(&env).map_err(|e| e.to_string())?;
            envs.push((name.clone(), env));
            match values.into_iter().next() {
                Some(mlua::Value::Table(t)) => rules = Some(t),
                Some(mlua::Value::Nil) | None if rules.is_some() => {}
                _ => return Err(format!("{name}: must return a table of rules")),
            }
            shown = name;
        }
        let rules = rules.expect("at least one rules file");
        for key in ["actions", "perform"] {
            if k.ruleset.file.phases.iter().any(|p| p.action_loop)
                && !matches!(rules.raw_get::<mlua::Value>(key), Ok(mlua::Value::Function(_)))
            {
                return Err(format!("{shown}: a loop phase needs `rules.{key}`"));
            }
        }
        if let Some(p) = k.ruleset.file.phases.iter().find(|p| p.actor == crate::ruleset::Actor::Rules) {
            if !matches!(rules.raw_get::<mlua::Value>("next_actor"), Ok(mlua::Value::Function(_))) {
                return Err(format!("{shown}: phase `{}` has actor = \"rules\": it needs `rules.next_actor`", p.name));
            }
        }
        check_phase_functions(k, &rules)?;
        if let Ok(mlua::Value::Table(ctx)) = rules.raw_get::<mlua::Value>("ctx") {
            let fields = rules.raw_get::<Option<mlua::Table>>("ctx_fields").ok().flatten();
            api::set_rules_ctx(k, ctx, fields)?;
        }
        // The rules keep no state either: their table is read-only once loaded, its functions
        // fixed, so the kernel looks each one up once (`Kernel::rules_fn`).
        k.host.read_only(&rules).map_err(|e| e.to_string())?;
        // ... and all it holds, and the locals its functions share (a rules file keeps
        // nothing between calls either).
        k.host.freeze_loaded(&mlua::Value::Table(rules.clone())).map_err(|e| format!("{shown}: {e}"))?;
        for (name, env) in envs {
            k.host.freeze_loaded(&mlua::Value::Table(env)).map_err(|e| format!("{name}: {e}"))?;
        }
        *k.rules.borrow_mut() = Some(rules);
        Ok(())
    }

    /// Starts a new game of the same ruleset on this engine: the loaded rules and cards stay,
    /// everything of the last game goes (state, log, answers, the memo of queries), and the
    /// ruleset's setup runs again. A game played after a reset is the game a new engine plays
    /// with the same setup and answers, byte for byte; it starts in a fraction of the time
    /// (nothing is read or compiled again).
    pub fn reset(&self, setup: &GameSetup, agent: Box<dyn Agent>) -> Result<(), String> {
        let k = &self.k;
        if setup.ruleset != k.ruleset.file.name {
            return Err(format!(
                "this engine plays ruleset {}; a game of {} needs an engine of its own",
                k.ruleset.file.name, setup.ruleset
            ));
        }
        let options = k.ruleset.options(&setup.options)?;
        let state = starting_state(&k.boards, setup, options, &k.ruleset.file.seat_figure)?;
        self.clear();
        k.st.replace(state);
        *k.agent.borrow_mut() = agent;
        if let Some(forget) = k.forget.borrow().as_ref() {
            k.host.call::<_, ()>(forget, ()).map_err(|e| self.explain(e))?;
        }
        self.setup()
    }

    /// Puts `state` in place of this engine's game, `agent` answering its questions from
    /// then on: a game from a state no game of this engine led to, such as a sample of a
    /// seat's view (`Engine::sample`) a search bot plays forward in an engine of its own. The
    /// state must be one of this ruleset's; the log, the answers and what scripts remembered
    /// of the last game are let go, as by [`Engine::reset`].
    pub fn set_state(&self, state: GameState, agent: Box<dyn Agent>) -> Result<(), String> {
        let k = &self.k;
        self.clear();
        k.st.replace(state);
        *k.agent.borrow_mut() = agent;
        if let Some(forget) = k.forget.borrow().as_ref() {
            k.host.call::<_, ()>(forget, ()).map_err(|e| self.explain(e))?;
        }
        Ok(())
    }

    /// Lets go of the last game's log, answers and pending questions (what [`Engine::reset`]
    /// does first; `sim` calls it as a game ends, so freeing a game counts as its own time).
    pub fn clear(&self) {
        let k = &self.k;
        k.log.borrow_mut().clear();
        k.answers.borrow_mut().clear();
        k.replay.borrow_mut().clear();
        *k.interrupt.borrow_mut() = None;
        *k.view.borrow_mut() = None;
        *k.observer.borrow_mut() = None;
        k.depth.set(0);
        k.held.set(0);
        k.host.take_output();
    }

    /// Runs the ruleset's setup, then `game_start`. A question it asks (a draft) is open like
    /// any other: the engine is made, waiting at it, and `run` finishes the setup once it is
    /// answered. A script error or an agent's refusal is the game's failure to start.
    pub(super) fn setup(&self) -> Result<(), String> {
        self.run_setup().map(|_| ())
    }

    /// The setup as a step of the turn machine: from its checkpoint (the starting state), like
    /// any step; a question without an answer yet goes back there, and the setup runs again,
    /// replaying the answers given so far, when it is answered. Returns the open question.
    pub(super) fn run_setup(&self) -> Result<Option<crate::decision::Request>, String> {
        let cp = self.checkpoint();
        let body = || -> Result<(), HostError> {
            let rules = self.rules();
            if let Ok(mlua::Value::Function(f)) = rules.raw_get::<mlua::Value>("setup") {
                let game = self.k.game.borrow().clone();
                self.k.host.call::<_, ()>(&f, game)?;
            }
            self.k.dispatch_after("game_start", Value::Nil)
        };
        let result = body();
        let interrupt = self.k.interrupt.borrow_mut().take();
        match (result, interrupt) {
            (Ok(()), None) => {
                self.k.st.borrow_mut().set_up = true;
                Ok(None)
            }
            (_, Some(Interrupt::Suspend(req))) => {
                self.keep_question_view(&cp);
                self.restore(cp, AfterRestore::Replay);
                Ok(Some(req))
            }
            (_, Some(Interrupt::Fail(msg))) => {
                self.restore(cp, AfterRestore::Drop);
                Err(format!("the game cannot start: {msg}"))
            }
            (Err(e), None) => Err(self.explain(e)),
        }
    }
}

/// Every plain phase needs its `rules.phases[name]` (a loop phase asks for actions instead):
/// a phase whose name the Lua does not define would pass each turn doing nothing.
fn check_phase_functions(k: &Kernel, rules: &mlua::Table) -> Result<(), String> {
    let mut defined: Vec<String> = match rules.raw_get::<mlua::Value>("phases") {
        Ok(mlua::Value::Table(t)) => t
            .pairs::<String, mlua::Value>()
            .filter_map(Result::ok)
            .filter(|(_, f)| matches!(f, mlua::Value::Function(_)))
            .map(|(name, _)| name)
            .collect(),
        _ => Vec::new(),
    };
    let phases = &k.ruleset.file.phases;
    let Some(p) = phases.iter().find(|p| !p.action_loop && !defined.contains(&p.name)) else { return Ok(()) };
    defined.sort_unstable();
    let hint = crate::events::did_you_mean(&p.name, defined.iter().map(String::as_str))
        .map(|s| format!(" (did you mean `{s}`?)"))
        .unwrap_or_default();
    let has = if defined.is_empty() { "none".to_string() } else { defined.join(", ") };
    Err(format!(
        "{}: phase `{}` has no function `rules.phases.{}` in the ruleset's Lua{hint}; the rules define phases: {has}",
        crate::ruleset::phase_line(&k.ruleset.chain, &p.name),
        p.name,
        p.name
    ))
}

/// The board before the ruleset's setup: the map, or the layout for this many players with the
/// first side's sectors in order.
fn first_board(set: &crate::geometry::load::BoardSet, setup: &GameSetup) -> Result<crate::geometry::Board, String> {
    if let Some(map) = &set.map {
        return crate::geometry::Board::from_map(map).map_err(|e| format!("map {}: {e}", set.dir.display()));
    }
    let side = set.sides.keys().next().cloned().ok_or("the board set lists no sides")?;
    let layout = set
        .layouts
        .get(&setup.players)
        .ok_or_else(|| format!("ruleset {} has no layout for {} players", setup.ruleset, setup.players))?;
    let slots = layout.slots.len();
    set.build(&side, setup.players, &(0..slots).collect::<Vec<_>>(), &vec![Rot(0); slots]).map_err(|e| e.to_string())
}

/// The state a game starts from, before the ruleset's setup: the board in its first
/// arrangement, each seat's own figure (of kind `seat_figure`) on its home square, no cards.
fn starting_state(
    set: &crate::geometry::load::BoardSet,
    setup: &GameSetup,
    options: BTreeMap<String, Value>,
    seat_figure: &str,
) -> Result<GameState, String> {
    // Wizards' names reach people's terminals (and saves bring them from anywhere).
    if let Some(name) = setup.names.iter().find(|n| n.chars().any(char::is_control)) {
        return Err(format!("the wizard name {name:?} holds a control character (names are plain text)"));
    }
    let board = first_board(set, setup)?;
    let homes: Vec<Option<crate::geometry::Sq>> =
        (0..setup.players).map(|i| (i < board.sector_count()).then(|| board.home(i))).collect();
    let players = (0..setup.players)
        .map(|i| Player {
            id: i as u32,
            name: setup.names.get(i).cloned().unwrap_or_else(|| crate::cli::wizard_glyph(i as u32).to_string()),
            alive: true,
            life: 0,
            home_sector: i,
            figure: None,
            old_at: None,
            hand: Vec::new(),
            play: Vec::new(),
            tokens: BTreeMap::new(),
            vars: Value::map(),
        })
        .collect();
    let mut state = GameState {
        ruleset: setup.ruleset.clone(),
        options: options.into(),
        seed: setup.seed,
        board: board.into(),
        players,
        cards: Vec::new().into(),
        piles: BTreeMap::new().into(),
        objects: BTreeMap::new().into(),
        figures: BTreeMap::new().into(),
        turn: TurnState {
            number: 0,
            round: 0,
            active: 0,
            first: 0,
            phase: String::new(),
            phase_index: 0,
            started: false,
            phase_over: false,
            failed: Vec::new(),
            vars: Value::map(),
            extra_turns: Vec::new(),
            resume_after: None,
            actions: 0,
            failed_hooks: Vec::new(),
            actor_named: false,
        }
        .into(),
        stack: Vec::new().into(),
        vars: Value::map().into(),
        rng: GameRng::new(setup.seed),
        next_id: 0,
        next_figure_id: 0,
        result: None,
        set_up: false,
    };
    // On a map nobody has a home: the ruleset's setup makes the figures.
    for (i, home) in homes.into_iter().enumerate() {
        if let Some(at) = home {
            state.add_seat_figure(i as u32, seat_figure, Some(at));
        }
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nothing the engine puts in its Lua state holds the state itself: a dropped engine closes
    /// it and gives its memory back (a host captured by a Lua function once kept every engine's
    /// state alive, about 1.2 MB each, so a server or a search grew with each engine it made).
    #[test]
    fn a_dropped_engine_closes_its_lua_state() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/engine");
        for ruleset in ["toy", "hexes"] {
            let setup = GameSetup { ruleset: ruleset.into(), players: 2, seed: 3, options: vec![], names: vec![] };
            let engine = Engine::new(&root, &setup, Box::new(crate::decision::RandomAgent::new(3))).unwrap();
            engine.run(Some(6));
            let lua = engine.k.host.lua().weak();
            drop(engine);
            assert!(lua.try_upgrade().is_none(), "{ruleset}: the engine's Lua state outlives it");
        }
    }
}
