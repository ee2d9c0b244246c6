//! The `deckmate` command: play, check and study chess variants played with
//! cards. This file only parses arguments and dispatches; each command lives
//! in `cmd/`.
//!
//! Everything is printed through [`output`]'s macros (`outln!`, `errln!`),
//! never `println!`, so that a closed pipe ends the program quietly.

#![deny(clippy::print_stdout, clippy::print_stderr)]

#[macro_use]
mod output;
mod cards_pdf;
mod cmd;
mod game_options;
mod games;
mod online;
mod protocol;
mod render;
mod variant_arg;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The program's allocator: mimalloc. Under load a server builds and drops
/// many small JSON values a move; with glibc's allocator, `malloc` and
/// `free` took over a third of a server's CPU (perf, 500 games on two
/// servers: see the closing note of issue 32).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Play, analyse and host chess variants that are played with cards.
#[derive(Parser)]
#[command(name = "deckmate", version, about, long_about = overview(), after_help = footer())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Start the web app: play in the browser against the engine or a friend.
    Serve(cmd::serve::ServeArgs),
    /// The server's database: apply its migrations, or copy a site from
    /// one database to another (SQLite and PostgreSQL).
    Db(cmd::db::DbArgs),
    /// Play a game in the terminal, against the computer or a friend.
    ///
    /// Reads one line at a time: a move in the game's notation ('help' in
    /// the game shows it; deckmate play --help gives each game's examples)
    /// or a command (moves, undo, save FILE, help, quit, ...). Input may be
    /// piped; end of input quits.
    Play(cmd::play::PlayArgs),
    /// Count the leaf nodes of the move tree (checks move generation).
    ///
    /// The count is printed alone on standard output; with --divide, per
    /// first move as Stockfish's `go perft` does, to find a move-generation
    /// bug by bisection.
    Perft(cmd::perft::PerftArgs),
    /// Check a game record move by move and print the result.
    ///
    /// Prints the final position (board and position string) and the result
    /// with its reason, or one JSON object with --json. An illegal move is
    /// reported by number, side and reason, with exit status 1.
    Replay(cmd::replay::ReplayArgs),
    /// Print the rules of a game as deckmate plays them.
    ///
    /// The inventor's rules with the project's rulings on what the page
    /// leaves open, and the options that change them.
    Rules(cmd::rules::RulesArgs),
    /// Let the engine analyse a position of a board game.
    Analyse(cmd::analyse::AnalyseArgs),
    /// Search fixed positions of the board games: the engine's node-count
    /// signature and speed.
    Bench(cmd::bench::BenchArgs),
    /// Play engine levels (or a random player) against each other at a
    /// board game.
    Match(Box<cmd::matches::MatchArgs>),
    /// Speak UCI (the Universal Chess Interface) on standard input and
    /// output, for every board game and variant file.
    Uci(cmd::uci::UciArgs),
    /// Speak XBoard's protocol (CECP version 2) on standard input and
    /// output, for every board game and variant file.
    Xboard(cmd::xboard::XboardArgs),
    /// Dealer's Chess's reference cards: listed, as printable PDF sheets
    /// or as SVG files.
    Cards(cmd::cards::CardsArgs),
    /// Solve a Chess Cards position exactly, or many deals.
    ///
    /// Prints the value under perfect play (the dealer's score minus the
    /// other's) and a best line; --deals and --all-deals report the dealer's
    /// average and who wins games and matches.
    Solve(cmd::solve::SolveArgs),
    /// Tune a variant file's evaluation weights by Texel's method over
    /// positions from self-play (or a file of them).
    ///
    /// Prints the [weights] table found, to paste into the variant file.
    Tune(cmd::tune::TuneArgs),
    /// Run the built-in engine as a bot account on a deckmate server,
    /// through its bot API (shaped like lichess's).
    Bot(online::bot::BotArgs),
}

/// The games as the registry lists them, `a, b and c`.
fn listed(words: Vec<String>) -> String {
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// `deckmate --help`'s text, its list of games from the registry (so it
/// names every game that is playable).
fn overview() -> String {
    let games = &deckmate_games::list::GAMES;
    let count = [
        "No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
    ]
    .get(games.len())
    .map_or_else(|| games.len().to_string(), |w| (*w).to_string());
    // The summaries hold commas: they are kept apart by semicolons.
    let all = games
        .iter()
        .map(|g| g.summary)
        .collect::<Vec<_>>()
        .join("; ");
    let boards = listed(
        games
            .iter()
            .filter(|g| g.tools.is_some())
            .map(|g| g.name.to_string())
            .collect(),
    );
    // The commands of the games' other capabilities, each with the games
    // that offer it.
    let with = |has: fn(&deckmate_games::registry::GameEntry) -> bool| {
        listed(
            games
                .iter()
                .filter(|g| has(g))
                .map(|g| format!("{}'s", g.name))
                .collect(),
        )
    };
    let solved = with(|g| g.capabilities.solver.is_some());
    let cards = with(|g| g.capabilities.reference_cards.is_some());
    format!(
        "Play, analyse and host chess variants that are played with cards.\n\n\
         {count} games are playable, in the terminal (deckmate play) and in the browser \
         (deckmate serve), against the engine or a friend: {all}. Games are saved as records \
         that deckmate replay checks; analyse, match, bench and perft run the engine on the \
         board games ({boards}); solve finds the exact value of {solved} positions; cards \
         prints {cards} reference cards. Your own chess variant, written as a TOML \
         file, is played by the same commands with --variant-file PATH, and offered by the web \
         app with serve --variants DIR.\n\n\
         Exit status: 0 ok, 1 bad input or an illegal move, 2 a usage error."
    )
}

/// The end of `deckmate --help`: where to start, every game's key from the
/// registry.
fn footer() -> String {
    let keys: Vec<&str> = deckmate_games::list::GAMES.iter().map(|g| g.key).collect();
    let keys = keys.join(" | ");
    format!(
        "Start with:  deckmate serve   (then open the address it prints)\n\
         Or:          deckmate play {keys}   (in the terminal)\n\
         Rules:       deckmate rules {keys}\n\
         Your own:    deckmate play --variant-file variants/chess.toml"
    )
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve(a) => cmd::serve::run(a),
        Command::Db(a) => cmd::db::run(a),
        Command::Play(a) => cmd::play::run(a),
        Command::Perft(a) => cmd::perft::run(a),
        Command::Replay(a) => cmd::replay::run(a),
        Command::Rules(a) => cmd::rules::run(a),
        Command::Analyse(a) => cmd::analyse::run(a),
        Command::Bench(a) => cmd::bench::run(a),
        Command::Match(a) => cmd::matches::run(*a),
        Command::Uci(a) => cmd::uci::run(a),
        Command::Xboard(a) => cmd::xboard::run(a),
        Command::Solve(a) => cmd::solve::run(a),
        Command::Cards(a) => cmd::cards::run(a),
        Command::Tune(a) => cmd::tune::run(a),
        Command::Bot(a) => online::bot::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            errln!("deckmate: {e}");
            ExitCode::from(1)
        }
    }
}
