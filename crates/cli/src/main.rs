//! The `deckmate` command: play, check and study chess variants played with
//! cards. This file only parses arguments and dispatches; each command lives
//! in `cmd/`.

mod cmd;
mod render;
mod variant;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Play, analyse and host chess variants that are played with cards.
#[derive(Parser)]
#[command(name = "deckmate", version, about, long_about = None)]
#[command(
    after_help = "Start with:  deckmate serve   (then open the address it prints)\nOr:          deckmate play cardmate   (in the terminal)\nRules:       deckmate rules cardmate"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Start the web app: play in the browser against the engine or a friend.
    Serve(cmd::serve::ServeArgs),
    /// Play a game in the terminal, against the computer or a friend.
    Play(cmd::play::PlayArgs),
    /// Count the leaf nodes of the move tree (checks move generation).
    Perft(cmd::perft::PerftArgs),
    /// Check a game record move by move and print the result.
    Replay(cmd::replay::ReplayArgs),
    /// Print the rules of a game as deckmate plays them.
    Rules(cmd::rules::RulesArgs),
    /// Let the engine analyse a position.
    Analyse(cmd::analyse::AnalyseArgs),
    /// Search fixed positions: the engine's node-count signature and speed.
    Bench(cmd::bench::BenchArgs),
    /// Play engine levels (or a random player) against each other.
    Match(cmd::matches::MatchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve(a) => cmd::serve::run(a),
        Command::Play(a) => cmd::play::run(a),
        Command::Perft(a) => cmd::perft::run(a),
        Command::Replay(a) => cmd::replay::run(a),
        Command::Rules(a) => cmd::rules::run(a),
        Command::Analyse(a) => cmd::analyse::run(a),
        Command::Bench(a) => cmd::bench::run(a),
        Command::Match(a) => cmd::matches::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("deckmate: {e}");
            ExitCode::from(1)
        }
    }
}
