//! `deckmate db`: the server's database without the server: bring its
//! schema up to date (`migrate`), or move a site from one store to
//! another (`copy`, SQLite to PostgreSQL or back), checked by counting.

use clap::{Args, Subcommand};
use deckmate_server::db::{Db, MoveRow, SeekClock, TableCounts, LATEST_MIGRATION};
use std::process::ExitCode;

/// Arguments of `deckmate db`.
#[derive(Args)]
#[command(
    after_help = "A database is an SQLite file (deckmate.db) or a PostgreSQL URL\n\
(postgres://user:password@host:5432/name). The server applies the migrations\n\
itself when it starts; `migrate` applies them alone (before a deployment).\n\
`copy` refuses a target that holds any game, moves every game with its moves,\n\
clocks, chat, nicknames, end and draw offer, and every open seek, then\n\
compares the number of rows of each table."
)]
pub struct DbArgs {
    #[command(subcommand)]
    command: DbCommand,
}

#[derive(Subcommand)]
enum DbCommand {
    /// Apply the schema's migrations that a database lacks.
    Migrate {
        /// The database: an SQLite file or a postgres:// URL.
        #[arg(long, default_value = "deckmate.db")]
        db: String,
    },
    /// Copy a whole site into an empty database and check the counts.
    Copy {
        /// The database read: an SQLite file or a postgres:// URL.
        #[arg(long)]
        from: String,
        /// The database written (empty): an SQLite file or a postgres:// URL.
        #[arg(long)]
        to: String,
    },
}

/// A database named for a message: a URL without its password.
/// A database's address as printed: without its password.
pub(crate) fn shown(target: &str) -> String {
    match (target.find("://"), target.find('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let userinfo = &target[scheme + 3..at];
            let user = userinfo.split(':').next().unwrap_or("");
            format!("{}{user}{}", &target[..scheme + 3], &target[at..])
        }
        _ => target.to_string(),
    }
}

fn open(target: &str) -> Result<Db, String> {
    Db::open(target).map_err(|e| format!("{}: {e}", shown(target)))
}

fn counts_line(c: TableCounts) -> String {
    format!(
        "{} games, {} moves, {} chat messages, {} seeks",
        c.games, c.moves, c.chat, c.seeks
    )
}

/// Runs `deckmate db`.
pub fn run(args: DbArgs) -> Result<ExitCode, String> {
    match args.command {
        DbCommand::Migrate { db } => {
            let d = open(&db)?;
            let applied = d.migrations().map_err(String::from)?;
            outln!(
                "{} {}: schema version {} (migrations {:?}; the latest is {LATEST_MIGRATION})",
                d.kind(),
                shown(&db),
                applied.last().copied().unwrap_or(0),
                applied
            );
            Ok(ExitCode::SUCCESS)
        }
        DbCommand::Copy { from, to } => {
            if from == to {
                return Err("--from and --to name the same database".into());
            }
            let src = open(&from)?;
            let dst = open(&to)?;
            let before = dst.counts().map_err(String::from)?;
            if before.games > 0 || before.seeks > 0 {
                return Err(format!(
                    "{} is not empty ({}): copy into an empty database",
                    shown(&to),
                    counts_line(before)
                ));
            }
            let want = src.counts().map_err(String::from)?;
            copy(&src, &dst)?;
            let got = dst.counts().map_err(String::from)?;
            if got != want {
                return Err(format!(
                    "the copy differs: {} read, {} written",
                    counts_line(want),
                    counts_line(got)
                ));
            }
            outln!(
                "copied {} from {} ({}) to {} ({}); the counts match",
                counts_line(got),
                shown(&from),
                src.kind(),
                shown(&to),
                dst.kind()
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Every game (its row, moves with clocks, chat, end, offer, line) and
/// every seek of `src`, written to `dst`.
fn copy(src: &Db, dst: &Db) -> Result<(), String> {
    let lines: Vec<(String, String)> = src
        .index()
        .map_err(String::from)?
        .into_iter()
        .filter_map(|r| r.summary.map(|s| (r.id, s)))
        .collect();
    for (row, moves) in src.load_all().map_err(String::from)? {
        dst.insert_game(&row).map_err(String::from)?;
        // Each write of the game's play counts its version up from 0.
        let mut version = 0;
        for (i, text) in moves.iter().enumerate() {
            let (mover, clock_ms) = row.clocks.get(i).copied().unwrap_or((None, None));
            let m = MoveRow {
                ply: i + 1,
                text: text.clone(),
                mover,
                clock_ms,
            };
            dst.insert_move(&row.id, version, &m)
                .map_err(String::from)?;
            version += 1;
        }
        // Every message the source keeps (at most CHAT_STORED a game).
        for (n, seat, text) in src
            .chat_of(&row.id, deckmate_server::db::CHAT_STORED)
            .map_err(String::from)?
        {
            dst.insert_chat(&row.id, n, seat, &text)
                .map_err(String::from)?;
        }
        if row.draw_offer.is_some() {
            dst.set_draw_offer(&row.id, version, row.draw_offer)
                .map_err(String::from)?;
            version += 1;
        }
        if let Some(offers) = &row.offers {
            dst.set_offers(&row.id, version, offers)
                .map_err(String::from)?;
        }
    }
    dst.set_summaries(&lines).map_err(String::from)?;
    // Every seek as it is (none lapses, none is refused by the cap: the
    // server that opens the copy decides which still stand).
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    let keep_all = SeekClock {
        now_ms,
        idle_ms: i64::MAX / 4,
        ttl_ms: i64::MAX / 4,
        accepted_kept_ms: i64::MAX / 4,
        cap: usize::MAX,
    };
    for (id, token, body, made) in src.seeks().map_err(String::from)? {
        dst.insert_seek(&id, &token, &body, made, &keep_all)
            .map_err(String::from)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::shown;

    #[test]
    fn a_password_is_never_shown() {
        assert_eq!(
            shown("postgres://ann:secret@db:5432/site"),
            "postgres://ann@db:5432/site"
        );
        assert_eq!(shown("postgres://ann@db/site"), "postgres://ann@db/site");
        assert_eq!(shown("deckmate.db"), "deckmate.db");
    }
}
