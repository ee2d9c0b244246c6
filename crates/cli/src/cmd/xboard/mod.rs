//! `deckmate xboard [--variants DIR]`: the Chess Engine Communication
//! Protocol (CECP, version 2) for XBoard, WinBoard and other GUIs, over
//! the same games, positions, coordinates and search as `deckmate uci`.
//! See README's "XBoard".

mod engine;
mod features;

pub use engine::XboardEngine;

use crate::cmd::terminal::{read_line, Line, LINE_MAX};
use crate::protocol::Out;
use clap::Args;
use std::io::BufRead;
use std::process::ExitCode;

/// Arguments of `deckmate xboard`.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  xboard -fcp \"deckmate xboard --variants variants\" -variant cuarenta\n  \
deckmate xboard --variants variants\n\n\
Then, on standard input:\n  xboard\n  protover 2\n  variant cuarenta\n  new\n  usermove e2e3\n\n\
Chess Cards has no board and is not offered."
)]
pub struct XboardArgs {
    /// Offer the variant files (*.toml) of this folder too, by key.
    #[arg(long, value_name = "DIR")]
    variants: Option<String>,
}

/// Runs the protocol on standard input and output.
pub fn run(args: XboardArgs) -> Result<ExitCode, String> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    serve(
        &mut input,
        crate::protocol::stdout(),
        args.variants.as_deref(),
    );
    Ok(ExitCode::SUCCESS)
}

/// The protocol over `input` and `out`.
pub fn serve(input: &mut dyn BufRead, out: Out, variants: Option<&str>) {
    let mut engine = XboardEngine::new(out.clone(), variants);
    loop {
        let line = match read_line(input, LINE_MAX) {
            Ok(Line::Text(t)) => t,
            Ok(Line::NotText) => {
                out("Error (not UTF-8 text): the line");
                continue;
            }
            Ok(Line::TooLong) => {
                out(&format!("Error (longer than {LINE_MAX} bytes): the line"));
                continue;
            }
            Ok(Line::End) | Err(_) => break,
        };
        if !engine.handle(&line) {
            break;
        }
    }
    engine.quit();
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[test]
    fn a_scripted_session() {
        let lines: Arc<Mutex<Vec<String>>> = Arc::default();
        let sink = lines.clone();
        let out: Out = Arc::new(move |l: &str| sink.lock().unwrap().push(l.to_string()));
        let script = "xboard\nprotover 2\nvariant cuarenta\nnew\nforce\nbogus\nusermove zz\nsd 2\ngo\nping 7\nquit\n";
        serve(&mut script.as_bytes(), out, None);
        let said = lines.lock().unwrap().clone();
        let features = said.iter().filter(|l| l.starts_with("feature")).count();
        assert!(features >= 1, "{said:?}");
        assert!(said.iter().any(|l| l.contains("done=1")), "{said:?}");
        assert!(
            said.iter()
                .any(|l| l.starts_with("Error (unknown command): bogus")),
            "{said:?}"
        );
        assert!(
            said.iter().any(|l| l.starts_with("Illegal move")),
            "{said:?}"
        );
        assert!(said.iter().any(|l| l.starts_with("move ")), "{said:?}");
        assert!(said.iter().any(|l| l == "pong 7"), "{said:?}");
    }
}
