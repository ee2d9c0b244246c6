//! Serving the app on a listener, with the limits a public server needs:
//! a cap on open connections, and a time limit on a request's headers
//! (which is also how long an idle kept-alive connection stays open).
//! WebSockets keep themselves alive with pings (`api::ws`).

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};
use tower::ServiceExt;

/// The connection limits of [`serve`].
#[derive(Clone, Debug)]
pub struct ServeLimits {
    /// Connections open at once (WebSockets included); beyond it new ones
    /// wait to be accepted.
    pub max_connections: usize,
    /// How long a client may take to send a request's headers, and how
    /// long an idle connection is kept open between requests.
    pub header_timeout: Duration,
}

impl Default for ServeLimits {
    fn default() -> ServeLimits {
        ServeLimits {
            max_connections: 1024,
            header_timeout: Duration::from_secs(10),
        }
    }
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
        let app = app.clone();
        let mut stop = stop_rx.clone();
        let header_timeout = limits.header_timeout;
        tokio::spawn(async move {
            let _permit = permit;
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
