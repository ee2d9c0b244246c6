#!/usr/bin/env python3
"""Write test_positions.txt: the positions below with this implementation's
perft counts at depths 1, 2 and 3.

  python3 tools/dealers_ref/make_positions.py          # rewrite the file
  python3 tools/dealers_ref/make_positions.py --check  # compare, write nothing

Depth 3 is skipped for a position whose depth 3 takes longer than LIMIT
seconds (none does at present; the slowest takes a few seconds).
"""

import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from dealers_ref import CHESS_START, perft  # noqa: E402
from movegen import legal_moves, make_move  # noqa: E402
from position import read, write  # noqa: E402

LIMIT = 60.0
OUT = os.path.join(HERE, "test_positions.txt")

DEALT = ("[ch][va][bi][gn][rx][ki][li][un]/[ep]*[fp]*[gp]*[jp]*[kp]*[lp]*"
         "[le]*[re]*/8/8/8/8/[AP]*[BP]*[CP]*[LB]*[MO]*[PG]*[ZO]*[HP]*/"
         "[CN][CA][GR][AR][CF][MA][ZE][NR] w AHah - "
         "[AL][DA][FE][GI]/[px][sq][st][th]/[WA][TU] 0 1")


def random_game(fen, plies, seed):
    """The position after `plies` random legal moves (a fixed seed).  The
    two dealt-midgame strings below were made with it and are written out,
    so that they do not depend on the order moves are generated in."""
    rng = random.Random(seed)
    pos = read(fen)
    for _ in range(plies):
        moves = legal_moves(pos)
        if not moves:
            break
        pos = make_move(pos, rng.choice(moves))
    return write(pos)


# (name, description, D14 string)
POSITIONS = [
    ("chess-start",
     "FIDE start: King, Q/R/B/N cards, Standard Pawns with their opening "
     "move (`*`), empty hands. Known chess perft: 20 400 8902.",
     CHESS_START),
    ("chess-kiwipete",
     "Chess 'Kiwipete' (castling both ways, e.p., pins). Known: 48 2039 "
     "97862 (no promotion before depth 4).",
     "r3k2r/p*1p*p*qp*b1/bn2pnp1/3PN3/1p2P3/2N2Q1p/P*P*P*BBP*P*P*/R3K2R "
     "w AHah - -/-/- 0 1"),
    ("chess-pos3",
     "Chess position 3 (e.p. with discovered checks). Known: 14 191 2812.",
     "8/2p*5/3p4/KP5r/1R3p1k/8/4P*1P*1/8 w - - -/-/- 0 1"),
    ("chess-pos4-hands",
     "Chess position 4 with Q, R, B and N in both hands, so that promotion "
     "offers what chess offers. Known: 6 264 9467.",
     "r3k2r/Pp*p*p*1p*p*p*/1b3nbN/nP6/BBP1P3/q4N2/Pp1P*2P*P*/R2Q1RK1 "
     "w ah - QRBN/qrbn/- 0 1"),
    ("chess-pos5-hands",
     "Chess position 5 with Q, R, B, N in both hands (dxc8 promotes). "
     "Known: 44 1486 62379.",
     "rnbq1k1r/p*p*1Pbp*p*p*/2p5/8/2B5/8/P*P*P*1NnP*P*/RNBQK2R "
     "w AH - QRBN/qrbn/- 1 8"),
    ("dealt-start",
     "A dealt 8x8 start: Chef vs Rex, 7 distinct Pieces each, 8 distinct "
     "Pawns each (16 of the 24), 4 cards in each hand, 2 shared extras.",
     DEALT),
    ("dealt-midgame",
     "dealt-start after 40 random legal plies (seed 20): captures have "
     "filled the hands, a black pawn has promoted to the Threeleaper on g1.",
     "[ch][fp][gp]1[rx][ki]1[bi]/[ep]*3[kp]*[li]1[re]*/8/3[jp]4/"
     "2[CA]3[AR]1/[AP][GR][BP][NR][PG][MA]2/2[CP]*[LB]*2[ZO][HP]*/"
     "[va]3[CF]1[th]1 w a - "
     "[AL][DA][FE][GI][GN][UN]/[px][sq][st][ze][cn]/[WA][TU] 1 21"),
    ("dealt-midgame-ep",
     "dealt-start after 40 random legal plies (seed 13): captures in both "
     "hands, Black has just double-stepped (e.p. field d6:d5).",
     "1[AR][ZE][gn]3[li]/[ch]3[kp]*[lp]*[rx][re]*/1[fp]2[le]2[ki]/"
     "[ep][gp]1[jp]4/3[LB]4/[BP]3[GR][un][NR]1/"
     "[AP]*1[CP]*1[MO]*1[ZO]*[HP]*/1[CA]1[CF][PG]3 w - d6:d5 "
     "[AL][DA][FE][GI][VA][BI]/[px][sq][st][th][cn][ma]/[WA][TU] 0 21"),
    ("promotion-hands",
     "g7 promotes (push and capture) to each distinct piece of White's hand "
     "(Q, Lion, N) and of the shared extras (Q, Alfil): Q from the hand and "
     "Q from the shared pool are two moves. Black's b2 promotes at ply 2 "
     "from his hand (R, Alfil) and whatever shared extras are left.",
     "4k2r/6P1/8/8/8/8/1p6/4K3 w - - Q[LI]N/r[al]/Q[AL] 0 1"),
    ("promotion-empty-hand",
     "Empty hands: a pawn reaching the last rank stays a pawn (D4); the "
     "black pawn on a1 is such a pawn and has no move.",
     "4k3/1P6/8/8/8/8/8/p3K3 w - - -/-/- 0 1"),
    ("castling-odd-corners",
     "Chef (royal) with a Cannon and a Nightrider in the corners, Pope "
     "(royal) with a Gryffon and a Camel: all four castlings are open; the "
     "Chef's own two-square sideways move (e1c1, e1g1) differs from castling.",
     "[gr]3[po]2[ca]/8/8/8/8/8/8/[CN]3[CF]2[NR] w AHah - -/-/- 0 1"),
    ("castling-attacked",
     "The rook on f8 attacks f1: no O-O (the royal would cross f1); O-O-O "
     "is legal.",
     "4kr2/8/8/8/8/8/8/R3K2R w AH - -/-/- 0 1"),
    ("ep-mongolian-three",
     "Black's Mongolian Pawn went d7-d4 (three squares), crossing d6 and d5: "
     "c4 takes on d5, the Silver Pawn on d6 (besides its plain move to d6).",
     "4k3/8/8/4[SI]3/2P[mo]4/8/8/4K3 w - d5,d6:d4 -/-/- 0 1"),
    ("ep-torpedo-two",
     "Black's Torpedo Pawn went e6-e4 (not its opening move): the Enhanced "
     "Pawn takes sideways on e5, the Gold Pawn on e5 too (besides its plain "
     "move to e5).",
     "4k3/8/8/3[EP]1[GP]2/4[tp]3/8/8/4K3 w - e5:e4 -/-/- 0 1"),
    ("ep-arrow-sideways",
     "White's Arrow Pawn went b4-d4 sideways, crossing c4: both black pawns "
     "may take it on c4.",
     "4k3/8/8/1p1p4/3[AP]4/8/8/4K3 b - c4:d4 -/-/- 0 1"),
    ("no-ep-horse-lance",
     "After ...d7-d5 only the Standard Pawn takes en passant on d6; the "
     "Horse and Lance Pawns, whose capture reaches d6, may not.",
     "4k3/8/8/3pP3/2[HP]1[LP]3/8/8/4K3 w - d6:d5 -/-/- 0 1"),
    ("ep-piglet-leap",
     "The Piglet Pawn's opening leap e2-c4 may be taken on d3 by e4; its leap "
     "e2-g4 over the knight on f3 may not be taken (f3 is not empty).",
     "4k3/8/8/8/4p3/5N2/4[PG]*3/4K3 w - - -/-/- 0 1"),
    ("chicken",
     "The Chicken on e4 is attacked by the bishop on h7: it may also slide "
     "straight or diagonally back, without capturing (9 squares). After "
     "...Bg6 (say) it may not.",
     "4k3/7b/8/8/4[CP]3/8/8/K7 w - - -/-/- 0 1"),
    ("linebacker",
     "Linebackers: e4 pushes the rook e5 to e6 (e4-f5 would expose the King, "
     "e4-d5 is blocked by c6); d2 pushes the bishop b4 to a5 with its opening "
     "diagonal double step; every other d2 move exposes the King.",
     "4k3/8/2p5/3nr3/1b2[LB]3/8/3[LB]*4/4K3 w - - -/-/- 0 1"),
    ("zombie",
     "The black Zombie Pawn checks the King on e4: Kxd5 (the King stays a "
     "King) or Nxd5 (the Knight becomes a white Zombie Pawn).",
     "4k3/8/8/3[zo]4/4K3/2N5/8/8 w - - -/-/- 0 1"),
    ("zabel",
     "Zabel Pawns: c6 may step c7 or double-step to c8 and promote (N or "
     "Lion from the hand); f5 may not double-step (f7 is not the last rank).",
     "4k3/8/2[ZP]5/5[ZP]2/8/8/8/4K3 w - - N[LI]/-/- 0 1"),
    ("mecklenbeck",
     "The Mecklenbeck Pawn promotes on c7 (Black's Pawn Row); the Standard "
     "Pawn does not promote on e7.",
     "4k3/8/2[MP]1P3/8/8/8/8/4K3 w - - N/-/- 0 1"),
    ("patient-end-pawns",
     "Patient Pawn: opening bent capture d2(-d3)xc4; Black's Left End Pawn "
     "moves towards Black's right (the a-file side); Right End Pawn mirrored.",
     "4k3/4[le]*3/8/1[RE]*6/2r5/2n1b3/3[PP]*4/4K3 w - - -/-/- 0 1"),
    ("lame-blocked",
     "Rex (royal, non-leaping (1,2): orthogonal step first) with d5 blocking "
     "c6 and e6; Gryffon with a3 blocked by its own Ferz and c3 an enemy "
     "(captured, no continuation).",
     "4k3/8/8/3N4/3[RX]4/[FE]1p5/1[GR]6/8 w - - -/-/- 0 1"),
    ("lame-unblocked",
     "The same without the blockers: Rex has all 8 (1,2) moves; the Gryffon "
     "slides up the a-file.",
     "4k3/8/8/8/3[RX]4/2p5/1[GR]6/8 w - - -/-/- 0 1"),
    ("hoppers-and-royals",
     "Cannon takes a6 over a4; Vao takes g7 over f6; Pharaoh (moves like a "
     "King but only captures by (1,3) leap) vs Pope (royal).",
     "4[po]3/6r1/r4n2/8/p2[VA]4/8/8/[CN]3[PH]3 w - - -/-/- 0 1"),
    ("board-10x10",
     "10x10: royal on e1/e10, corners a and j (castling e1-g1 with j1-f1), "
     "Pawn Row on ranks 2 and 9, ten different pawns per side.",
     "[ca][ch][va][nr][po][rh][sn][sh][ki][tu]/[gp]*[si]*[hp]*[lp]*[le]*"
     "[re]*[jp]*[kp]*[fp]*[ip]*/10/10/10/10/10/10/P*[BP]*[MO]*[TP]*[LB]*"
     "[PG]*[CP]*[ZP][AP]*[EP]*/[CN]NBQK[AR][GR][LI][SQ]R w AJaj - "
     "[AL]N/[gi]/[ZE]Q 0 1"),
    ("castling-10x10",
     "10x10 castling: O-O e1-g1 with j1-f1 over f1..i1, O-O-O e1-c1 with "
     "a1-d1.",
     "4k4r/10/10/10/10/10/10/10/10/R3K4R w AJj - -/-/- 0 1"),
    ("board-12x12",
     "12x12: royal on g1/g12, corners a and l, Pawn Row on ranks 3 and 10: "
     "the Mecklenbeck Pawn on c9 promotes on c10; castling g1-i1 with l1-h1 "
     "and g1-e1 with a1-f1.",
     "[ma]5[sg]4[gu]/4[un]7/4[zo]*[cp]*6/2[MP]9/12/12/12/12/12/"
     "2[MP]*P*4[TP]*3/1[NR]8N1/R5K4[CN] w ALal - N/[ab]/- 0 1"),
]


def compute(fen, depth3=True):
    counts = [perft(read(fen), d) for d in (1, 2)]
    if depth3:
        t = time.time()
        c3 = perft(read(fen), 3)
        if time.time() - t <= LIMIT:
            counts.append(c3)
    return counts


def main():
    check = "--check" in sys.argv
    lines = [
        "# Dealer's Chess reference perft positions (tools/dealers_ref).",
        "# Written by make_positions.py; counts from dealers_ref.py.",
        "# Format: name | D14 position string | perft(1) | perft(2) | "
        "perft(3)",
        "# (an empty perft(3) means it was not computed).",
        "",
    ]
    for name, desc, fen in POSITIONS:
        assert write(read(fen)) == fen, name
        counts = compute(fen)
        print(name, counts, file=sys.stderr)
        lines.append("# " + desc)
        cells = [str(c) for c in counts] + [""] * (3 - len(counts))
        lines.append(" | ".join([name, fen] + cells))
        lines.append("")
    text = "\n".join(lines)
    if check:
        old = open(OUT).read()
        print("same" if old == text else "DIFFERENT")
        return 0 if old == text else 1
    with open(OUT, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
