//! The commands that play many bot games and report figures: `sim` (with its progress bar,
//! tables, baseline and files), `merge` (a sim's slices joined), `ab` (a change against what
//! ships) and `bench` (the engine's speed).

use std::path::{Path, PathBuf};
use wizwar::decision::RandomAgent;
use wizwar::engine::Engine;

/// What `sim` writes besides its tables, and how it ends.
pub struct SimOutput {
    pub cards: usize,
    pub json: Option<PathBuf>,
    pub csv: Option<PathBuf>,
    pub quiet: bool,
    pub allow_script_errors: bool,
    pub save_baseline: Option<PathBuf>,
    pub baseline: Option<PathBuf>,
    pub report: Option<PathBuf>,
}

/// What `sim` and `merge` write besides their tables: the report page, the JSON.
fn write_sim_files(
    plan: &wizwar::sim::Plan,
    summary: &wizwar::sim::Summary,
    records: &[wizwar::sim::GameRecord],
    report: Option<&std::path::Path>,
    json: Option<&std::path::Path>,
) -> Result<(), String> {
    if let Some(dir) = report {
        let title = format!("{}: {} bot games", plan.ruleset, summary.games);
        wizwar::report::write_sim(dir, &title, summary, records)?;
    }
    if let Some(path) = json {
        let text = wizwar::sim::plan_json(plan, summary, records)?;
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// `sim`: play the games with a progress bar, print the tables, write the files asked for.
pub fn simulate(cfg: &wizwar::sim::SimConfig, out: &SimOutput) -> Result<(), String> {
    // (read first: a bad baseline file is said before the games, not after)
    let baseline = out.baseline.as_deref().map(wizwar::baseline::Baseline::read).transpose()?;
    // Fail early, with the loader's message, if the ruleset or a card does not load.
    let probe = wizwar::engine::GameSetup {
        ruleset: cfg.ruleset.clone(),
        players: cfg.players[0],
        seed: cfg.seed,
        options: cfg.options.clone(),
        names: vec![],
    };
    // (That engine then plays on this thread: sim::run.)
    let loaded = Engine::new(&cfg.root, &probe, Box::new(RandomAgent::new(0)))?;
    let bar = if out.quiet { indicatif::ProgressBar::hidden() } else { indicatif::ProgressBar::new(cfg.games) };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .map_err(|e| e.to_string())?,
    );
    let started = std::time::Instant::now();
    let records = wizwar::sim::run(cfg, Some(loaded), &|_| bar.inc(1));
    bar.finish_and_clear();
    let mut summary = wizwar::sim::summarize(&records, started.elapsed());
    summary.peak_memory_mib = wizwar::sim::process_peak_memory_mib();
    print!("{}", wizwar::sim::render(&summary, out.cards));
    let measured = wizwar::baseline::Baseline::of(&summary);
    let moved = baseline.as_ref().map(|then| then.moved(&measured)).unwrap_or_default();
    if let (Some(path), Some(_)) = (&out.baseline, &baseline) {
        print!("{}", wizwar::baseline::render(&moved, &path.display().to_string()));
    }
    if let Some(path) = &out.save_baseline {
        let text = serde_json::to_string_pretty(&measured).map_err(|e| e.to_string())?;
        std::fs::write(path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
    }
    write_sim_files(&cfg.plan(), &summary, &records, out.report.as_deref(), out.json.as_deref())?;
    if let Some(path) = &out.csv {
        std::fs::write(path, wizwar::sim::csv(&records)).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if summary.failed > 0 {
        let first = records.iter().find(|r| r.failed()).map(|r| format!("game {}: {}", r.index, r.end));
        return Err(format!("{} game(s) failed; first: {}", summary.failed, first.unwrap_or_default()));
    }
    if summary.script_errors > 0 && !out.allow_script_errors {
        let first = records.iter().find_map(|r| r.errors.first().map(|e| format!("game {}: {e}", r.index)));
        return Err(format!(
            "{} script error(s) in the games (each undone; --allow-script-errors to accept them); first: {}",
            summary.script_errors,
            first.unwrap_or_default()
        ));
    }
    if !moved.is_empty() {
        let file = out.baseline.as_deref().map(|p| p.display().to_string()).unwrap_or_default();
        return Err(format!("{} figure(s) moved beyond their 95% interval since {file}", moved.len()));
    }
    Ok(())
}

/// `merge`: the slices' files of a sim joined into the whole sim's summary, tables and files.
pub fn merge(files: Vec<PathBuf>, cards: usize, json: Option<PathBuf>, report: Option<PathBuf>) -> Result<(), String> {
    let texts = files
        .iter()
        .map(|f| std::fs::read_to_string(f).map(|t| (f.display().to_string(), t)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let (plan, records) = wizwar::sim::merge(&texts)?;
    // (the slices' own time, summed: what the games cost, wherever they ran)
    let busy = std::time::Duration::from_micros(records.iter().map(|r| r.micros).sum());
    let summary = wizwar::sim::summarize(&records, busy);
    print!("{}", wizwar::sim::render(&summary, cards));
    write_sim_files(&plan, &summary, &records, report.as_deref(), json.as_deref())
}

/// `ab`: the same games as shipped (A) and changed (B), and how the players compared did.
pub fn ab(
    cfg: wizwar::sim::SimConfig,
    card: Option<String>,
    variant: Option<PathBuf>,
    variant_ruleset: Option<String>,
    json: Option<PathBuf>,
    page: Option<PathBuf>,
) -> Result<(), String> {
    let change = match (variant, variant_ruleset) {
        (Some(file), _) => wizwar::ab::Change::Card { name: card.clone().unwrap_or_default(), file },
        (None, Some(r)) => wizwar::ab::Change::Ruleset(r),
        (None, None) => return Err("give --variant FILE (with --card) or --variant-ruleset NAME".into()),
    };
    let report = wizwar::ab::compare(&cfg, &change, card.as_deref())?;
    print!("{}", wizwar::ab::render(&report));
    if let Some(dir) = page {
        wizwar::report::write_ab(&dir, &report)?;
    }
    if let Some(path) = json {
        let text = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
        std::fs::write(&path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// `bench`: the engine's speed, line by line, with a line saying what is measured now.
pub fn bench(root: &Path, games: u64, runs: usize, json: Option<PathBuf>) -> Result<(), String> {
    if games == 0 || runs == 0 {
        return Err("--games and --runs need at least 1".into());
    }
    // At a terminal, one line that says what is measured now (redrawn at each step, no
    // ticking thread beside the games timed); elsewhere (a log), a line each step.
    use std::io::IsTerminal;
    let bar = std::io::stderr().is_terminal().then(indicatif::ProgressBar::new_spinner);
    let report = wizwar::bench::bench(root, games, runs, &|step, steps, what| match &bar {
        Some(bar) => bar.set_message(format!("[{step}/{steps}] measuring {what}")),
        None => eprintln!("[{step}/{steps}] measuring {what}..."),
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let report = report?;
    print!("{}", wizwar::bench::render(&report));
    if let Some(path) = json {
        let text = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}
