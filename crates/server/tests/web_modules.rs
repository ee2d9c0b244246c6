//! The web client's ES modules: every module the page loads, and every one
//! they import in turn, is served (200, as JavaScript); every module file
//! under `web/js/` is one of them; an unknown module is 404.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use common::{memory, send};
use std::collections::{BTreeSet, VecDeque};
use std::path::Path;

fn get(path: &str) -> Request<Body> {
    Request::get(path).body(Body::empty()).unwrap()
}

use deckmate_server::static_files::{module_imports as imports, quoted_after};

/// `spec` read from the module at `base`: the path it names. A bare name
/// (a package) is refused: the client has no dependency.
fn resolve(base: &str, spec: &str) -> String {
    deckmate_server::static_files::resolve_import(base, spec)
        .unwrap_or_else(|| panic!("{base} imports '{spec}', not a path"))
}

#[tokio::test]
async fn every_module_imported_is_served_as_javascript() {
    let state = memory();
    let (s, _, page) = send(&state, get("/")).await;
    assert_eq!(s, StatusCode::OK);
    let entries: Vec<String> = page
        .split("<script")
        .skip(1)
        .flat_map(|tag| quoted_after(&tag[..tag.find('>').unwrap()], "src=\""))
        .collect();
    // One module script, at the assets' versioned address.
    let version = deckmate_server::static_files::version();
    let js = format!("/v/{version}/js/");
    assert_eq!(entries, [format!("{js}main.js")], "the page's scripts");
    assert!(page.contains(&format!("<script src=\"{js}main.js\" type=\"module\">")));
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut queue: VecDeque<String> = entries.into_iter().collect();
    while let Some(path) = queue.pop_front() {
        if !seen.insert(path.clone()) {
            continue;
        }
        let (s, h, text) = send(&state, get(&path)).await;
        assert_eq!(s, StatusCode::OK, "{path} is not served");
        assert_eq!(
            h[header::CONTENT_TYPE],
            "text/javascript; charset=utf-8",
            "{path}"
        );
        assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{path}");
        for spec in imports(&text) {
            queue.push_back(resolve(&path, &spec));
        }
    }
    assert!(seen.contains(&format!("{js}panels/index.js")), "{seen:?}");
    // Every module file is one the page reaches (none left out of the
    // served table, none dead).
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("web/js");
    let mut files = BTreeSet::new();
    let mut dirs = vec![dir.clone()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "js") {
                let rel = p
                    .strip_prefix(&dir)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                files.insert(format!("{js}{rel}"));
            }
        }
    }
    assert_eq!(
        files, seen,
        "the module files and the modules the page reaches"
    );
}

#[tokio::test]
async fn an_unknown_module_is_404() {
    let state = memory();
    for path in [
        "/js/nope.js",
        "/js/panels/nope.js",
        "/js/../index.html",
        "/js/",
    ] {
        let (s, _, _) = send(&state, get(path)).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{path}");
    }
    for gone in ["/app.js", "/analysis.js"] {
        let (s, _, _) = send(&state, get(gone)).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{gone}");
    }
}

/// One request's status, headers and raw body (compressed as sent).
async fn send_bytes(
    state: &deckmate_server::AppState,
    req: Request<Body>,
) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let resp = deckmate_server::app(state.clone())
        .oneshot(req)
        .await
        .unwrap();
    let (parts, body) = resp.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes().to_vec();
    (parts.status, parts.headers, bytes)
}

fn get_with(path: &str, name: header::HeaderName, value: &str) -> Request<Body> {
    Request::builder()
        .uri(path)
        .header(name, value)
        .body(Body::empty())
        .unwrap()
}

#[tokio::test]
async fn assets_at_their_version_are_kept_a_year_and_pages_are_revalidated() {
    let state = memory();
    let v = deckmate_server::static_files::version();
    for path in [
        format!("/v/{v}/js/main.js"),
        format!("/v/{v}/js/panels/cards.js"),
        format!("/v/{v}/style.css"),
        format!("/v/{v}/favicon.svg"),
    ] {
        let (s, h, body) = send(&state, get(&path)).await;
        assert_eq!(s, StatusCode::OK, "{path}");
        assert!(!body.is_empty(), "{path}");
        assert_eq!(
            h[header::CACHE_CONTROL],
            "public, max-age=31536000, immutable",
            "{path}"
        );
    }
    // A page loaded before a new build asks at its old version: today's
    // module, but not kept.
    let (s, h, body) = send(&state, get("/v/000000000000/js/main.js")).await;
    assert_eq!(
        (s, &h[header::CACHE_CONTROL]),
        (StatusCode::OK, &"no-cache".parse().unwrap())
    );
    assert_eq!(
        body,
        deckmate_server::static_files::module("main.js").unwrap()
    );
    let (s, _, _) = send(&state, get(&format!("/v/{v}/js/nope.js"))).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    // The pages and the unversioned addresses: asked again each visit,
    // a 304 without a body while their entity tag holds.
    for path in [
        "/",
        "/game/0123456789ab",
        "/analysis",
        "/rules/cardmate",
        "/js/main.js",
        "/style.css",
    ] {
        let (s, h, body) = send(&state, get(path)).await;
        assert_eq!(s, StatusCode::OK, "{path}");
        assert_eq!(h[header::CACHE_CONTROL], "no-cache", "{path}");
        let tag = h[header::ETAG].to_str().unwrap().to_string();
        assert!(tag.starts_with("W/\""), "{path}: {tag}");
        let (s, h, again) = send(&state, get_with(path, header::IF_NONE_MATCH, &tag)).await;
        assert_eq!(s, StatusCode::NOT_MODIFIED, "{path}");
        assert_eq!(h[header::ETAG].to_str().unwrap(), tag, "{path}");
        assert!(again.is_empty(), "{path}");
        assert!(!body.is_empty(), "{path}");
        // Another tag: the whole file again.
        let (s, _, _) = send(&state, get_with(path, header::IF_NONE_MATCH, "W/\"0\"")).await;
        assert_eq!(s, StatusCode::OK, "{path}");
    }
    // The page names its assets at the current version.
    let (_, _, page) = send(&state, get("/")).await;
    assert!(page.contains(&format!("/v/{v}/style.css")), "{page}");
    assert!(page.contains(&format!("/v/{v}/favicon.svg")), "{page}");
}

#[tokio::test]
async fn text_is_compressed_as_the_client_accepts() {
    use std::io::Read;
    let state = memory();
    let v = deckmate_server::static_files::version();
    let path = format!("/v/{v}/js/board.js");
    let (_, h, plain) = send_bytes(&state, get(&path)).await;
    assert!(h.get(header::CONTENT_ENCODING).is_none());
    let (s, h, gz) = send_bytes(&state, get_with(&path, header::ACCEPT_ENCODING, "gzip")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(h[header::CONTENT_ENCODING], "gzip");
    assert!(
        gz.len() * 2 < plain.len(),
        "{} of {}",
        gz.len(),
        plain.len()
    );
    let mut back = Vec::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_end(&mut back)
        .unwrap();
    assert_eq!(back, plain);
    let (_, h, br) = send_bytes(&state, get_with(&path, header::ACCEPT_ENCODING, "br")).await;
    assert_eq!(h[header::CONTENT_ENCODING], "br");
    assert!(br.len() * 2 < plain.len());
    // The API's JSON too.
    let (_, h, _) = send_bytes(
        &state,
        get_with("/api/variants", header::ACCEPT_ENCODING, "gzip"),
    )
    .await;
    assert_eq!(h[header::CONTENT_ENCODING], "gzip");
}
