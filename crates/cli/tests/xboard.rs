//! Issue 34 item 2: `deckmate xboard` in a scripted CECP v2 session: the
//! features, a variant unknown to XBoard with its `setup` and `piece`
//! lines, moves both ways, `force`, `go`, `?`, `setboard`, refusals.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::engine_process::EngineProcess;

#[test]
fn a_cecp_session_at_chess_and_cuarenta() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants");
    let mut e = EngineProcess::start(&["xboard", "--variants", dir]);
    e.send("xboard");
    e.send("protover 2");
    let f = e.expect("feature done=1");
    assert_eq!(f, "feature done=1");
    let first = e
        .seen
        .iter()
        .find(|l| l.contains("myname"))
        .unwrap()
        .clone();
    for want in [
        "setboard=1",
        "usermove=1",
        "san=0",
        "sigint=0",
        "sigterm=0",
        "normal",
        "cuarenta",
        "smp=1",
    ] {
        assert!(first.contains(want), "{want} in {first}");
    }
    // Chess ("normal"): the engine plays Black after `new`, on two
    // threads (`cores`; none is refused).
    e.send("new");
    e.send("cores 0");
    let said = e.expect("Error");
    assert!(said.contains("threads"), "{said}");
    e.send("cores 2");
    e.send("variant normal");
    e.send("level 0 1 0");
    e.send("time 1000");
    e.send("otim 1000");
    e.send("usermove e2e4");
    let m = e.expect("move ");
    assert_eq!(m.split_whitespace().count(), 2, "{m}");
    e.send("usermove e2e4");
    e.expect("Illegal move");
    e.send("bogus");
    e.expect("Error (unknown command)");
    // A position, then `go`: the engine moves for the side to move.
    e.send("force");
    e.send("setboard 7k/4P3/8/8/8/8/8/K7 w - - 0 1");
    e.send("sd 3");
    e.send("go");
    let m = e.expect("move ");
    assert!(
        m.starts_with("move e7e8") || m.starts_with("move a1"),
        "{m}"
    );
    e.send("setboard not a position");
    e.expect("tellusererror");
    // Cuarenta, unknown to XBoard: its board and pieces.
    e.send("variant cuarenta");
    let setup = e.expect("setup");
    assert!(setup.contains("9x9"), "{setup}");
    // The pieces' letters as XBoard reads a `-pieceToCharTable`: an even
    // length of at least 12, each half's last the King (XBoard 4.9.1
    // ignored the 7 letters once sent here).
    let table = setup.split(['(', ')']).nth(1).unwrap().to_string();
    assert!(
        table.len() >= 12 && table.len().is_multiple_of(2),
        "{setup}"
    );
    assert!(
        table.ends_with('k') && table[..table.len() / 2].ends_with('K'),
        "{setup}"
    );
    // XBoard sends the first engine's start to the second engine in its
    // own FEN (chess's castling and en passant fields): read as the start.
    let placement = setup.split_whitespace().nth(3).unwrap().to_string();
    e.send(&format!("setboard {placement} w - c7 0 1"));
    e.send("ping 2");
    let lines = e.read_until(|l| l == "pong 2");
    assert!(
        !lines.iter().any(|l| l.contains("tellusererror")),
        "{lines:?}"
    );
    e.send("new");
    e.send("force");
    e.send("st 0.2");
    let asked = std::time::Instant::now();
    e.send("go");
    let m = e.expect("move ");
    // `st` is the move's own time: the search uses it to its end.
    let took = asked.elapsed();
    assert!(took >= std::time::Duration::from_millis(170), "{took:?}");
    e.send("ping 3");
    e.expect("pong 3");
    assert_eq!(m.split_whitespace().count(), 2);
    e.send("quit");
    assert!(e.finish().success());
}
