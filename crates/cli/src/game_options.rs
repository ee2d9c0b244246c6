//! The games' options on the command line, made from the registry: every
//! option of every game is a flag (`--palace`, `--quiet-limit`,
//! `--sacrifices`), and a flag given for a game that does not take it is
//! refused by name ("--palace is an option of Cardmate, not of Cuarenta"),
//! never ignored.

use clap::{Arg, ArgMatches, Args, Command, FromArgMatches};
use deckmate_games::list::GAMES;
use deckmate_games::registry::{GameEntry, OptionKind, OptionSpec, Options};

/// The option flags given, in the order of the registry.
#[derive(Clone, Debug, Default)]
pub struct GameOptionArgs {
    given: Vec<(&'static str, String)>,
}

/// Every option of every game once (the first game's spec where two
/// games share a name), with the games that take it.
fn all_options() -> Vec<(&'static OptionSpec, Vec<&'static GameEntry>)> {
    let mut out: Vec<(&'static OptionSpec, Vec<&'static GameEntry>)> = Vec::new();
    for g in GAMES {
        for o in g.options {
            match out.iter_mut().find(|(s, _)| s.name == o.name) {
                Some((_, owners)) => owners.push(g),
                None => out.push((o, vec![g])),
            }
        }
    }
    out
}

/// The names of `games` for a message: `Cardmate`, `Cardmate and Cuarenta`.
fn names(games: &[&GameEntry]) -> String {
    let n: Vec<&str> = games.iter().map(|g| g.name).collect();
    match n.as_slice() {
        [] => String::new(),
        [one] => one.to_string(),
        [first @ .., last] => format!("{} and {last}", first.join(", ")),
    }
}

impl GameOptionArgs {
    /// The options given for `game`; flags of options it does not take
    /// are refused, naming the games whose options they are.
    pub fn for_game(&self, game: &'static GameEntry) -> Result<Options, String> {
        let all = all_options();
        let foreign: Vec<&(&'static OptionSpec, Vec<&'static GameEntry>)> = self
            .given
            .iter()
            .filter(|(name, _)| !game.options.iter().any(|o| o.name == *name))
            .filter_map(|(name, _)| all.iter().find(|(s, _)| s.name == *name))
            .collect();
        if let Some((_, owners)) = foreign.first() {
            let flags: Vec<String> = foreign.iter().map(|(s, _)| s.flag()).collect();
            return Err(refusal(&flags, &names(owners), game.name));
        }
        Options::parse(
            game.options,
            self.given.iter().map(|(n, v)| (*n, v.as_str())),
        )
        .map_err(|e| e.to_string())
    }
}

/// The most an option's file may hold.
const OPTION_FILE_LIMIT: u64 = 64 * 1024;

/// The text of the file an option names.
fn read_option_file(spec: &OptionSpec, path: &str) -> Result<String, clap::Error> {
    use std::io::Read;
    let fail = |why: String| {
        clap::Error::raw(
            clap::error::ErrorKind::ValueValidation,
            format!("{} {path}: {why}\n", spec.flag()),
        )
    };
    let file = std::fs::File::open(path).map_err(|e| fail(e.to_string()))?;
    let mut text = String::new();
    file.take(OPTION_FILE_LIMIT + 1)
        .read_to_string(&mut text)
        .map_err(|e| fail(e.to_string()))?;
    if text.len() as u64 > OPTION_FILE_LIMIT {
        return Err(fail(format!(
            "longer than {} KiB",
            OPTION_FILE_LIMIT / 1024
        )));
    }
    Ok(text)
}

/// Refuses `flags` (as typed, e.g. `--palace`), which are `owner`'s, when
/// `game` is played: the message names the game they belong to.
pub fn refusal(flags: &[String], owner: &str, game: &str) -> String {
    match flags {
        [] => String::new(),
        [one] => format!("{one} is an option of {owner}, not of {game}"),
        [first @ .., last] => format!(
            "{} and {last} are options of {owner}, not of {game}",
            first.join(", ")
        ),
    }
}

impl FromArgMatches for GameOptionArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut given = Vec::new();
        for (spec, _) in all_options() {
            if let Ok(Some(v)) = m.try_get_one::<String>(spec.name) {
                // An option of a file's text (`--deck-file PATH`) is given
                // its path here and read, at most 64 KiB.
                let value = if spec.kind == OptionKind::File {
                    read_option_file(spec, v)?
                } else {
                    v.clone()
                };
                given.push((spec.name, value));
            }
        }
        Ok(GameOptionArgs { given })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = GameOptionArgs::from_arg_matches(m)?;
        Ok(())
    }
}

/// The flags of the options of the games `takes` accepts.
fn option_flags(mut cmd: Command, takes: fn(&GameEntry) -> bool) -> Command {
    for (spec, owners) in all_options() {
        let owners: Vec<&'static GameEntry> = owners.into_iter().filter(|g| takes(g)).collect();
        if owners.is_empty() {
            continue;
        }
        {
            let ruling = if spec.ruling.is_empty() {
                String::new()
            } else {
                format!(", {}", spec.ruling)
            };
            let long = spec.name.replace('_', "-");
            let value_name = if spec.kind == OptionKind::File {
                "PATH"
            } else {
                "VALUE"
            };
            cmd = cmd.arg(
                Arg::new(spec.name)
                    .long(long)
                    .value_name(value_name)
                    .help(format!(
                        "{}: {}{}",
                        names(&owners),
                        spec.help,
                        option_values(spec.values, spec.default, &ruling)
                    )),
            );
        }
    }
    cmd
}

impl Args for GameOptionArgs {
    fn augment_args(cmd: Command) -> Command {
        option_flags(cmd, |_| true)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        GameOptionArgs::augment_args(cmd)
    }
}

/// The options of the board games only (those with engine tools): the
/// flags of `perft` and `analyse`, which take no other game.
#[derive(Clone, Debug, Default)]
pub struct BoardOptionArgs(pub GameOptionArgs);

impl std::ops::Deref for BoardOptionArgs {
    type Target = GameOptionArgs;

    fn deref(&self) -> &GameOptionArgs {
        &self.0
    }
}

impl FromArgMatches for BoardOptionArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        GameOptionArgs::from_arg_matches(m).map(BoardOptionArgs)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(m)
    }
}

impl Args for BoardOptionArgs {
    fn augment_args(cmd: Command) -> Command {
        option_flags(cmd, |g| g.tools.is_some())
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        BoardOptionArgs::augment_args(cmd)
    }
}

/// The options of the games with an exact solver: the flags of `solve`.
#[derive(Clone, Debug, Default)]
pub struct SolverOptionArgs(pub GameOptionArgs);

impl std::ops::Deref for SolverOptionArgs {
    type Target = GameOptionArgs;

    fn deref(&self) -> &GameOptionArgs {
        &self.0
    }
}

impl FromArgMatches for SolverOptionArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        GameOptionArgs::from_arg_matches(m).map(SolverOptionArgs)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(m)
    }
}

impl Args for SolverOptionArgs {
    fn augment_args(cmd: Command) -> Command {
        option_flags(cmd, |g| g.capabilities.solver.is_some())
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        SolverOptionArgs::augment_args(cmd)
    }
}

/// Refuses a value of a choice option that is not one of its values
/// (`'half': --sacrifices takes net or gross`), for the commands that
/// read options without starting a game.
pub fn check_choices(game: &GameEntry, options: &Options) -> Result<(), String> {
    for spec in game.options {
        if spec.kind != OptionKind::Choice {
            continue;
        }
        if let Some(v) = options.given(spec.name) {
            if !spec.values.contains(&v) {
                return Err(format!(
                    "'{v}': {} takes {}",
                    spec.flag(),
                    spec.values.join(" or ")
                ));
            }
        }
    }
    Ok(())
}

/// What an option's help adds after its words: its values, its default and
/// its ruling, each only if it has one (a file option has no list).
fn option_values(values: &[&str], default: &str, ruling: &str) -> String {
    let mut parts = Vec::new();
    if !values.is_empty() {
        parts.push(values.join(", "));
    }
    if !default.is_empty() {
        parts.push(format!("default {default}"));
    }
    let ruling = ruling.trim_start_matches(", ");
    if parts.is_empty() && ruling.is_empty() {
        return String::new();
    }
    let mut text = parts.join("; ");
    if !ruling.is_empty() {
        if !text.is_empty() {
            text.push_str(", ");
        }
        text.push_str(ruling);
    }
    format!(" ({text})")
}

#[cfg(test)]
mod tests {
    use super::*;
    use deckmate_games::list::find;

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        options: GameOptionArgs,
    }

    fn parse(args: &[&str]) -> GameOptionArgs {
        use clap::Parser;
        let mut all = vec!["x"];
        all.extend(args);
        Cli::try_parse_from(all)
            .map(|c| c.options)
            .unwrap_or_default()
    }

    #[test]
    fn options_of_another_game_are_refused_by_name() {
        let (Some(cardmate), Some(cuarenta), Some(cards)) =
            (find("cardmate"), find("cuarenta"), find("chess-cards"))
        else {
            panic!("the three games are registered");
        };
        let o = parse(&["--palace", "off"]);
        assert_eq!(
            o.for_game(cuarenta).err().as_deref(),
            Some("--palace is an option of Cardmate, not of Cuarenta")
        );
        assert_eq!(
            o.for_game(cardmate)
                .map(|o| o.value("palace").map(str::to_string)),
            Ok(Some("off".into()))
        );
        let o = parse(&["--repetition", "off", "--quiet-limit", "off"]);
        assert_eq!(
            o.for_game(cards).err().as_deref(),
            Some("--repetition and --quiet-limit are options of Cardmate, not of Chess Cards")
        );
        let o = parse(&["--sacrifices", "gross"]);
        assert_eq!(
            o.for_game(cardmate).err().as_deref(),
            Some("--sacrifices is an option of Chess Cards, not of Cardmate")
        );
        assert!(parse(&[]).for_game(cuarenta).is_ok());
    }
}
