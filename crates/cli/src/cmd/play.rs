//! `deckmate play GAME`: a game in the terminal.
//!
//! Cardmate is a [`Session`] of the shared [`session`] over [`Cardmate`]:
//! it takes a line typed by the player and returns what to print, apart
//! from any terminal I/O, so tests drive it directly. `run` only connects
//! it to standard input and output.

use super::board_game::{board_game_from_module, BoardGame};
use super::options::{clock_seed, refuse_options, usage_error, CardmateOptions};
use super::session;
use super::terminal::drive;
use crate::render::{self, Style};
use crate::variant::{GameParser, Variant, ALL_GAMES};
use clap::{Args, ValueEnum};
use deckmate_games::cardmate::cardmate_player;
use deckmate_games::cardmate::{record, Move, Position};
use deckmate_games::chess_cards::SacrificeCount;
use deckmate_rules::Seat;
use std::process::ExitCode;

/// Who plays the other side.
#[derive(Copy, Clone, PartialEq, Eq, Debug, ValueEnum)]
pub enum Opponent {
    /// Two players at one keyboard.
    Human,
    /// The engine.
    Computer,
}

/// Which side the human plays against the computer.
#[derive(Copy, Clone, PartialEq, Eq, Debug, ValueEnum)]
pub enum Side {
    /// Forehand, who moves first (in Chess Cards the dealer, who leads; in
    /// Cuarenta White).
    #[value(aliases = ["dealer", "white"])]
    Forehand,
    /// Rearhand (in Chess Cards the other player; in Cuarenta Black).
    #[value(aliases = ["other", "black"])]
    Rearhand,
}

/// Arguments of `deckmate play`.
#[derive(Args)]
#[command(after_help = "Examples:\n  deckmate play cardmate\n  \
deckmate play cardmate --as rearhand --level 6\n  \
deckmate play cardmate --vs human --setup deal --seed 7\n  \
deckmate play chess-cards --as other --level 8 --seed 12\n  \
deckmate play cuarenta --as black --level 3\n\n\
In Cardmate type a move (4Ci3, 9H:c5, 1Sd5=A), in Cuarenta a move in its\n\
notation (Pbc4, Fxd5, O-O), or: moves, undo, save FILE, flip, resign, help,\n\
quit. In Chess Cards type a play (yR, bQ*, (wN)yB) or: moves, hint, undo,\n\
save FILE, help, quit. --as dealer|other (Chess Cards), white|black (Cuarenta).")]
pub struct PlayArgs {
    /// The game.
    #[arg(value_parser = GameParser::new("play", ALL_GAMES, ""))]
    game: Variant,
    /// The opponent.
    #[arg(long, value_enum, default_value = "computer")]
    vs: Opponent,
    /// The computer's strength, 1 (beginner) to 8 (full strength).
    #[arg(long, default_value = "4", value_parser = clap::value_parser!(u8).range(1..=8))]
    level: u8,
    /// The side you play against the computer.
    #[arg(long = "as", value_enum, default_value = "forehand")]
    side: Side,
    /// Draw the board without colours (also: the NO_COLOR variable).
    #[arg(long)]
    no_color: bool,
    #[command(flatten)]
    options: CardmateOptions,
    /// Chess Cards: how sacrifices count in the multiplier (M9), net
    /// (default) or gross.
    #[arg(long, value_parser = super::solve::parse_count)]
    sacrifices: Option<SacrificeCount>,
}

/// The engine's side of a Cardmate game against the computer.
pub type Computer = session::Computer<Position>;

/// A Cardmate game in progress and everything the player can ask of it.
pub type Session = session::Session<Cardmate>;

/// Cardmate as the terminal session plays it.
pub struct Cardmate;

/// How Cardmate moves are typed, for 'help'.
const MOVE_HELP: &str = "Type a move in the page's notation: the card, ':' if it captures, the\n\
target square, '=A' when a One promotes: 4Ci3, 9H:c5, 1Sd5=A.\n\
The signs + (first King), x (second King) and # (palace) may be left out.\n\
When a card can capture an enemy card of its own suit, some such capture\n\
is compulsory (rule C3): 'moves' lists what is allowed.";

impl BoardGame for Cardmate {
    board_game_from_module!(deckmate_games::cardmate);
    type View = Style;

    const MOVE_HELP: &'static str = MOVE_HELP;

    fn greeting(spec: &record::GameSpec) -> String {
        format!(
            "Cardmate, setup {} (seed {}; --setup {} --seed {} starts the same game again).",
            spec.setup, spec.seed, spec.setup, spec.seed
        )
    }
    fn board(pos: &Position, style: &Style, last: Option<Move>) -> String {
        let mut s = render::board(pos, style, last.map(|m| (m.from, m.to)));
        s.push_str(&render::legend(style));
        s.push('\n');
        s
    }
    fn flip(style: &mut Style) {
        style.flipped = !style.flipped;
    }
    fn turn_note(pos: &Position) -> &'static str {
        if pos.capture_is_compulsory() {
            " A same-suit capture is compulsory."
        } else {
            ""
        }
    }
    fn moves_note(pos: &Position) -> &'static str {
        if pos.capture_is_compulsory() {
            " (same-suit captures are compulsory)"
        } else {
            ""
        }
    }
}

/// Refuses the options given that `args.game` does not have, naming the
/// game they belong to.
fn refuse_other_games_options(args: &PlayArgs) -> Result<(), String> {
    let sacrifices: &[&str] = if args.sacrifices.is_some() {
        &["--sacrifices"]
    } else {
        &[]
    };
    let chess_cards = Variant::ChessCards.name();
    match args.game {
        Variant::Cardmate => refuse_options(sacrifices, chess_cards, args.game.name()),
        Variant::ChessCards => args.options.refuse_for(args.game, true),
        Variant::Cuarenta => args
            .options
            .refuse_for(args.game, true)
            .and_then(|()| refuse_options(sacrifices, chess_cards, args.game.name())),
    }
}

/// Runs a game on standard input and output.
pub fn run(args: PlayArgs) -> Result<ExitCode, String> {
    if let Err(m) = refuse_other_games_options(&args) {
        return Ok(usage_error(&m));
    }
    match args.game {
        Variant::Cardmate => {}
        Variant::ChessCards => return run_chess_cards(&args),
        Variant::Cuarenta => return run_cuarenta(args),
    }
    let spec = args.options.spec(clock_seed());
    let style = Style {
        color: render::color_wanted(args.no_color),
        flipped: args.vs == Opponent::Computer && args.side == Side::Rearhand,
    };
    let computer = match args.vs {
        Opponent::Human => None,
        Opponent::Computer => Some(Computer {
            seat: match args.side {
                Side::Forehand => Seat::Second,
                Side::Rearhand => Seat::First,
            },
            level: args.level,
            player: cardmate_player(args.level, spec.seed),
        }),
    };
    let mut session = Session::new(spec, computer, style)?;
    drive(&mut session);
    Ok(ExitCode::SUCCESS)
}

/// A Chess Cards match on standard input and output.
fn run_chess_cards(args: &PlayArgs) -> Result<ExitCode, String> {
    let seed = args.options.seed.unwrap_or_else(clock_seed);
    let computer = match args.vs {
        Opponent::Human => None,
        // The human takes the side asked for; the computer the other.
        Opponent::Computer => Some(match args.side {
            Side::Forehand => 1,
            Side::Rearhand => 0,
        }),
    };
    let mut session = super::play_cards::CardsSession::new(
        seed,
        args.sacrifices.unwrap_or(SacrificeCount::Net),
        computer,
        args.level,
        render::color_wanted(args.no_color),
    );
    drive(&mut session);
    Ok(ExitCode::SUCCESS)
}

/// Runs a Cuarenta game on standard input and output.
fn run_cuarenta(args: PlayArgs) -> Result<ExitCode, String> {
    use super::play_cuarenta::{Computer as CuarentaComputer, Session as CuarentaSession};
    let computer = match args.vs {
        Opponent::Human => None,
        Opponent::Computer => Some(CuarentaComputer {
            seat: match args.side {
                Side::Forehand => Seat::Second,
                Side::Rearhand => Seat::First,
            },
            level: args.level,
            player: deckmate_games::cuarenta::cuarenta_player(
                args.level,
                args.options.seed.unwrap_or_else(clock_seed),
            ),
        }),
    };
    let flipped = args.vs == Opponent::Computer && args.side == Side::Rearhand;
    let mut session = CuarentaSession::new(
        deckmate_games::cuarenta::record::GameSpec::default(),
        computer,
        flipped,
    )?;
    drive(&mut session);
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::terminal::Terminal;
    use deckmate_games::cardmate::notation;
    use deckmate_rules::{Game, SeededRng};

    fn session(computer: bool) -> Session {
        vs_computer(computer.then_some(Seat::Second))
    }

    fn vs_computer(seat: Option<Seat>) -> Session {
        let spec = record::GameSpec::default();
        let c = seat.map(|seat| Computer {
            seat,
            level: 1,
            player: cardmate_player(1, 1),
        });
        Session::new(spec, c, Style::plain()).unwrap()
    }

    #[test]
    fn help_lists_the_commands_indented() {
        let mut s = session(false);
        let out = s.handle("help").join("\n");
        assert!(out.contains("\nCommands:\n  moves "), "{out}");
        assert!(out.contains("\n  quit "), "{out}");
    }

    /// Sample game 1 of the page, up to the move before Forehand's
    /// forced capture 19. 8D:h8.
    const GAME_1_TO_18: &str = "1. 4Ci3 4Db6 2. 8Dj2 8Ca7 3. 8Dh3 8Cc6 4. 7Cb1 7Di8 \
        5. 3Cd3 3Di6 6. 8Hc2 4Dc5 7. JSf3 9Sa7 8. 9H:c5 9S:c5 9. 2Sa3 9S:a3 \
        10. 1D:a3 8Sh7 11. 3Cd4 8C:d4 12. 8H:d4 8Sg5 13. JS:g5 3Hc6 14. JS:g7 6H:g7 \
        15. 8H:c6 JH:c6 16. 1Da4 QSh8 17. 8Di5 QS:h2 18. 8D:j7 7Dh8";

    fn feed(s: &mut Session, movetext: &str) {
        for m in movetext.split_whitespace().filter(|w| !w.ends_with('.')) {
            let out = s.handle(m).join("\n");
            assert!(!out.contains("Illegal"), "{m}: {out}");
        }
    }

    #[test]
    fn plays_the_first_moves_of_sample_game_1() {
        let mut s = session(false);
        s.start();
        for m in ["4Ci3", "4Db6", "8Dj2", "8Ca7"] {
            let out = s.handle(m).join("\n");
            assert!(!out.contains("Illegal"), "{m}: {out}");
        }
        assert_eq!(s.moves().len(), 4);
    }

    #[test]
    fn refuses_a_quiet_move_when_a_capture_is_compulsory_c3() {
        let mut s = session(false);
        feed(&mut s, GAME_1_TO_18);
        let board = s.handle("board").join("\n");
        assert!(
            board.contains("A same-suit capture is compulsory"),
            "{board}"
        );
        let out = s.handle("1Hg3").join("\n");
        assert!(out.contains("Illegal move 1Hg3"), "{out}");
        assert!(out.contains("compulsory") && out.contains("8D:h8"), "{out}");
        assert_eq!(s.moves().len(), 36);
        // The game goes on: the forced capture is accepted.
        let out = s.handle("8D:h8").join("\n");
        assert!(!out.contains("Illegal"), "{out}");
        assert_eq!(s.moves().len(), 37);
    }

    #[test]
    fn sample_game_1_ends_with_rearhands_win_and_offers_to_save() {
        let mut s = session(false);
        feed(&mut s, GAME_1_TO_18);
        feed(&mut s, "19. 8D:h8 QS:f0+ 20. 8D:i6");
        let out = s.handle("QS:e0x").join("\n");
        let end = s.end().expect("over");
        assert_eq!(end.winner, Some(Seat::Second));
        assert!(out.contains("Last move: 20... QS:e0×"), "{out}");
        assert!(out.contains("Game over: 0-1 (Rearhand captured Forehand's second King)"));
        assert!(out.contains("save FILE"), "{out}");
        assert!(s.handle("4Ci3")[0].contains("over"));
        assert!(s.handle("resign")[0].contains("already over"));
    }

    #[test]
    fn the_screen_tells_whose_turn_the_move_number_and_the_last_move() {
        let mut s = session(false);
        let first = s.start().join("\n");
        assert!(first.contains("Move 1. Forehand to play."), "{first}");
        assert!(!first.contains("Last move"));
        let out = s.handle("4Ci3").join("\n");
        assert!(out.contains("Last move: 1. 4Ci3"), "{out}");
        assert!(out.contains("Move 1... Rearhand to play."), "{out}");
        assert!(out.contains(" a   b   c") && out.contains("middle") && out.contains("[Ks]"));
        let flipped = s.handle("flip").join("\n");
        assert!(flipped.contains(" j   i   h"), "{flipped}");
    }

    #[test]
    fn undo_against_the_computer_returns_to_the_humans_turn() {
        let mut s = session(true);
        s.start();
        s.handle("4Ci3");
        assert_eq!(s.moves().len(), 2);
        s.handle("8Dj2");
        assert_eq!(s.moves().len(), 4);
        let out = s.handle("undo").join("\n");
        assert!(out.contains("Took back 2 plies"), "{out}");
        assert_eq!(s.moves().len(), 2);
        assert_eq!(s.position().side_to_move(), Seat::First);
        assert!(out.contains("Last move: 1... "), "{out}");
        s.handle("undo");
        assert_eq!(s.moves().len(), 0);
        assert!(s.handle("undo")[0].contains("Nothing"));
    }

    #[test]
    fn undo_between_two_humans_takes_back_one_ply() {
        let mut s = session(false);
        s.handle("4Ci3");
        s.handle("4Db6");
        let out = s.handle("undo").join("\n");
        assert!(out.contains("Took back 1 ply."), "{out}");
        assert_eq!(s.moves().len(), 1);
        assert_eq!(s.position().side_to_move(), Seat::Second);
        let fen = deckmate_games::cardmate::fen::write(s.position());
        let mut again = session(false);
        again.handle("4Ci3");
        assert_eq!(fen, deckmate_games::cardmate::fen::write(again.position()));
    }

    #[test]
    fn the_computer_moves_first_when_the_human_plays_rearhand() {
        let mut s = vs_computer(Some(Seat::First));
        let out = s.start().join("\n");
        assert!(out.contains("You play Rearhand"), "{out}");
        assert!(out.contains("thinking"), "{out}");
        assert!(out.contains("Computer plays 1. "), "{out}");
        assert_eq!(s.moves().len(), 1);
        assert!(s.handle("undo")[0].contains("Nothing of yours"));
        let mut moves = Vec::new();
        s.position().legal_moves(&mut moves);
        let text = notation::write(s.position(), moves[0]);
        s.handle(&text);
        assert_eq!(s.moves().len(), 3);
        s.handle("undo");
        assert_eq!(s.moves().len(), 1);
    }

    #[test]
    fn resigning_ends_the_game_for_the_human() {
        let mut s = vs_computer(Some(Seat::First));
        s.start();
        let out = s.handle("resign").join("\n");
        assert!(out.contains("Game over: 1-0 (Rearhand resigned)"), "{out}");
        let text = s.record_text().unwrap();
        assert!(
            text.contains("[Result \"1-0\"]") && text.contains("resigned"),
            "{text}"
        );
        assert!(text.contains("[Forehand \"deckmate level 1\"]"), "{text}");
        // Undo takes the resignation back, and then the moves.
        assert!(s.handle("undo")[0].contains("resignation"));
        assert!(s.end().is_none());
        assert_eq!(s.moves().len(), 1);
    }

    #[test]
    fn quit_shows_an_unsaved_record_and_nothing_after_a_save() {
        let mut s = session(false);
        assert_eq!(s.handle("quit"), vec!["Goodbye.".to_string()]);
        let mut s = session(false);
        s.handle("4Ci3");
        let out = s.handle("quit").join("\n");
        assert!(
            out.contains("not saved") && out.contains("1. 4Ci3"),
            "{out}"
        );
        assert!(s.quit());
    }

    #[test]
    fn save_writes_a_record_that_replays() {
        let mut s = session(true);
        s.start();
        s.handle("4Ci3");
        s.handle("8Dj2");
        let path = std::env::temp_dir().join(format!("deckmate-save-{}.pgn", std::process::id()));
        let msg = s.handle(&format!("save {}", path.display()));
        assert!(msg[0].starts_with("Saved"), "{msg:?}");
        let text = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let rec = deckmate_rules::Record::parse(&text).unwrap();
        let r = record::replay(&rec).unwrap();
        assert_eq!(r.moves, s.moves());
        assert_eq!(r.result, "*");
        assert_eq!(rec.tag("Seed"), Some("0"));
        assert_eq!(s.handle("quit"), vec!["Goodbye.".to_string()]);
        let msg = s.handle("save /no/such/dir/x.pgn");
        assert!(msg[0].starts_with("Cannot write"), "{msg:?}");
    }

    #[test]
    fn a_whole_game_against_the_computer_reaches_its_end() {
        let mut s = session(true);
        s.start();
        let mut rng = SeededRng::new(3);
        for _ in 0..400 {
            if s.end().is_some() {
                break;
            }
            let mut moves = Vec::new();
            s.position().legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len() as u64) as usize];
            let text = notation::write(s.position(), mv);
            let out = s.handle(&text).join("\n");
            assert!(!out.contains("Illegal"), "{text}: {out}");
        }
        let end = s.end().expect("the game ends");
        assert!(s.handle("moves")[0].contains("over"));
        let out = s.handle("board").join("\n");
        assert!(out.contains("Game over"), "{out}");
        assert!(!end.describe().is_empty());
    }

    #[test]
    fn garbage_and_commands_never_panic() {
        let mut s = session(true);
        s.start();
        for line in [
            "", "   ", "zz", "save", "4C", "é", "moves", "flip", "board", "help", "resign", "4Ci3",
            "undo", "quit",
        ] {
            s.handle(line);
        }
        assert!(s.quit());
    }
}
