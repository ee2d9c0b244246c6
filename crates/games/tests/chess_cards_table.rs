//! Chess Cards' own table in the terminal: lines in, text out.
#![allow(clippy::unwrap_used)]
use deckmate_games::chess_cards::notation::turn_text;
use deckmate_games::chess_cards::terminal_table::CardsSession;
use deckmate_games::chess_cards::SacrificeCount;
use deckmate_games::registry::terminal::Terminal;

fn session(computer: Option<usize>) -> CardsSession {
    CardsSession::new(7, SacrificeCount::Net, computer, 2, false)
}

#[test]
fn help_lists_the_plays_and_commands_indented() {
    let out = session(None).handle("help").join("\n");
    assert!(out.contains("notation:\n  yR "), "{out}");
    assert!(out.contains("\nCommands:\n  moves "), "{out}");
}

#[test]
fn two_humans_play_a_whole_match_by_typing() {
    let mut s = session(None);
    let mut out = Vec::new();
    s.start_with(&mut |x| out.push(x));
    let mut guard = 0;
    while !s.current_match().is_over() && guard < 100 {
        let t = s.current_match().current().turns()[0];
        let lines = s.handle(&turn_text(t));
        assert!(lines.iter().any(|l| l.contains("Game ")), "{lines:?}");
        guard += 1;
    }
    assert!(s.current_match().is_over());
    let record = s.record_text();
    let rs = deckmate_rules::Record::parse_all(&record).unwrap();
    let back = deckmate_games::chess_cards::notation::replay_match(&rs).unwrap();
    assert_eq!(&back, s.current_match());
    assert!(s.handle("quit").join("\n").contains("[Game \"2\"]"));
}

#[test]
fn illegal_plays_are_refused_with_the_reason() {
    let mut s = session(None);
    let g = s.current_match().current().clone();
    let not_mine = g.hands[1].cards().next().unwrap();
    let out = s.handle(&not_mine.to_string()).join("\n");
    assert!(out.contains("is not in your hand"), "{out}");
    let out = s.handle("zz").join("\n");
    assert!(out.contains("not a card"), "{out}");
    let out = s.handle("(bQ").join("\n");
    assert!(out.contains("sacrifice is written"), "{out}");
    assert!(s.current_match().current().plays.is_empty());
}

#[test]
fn the_computer_answers_and_undo_takes_both_back() {
    // The computer is the other (player 1): the human leads.
    let mut s = session(Some(1));
    let mut out = Vec::new();
    s.start_with(&mut |x| out.push(x));
    let t = s.current_match().current().turns()[0];
    let lines = s.handle(&turn_text(t)).join("\n");
    assert!(lines.contains("The computer plays"), "{lines}");
    assert!(s.current_match().current().plays.len() >= 2);
    s.handle("undo");
    assert!(s.current_match().current().plays.is_empty());
    assert!(s.handle("undo").join("\n").contains("Nothing"));
}

#[test]
fn the_computer_leads_when_it_deals_and_hint_names_a_legal_play() {
    let mut s = session(Some(0));
    let mut out = Vec::new();
    s.start_with(&mut |x| out.push(x));
    assert!(out.join("\n").contains("The computer plays"));
    let hint = s.handle("hint").join("\n");
    assert!(hint.contains("Perfect play"), "{hint}");
}

#[test]
fn garbage_never_panics() {
    let mut s = session(Some(1));
    for line in [
        "", "save", "(", ")", "bQ**", "(bQ)(rQ)", "moves", "rules", "help", "9. bQ#!", "é", "undo",
    ] {
        s.handle(line);
    }
    assert!(!s.quit());
}
