//! The web client, compiled into the binary.

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
    ("analysis.js", include_str!("../web/js/analysis.js")),
    ("api.js", include_str!("../web/js/api.js")),
    ("board.js", include_str!("../web/js/board.js")),
    ("cardface.js", include_str!("../web/js/cardface.js")),
    ("chat.js", include_str!("../web/js/chat.js")),
    ("clock.js", include_str!("../web/js/clock.js")),
    ("dom.js", include_str!("../web/js/dom.js")),
    ("drag.js", include_str!("../web/js/drag.js")),
    ("engine-lines.js", include_str!("../web/js/engine-lines.js")),
    ("facts.js", include_str!("../web/js/facts.js")),
    ("game-actions.js", include_str!("../web/js/game-actions.js")),
    ("game-status.js", include_str!("../web/js/game-status.js")),
    ("game.js", include_str!("../web/js/game.js")),
    ("keys.js", include_str!("../web/js/keys.js")),
    ("layout.js", include_str!("../web/js/layout.js")),
    ("lobby.js", include_str!("../web/js/lobby.js")),
    ("main.js", include_str!("../web/js/main.js")),
    ("motion.js", include_str!("../web/js/motion.js")),
    ("movelist.js", include_str!("../web/js/movelist.js")),
    ("nav.js", include_str!("../web/js/nav.js")),
    ("newgame.js", include_str!("../web/js/newgame.js")),
    ("options.js", include_str!("../web/js/options.js")),
    ("pick.js", include_str!("../web/js/pick.js")),
    ("refcard.js", include_str!("../web/js/refcard.js")),
    ("render.js", include_str!("../web/js/render.js")),
    ("rules.js", include_str!("../web/js/rules.js")),
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
];

/// The module at `path` under `/js/`, if there is one.
pub fn module(path: &str) -> Option<&'static str> {
    MODULES
        .iter()
        .find(|(p, _)| *p == path)
        .map(|&(_, text)| text)
}
