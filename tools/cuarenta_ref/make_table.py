#!/usr/bin/env python3
"""Writes ../../crates/games/tests/data/cuarenta-perft.txt from cuarenta.py:
the start position, hand-made positions for each special rule, and
positions from seeded random playouts (checks, promotions, castling,
mates and stalemates close by)."""
import random
import sys
from cuarenta import Game, START, after, light, perft

FILES = "abcdefghi"


def fen_from(pieces, side="w", castling="-", quiet=0, move=1):
    """pieces: {"e2": "K", "e8": "k", ...}"""
    rows = []
    for y in range(8, -1, -1):
        row = ""
        for x in range(9):
            sq = FILES[x] + str(y + 1)
            if not light(x, y):
                assert sq not in pieces, sq
                row += "*"
            else:
                row += pieces.get(sq, "1")
        rows.append(row)
    return f"{'/'.join(rows)} {side} {castling} {quiet} {move}"


HAND = [
    # Q6/Q10 Frog lines: c4 over d5 e6 to take f7; over its King e4 and Vao
    # g4 to take the Camel on i4.
    ("frog lines", fen_from({"e4": "K", "c4": "F", "d5": "G", "e6": "P", "g4": "V",
                             "e8": "k", "i4": "c", "f7": "p", "h9": "b", "a2": "f"}), 3),
    ("frog lines, black to move", fen_from({"e4": "K", "c4": "F", "d5": "G", "e6": "P", "g4": "V",
                                            "e8": "k", "i4": "c", "f7": "p", "h9": "b", "a2": "f"}, "b"), 3),
    # Q8: White in check from a Camel may castle out of it.
    ("castle out of check", fen_from({"e2": "K", "h1": "C", "b3": "P", "e8": "k", "f5": "c"}, "w", "C"), 3),
    # Q8: the King may not end in check on h1 (Bishop d5).
    ("castle into check", fen_from({"e2": "K", "h1": "C", "b3": "P", "e8": "k", "d5": "b"}, "w", "C"), 3),
    # Q8: both rights; White waits for Black.
    ("both rights", fen_from({"e2": "K", "h1": "C", "b3": "P", "e8": "k", "b9": "c", "h7": "p"}, "w", "Cc"), 4),
    ("both rights, black", fen_from({"e2": "K", "h1": "C", "b3": "P", "e8": "k", "b9": "c", "h7": "p"}, "b", "Cc"), 4),
    # Q7 promotions: b7 (last three ranks: Camel), g8 (last rank: five
    # choices, also taking the Guard f9), h9 (on the last rank, sideways,
    # taking f9), pawn c8 that b7 may not take.
    ("promotions", fen_from({"e2": "K", "b7": "P", "g8": "P", "h9": "P", "a4": "k", "f9": "g", "c8": "p"}), 3),
    ("promotions, black", fen_from({"e8": "k", "h3": "p", "c2": "p", "b1": "p", "i6": "K", "d1": "G", "g2": "P"}, "b"), 3),
    # Q5 Vao: screens of both sides.
    ("vao screens", fen_from({"e2": "K", "c4": "V", "d5": "p", "f7": "p", "a2": "V", "b3": "P",
                              "e8": "k", "g8": "v", "f9": "F", "i4": "g"}), 3),
    # Q9 bare Kings: Black in check takes the Guard, leaving two Kings.
    ("bare kings next", fen_from({"i2": "K", "d3": "G", "c4": "k"}, "b"), 3),
    # Q9: 79 quiet plies: the next quiet move draws.
    ("quiet limit", fen_from({"e4": "K", "c4": "F", "d5": "G", "e6": "P", "g4": "V",
                              "e8": "k", "i4": "c", "f7": "p", "h9": "b", "a2": "f"}, "w", "-", 79, 60), 3),
    # Q3: the King's two-rank move, pawns giving check (Q10).
    ("king steps", fen_from({"e4": "K", "b5": "p", "e8": "k", "c6": "P", "g6": "P", "e6": "p"}, "b"), 3),
]


def main():
    lines = ["# position string | depth | leaves",
             "# made by tools/cuarenta_ref/make_table.py%s (independent Python implementation)" % (" --deep" if "--deep" in sys.argv else "")]
    # --deep adds the start at depth 5 (about 15 minutes of Python); the
    # Rust test runs lines above 2 million leaves only with --ignored.
    cases = [(START, d, "start") for d in (1, 2, 3, 4, 5) if d < 5 or "--deep" in sys.argv]
    for name, fen, depth in HAND:
        Game(fen)  # must read
        cases += [(fen, d, name) for d in range(1, depth + 1)]
    rng = random.Random(40)
    wanted = {"check": 4, "promotion": 4, "castling": 3, "mate": 3, "stalemate": 1, "frog capture": 2}
    tries = 0
    while any(v > 0 for v in wanted.values()) and tries < 400:
        tries += 1
        g = Game()
        for ply in range(rng.randrange(6, 120)):
            ms = g.moves()
            if not ms:
                break
            g.apply(rng.choice(ms))
        ms = g.moves()
        if not ms:
            continue
        kinds = []
        if g.in_check():
            kinds.append("check")
        if any(m[2] for m in ms):
            kinds.append("promotion")
        if any(m[0] == "O-O" for m in ms):
            kinds.append("castling")
        mate = stale = False
        for m in ms:
            h = g.copy()
            h.apply(m)
            if not h.moves() and not h.over:
                if h.in_check():
                    mate = True
                else:
                    stale = True
        if mate:
            kinds.append("mate")
        if stale:
            kinds.append("stalemate")
        for m in ms:
            s, t, _ = m
            if s != "O-O" and g.board[s][1] == "F" and t in g.board and abs(s[0] - t[0]) + abs(s[1] - t[1]) > 2:
                kinds.append("frog capture")
                break
        for k in kinds:
            if wanted.get(k, 0) > 0:
                wanted[k] -= 1
                cases += [(g.fen(), d, "random: " + k) for d in (1, 2, 3)]
                break
    for fen, depth, name in cases:
        g = Game(fen)
        lines.append(f"{fen} | {depth} | {perft(g, depth)}")
        print(name, lines[-1], file=sys.stderr)
    with open("../../crates/games/tests/data/cuarenta-perft.txt", "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
