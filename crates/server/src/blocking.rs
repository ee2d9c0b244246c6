//! Building games off the async runtime.
//!
//! Making a game may compile a client's text (a Dealer's Chess deck file's
//! XBetza, a variant file's pieces) and replay moves: work that takes as
//! long as its input makes it, with no await in it. Done on an async
//! worker it would stop every other request served by that worker, so it
//! runs here: on tokio's blocking threads, at most `Config::build_threads`
//! at once (the others wait their turn without holding a thread). A request
//! whose time (20 s) runs out while its game is being built is answered
//! 408 at once; the build finishes in the background and is dropped.

use std::fmt;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// Called at the start of every build, on the thread that builds, with
/// what is built ("create", "seek", "rematch", "view", "analysis",
/// "load"...). For tests: a hook that waits shows that a slow build stops
/// no other request.
#[derive(Clone)]
pub struct BuildHook(pub Arc<dyn Fn(&str) + Send + Sync>);

impl fmt::Debug for BuildHook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("BuildHook")
    }
}

/// The bounded pool where games are built.
pub(crate) struct Builders {
    permits: Arc<Semaphore>,
    hook: Option<BuildHook>,
}

impl Builders {
    /// A pool building `size` games at once (at least one).
    pub(crate) fn new(size: usize, hook: Option<BuildHook>) -> Builders {
        Builders {
            permits: Arc::new(Semaphore::new(size.max(1))),
            hook,
        }
    }

    /// Runs `build` on a blocking thread when a place is free, and gives
    /// its result; an error only if the build panicked (a bug, said as
    /// such).
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        what: &'static str,
        build: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, String> {
        let permit = Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .map_err(|_| "the server is stopping".to_string())?;
        let hook = self.hook.clone();
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            if let Some(h) = hook {
                (h.0)(what);
            }
            build()
        })
        .await
        .map_err(|e| {
            eprintln!("deckmate: building a game ({what}) failed: {e}");
            format!("building the game failed ({what}): a bug in the server")
        })
    }
}
