//! `put` and `give`: setting up an experiment. Each becomes the Lua chunk it stands for, run
//! through the same `game:` primitives cards use, so undo, reload and save replay it like any
//! other step.

use crate::cards::CardDef;
use crate::cli::wizard_glyph;
use crate::engine::Engine;

/// A card definition from a name or key (any case); a part is enough when it names one card.
pub fn find_card<'a>(defs: &[&'a CardDef], query: &str) -> Result<&'a CardDef, String> {
    let q = query.trim().to_lowercase();
    if q.is_empty() {
        return Err("which card? (a name or key; `card` lists them)".into());
    }
    let exact: Vec<&CardDef> =
        defs.iter().copied().filter(|d| d.name.to_lowercase() == q || d.key.to_lowercase() == q).collect();
    let found: Vec<&CardDef> = if exact.is_empty() {
        defs.iter()
            .copied()
            .filter(|d| d.name.to_lowercase().contains(&q) || d.key.to_lowercase().contains(&q))
            .collect()
    } else {
        exact
    };
    match found.as_slice() {
        [d] => Ok(d),
        [] => {
            let hint = crate::events::did_you_mean(&q, defs.iter().map(|d| d.name.as_str()))
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            Err(format!("no card matches `{query}`{hint}"))
        }
        many => Err(format!(
            "`{query}` matches several cards: {}",
            many.iter().map(|d| d.name.as_str()).collect::<Vec<_>>().join(", ")
        )),
    }
}

/// A player, named as the REPL names them: the letter on the board ("B", any case), the id
/// Lua uses ("1"), or the name given to the game ("Ann"). "" is the active player.
pub fn parse_player(word: &str, engine: &Engine) -> Result<u32, String> {
    let w = word.trim();
    engine.with_view(|st| {
        if w.is_empty() {
            return Ok(st.turn.active);
        }
        let found = st.players.iter().find(|p| {
            w.eq_ignore_ascii_case(&wizard_glyph(p.id).to_string())
                || w.parse::<u32>() == Ok(p.id)
                || w.eq_ignore_ascii_case(&p.name)
        });
        found.map(|p| p.id).ok_or_else(|| {
            let known: Vec<String> =
                st.players.iter().map(|p| format!("{} = {}{}", wizard_glyph(p.id), p.id, named(p))).collect();
            format!("no player `{w}` (a letter, an id or a name: {})", known.join(", "))
        })
    })
}

/// A square from "3,4" or "(3,4)", checked against the board; as a Lua table.
fn parse_square(word: &str, engine: &Engine) -> Result<String, String> {
    let w = word.trim().trim_start_matches('(').trim_end_matches(')');
    let (x, y) = w
        .split_once(',')
        .and_then(|(x, y)| Some((x.trim().parse::<i32>().ok()?, y.trim().parse::<i32>().ok()?)))
        .ok_or_else(|| format!("`{word}` is not a square (write X,Y as the board shows them)"))?;
    let on_board = engine.with_view(|s| s.board.contains(crate::geometry::Sq::new(x, y)));
    if !on_board {
        return Err(format!("square {x},{y} is not on the board"));
    }
    Ok(format!("{{ x = {x}, y = {y} }}"))
}

/// Splits "words... X,Y" into the words before the square and the square.
fn split_square(rest: &str) -> Result<(&str, &str), String> {
    let rest = rest.trim();
    match rest.rsplit_once(char::is_whitespace) {
        Some((head, sq)) => Ok((head.trim(), sq)),
        None => Err(format!("`{rest}`: a square X,Y is missing at the end")),
    }
}

/// " = Ann" for a wizard with a name of his own, else nothing (his name is his letter).
fn named(p: &crate::state::Player) -> String {
    if p.name == wizard_glyph(p.id).to_string() {
        String::new()
    } else {
        format!(" = {}", p.name)
    }
}

/// Splits "PLAYER rest" where the player may be a name with a space ("Ann Lee Big Zap").
fn split_player<'a>(rest: &'a str, engine: &Engine) -> (&'a str, &'a str) {
    let rest = rest.trim();
    let named = engine.with_view(|st| {
        st.players.iter().find_map(|p| {
            let n = p.name.len();
            // `get`: a name's length in bytes may end inside a character of what was typed.
            let head = rest.get(..n)?;
            (head.eq_ignore_ascii_case(&p.name) && rest[n..].starts_with(' ')).then_some(n)
        })
    });
    match named {
        Some(n) => (&rest[..n], rest[n..].trim()),
        None => split_word(rest),
    }
}

fn split_word(rest: &str) -> (&str, &str) {
    let rest = rest.trim();
    match rest.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (rest, ""),
    }
}

/// The Lua chunk a `put` command stands for.
pub fn put_code(rest: &str, engine: &Engine) -> Result<String, String> {
    let usage = "usage: put wizard P X,Y | put treasure P X,Y | put #ID X,Y | put item CARD X,Y | put card P CARD";
    let defs: Vec<&CardDef> = engine.card_defs().collect();
    let (what, args) = split_word(rest);
    match what {
        "wizard" => {
            let (p, sq) = split_square(args)?;
            let p = parse_player(p, engine)?;
            Ok(format!("game:place_seat_figure({p}, {})", parse_square(sq, engine)?))
        }
        "treasure" => {
            let (p, sq) = split_square(args)?;
            let p = parse_player(p, engine)?;
            let sq = parse_square(sq, engine)?;
            Ok(format!("return game:create_object {{ kind = \"treasure\", owner = {p}, at = {sq}, mobile = true }}"))
        }
        "item" => {
            let (name, sq) = split_square(args)?;
            let d = find_card(&defs, name)?;
            let sq = parse_square(sq, engine)?;
            Ok(format!(
                "local c = game:new_card({:?}, {{ kind = \"removed\" }})\n\
                 return game:create_object {{ kind = \"item\", card = c, at = {sq}, mobile = true }}",
                d.key
            ))
        }
        "card" => {
            let (p, name) = split_player(args, engine);
            let p = parse_player(p, engine)?;
            let d = find_card(&defs, name)?;
            Ok(format!("return game:new_card({:?}, {{ kind = \"play\", player = {p} }})", d.key))
        }
        w if w.starts_with('#') || w == "object" => {
            let (id, sq) = if w == "object" { split_word(args) } else { (w, args) };
            let id: u64 = id
                .trim_start_matches('#')
                .parse()
                .map_err(|_| format!("`{id}` is not an object id (#ID, see `objects`)"))?;
            if engine.with_view(|s| !s.objects.contains_key(&id)) {
                return Err(format!("no object #{id} (see `objects`)"));
            }
            Ok(format!("game:set_object({id}, {{ at = {} }})", parse_square(sq, engine)?))
        }
        "" => Err(usage.into()),
        other => Err(format!("put: `{other}` is not something to put; {usage}")),
    }
}

/// The Lua chunk a `give` command stands for.
pub fn give_code(rest: &str, engine: &Engine) -> Result<String, String> {
    let (p, name) = split_player(rest, engine);
    if p.is_empty() || name.is_empty() {
        return Err("usage: give P CARD".into());
    }
    let p = parse_player(p, engine)?;
    let defs: Vec<&CardDef> = engine.card_defs().collect();
    let d = find_card(&defs, name)?;
    Ok(format!("return game:new_card({:?}, {{ kind = \"hand\", player = {p} }})", d.key))
}
