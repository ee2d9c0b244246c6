//! The web client, compiled into the binary.

/// The page.
pub const INDEX: &str = include_str!("../web/index.html");
/// The script.
pub const APP_JS: &str = include_str!("../web/app.js");
/// The analysis board's script.
pub const ANALYSIS_JS: &str = include_str!("../web/analysis.js");
/// The style sheet.
pub const STYLE: &str = include_str!("../web/style.css");
/// The icon.
pub const FAVICON: &str = include_str!("../web/favicon.svg");
