//! Temporary: the hand-written Cuarenta against the core's.
use deckmate_games::cuarenta;
use deckmate_games::fairy::{Position as Core, Tables};
use deckmate_rules::{Game, SeededRng};
use std::sync::Arc;

fn core_text(t: &str) -> String {
    let f: Vec<&str> = t.split_whitespace().collect();
    format!("{} {} {} - {} {}", f[0], f[1], f[2], f[3], f[4])
}

fn probes(texts: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for t in texts {
        out.push(t.clone());
        out.push(t.replace('x', ""));
        out.push(t.trim_end_matches(['+', '#']).to_string() + "+");
        out.push(t.trim_end_matches(['+', '#']).to_string() + "#");
        if t.len() > 3 {
            out.push(format!("{}x{}", &t[..1], &t[t.len() - 2..]));
            out.push(t[..1].to_string() + &t[2..]);
        }
        out.push(t.replace("=C", "=F"));
        out.push(t.replace("=C", ""));
    }
    for x in ["O-O", "0-0", "O-O-O", "Ke3", "Pa1", "Kxe3", "Fe5", "Ff4", "Pe4=C", "Pd5=K", "xx", "", "K", "Za1", "Ka0", "Bb2=C", "Pb3", "Vxe5", "Cd4", "Gc5"] {
        out.push(x.to_string());
    }
    out
}

#[test]
fn core_matches_hand_written() {
    let rules = cuarenta::rules::rules();
    let t = Arc::new(Tables::<u64>::new(rules).unwrap());
    let mut rng = SeededRng::new(11);
    let (mut positions, mut parses) = (0, 0);
    for game in 0..120 {
        let mut old = cuarenta::start_position();
        let mut core = Core::from_text(&t, &core_text(&cuarenta::fen::write(&old))).unwrap();
        for ply in 0..200 {
            let ot = cuarenta::fen::write(&old);
            assert_eq!(core_text(&ot), core.position_text(), "game {game} ply {ply}");
            let mut om = Vec::new();
            old.legal_moves(&mut om);
            let mut otexts: Vec<String> = om.iter().map(|&m| old.move_text(m)).collect();
            let mut cm = Vec::new();
            core.legal_moves(&mut cm);
            let mut ctexts: Vec<String> = cm.iter().map(|&m| core.move_text(m)).collect();
            otexts.sort();
            ctexts.sort();
            assert_eq!(otexts, ctexts, "{ot}");
            assert_eq!(old.count_moves(), core.count_moves(), "{ot}");
            assert_eq!(
                old.outcome().map(|o| format!("{o:?}")),
                core.outcome().map(|o| format!("{o:?}")),
                "{ot}"
            );
            if ply % 7 == 0 && std::env::var("PROBES").is_ok() {
                for p in probes(&otexts) {
                    let a = old.parse_move(&p).map(|m| old.move_text(m)).map_err(|e| e.to_string());
                    let b = core.parse_move(&p).map(|m| core.move_text(m)).map_err(|e| e.to_string());
                    assert_eq!(a, b, "{ot} '{p}'");
                    parses += 1;
                }
            }
            positions += 1;
            if om.is_empty() {
                break;
            }
            let i = rng.below(om.len() as u64) as usize;
            let text = old.move_text(om[i]);
            old.play(om[i]).unwrap();
            core.play(core.parse_move(&text).unwrap()).unwrap();
        }
    }
    eprintln!("{positions} positions, {parses} parses");
}
