//! `deckmate serve`: the web app.

use clap::Args;
use deckmate_server::{app, AppState, Db};
use std::process::ExitCode;

/// Arguments of `deckmate serve`.
#[derive(Args)]
#[command(
    after_help = "Open the printed address in a browser. Games are kept in the database\n\
file and continue after a restart. The web client is built into the binary."
)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// SQLite database file (created if missing).
    #[arg(long, default_value = "deckmate.db")]
    db: String,
    /// Engine seats never move (for load tests).
    #[arg(long, hide = true)]
    no_engines: bool,
}

/// Runs the server until interrupted.
pub fn run(args: ServeArgs) -> Result<ExitCode, String> {
    let db = Db::open(&args.db)?;
    let rt = tokio::runtime::Runtime::new().map_err(|e| format!("cannot start: {e}"))?;
    rt.block_on(async move {
        let state = AppState::new(db, !args.no_engines)?;
        let listener = tokio::net::TcpListener::bind(&args.addr)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", args.addr))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        println!("deckmate is running: open http://{local}/ in your browser (Ctrl-C to stop)");
        println!("games are kept in {}", args.db);
        axum::serve(listener, app(state))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .map_err(|e| format!("server: {e}"))
    })?;
    Ok(ExitCode::SUCCESS)
}
