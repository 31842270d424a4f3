//! The web table in a real browser (issue 42): headless Chromium, driven through its
//! ChromeDriver (Debian's `chromium` and `chromium-driver`, which `.ci/run` installs), plays a
//! whole game against a bot by clicking the page as a person would, and two people at two
//! browsers each see their own hand only. Screenshots go to `target/web-screenshots/`.

mod common;
mod web;

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use web::{passive, Table};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// ChromeDriver on a free port of loopback, stopped when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Driver {
    fn start() -> Driver {
        for tool in [CHROMIUM, CHROMEDRIVER] {
            assert!(
                std::path::Path::new(tool).exists(),
                "{tool} is missing: install Debian's chromium and chromium-driver (.ci/run does)"
            );
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not listen on {port}");
            std::thread::sleep(Duration::from_millis(50));
        }
        Driver { child, url: format!("http://127.0.0.1:{port}") }
    }

    /// A browser of its own (its own profile: a context apart from any other).
    async fn browser(&self) -> Client {
        // Flags for a closed network as root: no sandbox, no GPU, no calls home.
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1400,1000",
        ];
        let mut caps = serde_json::Map::new();
        caps.insert("goog:chromeOptions".into(), json!({ "binary": CHROMIUM, "args": args }));
        ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&self.url)
            .await
            .expect("a browser session")
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn screenshots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("web-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn screenshot(b: &Client, name: &str) {
    let png = b.screenshot().await.expect("a screenshot");
    std::fs::write(screenshots().join(format!("{name}.png")), png).unwrap();
}

/// The page's data as the page holds it (what the server last sent it).
async fn page(b: &Client) -> Value {
    b.execute("return game.page;", vec![]).await.expect("the page's data")
}

/// Waits until the page shows a question newer than `after`, or the game is over: the page.
async fn next_question(b: &Client, after: Option<u64>) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let p = page(b).await;
        let q = &p["question"];
        if !p["over"].is_null() || (q.is_object() && q["id"].as_u64() != after) {
            return p;
        }
        if Instant::now() > deadline {
            screenshot(b, "stuck").await;
            let said = b.execute("return document.getElementById('answer-error').textContent;", vec![]).await;
            panic!("no new question after 60 s: {} decides; the page says {said:?}; question {q}", p["deciding"]);
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// The first option of question `q` whose key begins with `kind` and that names a square
/// (one a click on the board can answer).
fn option_at_a_square<'a>(q: &'a Value, kind: &str) -> Option<&'a Value> {
    q["options"]
        .as_array()?
        .iter()
        .find(|o| o["key"].as_str().unwrap().starts_with(kind) && !o["squares"].as_array().unwrap().is_empty())
}

/// The positions to click, step by step, to reach option `key` in the question's buttons: in
/// the steps when it has them, else the option's place in the list.
fn path_to(q: &Value, key: &str) -> Vec<usize> {
    fn find(entries: &[Value], key: &str, path: &mut Vec<usize>) -> bool {
        for (i, e) in entries.iter().enumerate() {
            path.push(i);
            if e["key"] == key || find(e["then"].as_array().unwrap(), key, path) {
                return true;
            }
            path.pop();
        }
        false
    }
    match q["steps"].as_array() {
        Some(steps) => {
            let mut path = Vec::new();
            assert!(find(steps, key, &mut path), "{key} is not in the steps");
            path
        }
        None => vec![q["options"].as_array().unwrap().iter().position(|o| o["key"] == key).expect("an option")],
    }
}

/// Answers with `keys` by clicking the question's buttons (or ticking its boxes).
async fn click_answer(b: &Client, q: &Value, keys: &[String]) {
    let several = q["max"].as_u64() != Some(1) || q["min"].as_u64() != Some(1);
    if several {
        for k in keys {
            let tick =
                b.find(Locator::Css(&format!("#choices input[value=\"{}\"]", k.replace('"', "\\\"")))).await.unwrap();
            tick.click().await.unwrap();
        }
        b.find(Locator::Css("#choices button.done")).await.unwrap().click().await.unwrap();
        return;
    }
    for i in path_to(q, &keys[0]) {
        let buttons = b.find_all(Locator::Css("#choices button")).await.unwrap();
        buttons[i].click().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_a_bot_in_the_browser() {
    let data = common::temp_dir("web-game");
    let table = Table::start(&data);
    let driver = Driver::start();
    let b = driver.browser().await;

    // The lobby: the 8th, seat A a person, B a hunter, a fixed seed; start, then take seat A.
    b.goto(&format!("{}/", table.url)).await.unwrap();
    b.wait().for_element(Locator::Css("#ruleset option[value='8th']")).await.unwrap();
    b.execute("document.getElementById('ruleset').value = '8th';", vec![]).await.unwrap();
    b.find(Locator::Id("seed")).await.unwrap().send_keys("5").await.unwrap();
    screenshot(&b, "1-lobby").await;
    b.find(Locator::Id("start")).await.unwrap().click().await.unwrap();
    let invite = b.wait().for_element(Locator::Css("#invites a.invite")).await.unwrap();
    // The lobby now lists the game, with its spectators' link.
    let listed = b.wait().for_element(Locator::Css("#games li.game a")).await.unwrap();
    assert!(listed.attr("href").await.unwrap().unwrap_or_default().starts_with("/game/"));
    screenshot(&b, "1b-started").await;
    invite.click().await.unwrap();
    let first = next_question(&b, None).await;
    assert_eq!(first["you"], "A");
    let cue = b.find(Locator::Id("cue")).await.unwrap().text().await.unwrap();
    assert_eq!(cue, "Your turn");
    screenshot(&b, "2-first-question").await;
    let svg_before = first["board"].as_str().unwrap().to_string();
    let story_before = first["story"].as_array().unwrap().len();

    // A move, by a click on the square it goes to.
    let q = &first["question"];
    let step = option_at_a_square(q, "move").expect("a move to click");
    let [x, y] = [&step["squares"][0][0], &step["squares"][0][1]];
    let square =
        b.find(Locator::Css(&format!("#board rect.square.choosable[data-x='{x}'][data-y='{y}']"))).await.unwrap();
    square.click().await.unwrap();
    // (more than one option at that square: the page lists them; the move is taken from there)
    if let Ok(listed) = b.find_all(Locator::Css("#choices button")).await {
        for button in listed {
            if button.text().await.unwrap_or_default() == step["label"].as_str().unwrap() {
                button.click().await.unwrap();
                break;
            }
        }
    }
    let moved = next_question(&b, q["id"].as_u64()).await;
    assert_ne!(moved["board"].as_str().unwrap(), svg_before, "the board changed after the move");
    let at = |p: &Value| p["wizards"][0]["at"].as_str().unwrap().to_string();
    assert_eq!(at(&moved), format!("({x},{y})"), "A stands where the click said");
    screenshot(&b, "3-moved").await;

    // A card cast at a target, through the steps: cast, which card, which target.
    let q = &moved["question"];
    let cast = option_at_a_square(q, "cast").expect("a spell to cast at something");
    let label = cast["label"].as_str().unwrap().to_string();
    click_answer(&b, q, &[cast["key"].as_str().unwrap().to_string()]).await;
    let mut p = next_question(&b, q["id"].as_u64()).await;
    let card = label.trim_start_matches("cast ").split(" at ").next().unwrap().to_string();
    let story: Vec<String> = p["story"].as_array().unwrap().iter().map(|l| l.as_str().unwrap().to_string()).collect();
    assert!(story.len() > story_before, "the story grew");
    assert!(story.iter().any(|l| l.contains(&format!("casts {card}"))), "the story tells the spell: {story:?}");
    let log = b.find(Locator::Id("log")).await.unwrap().text().await.unwrap();
    assert!(log.contains(&format!("casts {card}")), "the page's log tells it: {log}");
    for l in &story {
        assert!(!l.contains("stack entry") && !l.contains(" #"), "an id in the story: {l}");
    }
    screenshot(&b, "4-cast").await;

    // Then A lets the hunter come, answering by clicks until the game is over.
    let mut answered = 0;
    while p["over"].is_null() {
        assert!(answered < 600, "no end after 600 answers");
        let q = p["question"].clone();
        click_answer(&b, &q, &passive(&q)).await;
        answered += 1;
        p = next_question(&b, q["id"].as_u64()).await;
    }
    let over = b.wait().for_element(Locator::Id("over")).await.unwrap().text().await.unwrap();
    assert!(over.starts_with("Game over"), "{over}");
    assert_eq!(b.find(Locator::Id("cue")).await.unwrap().text().await.unwrap(), "Game over");
    screenshot(&b, "5-game-over").await;
    b.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_in_two_browsers_each_see_their_own_hand() {
    let data = common::temp_dir("web-seats");
    let table = Table::start(&data);
    let (id, seats) = table.new_game(json!({ "ruleset": "classic", "players": 2, "bots": [null, null], "seed": 11 }));
    let hand = |token: &str| -> Vec<String> {
        let page = table.get_json(&format!("/api/games/{id}/view"), Some(token));
        page["hand"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap().to_string()).collect()
    };
    let hands = [hand(&seats[0].1), hand(&seats[1].1)];
    let driver = Driver::start();
    let mut shown = Vec::new();
    for (seat, token) in &seats {
        let b = driver.browser().await;
        b.goto(&format!("{}/game/{id}#{token}", table.url)).await.unwrap();
        b.wait().for_element(Locator::Css("#hand .card")).await.unwrap();
        let text = b.find(Locator::Id("hand")).await.unwrap().text().await.unwrap();
        let body = b.find(Locator::Css("body")).await.unwrap().text().await.unwrap();
        screenshot(&b, &format!("seat-{seat}")).await;
        shown.push((text, body));
        b.close().await.unwrap();
    }
    for (i, (hand_text, body)) in shown.iter().enumerate() {
        let (mine, theirs) = (&hands[i], &hands[1 - i]);
        for name in mine {
            assert!(hand_text.contains(name.as_str()), "seat {i}'s page shows its {name}: {hand_text}");
        }
        for name in theirs.iter().filter(|n| !mine.contains(n)) {
            assert!(!body.contains(name.as_str()), "seat {i}'s page shows {name}, of the other hand");
        }
    }
}
