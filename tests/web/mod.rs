//! The web table under test: `wizwar serve` started as a person would (any free port, its own
//! data folder), and plain HTTP to it.
#![allow(dead_code)] // each test crate uses its own share of these

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

pub struct Table {
    child: Child,
    /// "http://127.0.0.1:PORT"
    pub url: String,
    pub data: PathBuf,
    agent: ureq::Agent,
}

impl Table {
    /// `wizwar serve --port 0 --data DATA`, once it says where it listens.
    pub fn start(data: &Path) -> Table {
        Table::start_with(data, &[])
    }

    /// `wizwar serve --port 0 --data DATA` with more arguments (`--root FOLDER`).
    pub fn start_with(data: &Path, more: &[&str]) -> Table {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wizwar"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["serve", "--port", "0", "--data"])
            .arg(data)
            .args(more)
            .stdout(Stdio::piped())
            .spawn()
            .expect("wizwar serve starts");
        let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        let first = lines.next().expect("serve says where it listens").expect("a line");
        let start = first.find("http://").unwrap_or_else(|| panic!("no address in `{first}`"));
        let url = first[start..].split_whitespace().next().unwrap().trim_end_matches('/').to_string();
        // (the rest of what it says is read, so that it never waits on a full pipe)
        std::thread::spawn(move || lines.for_each(drop));
        let agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
        Table { child, url, data: data.to_path_buf(), agent }
    }

    /// `GET path` (with `Authorization: Bearer TOKEN` when given): status and body.
    pub fn get(&self, path: &str, token: Option<&str>) -> (u16, String) {
        let mut req = self.agent.get(format!("{}{path}", self.url));
        if let Some(t) = token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        let mut resp = req.call().expect("the server answers");
        (resp.status().as_u16(), resp.body_mut().read_to_string().expect("a text body"))
    }

    /// `POST path` with `body`: status and body.
    pub fn post(&self, path: &str, token: Option<&str>, body: &str) -> (u16, String) {
        let mut req = self.agent.post(format!("{}{path}", self.url)).header("Content-Type", "application/json");
        if let Some(t) = token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        let mut resp = req.send(body).expect("the server answers");
        (resp.status().as_u16(), resp.body_mut().read_to_string().expect("a text body"))
    }

    /// The JSON of a 200 answer to `GET path`.
    pub fn get_json(&self, path: &str, token: Option<&str>) -> Value {
        let (status, body) = self.get(path, token);
        assert_eq!(status, 200, "GET {path}: {body}");
        serde_json::from_str(&body).expect("JSON")
    }

    /// Starts a game (`POST /api/games` with `setup`): its id and each person's seat's token.
    pub fn new_game(&self, setup: Value) -> (String, Vec<(u64, String)>) {
        let (status, body) = self.post("/api/games", None, &setup.to_string());
        assert_eq!(status, 200, "POST /api/games: {body}");
        let json: Value = serde_json::from_str(&body).unwrap();
        let seats = json["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["seat"].as_u64().unwrap(), s["token"].as_str().unwrap().to_string()))
            .collect();
        (json["id"].as_str().unwrap().to_string(), seats)
    }

    /// The names of the server's threads that host a game, sorted (Linux's
    /// `/proc/PID/task/*/comm`: [`game_thread`]).
    pub fn game_threads(&self) -> Vec<String> {
        let tasks = std::fs::read_dir(format!("/proc/{}/task", self.child.id())).expect("the server's threads");
        let mut names: Vec<String> = tasks
            .flatten()
            .filter_map(|t| std::fs::read_to_string(t.path().join("comm")).ok())
            .map(|n| n.trim_end().to_string())
            .filter(|n| n.starts_with("game "))
            .collect();
        names.sort();
        names
    }

    /// Stops the server as Ctrl-C would (at once: what it keeps, it kept at the last pause).
    pub fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The name Linux shows for the thread of game `id`: "game ID", cut at 15 bytes.
pub fn game_thread(id: &str) -> String {
    format!("game {id}").chars().take(15).collect()
}

/// What a passive player answers: end the phase, let spells be, discard what he must.
pub fn passive(q: &Value) -> Vec<String> {
    let options = q["options"].as_array().unwrap();
    let key = |o: &Value| o["key"].as_str().unwrap().to_string();
    let min = q["min"].as_u64().unwrap() as usize;
    if q["max"].as_u64() != Some(1) || min != 1 {
        return options.iter().take(min).map(key).collect();
    }
    let word = |o: &&Value| {
        let (k, l) = (o["key"].as_str().unwrap(), o["label"].as_str().unwrap().to_lowercase());
        k == "end" || k == "pass" || k == "no" || l.starts_with("end ") || l.starts_with("no") || l.starts_with("let ")
    };
    vec![key(options.iter().find(word).unwrap_or(&options[0]))]
}
