//! The store: the database on a thread of its own.
//!
//! SQLite calls block (on the disk, or on a lock another process holds),
//! so none is made on the async runtime. One writer thread owns the
//! connection (PostgreSQL: a few threads, each with its connection, as
//! the database says: [`crate::db::Storage::workers`]) and takes requests
//! from a bounded queue; a handler awaits the answer without holding a
//! thread. Each request has a deadline: one that
//! waited too long in the queue is refused without touching the database,
//! and one that starts waits for a lock only until its deadline. So a
//! locked or slow database makes writes fail as busy after a bounded time,
//! while everything that needs no storage answers at once.

use crate::db::{Db, GameRow, MoveRow};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// How many requests may wait for the writer thread.
const QUEUE: usize = 1024;

/// Why a write did not happen. Nothing was stored in either case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The database stayed locked or the queue full past the deadline:
    /// worth trying again soon.
    Busy(String),
    /// The database refused (a full disk, a broken file).
    Failed(String),
    /// The row is stored already (another request, perhaps to another
    /// server on the same database, stored its own first).
    Conflict(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Busy(m) | StoreError::Failed(m) | StoreError::Conflict(m) => f.write_str(m),
        }
    }
}

/// One write.
enum Op {
    Game(Box<GameRow>),
    Move {
        id: String,
        version: u64,
        row: MoveRow,
    },
    Ended {
        id: String,
        version: u64,
        ended: String,
    },
    Truncate {
        id: String,
        version: u64,
        keep: usize,
    },
    Offers {
        id: String,
        version: u64,
        offers: String,
    },
    Chat {
        id: String,
        n: u64,
        seat: u8,
        text: String,
    },
    Name {
        id: String,
        seat: u8,
        name: String,
    },
    DrawOffer {
        id: String,
        version: u64,
        offer: Option<(u8, u32)>,
    },
    Summaries(Vec<(String, String)>),
    /// Any call on the database, answering on its own channel.
    Run(Box<dyn FnOnce(&Db) + Send>),
    /// A read: a game and its moves, answered on its own channel.
    Load {
        id: String,
        answer: oneshot::Sender<Loaded>,
    },
}

/// A game read back: its row and moves, if it is stored.
pub type Loaded = Result<Option<(GameRow, Vec<String>)>, StoreError>;

struct Request {
    op: Op,
    deadline: Instant,
    reply: oneshot::Sender<Result<(), StoreError>>,
}

/// A handle on the writer thread; cheap to clone.
#[derive(Clone)]
pub struct Store {
    tx: mpsc::Sender<Request>,
    wait: Duration,
}

impl Store {
    /// Starts the writer thread over `db`. A write waits at most `wait`
    /// (in the queue and for locks together) before it fails as busy.
    pub fn start(db: Db, wait: Duration) -> Result<Store, String> {
        let (tx, rx) = mpsc::channel(QUEUE);
        // One worker a connection: SQLite's one writer, or several
        // connections to PostgreSQL taking requests from the one queue.
        let mut dbs = Vec::new();
        for _ in 1..db.workers() {
            if let Some(more) = db.another() {
                dbs.push(more?);
            }
        }
        dbs.insert(0, db);
        let rx = std::sync::Arc::new(std::sync::Mutex::new(rx));
        for (i, db) in dbs.into_iter().enumerate() {
            let rx = std::sync::Arc::clone(&rx);
            std::thread::Builder::new()
                .name(format!("deckmate-store-{i}"))
                .spawn(move || writer(db, &rx))
                .map_err(|e| format!("cannot start the store thread: {e}"))?;
        }
        Ok(Store { tx, wait })
    }

    async fn send(&self, op: Op) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        let req = Request {
            op,
            deadline: Instant::now() + self.wait,
            reply,
        };
        self.tx.try_send(req).map_err(|e| match e {
            mpsc::error::TrySendError::Full(_) => {
                StoreError::Busy("the database is busy (too many writes waiting)".into())
            }
            mpsc::error::TrySendError::Closed(_) => {
                StoreError::Failed("the database is closed".into())
            }
        })?;
        answer
            .await
            .unwrap_or_else(|_| Err(StoreError::Failed("the database thread stopped".into())))
    }

    /// Runs `f` on the database in its turn (a read, or a write of its
    /// own), within the store's deadline, and gives its answer.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Db) -> crate::db::DbResult<T> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.send(Op::Run(Box::new(move |db: &Db| {
            let _ = tx.send(f(db).map_err(failed));
        })))
        .await?;
        rx.await
            .unwrap_or_else(|_| Err(StoreError::Failed("the database thread stopped".into())))
    }

    /// Stores a new game.
    pub async fn insert_game(&self, row: GameRow) -> Result<(), StoreError> {
        self.send(Op::Game(Box::new(row))).await
    }

    /// Stores a move of a game on its `version` (a conflict when the
    /// game changed first: [`crate::db::Storage::insert_move`]).
    pub async fn insert_move(
        &self,
        id: &str,
        version: u64,
        row: MoveRow,
    ) -> Result<(), StoreError> {
        self.send(Op::Move {
            id: id.into(),
            version,
            row,
        })
        .await
    }

    /// Stores chat message number `n` of a game.
    pub async fn insert_chat(
        &self,
        id: &str,
        n: u64,
        seat: u8,
        text: &str,
    ) -> Result<(), StoreError> {
        self.send(Op::Chat {
            id: id.into(),
            n,
            seat,
            text: text.into(),
        })
        .await
    }

    /// Sets a seat's nickname.
    pub async fn set_name(&self, id: &str, seat: u8, name: &str) -> Result<(), StoreError> {
        self.send(Op::Name {
            id: id.into(),
            seat,
            name: name.into(),
        })
        .await
    }

    /// Takes back every move after ply `keep`.
    pub async fn truncate_moves(
        &self,
        id: &str,
        version: u64,
        keep: usize,
    ) -> Result<(), StoreError> {
        self.send(Op::Truncate {
            id: id.into(),
            version,
            keep,
        })
        .await
    }

    /// Records an end from outside the board, on the game's `version`.
    pub async fn set_ended(&self, id: &str, version: u64, ended: String) -> Result<(), StoreError> {
        self.send(Op::Ended {
            id: id.into(),
            version,
            ended,
        })
        .await
    }

    /// Records the offers pending besides a draw, on the game's `version`.
    pub async fn set_offers(
        &self,
        id: &str,
        version: u64,
        offers: String,
    ) -> Result<(), StoreError> {
        self.send(Op::Offers {
            id: id.into(),
            version,
            offers,
        })
        .await
    }

    /// Stores games' lobby lines (id, the line as JSON).
    pub async fn set_summaries(&self, lines: Vec<(String, String)>) -> Result<(), StoreError> {
        self.send(Op::Summaries(lines)).await
    }

    /// Reads a game and its moves (in turn with the writes, so it holds
    /// every write asked before it).
    pub async fn load_game(&self, id: &str) -> Loaded {
        let (answer, loaded) = oneshot::channel();
        self.send(Op::Load {
            id: id.into(),
            answer,
        })
        .await?;
        loaded
            .await
            .unwrap_or_else(|_| Err(StoreError::Failed("the database thread stopped".into())))
    }

    /// Records a pending draw offer (seat, moves played), or none.
    pub async fn set_draw_offer(
        &self,
        id: &str,
        version: u64,
        offer: Option<(u8, u32)>,
    ) -> Result<(), StoreError> {
        self.send(Op::DrawOffer {
            id: id.into(),
            version,
            offer,
        })
        .await
    }
}

/// The writer thread: one request at a time, each within its deadline.
fn writer(db: Db, rx: &std::sync::Mutex<mpsc::Receiver<Request>>) {
    loop {
        // One worker waits on the queue at a time; the others wait for it.
        let next = rx
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .blocking_recv();
        let Some(req) = next else {
            return;
        };
        let left = req.deadline.saturating_duration_since(Instant::now());
        let result = if left.is_zero() {
            Err(StoreError::Busy(
                "the database is busy: the write waited too long; nothing was stored".into(),
            ))
        } else {
            apply(&db, req.op, left)
        };
        // The asker may have gone (a closed connection): nothing to tell.
        let _ = req.reply.send(result);
    }
}

fn apply(db: &Db, op: Op, left: Duration) -> Result<(), StoreError> {
    db.set_busy_timeout(left)
        .map_err(|e| StoreError::Failed(e.message))?;
    let r = match op {
        Op::Game(row) => db.insert_game(&row),
        Op::Move { id, version, row } => db.insert_move(&id, version, &row),
        Op::Ended { id, version, ended } => db.set_ended(&id, version, &ended),
        Op::Truncate { id, version, keep } => db.truncate_moves(&id, version, keep),
        Op::Offers {
            id,
            version,
            offers,
        } => db.set_offers(&id, version, &offers),
        Op::Chat { id, n, seat, text } => db.insert_chat(&id, n, seat, &text),
        Op::Name { id, seat, name } => db.set_name(&id, seat, &name),
        Op::DrawOffer { id, version, offer } => db.set_draw_offer(&id, version, offer),
        Op::Summaries(lines) => db.set_summaries(&lines),
        Op::Run(f) => {
            f(db);
            Ok(())
        }
        Op::Load { id, answer } => {
            let _ = answer.send(db.load_game(&id).map_err(failed));
            Ok(())
        }
    };
    r.map_err(failed)
}

/// A database error as the store tells it.
fn failed(e: crate::db::DbError) -> StoreError {
    if e.conflict {
        StoreError::Conflict(format!(
            "stored already by another request ({}); nothing changed",
            e.message.trim_start_matches("database: ")
        ))
    } else if e.busy {
        StoreError::Busy(format!(
            "the database is busy ({}); nothing was stored",
            e.message.trim_start_matches("database: ")
        ))
    } else {
        StoreError::Failed(e.message)
    }
}
