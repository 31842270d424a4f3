//! What a person types at `play`'s prompts: from a terminal through rustyline (line editing,
//! history, Ctrl-C), else line by line from a pipe or file.

use crate::cli::{read_text_line, Line};
use std::io::{BufRead, Write};

/// One line a person typed, or why there is none.
#[derive(Debug, PartialEq, Eq)]
pub enum Typed {
    Text(String),
    /// The line's bytes are not UTF-8: it is ignored, and the reading goes on.
    NotUtf8,
    /// The input ended (Ctrl-D, or the end of a pipe).
    End,
    /// Ctrl-C at the prompt.
    Interrupted,
}

/// Where the lines come from.
pub trait Input {
    /// Shows `prompt` and reads a line.
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> Typed;
}

/// Lines from a pipe or a file: the prompt is written to `out`, the line read as it comes.
pub struct Piped<R>(pub R);

impl<R: BufRead> Input for Piped<R> {
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> Typed {
        let _ = write!(out, "{prompt}");
        let _ = out.flush();
        match read_text_line(&mut self.0) {
            Ok(Line::Text(t)) => Typed::Text(t),
            Ok(Line::NotUtf8) => Typed::NotUtf8,
            Ok(Line::End) | Err(_) => {
                let _ = writeln!(out);
                Typed::End
            }
        }
    }
}

/// Lines typed at a terminal, edited with rustyline (the arrow keys move and recall, as in the
/// REPL); the history lasts as long as the game.
pub struct Keyboard {
    editor: rustyline::DefaultEditor,
}

impl Keyboard {
    pub fn new() -> Result<Keyboard, String> {
        Ok(Keyboard { editor: rustyline::DefaultEditor::new().map_err(|e| e.to_string())? })
    }
}

impl Input for Keyboard {
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> Typed {
        use rustyline::error::ReadlineError;
        let _ = out.flush();
        match self.editor.readline(prompt) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = self.editor.add_history_entry(line.as_str());
                }
                Typed::Text(line)
            }
            Err(ReadlineError::Interrupted) => Typed::Interrupted,
            Err(ReadlineError::Io(e)) if e.kind() == std::io::ErrorKind::InvalidData => Typed::NotUtf8,
            Err(_) => Typed::End,
        }
    }
}
