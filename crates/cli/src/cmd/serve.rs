//! `deckmate serve`: the web app.

use clap::Args;
use deckmate_server::{app, load_variants, serve, AppState, Config, Db, ServeLimits};
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `deckmate serve`.
#[derive(Args)]
#[command(
    after_help = "Open the printed address in a browser. Games are kept in the database\n\
file and continue after a restart. The web client is built into the binary.\n\
The limits keep one client from starving the others: engine searches run on\n\
a fixed pool and wait their turn, game creations are rate-limited per address\n\
(429 with Retry-After), connections (WebSockets included) are capped in all\n\
and per address, and slow ones cut off. WebSockets opened by another site's\n\
page are refused unless --allow-origin names it.\n\n\
--variants DIR offers every DIR/*.toml variant file in the lobby too (at most\n\
64 files of 64 KiB each), keyed by its file name (fairy-court.toml ->\n\
fairy-court). A broken file is reported with its reason and skipped. Games of\n\
a file stay in the database: served again when the server is started with\n\
the same file, refused with the reason (503) while it is missing or changed."
)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// The database: an SQLite file (created if missing), or a PostgreSQL
    /// URL (postgres://user:password@host:5432/name) shared by any number
    /// of servers.
    #[arg(long, default_value = "deckmate.db")]
    db: String,
    /// Engine searches run at once (default: the number of cores); the
    /// others wait in order.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    engine_threads: Option<u16>,
    /// Games one address may create per minute.
    #[arg(long, value_name = "N", default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..))]
    create_rate: u32,
    /// Games one address may create at once before the rate applies.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    create_burst: u32,
    /// Connections open at once, WebSockets included for as long as they
    /// are open; beyond it new connections wait to be accepted.
    #[arg(long, value_name = "N", default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections: u32,
    /// Connections open at once from one address (an IPv6 /64 counts as
    /// one), WebSockets included; one more is answered 503 and closed.
    #[arg(long, value_name = "N", default_value_t = deckmate_server::DEFAULT_MAX_PER_ADDRESS as u32, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections_per_address: u32,
    /// Accept WebSockets from pages of this other site too (an origin:
    /// https://host[:port]); repeatable. The server's own pages (the
    /// Origin's host is the request's Host) and clients that send no
    /// Origin are always accepted; other sites' pages are refused (403).
    #[arg(long, value_name = "URL", value_parser = origin_arg)]
    allow_origin: Vec<String>,
    /// Seconds a client may take to send a request's headers; also how
    /// long an idle connection stays open.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    header_timeout: u64,
    /// Seconds a write may wait for a busy database before the request
    /// is answered 503 (nothing stored, try again).
    #[arg(long, value_name = "SECONDS", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=600))]
    store_wait: u64,
    /// Offer the variant files (*.toml) of this folder beside the built-in
    /// games (see docs/variant-files.md).
    #[arg(long, value_name = "DIR")]
    variants: Option<String>,
    /// Mark the session cookie Secure (sent over HTTPS only): set it when
    /// the server is reached through TLS (a reverse proxy with HTTPS).
    #[arg(long)]
    secure_cookies: bool,
    /// Engine seats never move (for load tests).
    #[arg(long, hide = true)]
    no_engines: bool,
}

/// An `--allow-origin` value: an origin, `scheme://host[:port]`.
fn origin_arg(text: &str) -> Result<String, String> {
    deckmate_server::normalize_origin(text).ok_or_else(|| {
        format!(
            "'{text}' is not an origin: write it as https://host or https://host:port (no path)"
        )
    })
}

/// Runs the server until interrupted.
pub fn run(args: ServeArgs) -> Result<ExitCode, String> {
    let db = Db::open(&args.db).map_err(|e| format!("{}: {e}", super::db::shown(&args.db)))?;
    let mut config = Config {
        engines: !args.no_engines,
        store_wait: Duration::from_secs(args.store_wait),
        create_burst: args.create_burst,
        create_per_minute: args.create_rate,
        allowed_origins: args.allow_origin.clone(),
        secure_cookies: args.secure_cookies,
        ..Config::default()
    };
    if let Some(n) = args.engine_threads {
        config.engine_threads = usize::from(n);
    }
    if let Some(dir) = &args.variants {
        let loaded = load_variants(std::path::Path::new(dir))?;
        let mut err = std::io::stderr().lock();
        for s in &loaded.skipped {
            let _ = writeln!(err, "deckmate: variant file skipped: {s}");
        }
        let keys: Vec<&str> = loaded.catalog.added().iter().map(|g| g.key).collect();
        let _ = writeln!(
            err,
            "deckmate: {} variant file{} offered from {dir}{}{}",
            keys.len(),
            if keys.len() == 1 { "" } else { "s" },
            if keys.is_empty() { "" } else { ": " },
            keys.join(", ")
        );
        config.catalog = loaded.catalog;
    }
    let limits = ServeLimits {
        max_connections: args.max_connections as usize,
        max_per_address: args.max_connections_per_address as usize,
        header_timeout: Duration::from_secs(args.header_timeout),
    };
    let rt = tokio::runtime::Runtime::new().map_err(|e| format!("cannot start: {e}"))?;
    rt.block_on(async move {
        let threads = config.engine_threads;
        let state = AppState::with_config(db, config)?;
        let listener = tokio::net::TcpListener::bind(&args.addr)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", args.addr))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        // Best effort: a server whose output nobody reads serves on.
        let mut out = std::io::stdout().lock();
        let _ = writeln!(
            out,
            "deckmate is running: open http://{local}/ in your browser (Ctrl-C to stop)"
        );
        let _ = writeln!(
            out,
            "games are kept in {}; engine searches on {threads} threads",
            super::db::shown(&args.db)
        );
        drop(out);
        serve(listener, app(state), limits, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(|e| format!("server: {e}"))
    })?;
    Ok(ExitCode::SUCCESS)
}
