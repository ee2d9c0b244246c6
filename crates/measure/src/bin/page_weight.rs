//! The bytes of a first and a repeat visit to a game page (issue 31, item
//! 16), as a browser that accepts brotli or gzip fetches them: the page,
//! then every asset it loads (the style sheet, the icon, the module
//! script and every module it imports, followed as the browser follows
//! them). A repeat visit asks for the page again with its entity tag
//! (a 304) and nothing else: the assets at their versioned addresses are
//! kept for a year. The API's first view of the game is counted apart.
//!
//! In process, through the server's router (no network):
//! `cargo run --release -p deckmate-measure --bin page_weight`

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use deckmate_server::static_files::{module_imports, quoted_after, resolve_import};
use deckmate_server::{app, AppState, Db};
use http_body_util::BodyExt;
use std::collections::{BTreeSet, VecDeque};
use tower::ServiceExt;

/// One GET: status, ETag, body bytes as sent.
async fn fetch(
    state: &AppState,
    path: &str,
    encoding: &str,
    tag: Option<&str>,
) -> Result<(StatusCode, Option<String>, Vec<u8>), String> {
    let mut req = Request::builder()
        .uri(path)
        .header(header::ACCEPT_ENCODING, encoding);
    if let Some(t) = tag {
        req = req.header(header::IF_NONE_MATCH, t);
    }
    let req = req.body(Body::empty()).map_err(|e| e.to_string())?;
    let resp = app(state.clone())
        .oneshot(req)
        .await
        .map_err(|e| e.to_string())?;
    let status = resp.status();
    let etag = resp
        .headers()
        .get(header::ETAG)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let bytes = resp
        .into_body()
        .collect()
        .await
        .map_err(|e| e.to_string())?
        .to_bytes()
        .to_vec();
    Ok((status, etag, bytes))
}

/// The page's assets and every module they import, in the order a
/// browser meets them.
fn page_assets(page: &str) -> Vec<String> {
    let mut out: Vec<String> = quoted_after(page, "href=\"")
        .into_iter()
        .filter(|h| h.starts_with("/v/"))
        .collect();
    out.extend(quoted_after(page, "src=\""));
    out
}

async fn visit(state: &AppState, path: &str, encoding: &str) -> Result<(), String> {
    let (status, tag, page) = fetch(state, path, encoding, None).await?;
    if status != StatusCode::OK {
        return Err(format!("{path}: {status}"));
    }
    let plain_page = fetch(state, path, "identity", None).await?.2;
    let text = String::from_utf8_lossy(&plain_page).into_owned();
    let mut sent = page.len();
    let mut plain = plain_page.len();
    let mut requests = 1;
    let mut seen = BTreeSet::new();
    let mut queue: VecDeque<String> = page_assets(&text).into();
    while let Some(asset) = queue.pop_front() {
        if !seen.insert(asset.clone()) {
            continue;
        }
        let (s, _, body) = fetch(state, &asset, encoding, None).await?;
        if s != StatusCode::OK {
            return Err(format!("{asset}: {s}"));
        }
        let raw = fetch(state, &asset, "identity", None).await?.2;
        requests += 1;
        sent += body.len();
        plain += raw.len();
        if asset.ends_with(".js") {
            let js = String::from_utf8_lossy(&raw).into_owned();
            for spec in module_imports(&js) {
                if let Some(path) = resolve_import(&asset, &spec) {
                    queue.push_back(path);
                }
            }
        }
    }
    println!(
        "first visit, {encoding}: {requests} requests, {sent} bytes of bodies ({plain} uncompressed)"
    );
    let (s, _, again) = fetch(state, path, encoding, tag.as_deref()).await?;
    println!(
        "repeat visit, {encoding}: 1 request ({s}), {} bytes of body; {} assets kept (immutable at /v/{}/)",
        again.len(),
        seen.len(),
        deckmate_server::static_files::version()
    );
    Ok(())
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let db = Db::open(":memory:").map_err(|e| e.to_string())?;
    let state = AppState::new(db, true).map_err(|e| e.to_string())?;
    // A game page: the page is the same for every game; its view comes
    // from the API after the modules load.
    let page = "/game/0123456789ab";
    for encoding in ["br", "gzip", "identity"] {
        visit(&state, page, encoding).await?;
    }
    let (_, _, lobby) = fetch(&state, "/api/variants", "br", None).await?;
    println!(
        "the lobby's list of games (/api/variants), br: {} bytes",
        lobby.len()
    );
    Ok(())
}
