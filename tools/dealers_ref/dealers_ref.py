#!/usr/bin/env python3
"""Independent reference move generator and perft for Dealer's Chess.

Written from /work/shared/rules/dealers-chess.txt and the Dealer's Chess
rulings D1-D14 of /work/shared/rules/RULINGS.md only; see README.md.

  python3 dealers_ref.py perft --fen "<D14 string>" --depth N [--divide]
  python3 dealers_ref.py moves --fen "<D14 string>"
  python3 dealers_ref.py pieces            # the catalogue with codes

Modules: pieces.py (catalogue), position.py (D14 reader/writer),
movegen.py (moves), this file (perft, divide, command line).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from movegen import legal_moves, make_move, move_str, in_check  # noqa: E402
from pieces import ROYALS, PIECES, PAWNS, write_code  # noqa: E402
from position import read, write  # noqa: E402

# The FIDE start with a King, Queen/Rook/Bishop/Knight cards and Standard
# Pawns that still have their opening move; empty hands.
CHESS_START = ("rnbqkbnr/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/RNBQKBNR"
               " w AHah - -/-/- 0 1")


def perft(pos, depth):
    """Number of move sequences of length `depth` from pos."""
    if depth == 0:
        return 1
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(make_move(pos, mv), depth - 1) for mv in moves)


def divide(pos, depth):
    """[(move string, perft(depth-1) after it)], sorted by move string."""
    out = []
    for mv in legal_moves(pos):
        out.append((move_str(pos, mv),
                    perft(make_move(pos, mv), depth - 1)))
    out.sort()
    return out


def moves_text(pos):
    return sorted(move_str(pos, mv) for mv in legal_moves(pos))


def find_move(pos, text):
    for mv in legal_moves(pos):
        if move_str(pos, mv) == text:
            return mv
    raise ValueError("no legal move %r in %s" % (text, write(pos)))


def play(pos, texts):
    """Play a list of moves given in this program's notation."""
    for t in texts:
        pos = make_move(pos, find_move(pos, t))
    return pos


def board_text(pos):
    """The board as text, rank n at the top, one 5-wide cell a square."""
    n = pos.n
    lines = []
    for r in range(n - 1, -1, -1):
        cells = []
        for f in range(n):
            m = pos.board[r * n + f]
            cells.append((m.text() if m else ".").ljust(5))
        lines.append("%2d  %s" % (r + 1, "".join(cells).rstrip()))
    lines.append("    " + "".join(c.ljust(5) for c in "abcdefghijkl"[:n]))
    lines.append(write(pos))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p1 = sub.add_parser("perft", help="count move sequences")
    p1.add_argument("--fen", default=CHESS_START, help="D14 position string")
    p1.add_argument("--depth", type=int, required=True)
    p1.add_argument("--divide", action="store_true",
                    help="one line per first move")
    p1.add_argument("--moves", default="",
                    help="space-separated moves to play first")
    p2 = sub.add_parser("moves", help="list the legal moves")
    p2.add_argument("--fen", default=CHESS_START)
    p2.add_argument("--moves", default="",
                    help="space-separated moves to play first")
    p3 = sub.add_parser("show", help="draw the board")
    p3.add_argument("--fen", default=CHESS_START)
    p3.add_argument("--moves", default="",
                    help="space-separated moves to play first")
    sub.add_parser("pieces", help="list the catalogue")
    args = ap.parse_args(argv)

    if args.cmd == "pieces":
        for title, group in (("Royals", ROYALS), ("Pieces", PIECES),
                             ("Pawns", PAWNS)):
            print(title)
            for t in group:
                print("  %-7s %-17s %s" % (write_code(t.code, True), t.name,
                                           t.note))
        return 0

    pos = play(read(args.fen), args.moves.split())
    if args.cmd == "show":
        print(board_text(pos))
        return 0
    if args.cmd == "moves":
        for m in moves_text(pos):
            print(m)
        if args.moves:
            print("position: " + write(pos))
        if not legal_moves(pos):
            print("checkmate" if in_check(pos) else "stalemate")
        return 0

    if args.divide and args.depth >= 1:
        total = 0
        for m, c in divide(pos, args.depth):
            print("%s: %d" % (m, c))
            total += c
        print()
        print("total: %d" % total)
    else:
        print(perft(pos, args.depth))
    return 0


if __name__ == "__main__":
    sys.exit(main())
