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

/// The specifiers a script names after `marker` (`from "`, `import "`,
/// `import("`, `src="`): each up to its closing quote.
fn quoted_after(text: &str, marker: &str) -> Vec<String> {
    text.match_indices(marker)
        .filter_map(|(i, _)| {
            let rest = &text[i + marker.len()..];
            let end = rest.find('"')?;
            Some(rest[..end].to_string())
        })
        .collect()
}

/// Every module a module's text imports (static or dynamic).
fn imports(text: &str) -> Vec<String> {
    let mut out = quoted_after(text, "from \"");
    out.extend(quoted_after(text, "import \""));
    out.extend(quoted_after(text, "import(\""));
    out
}

/// `spec` read from the module at `base` (a path like `/js/panels/x.js`):
/// the path it names. A bare name (a package) is refused: the client has
/// no dependency.
fn resolve(base: &str, spec: &str) -> String {
    if spec.starts_with('/') {
        return spec.to_string();
    }
    assert!(
        spec.starts_with("./") || spec.starts_with("../"),
        "{base} imports '{spec}', not a path"
    );
    let mut parts: Vec<&str> = base.split('/').collect();
    parts.pop();
    for p in spec.split('/') {
        match p {
            "." => {}
            ".." => {
                parts.pop();
            }
            _ => parts.push(p),
        }
    }
    parts.join("/")
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
    assert_eq!(entries, ["/js/main.js"], "the page's scripts");
    assert!(page.contains("<script src=\"/js/main.js\" type=\"module\">"));
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
    assert!(seen.contains("/js/panels/index.js"), "{seen:?}");
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
                files.insert(format!("/js/{rel}"));
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
