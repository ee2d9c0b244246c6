//! `deckmate play GAME`: a game in the terminal.
//!
//! The game, its options and its seats come from the registry
//! ([`deckmate_games::registry`]); the game is made by its entry and
//! played by the one [`Session`], which takes a line typed by the player
//! and returns what to print, apart from any terminal I/O. `run` only
//! connects it to standard input and output. A game whose entry offers a
//! table of its own (the capability
//! [`TerminalTable`](deckmate_games::registry::terminal::TerminalTable):
//! Chess Cards) is played at that table.

use super::options::{clock_seed, usage_error};
use super::session::{Computer, Session};
use super::terminal::drive;
use crate::game_options::GameOptionArgs;
use crate::games::{every_game, no_hint, GameArg};
use crate::render::{self, Style};
use clap::{Args, ValueEnum};
use deckmate_games::registry::GameEntry;
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

/// Arguments of `deckmate play`.
#[derive(Args)]
#[command(
    override_usage = "deckmate play [OPTIONS] <GAME>\n       deckmate play [OPTIONS] --variant-file <PATH>\n       deckmate play [GAME] --server <URL> [--token <TOKEN>]"
)]
#[command(after_help = play_help())]
pub struct PlayArgs {
    /// The game.
    #[arg(value_parser = GameArg::new("play", every_game, no_hint), required_unless_present_any = ["variant_file", "server"])]
    game: Option<&'static GameEntry>,
    /// Play the chess variant of this TOML file instead of a built-in game (docs/variant-files.md; examples in variants/). A broken file is reported as PATH:LINE:COLUMN: reason.
    #[arg(long, value_name = "PATH", conflicts_with = "game")]
    variant_file: Option<String>,
    /// The opponent.
    #[arg(long, value_enum, default_value = "computer")]
    vs: Opponent,
    /// The computer's strength, 1 (beginner) to 8 (full strength).
    #[arg(long, default_value = "4", value_parser = clap::value_parser!(u8).range(1..=8))]
    level: u8,
    /// The seat you play against the computer: the game's name for it, or
    /// first|second.
    #[arg(long = "as", value_name = "SEAT", default_value = "first")]
    side: String,
    /// Seed of the deal or random setup and of the computer's choices
    /// (default from the clock, printed and saved in the record).
    #[arg(long)]
    seed: Option<u64>,
    /// Draw the board without colours (also: the NO_COLOR variable).
    #[arg(long)]
    no_color: bool,
    #[command(flatten)]
    options: GameOptionArgs,
    /// Play online on this deckmate server (plain http), e.g.
    /// http://127.0.0.1:8080: the open seeks are listed, and GAME (if
    /// given) is sought at once.
    #[arg(long, value_name = "URL", conflicts_with_all = ["variant_file", "vs"])]
    server: Option<String>,
    /// With --server: a personal API token (scope board:play) to play as
    /// your account; without it you play as a guest.
    #[arg(long, value_name = "TOKEN", requires = "server")]
    token: Option<String>,
}

/// `deckmate play --help`'s end: examples, then how moves are typed, and
/// each game's seats, from the list.
fn play_help() -> String {
    let mut groups: Vec<([&str; 2], Vec<&str>)> = Vec::new();
    for g in deckmate_games::list::GAMES {
        match groups.iter_mut().find(|(seats, _)| *seats == g.seats) {
            Some((_, names)) => names.push(g.name),
            None => groups.push((g.seats, vec![g.name])),
        }
    }
    let seats: Vec<String> = groups
        .iter()
        .map(|(s, names)| format!("{}|{} ({})", s[0], s[1], names.join(", ")))
        .collect();
    format!(
        "Examples:\n  deckmate play cardmate\n  \
deckmate play cardmate --as rearhand --level 6\n  \
deckmate play cardmate --vs human --setup deal --seed 7\n  \
deckmate play chess-cards --as other --level 8 --seed 12\n  \
deckmate play cuarenta --as black --level 3\n  \
deckmate play 52chess --vs human\n  \
deckmate play dealers --level 4\n  \
deckmate play dealers --alternate big-deck --deck-file spears.toml\n  \
deckmate play --variant-file variants/fairy-court.toml --level 2\n\n\
Type a move in the game's notation (its rules say how: deckmate rules GAME; in\n\
the game, 'help'), or: moves, undo, save FILE, board, flip, draw, resign, help,\n\
quit. A game with a table of its own says its commands at its 'help'.\n\n\
--as takes the game's seats:\n  {}\n  first|second (any game)",
        seats.join("\n  ")
    )
}

/// The seat `name` gives in `game`: one of its own seats' keys, `first`
/// or `second`. Another game's seat name is refused (Cardmate has no
/// White), so that a slip is told, not played.
fn seat_named(game: &GameEntry, name: &str) -> Option<Seat> {
    let name = name.to_ascii_lowercase();
    match name.as_str() {
        "first" => return Some(Seat::First),
        "second" => return Some(Seat::Second),
        _ => {}
    }
    game.seat(&name)
}

/// Runs a game on standard input and output.
pub fn run(args: PlayArgs) -> Result<ExitCode, String> {
    if let Some(server) = args.server {
        return crate::online::play::run(crate::online::play::OnlineArgs {
            server,
            token: args.token,
            game: args.game.map(|g| g.key.to_string()),
            seat: (args.side != "first").then_some(args.side),
            color: render::color_wanted(args.no_color),
        });
    }
    let entry = crate::variant_arg::game_of(args.game, args.variant_file.as_deref())?;
    let options = match args.options.for_game(entry) {
        Ok(o) => o,
        Err(m) => return Ok(usage_error(&m)),
    };
    let Some(human) = seat_named(entry, &args.side) else {
        return Ok(usage_error(&format!(
            "--as: '{}' is not a seat of {} ({}, {}, first or second)",
            super::terminal::quote(&args.side),
            entry.name,
            entry.seats[0],
            entry.seats[1]
        )));
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let computer = (args.vs == Opponent::Computer).then_some(Computer {
        seat: human.other(),
        level: args.level,
    });
    let color = render::color_wanted(args.no_color);
    if let Some(table) = entry.capabilities.table {
        let game = match entry.new_game(&options, seed) {
            Ok(g) => g,
            Err(m) => return Ok(usage_error(&m.to_string())),
        };
        let mut table = table.open(
            game.as_ref(),
            seed,
            computer.map(|c| c.seat),
            args.level,
            color,
        );
        drive(table.as_mut());
        return Ok(ExitCode::SUCCESS);
    }
    let style = Style {
        color,
        flipped: computer.is_some() && human == Seat::Second,
    };
    // The game refuses a value of its options it cannot read.
    let mut session = match Session::new(entry, options, seed, computer, style) {
        Ok(s) => s
            .seed_given(args.seed.is_some())
            .variant_path(args.variant_file.clone()),
        Err(m) => return Ok(usage_error(&m)),
    };
    drive(&mut session);
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    //! The one session, over each board game of the registry.

    use super::*;
    use crate::cmd::terminal::Terminal;
    use deckmate_games::list::{find, GAMES};
    use deckmate_games::registry::Options;
    use deckmate_rules::SeededRng;
    use serde_json::json;

    fn entry(key: &str) -> &'static GameEntry {
        find(key).unwrap_or_else(|| panic!("{key} is registered"))
    }

    /// The games the generic session plays, from the list (a game with a
    /// table of its own plays there).
    fn session_games() -> impl Iterator<Item = &'static str> {
        GAMES
            .iter()
            .filter(|g| g.capabilities.table.is_none())
            .map(|g| g.key)
    }

    fn session_of(key: &str, computer: Option<Seat>) -> Session {
        let e = entry(key);
        let c = computer.map(|seat| Computer { seat, level: 1 });
        Session::new(e, Options::defaults(e.options), 0, c, Style::plain())
            .unwrap_or_else(|m| panic!("{m}"))
    }

    fn session(computer: bool) -> Session {
        session_of("cardmate", computer.then_some(Seat::Second))
    }

    /// A legal move of the seat to move, chosen by `rng`.
    fn any_move(s: &Session, rng: &mut SeededRng) -> String {
        let seat = s.game().to_move().expect("a seat to move");
        let moves = s.game().legal_moves_of(seat);
        let m = &moves[rng.below(moves.len() as u64) as usize];
        m["text"].as_str().unwrap_or_default().to_string()
    }

    #[test]
    fn the_seat_is_named_by_the_game_or_first_and_second() {
        assert_eq!(seat_named(entry("cuarenta"), "black"), Some(Seat::Second));
        assert_eq!(seat_named(entry("cuarenta"), "White"), Some(Seat::First));
        assert_eq!(seat_named(entry("cardmate"), "second"), Some(Seat::Second));
        assert_eq!(
            seat_named(entry("chess-cards"), "other"),
            Some(Seat::Second)
        );
        // Another game's seat is not this game's (issue 29 item 20).
        assert_eq!(seat_named(entry("cuarenta"), "rearhand"), None);
        assert_eq!(seat_named(entry("cardmate"), "white"), None);
        assert_eq!(seat_named(entry("cardmate"), "north"), None);
    }

    #[test]
    fn help_lists_the_games_notation_and_the_commands_indented() {
        let mut s = session(false);
        let out = s.handle("help").join("\n");
        assert!(
            out.starts_with("Type a move in the page's notation"),
            "{out}"
        );
        assert!(out.contains("\nCommands:\n  moves "), "{out}");
        assert!(
            out.contains("\n  draw ") && out.contains("\n  quit "),
            "{out}"
        );
        let mut s = session_of("cuarenta", None);
        assert!(s.handle("help")[0].starts_with("Type a move in Cuarenta's notation"));
    }

    #[test]
    fn item_20_an_unknown_command_is_said_so_with_the_commands() {
        for key in session_games() {
            let mut s = session_of(key, None);
            s.start();
            let out = s.handle("hint").join("\n");
            assert!(out.starts_with("Unknown command hint: the commands are moves, undo, save FILE, board, flip, draw, resign, help, quit."), "{key}: {out}");
            assert!(!out.contains("Illegal move"), "{key}: {out}");
        }
    }

    #[test]
    fn the_greeting_says_how_to_start_the_same_game_again() {
        let e = entry("cardmate");
        let o = Options::parse(e.options, [("setup", "deal")]).expect("an option of Cardmate");
        let mut s = Session::new(e, o, 42, None, Style::plain()).expect("a game");
        let first = s.start()[0].clone();
        assert_eq!(
            first,
            "Cardmate, setup deal (seed 42; --setup deal --seed 42 starts the same game again)."
        );
        let first = session_of("cuarenta", None).start()[0].clone();
        assert_eq!(
            first,
            "Cuarenta (seed 0; --seed 0 starts the same game again)."
        );
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
    fn refuses_a_quiet_move_when_a_capture_is_compulsory_c3() {
        let mut s = session(false);
        feed(&mut s, GAME_1_TO_18);
        let board = s.handle("board").join("\n");
        assert!(
            board.contains("Move 19. Forehand to play. A same-suit capture is compulsory."),
            "{board}"
        );
        assert!(s.handle("moves")[0].contains("for Forehand (a same-suit capture is compulsory):"));
        let out = s.handle("1Hg3").join("\n");
        assert!(out.contains("Illegal move 1Hg3"), "{out}");
        assert!(out.contains("compulsory") && out.contains("8D:h8"), "{out}");
        assert_eq!(s.moves().len(), 36);
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
        let end = s.outcome().expect("over");
        assert_eq!(end.winner, Some(Seat::Second));
        assert!(out.contains("Last move: 20... QS:e0×"), "{out}");
        assert!(out.contains("Game over: 0-1 (Rearhand captured Forehand's second King)"));
        assert!(out.contains("save FILE"), "{out}");
        assert!(s.handle("4Ci3")[0].contains("over"));
        assert!(s.handle("resign")[0].contains("already over"));
        assert!(s.handle("moves")[0].contains("over"));
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
        assert!(out.contains("*4C "), "{out}");
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
        assert_eq!(s.game().to_move(), Some(Seat::First));
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
        assert_eq!(s.moves(), ["4Ci3"]);
        assert_eq!(s.game().to_move(), Some(Seat::Second));
    }

    /// The games of the generic session whose start has one seat to move
    /// and nothing a takeback may not undo (no card drawn, no secret):
    /// from the list, by what their games are.
    fn plain_start_games() -> Vec<&'static str> {
        session_games()
            .filter(|&key| {
                let e = entry(key);
                let g = e
                    .new_game(&Options::defaults(e.options), 0)
                    .unwrap_or_else(|m| panic!("{m}"));
                g.to_move() == Some(Seat::First) && g.takeback_floor() == 0 && !g.secrets_pending()
            })
            .collect()
    }

    #[test]
    fn the_help_names_every_games_seats_from_the_list() {
        let help = play_help();
        for g in GAMES {
            let seats = format!("{}|{} (", g.seats[0], g.seats[1]);
            assert!(help.contains(&seats), "{}: {help}", g.key);
            assert!(help.contains(g.name), "{}: {help}", g.key);
        }
    }

    #[test]
    fn the_computer_moves_first_when_the_human_plays_the_second_seat() {
        let keys = plain_start_games();
        assert!(keys.len() >= 2, "{keys:?}");
        for key in keys {
            let mut s = session_of(key, Some(Seat::First));
            let out = s.start().join("\n");
            assert!(out.contains("You play "), "{out}");
            assert!(out.contains("thinking"), "{out}");
            assert!(out.contains("Computer plays 1. "), "{out}");
            assert!(out.contains(" (you) to play"), "{out}");
            assert_eq!(s.moves().len(), 1);
            assert!(s.handle("undo")[0].contains("Nothing of yours"));
            let mv = any_move(&s, &mut SeededRng::new(1));
            s.handle(&mv);
            assert_eq!(s.moves().len(), 3);
            s.handle("undo");
            assert_eq!(s.moves().len(), 1);
        }
    }

    #[test]
    fn resigning_ends_the_game_for_the_human() {
        let mut s = session_of("cardmate", Some(Seat::First));
        s.start();
        let out = s.handle("resign").join("\n");
        assert!(out.contains("Game over: 1-0 (Rearhand resigned)"), "{out}");
        let text = s.record_text();
        assert!(
            text.contains("[Result \"1-0\"]") && text.contains("resigned"),
            "{text}"
        );
        assert!(text.contains("[Forehand \"deckmate level 1\"]"), "{text}");
        assert!(!text.contains("GameId"), "{text}");
        // Undo takes the resignation back, and then the moves.
        assert!(s.handle("undo")[0].contains("resignation"));
        assert!(s.outcome().is_none());
        assert_eq!(s.moves().len(), 1);
    }

    #[test]
    fn a_draw_is_offered_and_accepted_between_two_players() {
        let mut s = session(false);
        let out = s.handle("draw").join("\n");
        assert!(out.contains("Forehand offers a draw"), "{out}");
        assert!(s.handle("draw")[0].contains("already"));
        s.handle("4Ci3");
        let out = s.handle("draw").join("\n");
        assert!(
            out.contains("Game over: 1/2-1/2 (the players agreed a draw)"),
            "{out}"
        );
        assert!(s.record_text().contains("[Result \"1/2-1/2\"]"));
        assert!(s.handle("undo")[0].contains("agreed draw"));
        // An offer lapses when the other side plays on.
        s.handle("draw");
        s.handle("4Db6");
        s.handle("8Dj2");
        let out = s.handle("draw").join("\n");
        assert!(out.contains("Rearhand offers a draw"), "{out}");
    }

    #[test]
    fn the_computer_answers_a_draw_offer() {
        let mut s = session(true);
        s.start();
        let out = s.handle("draw").join("\n");
        // At the start the evaluation is level: the computer accepts.
        assert!(out.contains("The draw is agreed"), "{out}");
        assert_eq!(s.outcome().map(|o| o.winner), Some(None));
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
        // Removed with its folder when `tmp` is dropped, also on a failure.
        let tmp = tempfile::Builder::new()
            .prefix("deckmate-save-")
            .tempdir()
            .expect("a temporary folder");
        let path = tmp.path().join("save.pgn");
        let msg = s.handle(&format!("save {}", path.display()));
        assert!(msg[0].starts_with("Saved"), "{msg:?}");
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let replayed = entry("cardmate")
            .replay_text(&text)
            .expect("the record replays");
        assert_eq!(replayed.plies, 4);
        assert_eq!(replayed.result, "*");
        assert!(text.contains("[Seed \"0\"]"), "{text}");
        assert_eq!(s.handle("quit"), vec!["Goodbye.".to_string()]);
        let msg = s.handle("save /no/such/dir/x.pgn");
        assert!(msg[0].starts_with("Cannot write"), "{msg:?}");
    }

    #[test]
    fn cuarenta_shows_holes_coordinates_and_the_last_move() {
        let mut s = session_of("cuarenta", None);
        let out = s.start().join("\n");
        assert!(out.contains("a  b  c  d  e  f  g  h  i"), "{out}");
        assert!(out.contains(" 2   V     G     K     G     V   2"), "{out}");
        assert!(out.contains("Move 1. White to play."), "{out}");
        let out = s.handle("Fa4").join("\n");
        assert!(out.contains("Last move: 1. Fa4"), "{out}");
        assert!(out.contains("[F]"), "{out}");
        assert!(out.contains("Black to play"), "{out}");
        let out = s.handle("flip").join("\n");
        assert!(out.contains("i  h  g  f  e  d  c  b  a"), "{out}");
        assert!(
            out.lines().nth(1).is_some_and(|l| l.starts_with(" 1 ")),
            "{out}"
        );
    }

    #[test]
    fn cuarenta_refuses_illegal_input_with_a_reason() {
        let mut s = session_of("cuarenta", None);
        s.start();
        for bad in ["Ke4", "Pbc9", "xy9", "O-O", "e9", "Fa4=C"] {
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
    fn cuarenta_promotion_from_a_stored_position_and_check() {
        // A White pawn on d7 may go to c8 or e8 and become a Camel.
        let fen = "*k*1*1*1*/1*1*1*1*1/*1*P*1*1*/1*1*1*1*1/*1*1*1*1*/1*1*1*1*1/*1*1*1*1*/1*1*K*1*1/*1*1*1*1* w - 0 1";
        let e = entry("cuarenta");
        let game = e
            .game_from_spec(&json!({ "seed": 0, "fen": fen }))
            .expect("the position");
        let mut s = Session::with_game(game, Options::defaults(e.options), 0, None, Style::plain());
        s.start();
        let out = s.handle("Pde8=C").join("\n");
        assert!(out.contains("Last move: 1. Pe8=C"), "{out}");
        // The Camel on e8 checks the King on b9.
        assert!(out.contains("Black King on b9 is in check."), "{out}");
    }

    #[test]
    fn whole_games_against_the_computer_reach_their_end_and_replay() {
        for (key, seed) in [("cardmate", 3), ("cuarenta", 11), ("52chess", 4)] {
            let mut s = session_of(key, Some(Seat::Second));
            s.start();
            let mut rng = SeededRng::new(seed);
            for _ in 0..400 {
                if s.outcome().is_some() {
                    break;
                }
                let text = any_move(&s, &mut rng);
                let out = s.handle(&text).join("\n");
                assert!(!out.contains("Illegal"), "{key} {text}: {out}");
            }
            assert!(s.outcome().is_some(), "{key}: the game ends");
            let out = s.handle("board").join("\n");
            assert!(out.contains("Game over"), "{out}");
            let record = s.record_text();
            let replayed = entry(key).replay_text(&record).expect("the record replays");
            assert_eq!(replayed.plies, s.moves().len(), "{key}");
        }
    }

    /// Issue 29, item 7: taking back a 52Chess move drew the same cards
    /// again, so the player saw both seats' next cards before choosing. A
    /// card once drawn stays drawn: `undo` is refused, and nothing moves.
    #[test]
    fn item_7_undo_in_52chess_is_refused_and_keeps_every_card() {
        let mut s = session_of("52chess", Some(Seat::Second));
        s.start();
        let mv = any_move(&s, &mut SeededRng::new(2));
        s.handle(&mv);
        // Card, move, card, the computer's move, card.
        let before = s.moves().to_vec();
        assert_eq!(before.len(), 5);
        let out = s.handle("undo").join("\n");
        assert!(out.contains("Cannot undo"), "{out}");
        assert!(out.contains("drawn"), "{out}");
        assert_eq!(s.moves(), before.as_slice());
        assert_eq!(s.game().to_move(), Some(Seat::First));
    }

    #[test]
    fn garbage_and_commands_never_panic() {
        for key in session_games() {
            let mut s = session_of(key, Some(Seat::Second));
            s.start();
            for line in [
                "",
                "   ",
                "zz",
                "save",
                "4C",
                "é",
                "moves",
                "flip",
                "board",
                "help",
                "draw",
                "resign",
                "4Ci3",
                "undo",
                "Fa4",
                "=C",
                "O-O-O",
                "[7H]",
                "Nd3@c7",
                "--",
                "[",
                "@",
                "\u{1F600}",
                "undo",
                "resign",
                "undo",
                "undo",
                "quit",
            ] {
                s.handle(line);
            }
            assert!(s.quit());
        }
    }
}
