//! The registry of games: keys and tags, a catalog with the games added at
//! runtime, typed options (Cardmate's read with its rules' readers), every
//! game's record replayed, settlements and the move list's lines.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::cardmate::{self, PalaceRule};
use deckmate_games::list;
use deckmate_games::list::{from_tag, untagged, Catalog, GAMES};
use deckmate_games::registry::{
    engine_takes_draw, pair_lines, read_record, GameEntry, OptionError, OptionKind, OptionSpec,
    Options, RecordInfo, ReplayFailure, Replayed, Settlement,
};
use deckmate_rules::Seat;
use serde_json::{json, Map};

#[test]
fn keys_are_unique_and_tags_name_a_game_exactly() {
    let mut keys: Vec<&str> = GAMES.iter().map(|g| g.key).collect();
    keys.dedup();
    assert_eq!(keys.len(), GAMES.len());
    assert_eq!(from_tag("Chess Cards").map(|g| g.key), Some("chess-cards"));
    assert_eq!(from_tag("chess-cards").map(|g| g.key), Some("chess-cards"));
    assert_eq!(from_tag("MATE").map(|g| g.key), Some("chess-cards"));
    assert_eq!(from_tag(" Cuarenta ").map(|g| g.key), Some("cuarenta"));
    assert_eq!(from_tag("CARDMATE").map(|g| g.key), Some("cardmate"));
    // Records from before the tag are Cardmate's: it stays listed first.
    assert_eq!(untagged().key, "cardmate");
    for other in ["xyz", "chess", "Chess960", "mated", "", "cardmate2"] {
        assert!(from_tag(other).is_none(), "{other}");
    }
}

#[test]
fn every_game_starts_with_its_defaults_and_refuses_another_games_options() {
    for g in GAMES {
        let game = g
            .new_game(&Options::defaults(g.options), 1)
            .unwrap_or_else(|e| panic!("{}: {e}", g.key));
        assert_eq!(game.entry().key, g.key);
        // The entry says what its games do with the seed.
        assert_eq!(g.secret_seed, game.seed_is_secret(), "{}", g.key);
        // Nothing played but chance's first draw, if the game has one.
        assert!((0..game.history().len()).all(|i| game.is_chance_ply(i)));
        assert!(game.history().len() <= 1);
        let rebuilt = g.rebuild(&game.spec(), &[]).expect("rebuilt from its spec");
        assert_eq!(rebuilt.spec(), game.spec());
        for other in GAMES.iter().filter(|o| o.key != g.key) {
            for o in other.options {
                if g.options.iter().any(|m| m.name == o.name) {
                    continue;
                }
                let e = Options::parse(g.options, [(o.name, o.default)]);
                assert!(
                    matches!(e, Err(OptionError::Unknown { .. })),
                    "{} took {}'s option {}",
                    g.key,
                    other.key,
                    o.name
                );
            }
        }
    }
}

fn entry(key: &'static str, name: &'static str) -> &'static GameEntry {
    Box::leak(Box::new(GameEntry {
        key,
        name,
        ..GameEntry::DEFAULTS
    }))
}

#[test]
fn added_games_are_found_and_clashes_refused() {
    let mut c = Catalog::builtin();
    assert_eq!(
        c.keys(),
        "cardmate, chess-cards, cuarenta, 52chess, dealers"
    );
    c.add(entry("my-chess", "My Chess")).expect("a new game");
    assert_eq!(c.find("my-chess").map(|g| g.name), Some("My Chess"));
    assert_eq!(c.from_tag("my chess").map(|g| g.key), Some("my-chess"));
    assert_eq!(c.from_tag("Cuarenta").map(|g| g.key), Some("cuarenta"));
    assert_eq!(
        c.keys(),
        "cardmate, chess-cards, cuarenta, 52chess, dealers, my-chess"
    );
    let e = c.add(entry("cuarenta", "Other")).err().unwrap_or_default();
    assert!(e.contains("a built-in game's (Cuarenta)"), "{e}");
    let e = c.add(entry("mine", "MATE")).err().unwrap_or_default();
    assert!(e.contains("would be read as Chess Cards"), "{e}");
    let e = c.add(entry("my-chess", "Again")).err().unwrap_or_default();
    assert!(e.contains("another variant's"), "{e}");
    let e = c.add(entry("mychess", "Again")).err().unwrap_or_default();
    assert!(e.contains("would be read as My Chess"), "{e}");
    // The global lookups know only the built-in games.
    assert!(list::find("my-chess").is_none());
    assert_eq!(c.added().len(), 1);
}

const SPECS: &[OptionSpec] = &[
    OptionSpec {
        name: "palace",
        values: &["palace", "king", "off"],
        default: "palace",
        help: "the palace rule",
        ruling: "V2",
        kind: OptionKind::Choice,
    },
    OptionSpec {
        name: "quiet_limit",
        values: &["100", "off"],
        default: "100",
        help: "plies without capture",
        ruling: "V4",
        kind: OptionKind::Number,
    },
];

#[test]
fn options_of_another_game_are_refused_by_name() {
    let e = Options::parse(SPECS, [("sacrifices", "net")]).err();
    assert_eq!(
        e.map(|e| e.to_string()).as_deref(),
        Some("unknown option 'sacrifices' (options: palace, quiet_limit)")
    );
    let e = Options::from_json(SPECS, &json!({"palace": "off", "seats": 3})).err();
    assert!(matches!(e, Some(OptionError::Unknown { ref name, .. }) if name == "seats"));
    assert_eq!(
        Options::from_json(SPECS, &json!([1])).err(),
        Some(OptionError::NotAnObject)
    );
    assert_eq!(
        Options::from_json(SPECS, &json!({"palace": [1]})).err(),
        Some(OptionError::NotText { name: "palace" })
    );
}

#[test]
fn values_default_and_read() {
    let o =
        Options::from_json(SPECS, &json!({"quiet_limit": 40, "palace": null})).expect("options");
    assert_eq!(o.value("quiet_limit"), Some("40"));
    assert_eq!(o.value("palace"), Some("palace"));
    assert_eq!(o.given("palace"), None);
    assert_eq!(o.value("nothing"), None);
    assert_eq!(o.read("quiet_limit", |v| v.parse::<u32>()), Ok(Some(40)));
    let bad = Options::parse(SPECS, [("quiet_limit", "x")]).expect("names are fine");
    assert!(matches!(
        bad.read("quiet_limit", |v| v.parse::<u32>()),
        Err(OptionError::BadValue {
            name: "quiet_limit",
            ..
        })
    ));
    let o = Options::from_json(SPECS, &json!({"palace": false})).expect("options");
    assert_eq!(o.value("palace"), Some("off"));
    assert_eq!(SPECS[1].flag(), "--quiet-limit");
}

#[test]
fn options_are_read_with_the_rules_readers() {
    let o = Options::parse(
        cardmate::ENTRY.options,
        [("palace", "king"), ("quiet_limit", "40")],
    )
    .expect("names");
    let spec = cardmate::read_spec(&o, 3).expect("values");
    assert_eq!(spec.options.palace, PalaceRule::King);
    assert_eq!(spec.options.quiet_limit, Some(40));
    assert_eq!(spec.seed, 3);
    let o = Options::parse(cardmate::ENTRY.options, [("palace", "castle")]).expect("names");
    assert!(cardmate::read_spec(&o, 3).is_err());
}

#[test]
fn every_game_replays_its_own_record_and_refuses_a_bad_move() {
    for g in GAMES {
        let mut game = g
            .new_game(&Options::defaults(g.options), 5)
            .expect("a game");
        for _ in 0..4 {
            // While both seats choose at once (Dealer's Chess's
            // arrangements), the first of them.
            let seat = deckmate_rules::Seat::BOTH
                .into_iter()
                .find(|&s| game.to_act().includes(s))
                .expect("a seat to move");
            let text = game.legal_moves_of(seat)[0]["text"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            game.play(&text).expect("a legal move");
        }
        let record = game.record(&RecordInfo {
            id: String::new(),
            players: ["A".into(), "B".into()],
            ended: None,
            ..Default::default()
        });
        let r = g
            .replay_text(&record)
            .unwrap_or_else(|f| panic!("{}: {}", g.key, f.message));
        // Four moves, and the cards drawn before them in a game of chance.
        let n = game.history().len();
        assert!(n == 4 || g.key == "52chess", "{}", g.key);
        assert_eq!((r.plies, r.result.as_str()), (n, "*"), "{}", g.key);
        assert_eq!(r.json["plies"], n, "{}", g.key);
        assert!(r.text.contains("all legal"), "{}: {}", g.key, r.text);
        // The last move replaced by nonsense: refused, named by its ply.
        let last = game.history().last().cloned().unwrap_or_default();
        let at = record.rfind(&format!(" {last}")).unwrap_or(0);
        let bad = format!("{} zz9{}", &record[..at], &record[at + 1 + last.len()..]);
        let f = g
            .replay_text(&bad)
            .err()
            .unwrap_or_else(|| panic!("{}: {bad}", g.key));
        assert_eq!(f.json["ply"], n, "{}: {}", g.key, f.message);
    }
}

#[test]
fn a_board_games_replay_says_where_it_stands() {
    let r = Replayed::board_game(Map::new(), "x w 0 1".into(), 0, "*".into(), None, "s");
    assert_eq!(
        r.text,
        "Position: x w 0 1\nMoves: 0 plies, all legal (s)\nResult: * (the game goes on)\n"
    );
    assert!(r.json["reason"].is_null());
    let f = ReplayFailure::at(3, "bad".into());
    assert_eq!(f.json["ply"], 3);
    assert_eq!(
        read_record("{ never closed")
            .err()
            .map(|f| f.json["ply"].clone()),
        Some(json!(0))
    );
}

#[test]
fn an_engine_takes_a_draw_unless_it_is_clearly_ahead() {
    use deckmate_rules::Seat::{First, Second};
    assert!(engine_takes_draw(0, First, First));
    assert!(engine_takes_draw(50, First, First));
    assert!(!engine_takes_draw(51, First, First));
    // The score is for the side to move: the other seat sees it negated.
    assert!(engine_takes_draw(300, First, Second));
    assert!(!engine_takes_draw(-300, First, Second));
}

#[test]
fn pair_lines_number_and_split() {
    let l = pair_lines(5, 0, 1);
    assert_eq!(l.len(), 3);
    assert_eq!(l[0].label, "1.");
    assert_eq!(l[2].plies, vec![4]);
    let l = pair_lines(3, 7, 1);
    assert_eq!(l[1].plies, vec![9]);
}

#[test]
fn ends_round_trip() {
    for e in [
        Settlement::resigned_or_agreed(Some(Seat::First)),
        Settlement::resigned_or_agreed(Some(Seat::Second)),
        Settlement::resigned_or_agreed(None),
        Settlement::lost_on_time(Seat::First),
        Settlement::aborted(),
        Settlement::abandoned(Seat::First, true),
        Settlement::abandoned(Seat::Second, false),
        Settlement::stale(),
    ] {
        assert_eq!(Settlement::from_json(&e.to_json()), Some(e));
    }
    let o = Settlement::resigned_or_agreed(Some(Seat::First)).outcome(["Forehand", "Rearhand"]);
    assert_eq!(o.result_text(), "1-0");
    assert_eq!(o.reason, "Rearhand resigned");
    let o = Settlement::lost_on_time(Seat::Second).outcome(["White", "Black"]);
    assert_eq!(o.reason, "Black lost on time");
}

#[test]
fn item_6_old_stored_settlements_read_as_before() {
    let read = |t: &str| Settlement::from_json(t);
    assert_eq!(
        read(r#"{"winner":0,"reason":"resign"}"#),
        Some(Settlement::resigned_or_agreed(Some(Seat::First)))
    );
    assert_eq!(
        read(r#"{"winner":1,"reason":"time"}"#),
        Some(Settlement::lost_on_time(Seat::First))
    );
    assert_eq!(
        read(r#"{"winner":null,"reason":"draw"}"#),
        Some(Settlement::resigned_or_agreed(None))
    );
    // As before: no winner is a draw whatever the reason says, and
    // "time" without a winner is no time forfeit.
    assert_eq!(
        read(r#"{"winner":null,"reason":"time"}"#),
        Some(Settlement::resigned_or_agreed(None))
    );
    assert_eq!(
        read(r#"{"winner":1}"#),
        Some(Settlement::resigned_or_agreed(Some(Seat::Second)))
    );
    assert_eq!(read("not json"), None);
    // What is written today is what was written before.
    assert_eq!(
        Settlement::resigned_or_agreed(Some(Seat::Second)).to_json(),
        r#"{"reason":"resign","winner":1}"#
    );
    assert_eq!(
        Settlement::lost_on_time(Seat::Second).to_json(),
        r#"{"reason":"time","winner":0}"#
    );
    assert_eq!(
        Settlement::resigned_or_agreed(None).to_json(),
        r#"{"reason":"draw","winner":null}"#
    );
}

#[test]
fn item_6_new_settlements_round_trip_with_their_words() {
    let names = ["White", "Black"];
    for (s, words, result) in [
        (Settlement::aborted(), "the game was aborted", "*"),
        (
            Settlement::abandoned(Seat::First, true),
            "White abandoned the game",
            "0-1",
        ),
        (
            Settlement::abandoned(Seat::Second, false),
            "Black abandoned the game: a draw was called",
            "1/2-1/2",
        ),
        (
            Settlement::stale(),
            "closed after 30 days without a move",
            "1/2-1/2",
        ),
    ] {
        assert_eq!(Settlement::from_json(&s.to_json()), Some(s));
        assert_eq!(s.outcome(names).reason, words);
        assert_eq!(s.result_text(), result);
        assert_eq!(s.has_result(), result != "*");
    }
    assert!(Settlement::aborted().is_aborted());
    assert!(!Settlement::stale().is_aborted());
}
