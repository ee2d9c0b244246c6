//! Serving the app on a listener, with the limits a public server needs:
//! a cap on open connections, in all and per client address, and a time
//! limit on a request's headers (which is also how long an idle
//! kept-alive connection stays open). WebSockets keep themselves alive
//! with pings (`api::ws`).
//!
//! A connection is counted for as long as its socket is open: the counts
//! travel with the socket itself ([`Counted`]), so a connection upgraded
//! to a WebSocket keeps its place until the WebSocket closes.

use crate::limits::client_key;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tower::ServiceExt;

/// The connection limits of [`serve`].
#[derive(Clone, Debug)]
pub struct ServeLimits {
    /// Connections open at once (WebSockets included, for their whole
    /// life); beyond it new ones wait to be accepted.
    pub max_connections: usize,
    /// Connections open at once from one client address (an IPv6 /64
    /// counts as one), WebSockets included; one more is answered 503 and
    /// closed at once.
    pub max_per_address: usize,
    /// How long a client may take to send a request's headers, and how
    /// long an idle connection is kept open between requests.
    pub header_timeout: Duration,
}

/// The default of [`ServeLimits::max_per_address`]: a dozen browsers'
/// worth (a browser opens about six connections to a host, and one
/// WebSocket a game or analysis page; people behind one NAT share an
/// address), an eighth of the default [`ServeLimits::max_connections`].
pub const DEFAULT_MAX_PER_ADDRESS: usize = 128;

impl Default for ServeLimits {
    fn default() -> ServeLimits {
        ServeLimits {
            max_connections: 1024,
            max_per_address: DEFAULT_MAX_PER_ADDRESS,
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// The connections open from each client address.
#[derive(Default)]
struct PerAddress {
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One connection's place in its address's count, given back when it is
/// dropped.
struct AddressPlace {
    counts: Arc<PerAddress>,
    key: IpAddr,
}

impl PerAddress {
    /// A place for one more connection from `key`, unless it has `max`.
    fn take(counts: &Arc<PerAddress>, key: IpAddr, max: usize) -> Option<AddressPlace> {
        let mut open = crate::lock(&counts.open);
        let n = open.entry(key).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(AddressPlace {
            counts: Arc::clone(counts),
            key,
        })
    }
}

impl Drop for AddressPlace {
    fn drop(&mut self) {
        let mut open = crate::lock(&self.counts.open);
        if let Some(n) = open.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}

/// A client's socket with its places in the counts: whoever holds the
/// socket (hyper's connection, then a WebSocket after an upgrade) holds
/// them, and they are given back when it is closed.
struct Counted {
    stream: TcpStream,
    _permit: OwnedSemaphorePermit,
    _place: AddressPlace,
}

impl AsyncRead for Counted {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// What a connection over its address's cap is told before it is closed.
const TOO_MANY_FROM_ADDRESS: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\n\
Content-Type: application/json\r\nRetry-After: 10\r\nConnection: close\r\n\
Content-Length: 62\r\n\r\n\
{\"error\":\"too many connections from your address: close some\"}";

/// Refused connections being closed at once (the others are dropped).
const REFUSING: usize = 256;

/// Tells a connection over its address's cap why, and closes it: the
/// answer is written at once (a fresh socket's buffer takes these few
/// bytes), then what the client sent is read and dropped for a moment, so
/// that closing does not reset the connection before the answer is read.
/// At most [`REFUSING`] refusals linger so; beyond, a connection is just
/// closed.
fn refuse(stream: TcpStream, refusing: &Arc<Semaphore>) {
    let _ = stream.try_write(TOO_MANY_FROM_ADDRESS);
    let Ok(permit) = Arc::clone(refusing).try_acquire_owned() else {
        return;
    };
    tokio::spawn(async move {
        let _permit = permit;
        let mut stream = stream;
        let _ = tokio::io::AsyncWriteExt::shutdown(&mut stream).await;
        let mut sink = [0u8; 4096];
        let _ = tokio::time::timeout(Duration::from_secs(1), async {
            let mut left = 64 * 1024;
            while left > 0 {
                match tokio::io::AsyncReadExt::read(&mut stream, &mut sink).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => left -= n.min(left),
                }
            }
        })
        .await;
    });
}

/// Serves `app` on `listener` until `shutdown` completes, then lets open
/// requests finish (WebSockets are closed).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ServeLimits,
    shutdown: impl Future<Output = ()> + Send,
) -> std::io::Result<()> {
    let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let per_address = Arc::new(PerAddress::default());
    let refusing = Arc::new(Semaphore::new(REFUSING));
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            p = Arc::clone(&permits).acquire_owned() => match p {
                Ok(p) => p,
                Err(_) => break,
            },
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            a = listener.accept() => match a {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors and the like: wait a little
                    // rather than spin.
                    eprintln!("deckmate: accept: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(place) = PerAddress::take(
            &per_address,
            client_key(peer.ip()),
            limits.max_per_address.max(1),
        ) else {
            refuse(stream, &refusing);
            continue;
        };
        let stream = Counted {
            stream,
            _permit: permit,
            _place: place,
        };
        let app = app.clone();
        let mut stop = stop_rx.clone();
        let header_timeout = limits.header_timeout;
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo(peer));
                app.clone().oneshot(req.map(axum::body::Body::new))
            });
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout);
            let conn = builder
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            let mut conn = std::pin::pin!(conn);
            let stopping = tokio::select! {
                _ = conn.as_mut() => false,
                r = stop.wait_for(|s| *s) => r.is_ok(),
            };
            if stopping {
                conn.as_mut().graceful_shutdown();
                let _ = tokio::time::timeout(Duration::from_secs(5), conn).await;
            }
        });
    }
    let _ = stop_tx.send(true);
    // Give open requests a moment to finish.
    let _ = tokio::time::timeout(
        Duration::from_secs(5),
        permits.acquire_many(limits.max_connections.max(1) as u32),
    )
    .await;
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use axum::routing::get;
    use std::net::SocketAddr;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;

    async fn start(limits: ServeLimits) -> SocketAddr {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = Router::new().route("/", get(|| async { "ok" }));
        tokio::spawn(serve(listener, app, limits, std::future::pending()));
        addr
    }

    async fn closed_within(s: &mut TcpStream, wait: Duration) -> bool {
        let mut buf = [0u8; 256];
        matches!(
            tokio::time::timeout(wait, async {
                loop {
                    match s.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(_) => {}
                    }
                }
            })
            .await,
            Ok(())
        )
    }

    #[tokio::test]
    async fn a_client_that_never_finishes_its_headers_is_cut_off() {
        let addr = start(ServeLimits {
            max_connections: 8,
            max_per_address: 8,
            header_timeout: Duration::from_millis(300),
        })
        .await;
        let mut slow = TcpStream::connect(addr).await.unwrap();
        slow.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
            .await
            .unwrap();
        assert!(closed_within(&mut slow, Duration::from_secs(5)).await);
        // An idle connection that sent nothing is closed too.
        let mut idle = TcpStream::connect(addr).await.unwrap();
        assert!(closed_within(&mut idle, Duration::from_secs(5)).await);
    }

    #[tokio::test]
    async fn connections_beyond_the_cap_wait_for_a_free_one() {
        let addr = start(ServeLimits {
            max_connections: 2,
            max_per_address: 2,
            header_timeout: Duration::from_secs(2),
        })
        .await;
        let _a = TcpStream::connect(addr).await.unwrap();
        let _b = TcpStream::connect(addr).await.unwrap();
        tokio::time::sleep(Duration::from_millis(100)).await;
        // The third connects (the kernel's backlog) but gets no answer
        // while the two others hold their places...
        let mut c = TcpStream::connect(addr).await.unwrap();
        c.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .unwrap();
        let mut buf = Vec::new();
        let early = tokio::time::timeout(Duration::from_millis(500), c.read_to_end(&mut buf)).await;
        assert!(early.is_err(), "answered beyond the cap");
        // ...and is served once the header timeout frees them.
        tokio::time::timeout(Duration::from_secs(10), c.read_to_end(&mut buf))
            .await
            .unwrap()
            .unwrap();
        assert!(String::from_utf8_lossy(&buf).starts_with("HTTP/1.1 200"));
    }
}
