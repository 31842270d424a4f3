//! `wizwar serve`'s JSON API as a client sees it (issue 42): games started with tokens, each
//! seat's view its own, answers checked, clear 4xx errors, games kept across a restart.

mod common;
mod web;

use serde_json::{json, Value};
use web::{game_thread, passive, Table};

/// The names and card keys of the hand a page shows (`view.state` gives the keys).
fn hand_of(page: &Value) -> (Vec<String>, Vec<String>) {
    let names = page["hand"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap().to_string()).collect();
    let state = &page["view"]["state"];
    let seat = page["seat"].as_u64().unwrap() as usize;
    let keys = state["players"][seat]["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| {
            let card = state["cards"].as_array().unwrap().iter().find(|c| c["id"] == *id).expect("a card of the view");
            card["def"].as_str().unwrap().to_string()
        })
        .collect();
    (names, keys)
}

#[test]
fn each_token_shows_its_own_seat_and_a_made_up_one_the_public_view() {
    let data = common::temp_dir("serve-views");
    let table = Table::start(&data);
    let (id, seats) = table.new_game(json!({ "ruleset": "8th", "players": 2, "bots": [null, null], "seed": 7 }));
    assert_eq!(seats.iter().map(|s| s.0).collect::<Vec<_>>(), vec![0, 1]);
    assert_ne!(seats[0].1, seats[1].1);
    assert!(seats[0].1.len() >= 32, "a token is long enough not to be guessed");
    let view = format!("/api/games/{id}/view");
    let text0 = table.get(&view, Some(&seats[0].1)).1;
    let page0: Value = serde_json::from_str(&text0).unwrap();
    let page1 = table.get_json(&view, Some(&seats[1].1));
    assert_eq!(page0["seat"], 0);
    assert_eq!(page1["seat"], 1);
    let (names0, keys0) = hand_of(&page0);
    let (names1, keys1) = hand_of(&page1);
    assert_eq!(names0.len(), 5, "{names0:?}");
    // The same deal as `repl --seed 7` (and `play --seed 7`): A's hand card for card.
    let repl = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["repl", "--seed", "7"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    repl.stdin.as_ref().unwrap().write_all(b"hand A\n").unwrap();
    let said = String::from_utf8(repl.wait_with_output().unwrap().stdout).unwrap();
    for (name, key) in names0.iter().zip(&keys0) {
        assert!(
            said.contains(&format!("{name} #")) && said.contains(key),
            "{name} [{key}] not in the repl's hand:\n{said}"
        );
    }
    // Nothing of seat 1's hand reaches seat 0 (but cards seat 0 holds copies of), nor the dice.
    let secret: Vec<&String> = names1.iter().filter(|n| !names0.contains(n)).collect();
    let secret_keys: Vec<&String> = keys1.iter().filter(|k| !keys0.contains(k)).collect();
    assert!(!secret.is_empty(), "the check has something to look for");
    for name in &secret {
        assert!(!text0.contains(&format!("\"{name}\"")), "seat 0's page names {name}, in seat 1's hand");
    }
    for key in &secret_keys {
        assert!(!text0.contains(key.as_str()), "seat 0's page holds {key}, in seat 1's hand");
    }
    for field in ["\"rng\"", "\"seed\""] {
        assert!(!text0.contains(field), "seat 0's page has {field}");
    }
    // B decides first at seed 7: the question is on B's page only.
    assert!(page1["question"].is_object(), "{}", page1["question"]);
    assert!(page0["question"].is_null());
    assert_eq!(page0["deciding"], "B");
    // No token, or a made-up one: the spectators' page, no hand and no question.
    for token in [None, Some("0123456789abcdef0123456789abcdef")] {
        let public = table.get_json(&view, token);
        assert!(public["seat"].is_null());
        assert_eq!(public["hand"], json!([]));
        assert!(public["question"].is_null());
        let text = public.to_string();
        for name in names0.iter().chain(&names1) {
            assert!(!text.contains(&format!("\"{name}\"")), "the public page names {name}");
        }
    }
}

#[test]
fn answers_are_checked_and_errors_are_clear() {
    let data = common::temp_dir("serve-answers");
    let table = Table::start(&data);
    let (id, seats) = table.new_game(json!({ "ruleset": "8th", "players": 2, "bots": [null, null], "seed": 7 }));
    let (a, b) = (seats[0].1.as_str(), seats[1].1.as_str());
    let answer = format!("/api/games/{id}/answer");
    let view = format!("/api/games/{id}/view");
    let before = table.get_json(&view, Some(b));
    let question = before["question"]["id"].as_u64().unwrap();
    let error = |(status, body): (u16, String)| -> (u16, String) {
        let json: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("not JSON: {body}"));
        (status, json["error"].as_str().unwrap_or_else(|| panic!("no error in {body}")).to_string())
    };
    // Another seat's token: not its turn (B decides first at seed 7).
    let (status, said) = error(table.post(&answer, Some(a), r#"{"key": "end"}"#));
    assert_eq!(status, 409);
    assert!(said.contains("not your turn") && said.contains("B decides"), "{said}");
    // No token, a made-up one.
    assert_eq!(table.post(&answer, None, r#"{"key": "end"}"#).0, 401);
    assert_eq!(table.post(&answer, Some("made-up"), r#"{"key": "end"}"#).0, 401);
    // Not an option; not JSON; unknown fields; an unknown game.
    let (status, said) = error(table.post(&answer, Some(b), r#"{"key": "fly away"}"#));
    assert_eq!(status, 422);
    assert!(said.contains("`fly away` is not a legal answer"), "{said}");
    assert_eq!(error(table.post(&answer, Some(b), r#"{"key": "#)).0, 400);
    assert_eq!(error(table.post(&answer, Some(b), r#"{"choice": "end"}"#)).0, 400);
    assert_eq!(error(table.post("/api/games/nosuchgame/answer", Some(b), r#"{"key": "end"}"#)).0, 404);
    assert_eq!(error(table.get("/api/games/nosuchgame/view", Some(b))).0, 404);
    assert_eq!(error(table.post("/api/games", None, r#"{"ruleset": "nosuch"}"#)).0, 400);
    assert_eq!(error(table.post("/api/games", None, r#"{"players": 2, "bots": [null]}"#)).0, 400);
    let (status, said) = error(table.post("/api/games", None, &format!("{{\"names\": [\"{}\"]}}", "x".repeat(40_000))));
    assert_eq!(status, 413);
    assert!(said.contains("at most"), "{said}");
    // None of that changed the game.
    assert_eq!(table.get_json(&view, Some(b)), before);
    // A good answer goes on; the same answer again is stale.
    let key = before["question"]["options"][0]["key"].as_str().unwrap().to_string();
    let body = json!({ "key": key, "question": question }).to_string();
    let (status, said) = table.post(&answer, Some(b), &body);
    assert_eq!(status, 200, "{said}");
    let (status, said) = error(table.post(&answer, Some(b), &body));
    assert_eq!(status, 409);
    assert!(said.contains("already answered"), "{said}");
    assert_ne!(table.get_json(&view, Some(b))["version"], before["version"]);
}

#[test]
fn a_restart_keeps_the_games_even_in_the_middle_of_a_step() {
    let data = common::temp_dir("serve-restart");
    let table = Table::start(&data);
    let (id, seats) = table.new_game(json!({ "ruleset": "8th", "players": 2, "bots": [null, "hunter"], "seed": 5 }));
    let token = seats[0].1.clone();
    let view = format!("/api/games/{id}/view");
    let answer = |key: &str| {
        let q = table.get_json(&view, Some(&token))["question"].clone();
        let body = json!({ "key": key, "question": q["id"] }).to_string();
        let (status, said) = table.post(&format!("/api/games/{id}/answer"), Some(&token), &body);
        assert_eq!(status, 200, "{key}: {said}");
    };
    // A ends his first phase; at the turn's end he discards one card of several he may: the
    // step that asks is still going when the server stops.
    answer("end");
    let discard = table.get_json(&view, Some(&token))["question"].clone();
    assert!(discard["prompt"].as_str().unwrap().starts_with("Discard"), "{discard}");
    let first = discard["options"][0].clone();
    answer(first["key"].as_str().unwrap());
    let before = table.get_json(&view, Some(&token));
    assert!(before["question"]["prompt"].as_str().unwrap().starts_with("Discard"));
    assert!(!before["question"].to_string().contains(first["label"].as_str().unwrap()), "that card is gone");
    let lobby = table.get_json("/api/games", None);
    table.stop();
    // A folder kept by a table that kept no lobby lines: its games are taken up at start.
    std::fs::remove_file(data.join(format!("{id}.lobby.json"))).expect("the game's lobby line is kept");
    let table = Table::start(&data);
    assert_eq!(table.game_threads(), [game_thread(&id)], "taken up at start");
    assert_eq!(table.get_json("/api/games", None), lobby);
    assert!(data.join(format!("{id}.lobby.json")).is_file(), "its lobby line is kept again");
    let after = table.get_json(&view, Some(&token));
    assert_eq!(after, before, "the game, its open question and its story are as they were");
    // The kept file is a saved game `play --load` reads.
    let kept = data.join(format!("{id}.json"));
    let loaded = wizwar::repl::read_saved(&kept).expect("a saved game");
    assert_eq!(loaded.setup.seed, 5);
    assert_eq!(loaded.seating.expect("seating").people, vec![0]);
}

/// A game over frees its thread and engine (a table that runs for weeks would otherwise hold
/// every game it ever played), and still shows its last pages and refuses answers clearly,
/// after a restart too.
#[test]
fn a_game_over_ends_its_thread_and_keeps_its_last_pages() {
    let data = common::temp_dir("serve-over");
    let table = Table::start(&data);
    let (id, seats) = table.new_game(json!({ "ruleset": "8th", "players": 2, "bots": [null, "hunter"], "seed": 5 }));
    let (other_game, _) =
        table.new_game(json!({ "ruleset": "8th", "players": 2, "bots": [null, "hunter"], "seed": 6 }));
    let token = seats[0].1.clone();
    let (view, answer) = (format!("/api/games/{id}/view"), format!("/api/games/{id}/answer"));
    let (this_one, other) = (game_thread(&id), game_thread(&other_game));
    let mut both = vec![this_one.clone(), other.clone()];
    both.sort();
    assert_eq!(table.game_threads(), both);
    // A lets the hunter come until the game is over.
    let mut page = table.get_json(&view, Some(&token));
    let mut answered = 0;
    while page["over"].is_null() {
        assert!(answered < 600, "no end after 600 answers");
        let q = &page["question"];
        let body = json!({ "keys": passive(q), "question": q["id"] }).to_string();
        let (status, said) = table.post(&answer, Some(&token), &body);
        assert_eq!(status, 200, "{said}");
        answered += 1;
        page = table.get_json(&view, Some(&token));
    }
    // Its thread ends once the last pages are made (soon after the last answer's reply).
    let threads_once_it_ends = |table: &Table| {
        let waited = std::time::Instant::now();
        while table.game_threads().contains(&this_one) {
            assert!(waited.elapsed().as_secs() < 30, "the game over still has its thread");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        table.game_threads()
    };
    assert_eq!(threads_once_it_ends(&table), std::slice::from_ref(&other), "the other game goes on");
    // Its pages stay, on the live socket too, which stays open (closed, the page would
    // connect again and again); an answer is refused as before.
    assert_eq!(table.get_json(&view, Some(&token)), page);
    let live = format!("{}/api/games/{id}/live?token={token}", table.url.replacen("http://", "ws://", 1));
    let (mut socket, _) = tungstenite::connect(live).expect("the live socket opens");
    let sent = socket.read().expect("the page");
    assert_eq!(serde_json::from_str::<Value>(sent.to_text().unwrap()).unwrap(), page);
    if let tungstenite::stream::MaybeTlsStream::Plain(tcp) = socket.get_ref() {
        tcp.set_read_timeout(Some(std::time::Duration::from_millis(1500))).unwrap();
    }
    match socket.read() {
        Err(tungstenite::Error::Io(e))
            if e.kind() == std::io::ErrorKind::WouldBlock || e.kind() == std::io::ErrorKind::TimedOut => {}
        other => panic!("the live socket of a game over should stay open and quiet: {other:?}"),
    }
    let (status, said) = table.post(&answer, Some(&token), r#"{"key": "end"}"#);
    assert_eq!(status, 409, "{said}");
    assert!(said.contains("the game is over"), "{said}");
    // After a restart the table lists its games at once, from the lines it kept, and takes a
    // game up (a thread, an engine, its steps replayed) only when it is opened: the game over
    // shows the same page and keeps no thread; the other gets its thread when looked at.
    let lobby = table.get_json("/api/games", None);
    table.stop();
    let table = Table::start(&data);
    assert_eq!(table.game_threads(), Vec::<String>::new(), "no game is taken up before it is opened");
    assert_eq!(table.get_json("/api/games", None), lobby, "the lobby reads as it did before the restart");
    assert_eq!(table.get_json(&view, Some(&token)), page);
    assert_eq!(threads_once_it_ends(&table), Vec::<String>::new());
    let lobby = table.get_json("/api/games", None);
    let listed = lobby["games"].as_array().unwrap().iter().find(|g| g["id"] == id.as_str()).expect("listed").clone();
    assert!(!listed["over"].is_null(), "{listed}");
    table.get_json(&format!("/api/games/{other_game}/view"), None);
    assert_eq!(table.game_threads(), [other]);
}

/// A game nobody asks for a while (`--unload-after`) is unloaded to its files: its thread ends
/// and frees its engine, unless a live socket watches it. Opened again, it is taken up where it
/// was, and the lobby lists it the same meanwhile.
#[test]
fn a_game_left_alone_is_unloaded_and_taken_up_where_it_was() {
    let data = common::temp_dir("serve-unload");
    let table = Table::start_with(&data, &["--unload-after", "1"]);
    let setup = |seed: u64| json!({ "ruleset": "8th", "players": 2, "bots": [null, "hunter"], "seed": seed });
    let (id, seats) = table.new_game(setup(5));
    let (watched, _) = table.new_game(setup(6));
    let token = seats[0].1.clone();
    let (view, answer) = (format!("/api/games/{id}/view"), format!("/api/games/{id}/answer"));
    let live = format!("{}/api/games/{watched}/live", table.url.replacen("http://", "ws://", 1));
    let (mut socket, _) = tungstenite::connect(live).expect("the live socket opens");
    socket.read().expect("the page");
    let answer_passively = |table: &Table| {
        let q = table.get_json(&view, Some(&token))["question"].clone();
        let body = json!({ "keys": passive(&q), "question": q["id"] }).to_string();
        let (status, said) = table.post(&answer, Some(&token), &body);
        assert_eq!(status, 200, "{said}");
    };
    answer_passively(&table);
    let before = table.get_json(&view, Some(&token));
    let lobby = table.get_json("/api/games", None);
    let threads_become = |want: &[String]| {
        let waited = std::time::Instant::now();
        while table.game_threads() != want {
            assert!(waited.elapsed().as_secs() < 20, "the threads are {:?}, not {want:?}", table.game_threads());
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    };
    threads_become(&[game_thread(&watched)]);
    assert_eq!(table.get_json("/api/games", None), lobby, "an unloaded game is listed as it was");
    assert_eq!(table.get_json(&view, Some(&token)), before, "taken up where it was");
    let mut both = vec![game_thread(&id), game_thread(&watched)];
    both.sort();
    assert_eq!(table.game_threads(), both);
    answer_passively(&table);
    // The socket closed, the watched game is unloaded too.
    drop(socket);
    threads_become(&[]);
}

/// A kept game the table cannot take up again (its file spoilt while the table was down) is
/// named when it is opened, with its file and what was wrong; the other games go on.
#[test]
fn a_kept_game_that_cannot_be_read_is_named_when_opened() {
    let data = common::temp_dir("serve-spoilt");
    let table = Table::start(&data);
    let (spoilt, _) = table.new_game(json!({ "ruleset": "8th", "players": 2, "bots": [null, "hunter"], "seed": 5 }));
    let (sound, _) = table.new_game(json!({ "ruleset": "8th", "players": 2, "bots": [null, "hunter"], "seed": 6 }));
    table.stop();
    std::fs::write(data.join(format!("{spoilt}.json")), "{ \"format\": ").unwrap();
    let table = Table::start(&data);
    let (status, said) = table.get(&format!("/api/games/{spoilt}/view"), None);
    assert_eq!(status, 500, "{said}");
    assert!(said.contains("could not be taken up") && said.contains(&format!("{spoilt}.json")), "{said}");
    let (status, said) = table.get(&format!("/api/games/{sound}/view"), None);
    assert_eq!(status, 200, "{said}");
}

/// The lobby's list of games (`GET /api/games`): every game at the table with its edition, turn,
/// seats and spectators' link, and nothing a seat alone may know: no token, no hand.
#[test]
fn the_lobby_lists_the_games_with_their_public_facts_only() {
    let data = common::temp_dir("serve-list");
    let table = Table::start(&data);
    assert_eq!(table.get_json("/api/games", None)["games"], json!([]));
    let (first, seats) = table.new_game(json!({ "ruleset": "8th", "players": 2, "bots": [null, null], "seed": 7 }));
    let (second, more) =
        table.new_game(json!({ "ruleset": "classic", "players": 2, "bots": [null, "hunter"], "seed": 3 }));
    let (status, text) = table.get("/api/games", None);
    assert_eq!(status, 200, "{text}");
    let list: Value = serde_json::from_str(&text).unwrap();
    let games = list["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{text}");
    let game = |id: &str| games.iter().find(|g| g["id"] == id).unwrap_or_else(|| panic!("{id} not in {text}"));
    assert_eq!(game(&first)["ruleset"], "8th");
    assert_eq!(game(&first)["watch"], format!("/game/{first}"));
    assert_eq!(game(&first)["seats"].as_array().unwrap().iter().filter(|s| s["person"] == true).count(), 2);
    assert_eq!(game(&second)["seats"][1]["person"], false, "{text}");
    assert_eq!(game(&first)["deciding"], "B", "B decides first at seed 7");
    for (_, token) in seats.iter().chain(&more) {
        assert!(!text.contains(token.as_str()), "the list shows a seat's token");
    }
    let page0 = table.get_json(&format!("/api/games/{first}/view"), Some(&seats[0].1));
    for card in page0["hand"].as_array().unwrap() {
        assert!(!text.contains(&format!("\"{}\"", card["name"].as_str().unwrap())), "the list names a card of a hand");
    }
}

/// Any kind of bot at any seat: a game of a person, a random bot and a hunter starts, and its
/// kept file says which kind plays which seat (`play --load` goes on with them).
#[test]
fn a_table_seats_bots_of_several_kinds() {
    let data = common::temp_dir("serve-kinds");
    let table = Table::start(&data);
    let (id, seats) =
        table.new_game(json!({ "ruleset": "8th", "players": 3, "bots": [null, "random", "hunter"], "seed": 4 }));
    assert_eq!(seats.len(), 1);
    let listed = table.get_json("/api/games", None);
    assert_eq!(listed["games"][0]["seats"].as_array().unwrap().len(), 3, "{listed}");
    let kept = wizwar::repl::read_saved(&data.join(format!("{id}.json"))).expect("a saved game");
    let seating = kept.seating.expect("seating");
    use wizwar::sim::Bots;
    assert_eq!((seating.bot_at(1), seating.bot_at(2)), (Bots::Random, Bots::Hunter));
}

/// A lost invite link: `serve --invites ID` prints the seats' links of a kept game (only who
/// runs the table can: the links are the seats' secrets), each the link the game gave.
#[test]
fn the_tables_keeper_can_print_a_games_invites_again() {
    let data = common::temp_dir("serve-invites");
    let table = Table::start(&data);
    let (id, seats) = table.new_game(json!({ "ruleset": "8th", "players": 2, "bots": [null, null], "seed": 7 }));
    table.stop();
    let run = |id: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
            .args(["serve", "--port", "9000", "--invites", id, "--data"])
            .arg(&data)
            .output()
            .unwrap();
        (out.status.success(), String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr))
    };
    let (ok, said) = run(&id);
    assert!(ok, "{said}");
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.len(), 2, "{said}");
    for ((seat, token), line) in seats.iter().zip(&lines) {
        let letter = (b'A' + *seat as u8) as char;
        assert_eq!(*line, format!("{letter}: http://127.0.0.1:9000/game/{id}#{token}"));
    }
    let (ok, said) = run("nosuch");
    assert!(!ok && said.contains("no game `nosuch`"), "{said}");
    let (ok, said) = run("../x");
    assert!(!ok && said.contains("no game"), "{said}");
}

/// A game on hexes at the web table (issue 46): its board is drawn as hexes, each naming its
/// coordinates as a square does, so the page lights the cells a move names and answers a click.
#[test]
fn a_hex_game_draws_cells_the_page_can_light() {
    let data = common::temp_dir("serve-hexes");
    let table = Table::start_with(&data, &["--root", "tests/fixtures/engine"]);
    let (id, seats) = table.new_game(json!({ "ruleset": "hexes", "players": 2, "bots": [null, null], "seed": 3 }));
    let page = table.get_json(&format!("/api/games/{id}/view"), Some(&seats[0].1));
    let board = page["board"].as_str().unwrap();
    assert_eq!(board.matches("<polygon class=\"square\"").count(), 15, "{board}");
    let options = page["question"]["options"].as_array().unwrap();
    let lit: Vec<&Value> = options.iter().filter(|o| !o["squares"].as_array().unwrap().is_empty()).collect();
    assert!(!lit.is_empty(), "{options:?}");
    for o in lit {
        for s in o["squares"].as_array().unwrap() {
            let needle = format!("class=\"square\" data-x=\"{}\" data-y=\"{}\"", s[0], s[1]);
            assert!(board.contains(&needle), "{} names {s}, not drawn: {board}", o["key"]);
        }
    }
}

/// A ruleset whose seats play with figures (tft): the page draws each seat's wizard figure and
/// gives no life for a seat, which has none of its own.
#[test]
fn a_game_of_figures_draws_them_and_gives_no_life() {
    let data = common::temp_dir("serve-figures");
    let table = Table::start_with(&data, &[]);
    let (id, seats) = table.new_game(json!({ "ruleset": "tft", "players": 2, "bots": [null, null], "seed": 3 }));
    let page = table.get_json(&format!("/api/games/{id}/view"), Some(&seats[0].1));
    let wizards = page["wizards"].as_array().unwrap();
    assert_eq!(wizards.len(), 2);
    for w in wizards {
        assert!(w["life"].is_null(), "{w}");
    }
    let board = page["board"].as_str().unwrap();
    for letter in ["A", "B"] {
        assert!(board.contains(&format!(">{letter}</text>")), "{letter} is not drawn: {board}");
    }
}
