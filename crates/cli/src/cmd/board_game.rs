//! [`BoardGame`]: what the terminal [`Session`](super::session::Session)
//! needs of a board game beyond its [`Game`] rules (moves are listed,
//! written, read and played through [`Game`]).
//!
//! Cardmate and Cuarenta have game modules of the same shape, so most of
//! a `BoardGame` is filled in by [`board_game_from_module!`]; each game
//! writes only what really differs: its help, greeting and board.

use deckmate_rules::{Game, Record, Seat};

/// A board game as the terminal session plays it. Implemented by a unit
/// type per game.
pub trait BoardGame {
    /// A position of the game.
    type Position: Game<Move = Self::Move>;
    /// A move.
    type Move: Copy;
    /// A finished game: who won and why.
    type End: Copy;
    /// What the game starts from (and the record's tags say).
    type Spec;
    /// How the board is drawn (orientation, colours).
    type View;

    /// How moves are typed, the start of 'help' (the commands follow).
    const MOVE_HELP: &'static str;

    /// The first line of the opening screen.
    fn greeting(spec: &Self::Spec) -> String;
    /// The starting position of `spec`.
    fn start(spec: &Self::Spec) -> Result<Self::Position, String>;
    /// The name of a seat (also the record's tag for its player).
    fn seat_name(seat: Seat) -> &'static str;
    /// Who moves now (also once the game is over).
    fn side_to_move(pos: &Self::Position) -> Seat;
    /// The number of the move being played.
    fn fullmove(pos: &Self::Position) -> u32;
    /// The position's end, if it has one.
    fn end_state(pos: &Self::Position) -> Option<Self::End>;
    /// The end of a game `winner` won by resignation.
    fn resigned(winner: Seat) -> Self::End;
    /// The result of an end: `1-0`, `0-1` or `1/2-1/2`.
    fn result_of(end: &Self::End) -> &'static str;
    /// An end in words.
    fn describe(end: &Self::End) -> String;
    /// The record of the game `moves` played from `spec`.
    fn record(
        spec: &Self::Spec,
        moves: &[Self::Move],
        end: Option<Self::End>,
    ) -> Result<Record, String>;
    /// The board, ending in a newline, with the last move marked.
    fn board(pos: &Self::Position, view: &Self::View, last: Option<Self::Move>) -> String;
    /// Turns the board around.
    fn flip(view: &mut Self::View);
    /// Said after "X to play." (Cardmate: a compulsory capture).
    fn turn_note(_pos: &Self::Position) -> &'static str {
        ""
    }
    /// Said after "N legal moves for X" (Cardmate: a compulsory capture).
    fn moves_note(_pos: &Self::Position) -> &'static str {
        ""
    }
}

/// Inside `impl BoardGame`, fills in the types and the functions that a
/// game module of `deckmate_games` (its path is the argument) provides
/// alike: `Position`, `Move`, `End` with `EndReason::Resignation`,
/// `seat_name`, and `record::{GameSpec, result_of, write}`.
macro_rules! board_game_from_module {
    ($($game:ident)::+) => {
        type Position = $($game)::+::Position;
        type Move = $($game)::+::Move;
        type End = $($game)::+::End;
        type Spec = $($game)::+::record::GameSpec;

        fn start(spec: &Self::Spec) -> Result<Self::Position, String> {
            spec.start().map_err(|e| e.to_string())
        }
        fn seat_name(seat: ::deckmate_rules::Seat) -> &'static str {
            $($game)::+::seat_name(seat)
        }
        fn side_to_move(pos: &Self::Position) -> ::deckmate_rules::Seat {
            pos.side_to_move()
        }
        fn fullmove(pos: &Self::Position) -> u32 {
            pos.fullmove()
        }
        fn end_state(pos: &Self::Position) -> Option<Self::End> {
            pos.end_state()
        }
        fn resigned(winner: ::deckmate_rules::Seat) -> Self::End {
            $($game)::+::End {
                winner: Some(winner),
                reason: $($game)::+::EndReason::Resignation,
            }
        }
        fn result_of(end: &Self::End) -> &'static str {
            $($game)::+::record::result_of(end)
        }
        fn describe(end: &Self::End) -> String {
            end.describe()
        }
        fn record(
            spec: &Self::Spec,
            moves: &[Self::Move],
            end: Option<Self::End>,
        ) -> Result<::deckmate_rules::Record, String> {
            $($game)::+::record::write(spec, moves, end).map_err(|e| e.to_string())
        }
    };
}
pub(crate) use board_game_from_module;
