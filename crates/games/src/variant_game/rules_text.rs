//! A variant file's rules as a reader meets them (the terminal's `rules`
//! and the web app's rules page): the board, the pieces, the start, how
//! the game is won and drawn, promotion, castling and hands, in words made
//! from the core's description; the file itself is named, not reflowed.

use super::VariantGame;
use crate::fairy::{CastlingSafety, PieceKind, StalemateRule, Variant, WinCondition};
use deckmate_rules::Seat;
use std::fmt::Write;

/// The rules text of a loaded variant file.
pub(super) fn rules_text(game: &VariantGame) -> String {
    let v = &game.variant;
    let mut out = format!("{}\n\n", v.name);
    if let Some(d) = v.description.as_deref().filter(|d| !d.trim().is_empty()) {
        let _ = writeln!(
            out,
            "{}\n",
            d.split_whitespace().collect::<Vec<_>>().join(" ")
        );
    }
    board(&mut out, v);
    pieces(&mut out, v);
    let _ = writeln!(
        out,
        "THE START\nThe position string (ranks from the top, '/' between them; upper case\n\
         for White, lower case for Black; a number is as many empty squares):\n  {}\n",
        v.start
    );
    winning(&mut out, v);
    promotion(&mut out, v);
    castling(&mut out, v);
    draws(&mut out, v);
    let _ = writeln!(
        out,
        "THE FILE\nThe variant file {} ({}), in the format of docs/variant-files.md.",
        game.file, game.digest
    );
    out
}

fn board(out: &mut String, v: &Variant) {
    let g = &v.geometry;
    let last_file = char::from(b'a' + g.files() - 1);
    let _ = writeln!(
        out,
        "THE BOARD\n{} files (a-{last_file}) by {} ranks. White moves first, up the board;\n\
         Black down.\n",
        g.files(),
        g.ranks()
    );
}

fn pieces(out: &mut String, v: &Variant) {
    out.push_str("THE PIECES\nEach piece's letter (White's; Black's is the same in lower case), its\nname and its move in XBetza:\n");
    for p in &v.pieces {
        let kind = match p.kind {
            PieceKind::Royal => " (royal)",
            PieceKind::Pawn => " (a pawn)",
            PieceKind::Piece => "",
        };
        let _ = writeln!(out, "  {}  {}{kind}: {}", p.letter, p.name, p.betza);
    }
    if v.en_passant {
        out.push_str("A pawn that crosses a square on its first move may be taken en passant.\n");
    }
    out.push('\n');
}

fn winning(out: &mut String, v: &Variant) {
    out.push_str("WINNING\n");
    out.push_str(match v.win {
        WinCondition::Checkmate => {
            "Checkmate wins: no move may leave one's own royal piece attacked.\n"
        }
        WinCondition::CaptureRoyal => {
            "Taking the opponent's last royal piece wins; there is no check rule.\n"
        }
    });
    out.push_str(match v.draws.stalemate {
        StalemateRule::Draw => "A player with no legal move is stalemated: a draw.\n\n",
        StalemateRule::Loss => "A player with no legal move loses.\n\n",
        StalemateRule::Win => "A player with no legal move wins.\n\n",
    });
}

fn letter_name(v: &Variant, letter: char) -> String {
    v.pieces
        .iter()
        .find(|p| p.letter == letter)
        .map_or_else(|| letter.to_string(), |p| p.name.clone())
}

fn promotion(out: &mut String, v: &Variant) {
    if v.promotion.zones.is_empty() {
        return;
    }
    out.push_str("PROMOTION\n");
    for z in &v.promotion.zones {
        let choices: Vec<String> = z.choices.iter().map(|&c| letter_name(v, c)).collect();
        let zone = if z.ranks == 1 {
            "on the last rank".to_string()
        } else {
            format!("in the last {} ranks", z.ranks)
        };
        let _ = writeln!(
            out,
            "A pawn ending its move {zone} becomes a {}.",
            choices.join(", or a ")
        );
    }
    out.push_str(if v.promotion.compulsory {
        "Promotion is compulsory.\n\n"
    } else {
        "Promotion is optional.\n\n"
    });
}

fn castling(out: &mut String, v: &Variant) {
    if v.castling.is_empty() {
        return;
    }
    out.push_str("CASTLING\n");
    let style = v.geometry.style();
    for c in &v.castling {
        let _ = writeln!(
            out,
            "  {}: {} {}-{}, its partner {}-{}.",
            c.notation,
            match c.seat {
                Seat::First => "White",
                Seat::Second => "Black",
            },
            c.king_from.name(style),
            c.king_to.name(style),
            c.partner_from.name(style),
            c.partner_to.name(style)
        );
    }
    out.push_str("Neither may have moved and the squares between must be empty; ");
    out.push_str(
        if v.castling
            .iter()
            .all(|c| c.safety == CastlingSafety::Destination)
        {
            "only the royal's\nlanding square must be safe.\n\n"
        } else {
            "the royal may\nnot castle out of, through or into check.\n\n"
        },
    );
}

fn draws(out: &mut String, v: &Variant) {
    let d = &v.draws;
    out.push_str("DRAWS\n");
    if let Some(n) = d.quiet_limit {
        let what = if d.pawn_moves_reset {
            "without a capture or a pawn's move"
        } else {
            "without a capture"
        };
        let _ = writeln!(out, "{n} plies in a row {what}.");
    }
    if let Some(n) = d.repetition {
        let _ = writeln!(out, "The same position {n} times.");
    }
    if d.bare_royals {
        out.push_str("Both sides with nothing but royal pieces.\n");
    }
    out.push_str("Agreement.\n");
    if let Some(h) = &v.hands {
        out.push_str(if h.captures_to_hand {
            "\nHANDS\nA captured piece goes to the captor's hand, to be dropped on an empty\nsquare as a move.\n"
        } else {
            "\nHANDS\nPieces in hand, as the position string gives them, are dropped on an\nempty square as a move.\n"
        });
    }
    out.push('\n');
}
