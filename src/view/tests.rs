//! The unit tests of `view.rs`: piles by name, what a seat cannot see, faces, the field a
//! walking bot reads.

use super::*;

fn game(players: usize, seed: u64) -> crate::engine::Engine {
    let setup = crate::engine::GameSetup { ruleset: "8th".into(), players, seed, options: vec![], names: vec![] };
    let bots = crate::decision::Seats {
        agents: (0..players).map(|i| Box::new(crate::decision::RandomAgent::new(i as u64)) as Box<_>).collect(),
    };
    crate::engine::Engine::new(std::path::Path::new("."), &setup, Box::new(bots)).unwrap()
}

#[test]
fn a_pile_is_named_or_matched_by_its_longest_prefix() {
    let vis = Visibility {
        piles: [("*", PileShows::Count), ("discard*", PileShows::All), ("deck_open", PileShows::All)]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
        ..Visibility::default()
    };
    assert_eq!(vis.pile("deck"), PileShows::Count);
    assert_eq!(vis.pile("deck_2"), PileShows::Count);
    assert_eq!(vis.pile("discard"), PileShows::All);
    assert_eq!(vis.pile("discard_1"), PileShows::All);
    assert_eq!(vis.pile("deck_open"), PileShows::All);
    assert_eq!(Visibility::default().pile("deck"), PileShows::All, "undeclared: seen by all");
}

/// Two games that differ in which cards lie where a seat cannot see (two hand cards of
/// another seat exchanged with two of the deck's) give that seat the same view: an unknown
/// card's id says where it lies, not what it is.
#[test]
fn what_a_seat_cannot_see_leaves_its_view_as_it_is() {
    let e = game(3, 4);
    let st = e.state();
    let vis = &e.ruleset().file.visibility;
    let (a, b) = (st.players[1].hand[0], st.players[2].hand[3]);
    let deck = &st.piles["deck"];
    let (x, y) = (deck[7], deck[30]);
    let mut other = st.clone();
    for (p, q) in [(a, x), (b, y)] {
        let (dp, dq) = (other.cards[p as usize].def.clone(), other.cards[q as usize].def.clone());
        other.cards[p as usize].def = dq;
        other.cards[q as usize].def = dp;
    }
    assert_ne!(st, other);
    let same = |viewer| view_of(&st, vis, viewer).state == view_of(&other, vis, viewer).state;
    assert!(same(Viewer::Seat(0)) && same(Viewer::Public), "seat 0 and a spectator see no difference");
    // Seats 1 and 2 see their own hands, and the referee everything: a card differs.
    assert!(!same(Viewer::Seat(1)) && !same(Viewer::Seat(2)) && !same(Viewer::Referee));
}

#[test]
fn a_card_face_down_or_shown_is_seen_as_its_face_says() {
    let e = game(2, 1);
    let mut st = e.state();
    let vis = &e.ruleset().file.visibility;
    let c = st.players[0].hand[0];
    let sees = |st: &GameState, v| vis.sees_card(st, c, v);
    assert!(sees(&st, Viewer::Seat(0)) && !sees(&st, Viewer::Seat(1)) && !sees(&st, Viewer::Public));
    st.cards[c as usize].shown_to = vec![1];
    assert!(sees(&st, Viewer::Seat(1)) && !sees(&st, Viewer::Public));
    st.cards[c as usize].face = Face::Up;
    assert!(sees(&st, Viewer::Public));
    st.cards[c as usize].face = Face::Down;
    st.cards[c as usize].shown_to.clear();
    st.cards[c as usize].zone = Zone::Play(0);
    assert!(sees(&st, Viewer::Seat(0)) && !sees(&st, Viewer::Seat(1)), "face down in play: its holder alone");
}

/// The places a walking bot reads are those of the seat's whole view: a seat's figure no
/// other seat sees stands nowhere for them, and where its owner and the referee see it.
#[test]
fn a_field_view_is_the_part_of_the_view_it_names() {
    let e = game(3, 2);
    let mut st = e.state();
    let vis = &e.ruleset().file.visibility;
    let field_of_view = |st: &GameState, viewer| view_of(st, vis, viewer).field();
    let at = st.seat_at(1).expect("seat 1 stands on the board");
    let figure = st.players[1].figure.expect("seat 1 has a figure of its own");
    st.figures.get_mut(&figure).expect("its figure").unseen = true;
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Seat(2), Viewer::Public, Viewer::Referee] {
        let field = field_view(&st, viewer);
        assert_eq!(field, field_of_view(&st, viewer), "{viewer:?}");
        let knows = matches!(viewer, Viewer::Seat(1) | Viewer::Referee);
        assert_eq!(field.seat(1).and_then(|s| s.at), knows.then_some(at), "{viewer:?}");
        assert_eq!(field.seat(0).and_then(|s| s.at), st.seat_at(0), "{viewer:?}: seat 0 is seen");
    }
}
