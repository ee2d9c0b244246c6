//! Variant files as games of the registry: keys from file names, an entry
//! with its tools from a file, refusals that say where, loading that never
//! panics, and a game of one that plays, views, records and rebuilds.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::registry::{Options, RecordInfo};
use deckmate_games::variant_game::{
    self, digest, key_from_file_name, load, LoadError, MAX_FILE_BYTES,
};
use deckmate_rules::Seat;
use serde_json::{json, Value};

const CHESS: &str = include_str!("../../../variants/chess.toml");
const COURT: &str = include_str!("../../../variants/fairy-court.toml");

#[test]
fn keys_come_from_file_names() {
    assert_eq!(key_from_file_name("chess.toml").as_deref(), Ok("chess"));
    assert_eq!(
        key_from_file_name("Fairy_Court.toml").as_deref(),
        Ok("fairy-court")
    );
    for bad in [
        "",
        ".toml",
        "a/b.toml",
        "é.toml",
        "-x.toml",
        &"x".repeat(41),
    ] {
        assert!(key_from_file_name(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_file_becomes_an_entry_with_tools() {
    let e = load("chess.toml", CHESS).expect("chess loads");
    assert_eq!((e.key, e.name), ("chess", "Chess"));
    assert!(e.summary.contains("FIDE"), "{}", e.summary);
    // The rules in words (issue 31 item 15), the file named, not reflowed.
    assert!(
        e.rules.starts_with("Chess\n") && e.rules.contains("  N  Knight: N"),
        "{}",
        e.rules
    );
    assert!(
        e.rules.contains("The variant file chess.toml") && !e.rules.contains("name = \"Chess\"")
    );
    assert!(e.move_help.contains("N Knight"), "{}", e.move_help);
    let vf = variant_game::of_entry(e).expect("a variant file");
    assert_eq!(vf.digest, digest(CHESS));
    let tools = e.tools.expect("tools");
    let study = tools
        .study(&Default::default(), 0, None, None)
        .expect("the start");
    assert_eq!(study.perft(3), 8902);
    assert_ne!(digest(CHESS), digest(&CHESS.replace("FIDE", "fide")));
}

/// The digest that ties a record to its file covers the rules, not the
/// `[weights]` table: `variants/chess.toml` with its tuned table has the
/// digest it had before the table came (main b197a06), so the records of
/// its games still replay; a change to the weights changes nothing, a
/// change to the rules does.
#[test]
fn the_digest_leaves_the_weights_out() {
    assert!(CHESS.contains("\n[weights]\n"));
    assert_eq!(digest(CHESS), "fnv1a64:708a6a3dd7572101");
    let retuned = CHESS.replace("tempo = 0", "tempo = 30");
    assert_ne!(retuned, CHESS);
    assert_eq!(digest(&retuned), digest(CHESS));
    // The file cut before the table (and the blank lines before it).
    let rules = CHESS.split("\n[weights]").next().unwrap();
    let rules = format!("{}\n", rules.trim_end_matches('\n'));
    assert_eq!(digest(&rules), digest(CHESS));
    assert_ne!(
        digest(&CHESS.replace("insufficient_one_colour", "insufficient_one_color")),
        digest(CHESS)
    );
    // A table after the weights stays in.
    let after = format!("{CHESS}\n[later]\nx = 1\n");
    assert_ne!(digest(&after), digest(CHESS));
    assert!(variant_game::rules_text(&after).contains("[later]"));
    assert!(!variant_game::rules_text(&after).contains("mobility"));
}

/// Loading never panics: files mutated byte by byte (a byte changed,
/// dropped or doubled) are either games that count moves or refusals.
#[test]
fn mutated_files_load_or_are_refused_without_panic() {
    let mut rng = deckmate_rules::SeededRng::new(17);
    let alphabet =
        b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 =\"[](),*/-_#\n";
    let (mut ok, mut refused) = (0, 0);
    for i in 0..200 {
        let base = if i % 2 == 0 { CHESS } else { COURT };
        let mut bytes = base.as_bytes().to_vec();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(bytes.len() as u64) as usize;
            match rng.below(3) {
                0 => bytes[at] = alphabet[rng.below(alphabet.len() as u64) as usize],
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, bytes[at]),
            }
        }
        let Ok(text) = String::from_utf8(bytes) else {
            continue;
        };
        match load("mutated.toml", &text) {
            Ok(e) => {
                ok += 1;
                let tools = e.tools.expect("tools");
                let study = tools.study(&Default::default(), 0, None, None);
                assert!(study.is_ok_and(|s| s.perft(2) < 1_000_000));
            }
            Err(e) => {
                refused += 1;
                assert!(!e.at_path("m.toml").is_empty());
            }
        }
    }
    assert!(ok > 10 && refused > 10, "{ok} loaded, {refused} refused");
}

#[test]
fn refusals_say_where() {
    let bad = CHESS.replace("betza = \"N\"", "betza = \"NY\"");
    let e = load("chess.toml", &bad).err().expect("refused");
    let text = e.at_path("v/chess.toml");
    assert!(
        text.starts_with("v/chess.toml:") && text.contains("byte 1 ('Y')"),
        "{text}"
    );
    let e = load("chess.toml", &"#".repeat(MAX_FILE_BYTES + 1)).err();
    assert!(matches!(e, Some(LoadError::TooLarge { .. })));
    let e = load("my chess!.toml", CHESS).err();
    assert!(matches!(e, Some(LoadError::Key(_))), "{e:?}");
}

#[test]
fn a_fairy_court_game_plays_views_and_records() {
    let e = load("fairy-court.toml", COURT).expect("loads");
    let mut g = e.new_game(&Options::default(), 3).expect("a game");
    assert_eq!(g.entry().key, "fairy-court");
    let moves = g.legal_moves_of(Seat::First);
    assert!(moves.len() > 20, "{}", moves.len());
    assert!(g.legal_moves_of(Seat::Second).is_empty());
    let v = g.view(Some(Seat::First), true);
    assert_eq!(v["board"]["files"], 12);
    assert_eq!(v["pieces"].as_array().map(Vec::len), Some(72));
    assert_eq!(v["prompt"], "White to move (you)");
    g.play("e4").expect("a pawn's move");
    g.play("f9").expect("a pawn's move");
    let v = g.view(None, true);
    assert_eq!(v["last"]["from"], "f10");
    assert_eq!(v["last"]["to"], "f9");
    let info = RecordInfo {
        id: String::new(),
        players: ["a".into(), "b".into()],
        ended: None,
        ..Default::default()
    };
    let text = g.record(&info);
    assert!(text.contains("[Variant \"Fairy Court\"]"), "{text}");
    assert!(
        text.contains("[VariantFile \"fairy-court.toml\"]"),
        "{text}"
    );
    let r = e.replay_text(&text).expect("the record replays");
    assert_eq!(r.plies, 2);
    // The spec rebuilds; another version of the file is refused.
    let spec = g.spec();
    let again = e.rebuild(&spec, g.history()).expect("rebuilt");
    assert_eq!(again.history(), g.history());
    let mut other = spec.clone();
    other["digest"] = json!("fnv1a64:0000000000000000");
    let err = e
        .game_from_spec(&other)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(err.contains("another version"), "{err}");
    let changed = text.replace(
        &variant_game::of_entry(e)
            .map(|v| v.digest.clone())
            .unwrap_or_default(),
        "fnv1a64:0000000000000000",
    );
    let f = e
        .replay_text(&changed)
        .err()
        .map(|f| f.message)
        .unwrap_or_default();
    assert!(f.contains("another version of fairy-court.toml"), "{f}");
}

#[test]
fn promotions_and_castlings_are_labelled_choices() {
    let e = load("chess.toml", CHESS).expect("loads");
    let digest = variant_game::of_entry(e).map(|v| v.digest.clone());
    let spec = json!({
        "seed": 0,
        "digest": digest,
        "fen": "4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1",
    });
    let g = e.game_from_spec(&spec).expect("the position");
    let moves = g.legal_moves_of(Seat::First);
    let label = |text: &str| {
        moves
            .iter()
            .find(|m| m["text"] == text)
            .map(|m| m["choice"].clone())
            .unwrap_or_else(|| panic!("{text} in {moves:?}"))
    };
    assert_eq!(label("a8=Q+"), "Queen");
    assert_eq!(label("a8=N"), "Knight");
    assert_eq!(label("O-O"), "O-O");
    assert_eq!(label("O-O-O"), "O-O-O");
    assert_eq!(label("Kf1"), Value::Null);
    let castle = moves.iter().find(|m| m["text"] == "O-O").expect("O-O");
    assert_eq!(
        (castle["from"].clone(), castle["to"].clone()),
        (json!("e1"), json!("g1"))
    );
    assert_eq!(castle["castling"], true);
    assert_eq!(label("a8=R+"), "Rook");
    // The spec round-trips with its position string.
    assert_eq!(g.spec()["fen"], spec["fen"]);
}

#[test]
fn a_checkmate_marks_the_mated_royal() {
    let e = load("chess.toml", CHESS).expect("loads");
    let mut g = e.new_game(&Options::default(), 0).expect("a game");
    assert_eq!(g.view(None, true)["end_mark"], Value::Null);
    for m in ["f3", "e5", "g4"] {
        g.play(m).expect("a move");
        assert_eq!(g.view(None, true)["end_mark"], Value::Null);
    }
    g.play("Qh4#").expect("the mate");
    let v = g.view(Some(Seat::First), true);
    assert_eq!(v["end_mark"], "e1");
    assert_eq!(v["check_square"], "e1");
}
