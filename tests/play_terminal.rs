//! `wizwar play` in a real terminal (a pseudo-terminal of 80x24, read through a terminal
//! emulator, `vt100`): every decision's screen fits, drawn in place, nothing scrolling away;
//! the prompt edits lines (the arrow keys recall, not `^[[A`); Ctrl-C keeps the game and says
//! how to go on; and no internal id or "stack entry" is ever on the screen.

#![cfg(unix)]

mod common;

use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

const ROWS: u16 = 24;
const COLS: u16 = 80;

/// A program running in a pseudo-terminal, and the screen it draws there.
struct Terminal {
    child: std::process::Child,
    input: std::fs::File,
    output: Receiver<Vec<u8>>,
    screen: vt100::Parser,
    /// Everything written, to search after the end.
    written: Vec<u8>,
}

impl Terminal {
    fn start(args: &[&str], saves: &std::path::Path) -> Terminal {
        let (mut master, mut slave) = (0, 0);
        let size = libc::winsize { ws_row: ROWS, ws_col: COLS, ws_xpixel: 0, ws_ypixel: 0 };
        // SAFETY: openpty fills two descriptors we then own.
        let made = unsafe { libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), &size) };
        assert_eq!(made, 0, "no pseudo-terminal");
        let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"));
        cmd.args(args)
            .env("WIZWAR_SAVES", saves)
            .env("TERM", "xterm")
            .stdin(slave.try_clone().unwrap())
            .stdout(slave.try_clone().unwrap())
            .stderr(slave);
        // SAFETY: only async-signal-safe calls between fork and exec: a session of its own,
        // the terminal its controlling one (Ctrl-C then comes from it).
        unsafe {
            cmd.pre_exec(|| {
                libc::setsid();
                libc::ioctl(0, libc::TIOCSCTTY, 0);
                Ok(())
            });
        }
        let child = cmd.spawn().unwrap();
        drop(cmd); // (the parent's copies of the terminal's side)
        let input = std::fs::File::from(master.try_clone().unwrap());
        let mut reader = std::fs::File::from(master);
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Terminal {
            child,
            input,
            output,
            screen: vt100::Parser::new(ROWS.try_into().unwrap(), COLS.try_into().unwrap(), 1000),
            written: Vec::new(),
        }
    }

    /// Reads what the program writes until it has been quiet a while at a prompt (the cursor on
    /// a line beginning with `>`, or a long menu's `...)>`); false when it ended.
    fn settle(&mut self) -> bool {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            match self.output.recv_timeout(Duration::from_millis(300)) {
                Ok(bytes) => {
                    self.screen.process(&bytes);
                    self.written.extend_from_slice(&bytes);
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    let line = self.cursor_line();
                    if line.trim_start().starts_with('>') || line.contains(")>") {
                        return true;
                    }
                }
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return false,
            }
            assert!(Instant::now() < deadline, "the program never waited for input: {:#?}", self.rows());
        }
    }

    fn rows(&self) -> Vec<String> {
        self.screen.screen().rows(0, COLS).collect()
    }

    /// The line the cursor is on.
    fn cursor_line(&self) -> String {
        self.rows()[usize::from(self.screen.screen().cursor_position().0)].clone()
    }

    fn type_keys(&mut self, keys: &str) {
        self.input.write_all(keys.as_bytes()).unwrap();
        self.input.flush().unwrap();
    }
}

#[test]
fn a_game_at_an_80x24_terminal_is_drawn_in_place() {
    let saves = common::temp_dir("pty");
    let mut t = Terminal::start(&["play", "--human", "0", "--seed", "5", "--ruleset", "8th"], &saves);
    let mut decisions = 0;
    let mut recalled = false;
    while t.settle() {
        let rows = t.rows();
        let prompt = t.cursor_line();
        assert!(prompt.trim_end().ends_with('>'), "waiting at a prompt: {rows:#?}");
        // The whole screen is one decision's: its first line still on top, nothing scrolled.
        assert!(rows[0].starts_with("Turn ") && rows[0].contains(" - A: life "), "{rows:#?}");
        assert_eq!(t.screen.screen().scrollback_len(), 0, "a screen scrolled: {rows:#?}");
        assert!(rows.iter().any(|r| r.contains("A: ")), "the question is on the screen: {rows:#?}");
        decisions += 1;
        if decisions == 40 {
            break;
        }
        if decisions == 3 && !recalled {
            // The up arrow recalls the last answer (rustyline), instead of typing `^[[A`.
            t.type_keys("\x1b[A");
            t.settle();
            assert_eq!(t.cursor_line().trim_end(), format!("{} 1", prompt.trim_end()), "history: {:#?}", t.rows());
            recalled = true;
            t.type_keys("\r");
            continue;
        }
        t.type_keys("1\r");
    }
    assert_eq!(decisions, 40, "a person decided 40 times: {}", String::from_utf8_lossy(&t.written));
    // Ctrl-C at the prompt (keys typed ahead of it are dropped as rustyline takes the
    // terminal): the game is kept as it is, and the program says how to go on.
    t.type_keys("\x03");
    let asked = Instant::now();
    let status = loop {
        t.settle();
        if let Some(status) = t.child.try_wait().unwrap() {
            break status;
        }
        assert!(asked.elapsed() < Duration::from_secs(20), "Ctrl-C did not stop it: {:#?}", t.rows());
    };
    while t.settle() {}
    let all = String::from_utf8_lossy(&t.written).to_string();
    assert!(status.success(), "{all}");
    let kept = common::files_in(&saves);
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(
        all.contains(&format!("This game is kept in {}: `wizwar play --resume` goes on with it.", kept[0].display()))
    );
    // Plain words: no internal ids, no "stack entry".
    let ids = regex_free_ids(&all);
    assert!(ids.is_empty(), "ids on the screen: {ids:?}");
    assert!(!all.contains("stack entry"), "{all}");
    std::fs::remove_dir_all(&saves).ok();
}

/// Every "#" followed by a digit in `text`, with a few characters round it.
fn regex_free_ids(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    (0..chars.len().saturating_sub(1))
        .filter(|&i| chars[i] == '#' && chars[i + 1].is_ascii_digit())
        .map(|i| chars[i.saturating_sub(20)..(i + 6).min(chars.len())].iter().collect())
        .collect()
}
