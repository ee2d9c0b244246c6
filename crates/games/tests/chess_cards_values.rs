//! Chess Cards' values file: deals' values kept across runs of the
//! exact solver.
#![allow(clippy::unwrap_used)]
use deckmate_games::chess_cards::engine::deals::Deals;
use deckmate_games::chess_cards::values_file::{header, ValuesFile};
use deckmate_games::chess_cards::SacrificeCount;

/// A path for a values file in a fresh folder, and the folder's guard,
/// which removes it when dropped (at the end of the test, also when it
/// fails): keep it in a named variable.
fn temp(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::Builder::new()
        .prefix(&format!("deckmate-values-{name}-"))
        .tempdir()
        .unwrap();
    let p = dir.path().join(format!("{name}.txt"));
    (dir, p)
}

#[test]
fn values_round_trip_through_the_file() {
    let (_dir, p) = temp("rt");
    let all = Deals::All { limit: None };
    let f = ValuesFile::open(&p, all, SacrificeCount::Net).unwrap();
    assert!(f.known.is_empty());
    f.append(3, -24, 0).unwrap();
    f.append(7, 66, 0).unwrap();
    drop(f);
    let f = ValuesFile::open(&p, all, SacrificeCount::Net).unwrap();
    assert_eq!(f.known.len(), 2);
    assert_eq!(f.known[&3], (-24, 0));
    assert_eq!(f.known[&7], (66, 0));
}

#[test]
fn a_line_cut_off_by_a_killed_run_is_dropped_and_solved_again() {
    let (_dir, p) = temp("cut");
    let all = Deals::All { limit: None };
    let f = ValuesFile::open(&p, all, SacrificeCount::Net).unwrap();
    f.append(3, -24, 0).unwrap();
    drop(f);
    let mut text = std::fs::read_to_string(&p).unwrap();
    text.push_str("7 6");
    std::fs::write(&p, &text).unwrap();
    let f = ValuesFile::open(&p, all, SacrificeCount::Net).unwrap();
    assert_eq!(f.known.len(), 1);
    f.append(7, 66, 0).unwrap();
    drop(f);
    let f = ValuesFile::open(&p, all, SacrificeCount::Net).unwrap();
    assert_eq!(f.known[&7], (66, 0));
    assert_eq!(std::fs::read_to_string(&p).unwrap().lines().count(), 3);
}

#[test]
fn a_file_for_other_deals_or_a_bad_line_is_refused_and_kept() {
    let (_dir, p) = temp("other");
    let seeded = Deals::Seeded { seed: 1, n: 5 };
    ValuesFile::open(&p, seeded, SacrificeCount::Net)
        .unwrap()
        .append(0, 1, 0)
        .unwrap();
    let before = std::fs::read_to_string(&p).unwrap();
    let e = ValuesFile::open(&p, Deals::All { limit: None }, SacrificeCount::Net)
        .err()
        .unwrap();
    assert!(e.contains("holds other deals"), "{e}");
    let e = ValuesFile::open(&p, seeded, SacrificeCount::Gross)
        .err()
        .unwrap();
    assert!(e.contains("holds other deals"), "{e}");
    assert_eq!(std::fs::read_to_string(&p).unwrap(), before);
    std::fs::write(
        &p,
        format!("{}\n0 1\n", header(seeded, SacrificeCount::Net)),
    )
    .unwrap();
    let e = ValuesFile::open(&p, seeded, SacrificeCount::Net)
        .err()
        .unwrap();
    assert!(e.contains(":2: expected"), "{e}");
    std::fs::write(&p, "hello\n").unwrap();
    let e = ValuesFile::open(&p, seeded, SacrificeCount::Net)
        .err()
        .unwrap();
    assert!(e.contains("not a deckmate values file"), "{e}");
}

#[test]
fn a_finished_run_leaves_its_deals_in_index_order() {
    let (_dir, p) = temp("order");
    let all = Deals::All { limit: None };
    let f = ValuesFile::open(&p, all, SacrificeCount::Net).unwrap();
    // Threads finish deals in no fixed order.
    for (i, v) in [(70, 5), (3, -24), (12, 0), (7, 66)] {
        f.append(i, v, 0).unwrap();
    }
    f.finish().unwrap();
    let text = std::fs::read_to_string(&p).unwrap();
    assert_eq!(
        text,
        format!(
            "{}\n3 -24 0\n7 66 0\n12 0 0\n70 5 0\n",
            header(all, SacrificeCount::Net)
        )
    );
    // Taken up again: the same values, and appending goes on after them.
    let f = ValuesFile::open(&p, all, SacrificeCount::Net).unwrap();
    assert_eq!(f.known.len(), 4);
    f.append(1, 9, 0).unwrap();
    f.finish().unwrap();
    let text = std::fs::read_to_string(&p).unwrap();
    assert_eq!(text.lines().nth(1), Some("1 9 0"), "{text}");
    assert_eq!(text.lines().count(), 6, "{text}");
    // Nothing is left beside it.
    let mut tmp = p.clone().into_os_string();
    tmp.push(".sorting");
    assert!(!std::path::Path::new(&tmp).exists());
}
