//! `deckmate play cuarenta`: Cuarenta in the terminal.
//!
//! The same [`Session`] as Cardmate's (see [`super::session`]), over
//! [`Cuarenta`]: a line typed by the player in, text to print out, no
//! terminal I/O, so tests drive it directly.

use super::board_game::{board_game_from_module, BoardGame};
use super::session;
use crate::render_cuarenta;
use deckmate_games::cuarenta::{record, Move, Position};

/// The engine's side of a Cuarenta game against the computer.
pub type Computer = session::Computer<Position>;

/// A Cuarenta game in progress and everything the player can ask of it;
/// its view is whether Black is drawn at the bottom.
pub type Session = session::Session<Cuarenta>;

/// Cuarenta as the terminal session plays it.
pub struct Cuarenta;

/// How Cuarenta moves are typed, for 'help'.
const MOVE_HELP: &str =
    "Type a move in Cuarenta's notation: the piece letter (K B C V G F P, the\n\
P written too), the file or rank it leaves when needed, 'x' when it\n\
captures, the target square: Fa4, Pbc6, Vxf7, Ce4. A pawn promoting adds\n\
=C (or on the last rank =F, =G, =V, =B): Pce8=C. Castling (King and Camel\n\
swap) is O-O. Check signs may be left out.";

impl BoardGame for Cuarenta {
    board_game_from_module!(deckmate_games::cuarenta);
    type View = bool;

    const MOVE_HELP: &'static str = MOVE_HELP;

    fn greeting(_spec: &record::GameSpec) -> String {
        "Cuarenta, by Mark Thompson (deckmate rules cuarenta for the rules).".to_string()
    }
    fn board(pos: &Position, flipped: &bool, last: Option<Move>) -> String {
        render_cuarenta::board_oriented(pos, last.map(|m| (m.from(), m.to())), *flipped)
    }
    fn flip(flipped: &mut bool) {
        *flipped = !*flipped;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::terminal::Terminal;
    use deckmate_games::cuarenta::cuarenta_player;
    use deckmate_games::cuarenta::{fen, notation};
    use deckmate_rules::Seat;

    fn vs_computer(computer: Seat) -> Session {
        let c = Computer {
            seat: computer,
            level: 1,
            player: cuarenta_player(1, 3),
        };
        Session::new(record::GameSpec::default(), Some(c), false).unwrap()
    }

    fn two_humans() -> Session {
        Session::new(record::GameSpec::default(), None, false).unwrap()
    }

    #[test]
    fn the_board_shows_holes_coordinates_and_whose_turn() {
        let mut s = two_humans();
        let out = s.start().join("\n");
        assert!(out.contains("a  b  c  d  e  f  g  h  i"), "{out}");
        // Rank 2: a2 Vao, b2 a hole, c2 Guard, ... e2 the King.
        assert!(out.contains("2  V     G     K     G     V"), "{out}");
        assert!(out.contains("Move 1. White to play."), "{out}");
        let out = s.handle("Fa4").join("\n");
        assert!(out.contains("Last move: 1. Fa4"), "{out}");
        assert!(out.contains("[F]"), "{out}");
        assert!(out.contains("Black to play"), "{out}");
    }

    #[test]
    fn illegal_input_is_refused_with_a_reason() {
        let mut s = two_humans();
        s.start();
        for bad in ["Ke4", "Pbc9", "xyz", "O-O", "e9", "Fa4=C"] {
            let out = s.handle(bad).join("\n");
            assert!(out.starts_with(&format!("Illegal move {bad}: ")), "{out}");
            assert!(
                out.len() > format!("Illegal move {bad}: ").len() + 3,
                "{out}"
            );
        }
        assert!(s.moves().is_empty());
    }

    #[test]
    fn garbage_and_commands_never_panic() {
        let mut s = vs_computer(Seat::Second);
        s.start();
        for line in [
            "",
            "   ",
            "help",
            "moves",
            "board",
            "flip",
            "flip",
            "undo",
            "save",
            "=C",
            "O-O-O",
            "x",
            "Pxx9=Q",
            "\u{1F600}",
            "K",
            "Kd1",
            "resign",
            "undo",
            "Fa4",
            "undo",
            "resign",
            "Fa4",
            "moves",
        ] {
            s.handle(line);
        }
        let out = s.handle("quit").join("\n");
        assert!(out.contains("Goodbye."));
        assert!(s.quit());
    }

    #[test]
    fn flip_puts_black_at_the_bottom() {
        let mut s = two_humans();
        s.start();
        let out = s.handle("flip").join("\n");
        assert!(out.contains("i  h  g  f  e  d  c  b  a"), "{out}");
        let first = out.lines().next().unwrap_or("");
        assert!(first.starts_with("1 "), "{out}");
    }

    #[test]
    fn undo_against_the_computer_returns_to_the_humans_turn() {
        let mut s = vs_computer(Seat::Second);
        s.start();
        s.handle("Fa4");
        assert_eq!(s.moves().len(), 2);
        let out = s.handle("undo").join("\n");
        assert!(out.contains("Took back 2 plies."), "{out}");
        assert!(s.moves().is_empty());
        assert_eq!(s.position().side_to_move(), Seat::First);
    }

    #[test]
    fn the_computer_moves_first_when_it_plays_white() {
        let mut s = vs_computer(Seat::First);
        let out = s.start().join("\n");
        assert!(out.contains("Computer plays 1. "), "{out}");
        assert!(out.contains("Black (you) to play"), "{out}");
    }

    #[test]
    fn promotion_and_castling_are_typed_as_the_rules_write_them() {
        // A White pawn on d7 may go to c8 or e8 and become a Camel.
        let text = "*k*1*1*1*/1*1*1*1*1/*1*P*1*1*/1*1*1*1*1/*1*1*1*1*/1*1*1*1*1/*1*1*1*1*/1*1*K*1*1/*1*1*1*1* w - 0 1";
        let spec = record::GameSpec {
            fen: Some(text.to_string()),
        };
        let mut s = Session::new(spec, None, false).unwrap();
        s.start();
        let out = s.handle("Pde8=C").join("\n");
        assert!(out.contains("Last move: 1. Pe8=C"), "{out}");
        let mut s = two_humans();
        s.start();
        let out = s.handle("O-O").join("\n");
        assert!(out.starts_with("Illegal move O-O: "), "{out}");
        let _ = fen::START;
    }

    #[test]
    fn a_whole_game_against_the_computer_reaches_its_end() {
        // The human's moves come from a level-1 player too; the session
        // must carry the game to its end.
        let mut s = vs_computer(Seat::Second);
        s.start();
        let mut me = cuarenta_player(1, 11);
        let mut plies = 0;
        while s.end().is_none() {
            let mv = me
                .choose(s.position())
                .expect("a move while the game goes on");
            let text = notation::write(s.position(), mv);
            let out = s.handle(&text).join("\n");
            assert!(!out.contains("Illegal move"), "{text}: {out}");
            plies += 1;
            assert!(plies < 400, "the game should end by the 80-ply rule");
        }
        let out = s.handle("board").join("\n");
        assert!(out.contains("Game over:"), "{out}");
        let rec = s.record_text().unwrap();
        let parsed = deckmate_rules::Record::parse(&rec).unwrap();
        let replay = record::replay(&parsed).unwrap();
        assert_eq!(replay.moves.len(), s.moves().len());
    }
}
