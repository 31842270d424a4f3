//! The kernel's events: the named points at which rulesets and cards in play are called.
//!
//! A card or ruleset hooks an event by defining `on_<event>` (react after it happened) or, for
//! events that can be changed, `before_<event>` (modify or cancel it first). Loading checks every
//! hook name against this list, so a typo such as `on_atack` is an error with a suggestion.

/// One event of the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventSpec {
    pub name: &'static str,
    /// Has a `before_` stage whose handlers may change or cancel it.
    pub changeable: bool,
    pub doc: &'static str,
    /// Its hooks' names: `on_<name>`, `before_<name>` (made here, not for every event fired).
    pub on: &'static str,
    pub before: &'static str,
}

macro_rules! ev {
    ($name:literal, $changeable:expr, $doc:literal) => {
        EventSpec {
            name: $name,
            changeable: $changeable,
            doc: $doc,
            on: concat!("on_", $name),
            before: concat!("before_", $name),
        }
    };
}

/// Every event, in the order a turn usually meets them.
pub const EVENTS: &[EventSpec] = &[
    ev!("game_start", false, "setup is done, before the first turn"),
    ev!("turn_start", false, "a player's turn begins"),
    ev!("time_passes", false, "the time-passes step of the active player's turn"),
    ev!("phase_start", false, "a phase of the turn begins (payload: phase)"),
    ev!("phase_end", false, "a phase of the turn ends (payload: phase)"),
    ev!("turn_end", false, "a player's turn ends"),
    ev!("move", true, "a wizard is about to move / has moved one square (payload: wizard, from, to)"),
    ev!("enter", false, "something entered a square (payload: who, square)"),
    ev!("leave", false, "something left a square (payload: who, square)"),
    ev!("cast", true, "a card is played (payload: card, caster, target, energy)"),
    ev!("attack", true, "an attack is declared (payload: attacker, target, card or punch)"),
    ev!("counter", true, "a response is played against something on the stack (payload: card, against)"),
    ev!("damage", true, "damage is about to be dealt / was dealt (payload: target, amount, tags, source)"),
    ev!("heal", true, "life is about to be gained / was gained"),
    ev!("object_created", false, "an object was put on the board"),
    ev!("object_damaged", true, "a wall, door or object is about to take / took damage"),
    ev!("object_destroyed", false, "a wall, door or object was destroyed"),
    ev!("pick_up", true, "a wizard picks up an object or treasure"),
    ev!("drop", true, "a wizard drops an object or treasure"),
    ev!("throw", true, "an object is thrown"),
    ev!("draw", true, "a player draws a card"),
    ev!("discard", false, "a card was discarded"),
    ev!("door", true, "a door is opened, closed or passed"),
    ev!("spell_end", false, "a maintained spell ended"),
    ev!("stun", true, "a wizard is about to be / was stunned"),
    ev!("death", false, "a wizard died (payload: player, killer, by_attack)"),
];

/// Hooks a card defines about itself rather than about an event.
pub const CARD_HOOKS: &[(&str, &str)] = &[
    ("resolve", "the card's own effect when it resolves (cast as a spell, or played in response: then ctx.against names the stack entry)"),
    ("on_play", "an item enters its owner's play area"),
    ("on_end", "the card leaves play (spell ends, item dropped or destroyed)"),
    ("can_cast", "extra conditions for playing the card: return true, or false and a reason"),
    ("can_target", "is this target legal for the card, beyond its range and target types?"),
    ("can_respond", "may the card be played in response to this stack entry?"),
    ("cost", "what casting the card at this target costs, where the target makes it dearer than its energy (rulesets that ask it)"),
];

pub fn event(name: &str) -> Option<&'static EventSpec> {
    EVENTS.iter().find(|e| e.name == name)
}

/// Is `hook` a name a card or ruleset may define (`resolve`, `on_attack`, `before_damage`, ...)?
pub fn is_hook_name(hook: &str) -> bool {
    if CARD_HOOKS.iter().any(|(h, _)| *h == hook) {
        return true;
    }
    if let Some(rest) = hook.strip_prefix("before_") {
        return event(rest).is_some_and(|e| e.changeable);
    }
    hook.strip_prefix("on_").and_then(event).is_some()
}

/// Every valid hook name.
pub fn hook_names() -> Vec<String> {
    let mut v: Vec<String> = CARD_HOOKS.iter().map(|(h, _)| h.to_string()).collect();
    for e in EVENTS {
        if !v.contains(&format!("on_{}", e.name)) {
            v.push(format!("on_{}", e.name));
        }
        if e.changeable {
            v.push(format!("before_{}", e.name));
        }
    }
    v
}

/// The closest name in `known` to `word`, if it is close enough to be a likely typo.
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    known
        .into_iter()
        .map(|k| (strsim::damerau_levenshtein(word, k), k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 4))
        .min()
        .map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hook_names_follow_the_event_list() {
        assert!(is_hook_name("on_attack"));
        assert!(is_hook_name("before_damage"));
        assert!(!is_hook_name("before_death"), "death can't be changed");
        assert!(!is_hook_name("on_atack"));
        let names = hook_names();
        assert_eq!(did_you_mean("on_atack", names.iter().map(|s| s.as_str())), Some("on_attack"));
        assert_eq!(did_you_mean("zzz", names.iter().map(|s| s.as_str())), None);
    }
}
