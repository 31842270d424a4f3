//! What a sim writes and reads back: its JSON (`sim --json`, `merge --json`: plan, summary and
//! games), the joining of the JSON files of a sim's slices (`wizwar merge`), and its games as
//! CSV for a spreadsheet.

use super::{GameRecord, Plan, Shard, Summary};
use serde::Deserialize;
use std::collections::BTreeMap;

/// A sim's JSON (`sim --json`, `merge --json`): its plan, its summary and its games.
pub fn plan_json(plan: &Plan, summary: &Summary, records: &[GameRecord]) -> Result<String, String> {
    serde_json::to_string_pretty(&serde_json::json!({ "plan": plan, "summary": summary, "games": records }))
        .map_err(|e| e.to_string())
}

/// Joins the JSON files of the slices of one sim (`sim --shard K/N --json`), given as (name,
/// text): the plan without its shard, and every game once, in order. Refuses files of other
/// sims, a slice missing or given twice, and games that are not their slice's.
pub fn merge(files: &[(String, String)]) -> Result<(Plan, Vec<GameRecord>), String> {
    #[derive(Deserialize)]
    struct SimFile {
        plan: Plan,
        games: Vec<GameRecord>,
    }
    let mut first: Option<(String, Plan, u64)> = None;
    let mut slices: BTreeMap<u64, String> = BTreeMap::new();
    let mut records: Vec<GameRecord> = Vec::new();
    for (name, text) in files {
        let file: SimFile =
            serde_json::from_str(text).map_err(|e| format!("{name}:{}: not a `sim --json` file: {e}", e.line()))?;
        let shard = file.plan.shard.unwrap_or(Shard { k: 1, n: 1 });
        let plan = Plan { shard: None, ..file.plan };
        let (other, first_plan, n) = first.get_or_insert_with(|| (name.clone(), plan.clone(), shard.n));
        if *first_plan != plan {
            return Err(format!(
                "{name} is a slice of another sim than {other} (ruleset, seats, games, seed, cap, bots or options differ)"
            ));
        }
        if shard.n != *n {
            return Err(format!("{name} is slice {}/{} and {other} one of {n}", shard.k, shard.n));
        }
        if let Some(twice) = slices.insert(shard.k, name.clone()) {
            return Err(format!("{name} and {twice} are both slice {}/{n}", shard.k));
        }
        if let Some(r) = file.games.iter().find(|r| !shard.holds(r.index)) {
            return Err(format!("{name}: game {} is not in slice {}/{n}", r.index, shard.k));
        }
        records.extend(file.games);
    }
    let (_, plan, n) = first.ok_or("no files to merge")?;
    let missing: Vec<String> = (1..=n).filter(|k| !slices.contains_key(k)).map(|k| format!("{k}/{n}")).collect();
    if !missing.is_empty() {
        return Err(format!("slices missing: {}", missing.join(", ")));
    }
    records.sort_by_key(|r| r.index);
    if records.len() as u64 != plan.games || records.iter().zip(0..).any(|(r, i)| r.index != i) {
        return Err(format!("the slices hold {} games, not each of the sim's {} once", records.len(), plan.games));
    }
    Ok((plan, records))
}

/// One line per game, for a spreadsheet.
pub fn csv(records: &[GameRecord]) -> String {
    let mut out = String::from("index,seed,players,winner,end,turns,events,script_errors,micros\n");
    for r in records {
        let winner = r.winner.map(|w| w.to_string()).unwrap_or_default();
        let end = r.end.replace('"', "\"\"");
        out.push_str(&format!(
            "{},{},{},{},\"{}\",{},{},{},{}\n",
            r.index, r.seed, r.players, winner, end, r.turns, r.events, r.script_errors, r.micros
        ));
    }
    out
}
