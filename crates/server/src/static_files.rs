//! The web client, compiled into the binary, and how it is cached.
//!
//! Every asset the page loads has a versioned address, `/v/{version}/...`
//! (the module `/v/{version}/js/main.js`, the style sheet, the icon), the
//! version being a hash of all of them: a browser keeps such a file for a
//! year without asking again (`immutable`), and a new build changes the
//! version, so it is never stale. The modules' relative imports stay under
//! the same version. The pages themselves (and the plain `/js/...`
//! addresses, kept for scripts and tests) are revalidated each visit by
//! their `ETag`: a repeat visit costs a 304.

use std::sync::OnceLock;

/// The page.
pub const INDEX: &str = include_str!("../web/index.html");
/// The style sheet.
pub const STYLE: &str = include_str!("../web/style.css");
/// The icon.
pub const FAVICON: &str = include_str!("../web/favicon.svg");

/// The client's ES modules, by their path under `/js/` (`web/js/`): every
/// module the page imports must be listed here (a test follows the
/// imports from the page and asks for each).
pub const MODULES: &[(&str, &str)] = &[
    ("account-nav.js", include_str!("../web/js/account-nav.js")),
    ("account-page.js", include_str!("../web/js/account-page.js")),
    ("analysis.js", include_str!("../web/js/analysis.js")),
    ("api.js", include_str!("../web/js/api.js")),
    ("board.js", include_str!("../web/js/board.js")),
    ("cardface.js", include_str!("../web/js/cardface.js")),
    ("chat.js", include_str!("../web/js/chat.js")),
    ("clock.js", include_str!("../web/js/clock.js")),
    ("dom.js", include_str!("../web/js/dom.js")),
    ("drag.js", include_str!("../web/js/drag.js")),
    ("engine-lines.js", include_str!("../web/js/engine-lines.js")),
    ("eval-graph.js", include_str!("../web/js/eval-graph.js")),
    ("facts.js", include_str!("../web/js/facts.js")),
    ("game-actions.js", include_str!("../web/js/game-actions.js")),
    ("game-over.js", include_str!("../web/js/game-over.js")),
    ("game-status.js", include_str!("../web/js/game-status.js")),
    ("game.js", include_str!("../web/js/game.js")),
    ("keys.js", include_str!("../web/js/keys.js")),
    ("layout.js", include_str!("../web/js/layout.js")),
    ("leaderboard.js", include_str!("../web/js/leaderboard.js")),
    ("lobby-cards.js", include_str!("../web/js/lobby-cards.js")),
    ("lobby-lists.js", include_str!("../web/js/lobby-lists.js")),
    ("lobby.js", include_str!("../web/js/lobby.js")),
    ("login.js", include_str!("../web/js/login.js")),
    ("main.js", include_str!("../web/js/main.js")),
    ("motion.js", include_str!("../web/js/motion.js")),
    ("movelist.js", include_str!("../web/js/movelist.js")),
    ("nav.js", include_str!("../web/js/nav.js")),
    ("newgame.js", include_str!("../web/js/newgame.js")),
    ("notify.js", include_str!("../web/js/notify.js")),
    ("options.js", include_str!("../web/js/options.js")),
    ("pick.js", include_str!("../web/js/pick.js")),
    ("piece-cards.js", include_str!("../web/js/piece-cards.js")),
    ("piece-glyphs.js", include_str!("../web/js/piece-glyphs.js")),
    ("players.js", include_str!("../web/js/players.js")),
    ("premove.js", include_str!("../web/js/premove.js")),
    ("profile.js", include_str!("../web/js/profile.js")),
    ("refcard.js", include_str!("../web/js/refcard.js")),
    ("render.js", include_str!("../web/js/render.js")),
    ("rules.js", include_str!("../web/js/rules.js")),
    ("seek-options.js", include_str!("../web/js/seek-options.js")),
    ("session.js", include_str!("../web/js/session.js")),
    ("socket.js", include_str!("../web/js/socket.js")),
    ("sound.js", include_str!("../web/js/sound.js")),
    (
        "panels/arrangement.js",
        include_str!("../web/js/panels/arrangement.js"),
    ),
    ("panels/cards.js", include_str!("../web/js/panels/cards.js")),
    (
        "panels/chance.js",
        include_str!("../web/js/panels/chance.js"),
    ),
    ("panels/drawn.js", include_str!("../web/js/panels/drawn.js")),
    ("panels/hands.js", include_str!("../web/js/panels/hands.js")),
    ("panels/index.js", include_str!("../web/js/panels/index.js")),
    ("variations.js", include_str!("../web/js/variations.js")),
];

/// The module at `path` under `/js/`, if there is one.
pub fn module(path: &str) -> Option<&'static str> {
    MODULES
        .iter()
        .find(|(p, _)| *p == path)
        .map(|&(_, text)| text)
}

/// FNV-1a, 64 bits: a stable hash of the assets (not a secret; only a
/// version and an entity tag).
fn fnv(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in parts {
        for b in p.bytes().chain(std::iter::once(0)) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// The assets' version: 12 hex digits of a hash of every asset, so any
/// change to one gives every address a new version.
pub fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let mut parts = vec![INDEX, STYLE, FAVICON];
        for (path, text) in MODULES {
            parts.push(path);
            parts.push(text);
        }
        format!("{:012x}", fnv(&parts) >> 16)
    })
}

/// The page, its assets at their versioned addresses.
pub fn index_page() -> &'static str {
    static PAGE: OnceLock<String> = OnceLock::new();
    PAGE.get_or_init(|| {
        let v = version();
        INDEX
            .replace("\"/js/main.js\"", &format!("\"/v/{v}/js/main.js\""))
            .replace("\"/style.css\"", &format!("\"/v/{v}/style.css\""))
            .replace("\"/favicon.svg\"", &format!("\"/v/{v}/favicon.svg\""))
    })
}

/// A weak entity tag of `text` (weak: the same for its compressed forms).
pub fn etag(text: &str) -> String {
    format!("W/\"{:016x}\"", fnv(&[text]))
}

/// The specifiers a page or script names after `marker` (`from "`,
/// `import "`, `import("`, `src="`, `href="`): each up to its closing
/// quote.
pub fn quoted_after(text: &str, marker: &str) -> Vec<String> {
    text.match_indices(marker)
        .filter_map(|(i, _)| {
            let rest = &text[i + marker.len()..];
            let end = rest.find('"')?;
            Some(rest[..end].to_string())
        })
        .collect()
}

/// Every module a module's text imports (static or dynamic), as written.
pub fn module_imports(text: &str) -> Vec<String> {
    let mut out = quoted_after(text, "from \"");
    out.extend(quoted_after(text, "import \""));
    out.extend(quoted_after(text, "import(\""));
    out
}

/// The path `spec` names, read from the module at `base` (a path like
/// `/js/panels/x.js`), as a browser resolves it; `None` for a bare name
/// (a package: the client has none).
pub fn resolve_import(base: &str, spec: &str) -> Option<String> {
    if spec.starts_with('/') {
        return Some(spec.to_string());
    }
    if !(spec.starts_with("./") || spec.starts_with("../")) {
        return None;
    }
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
    Some(parts.join("/"))
}
