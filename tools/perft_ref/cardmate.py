#!/usr/bin/env python3
"""A second, independent implementation of the Cardmate rulings, for
cross-checking perft counts of the Rust code.

Written straight from ../../../shared/rules/RULINGS.md (Cardmate section)
with plain (dx, dy) offsets: no move tables, no bitmasks, no shared code.
Draw rules (V4) are left out: they cannot trigger at perft depths.

    python3 cardmate.py --depth 3 [--moves "1. 4Ci3 4Db6"] [--divide]
"""
import argparse
import re
import sys

RANKS = "123456789XJQKA"
FILES = "abcdefghij"
PREDEFINED = [  # rank 9 first
    "XD 8C 9S QC KS KD QS 9D 8S XH",
    "7H -- 6C JH 5C 5S JC 6H -- 7D",
    "4D 2C 3H 1S -- -- 4S 3D 2H 1C",
    "", "", "", "",
    "1D 2S 3C 4H -- -- 1H 3S 2D 4C",
    "7C -- 6S JD 5H 5D JS 6D -- 7S",
    "XS 8H 9C QH KC KH QD 9H 8D XC",
]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (-1, 1), (1, -1), (-1, -1)]


def steps(rank, fwd):
    """(steps, slides) of a rank for a player whose forward is dy=fwd.
    Each step is (dx, dy, can_capture); slides are (dx, dy, max)."""
    f, b = fwd, -fwd
    back = [(0, b, False)]
    dfwd = [(1, f, True), (-1, f, True)]
    dback = [(1, b, True), (-1, b, True)]
    side = [(1, 0, True), (-1, 0, True)]
    straight = [(0, f, True)]
    if rank == "1":
        return straight + back, []
    if rank == "2":
        return dfwd + back, []
    if rank == "3":
        return dfwd + straight + back, []
    if rank == "4":
        return dfwd + side + back, []
    if rank == "5":
        return dfwd + side + straight + back, []
    if rank == "6":
        return dfwd + side + dback + back, []
    if rank == "7":
        return dfwd + side + dback + straight + back, []
    if rank == "8":
        return [(x, y, True) for x, y in KNIGHT] + back, []
    if rank == "9":
        return back, [(x, y, 9) for x, y in DIAG]
    if rank == "X":
        return [], [(x, y, 9) for x, y in ORTH]
    if rank == "J":
        return [(x, y, True) for x, y in KNIGHT], [(x, y, 2) for x, y in ORTH + DIAG]
    if rank == "Q":
        return [], [(x, y, 9) for x, y in ORTH + DIAG]
    if rank == "K":
        return [(x, y, True) for x, y in ORTH + DIAG], []
    if rank == "A":
        return [(x, y, True) for x, y in KNIGHT], [(x, y, 9) for x, y in ORTH + DIAG]
    raise ValueError(rank)


class Game:
    def __init__(self):
        self.board = {}  # (x, y) -> (card, owner) ; owner 0 Forehand, 1 Rearhand
        for i, row in enumerate(PREDEFINED):
            y = 9 - i
            for x, tok in enumerate(row.split()):
                if tok not in ("--", "=="):
                    self.board[(x, y)] = (tok, 0 if y < 5 else 1)
        self.turn = 0
        self.winner = None

    def copy(self):
        g = Game.__new__(Game)
        g.board = dict(self.board)
        g.turn = self.turn
        g.winner = self.winner
        return g

    def kings(self, who):
        return sum(1 for c, o in self.board.values() if o == who and c[0] == "K")

    def moves(self):
        """Legal moves as (card, from, to, promote)."""
        if self.winner is not None:
            return []
        me = self.turn
        fwd = 1 if me == 0 else -1
        quiet, same = [], []
        for (x, y), (card, owner) in self.board.items():
            if owner != me:
                continue
            st, sl = steps(card[0], fwd)
            targets = []
            for dx, dy, cap in st:
                targets.append(((x + dx, y + dy), cap))
            for dx, dy, n in sl:
                for k in range(1, n + 1):
                    t = (x + dx * k, y + dy * k)
                    if not (0 <= t[0] < 10 and 0 <= t[1] < 10):
                        break
                    targets.append((t, True))
                    if t in self.board:
                        break
            for t, cap in targets:
                if not (0 <= t[0] < 10 and 0 <= t[1] < 10):
                    continue
                occ = self.board.get(t)
                promo = card[0] == "1" and (y <= 4) == (me == 0) and (t[1] <= 4) != (me == 0)
                if occ is None:
                    quiet.append((card, (x, y), t, False))
                    if promo:
                        quiet.append((card, (x, y), t, True))
                    continue
                if occ[1] == me or not cap:
                    continue
                if occ[0][1] == card[1]:
                    if RANKS.index(card[0]) > RANKS.index(occ[0][0]):
                        same.append((card, (x, y), t, False))
                else:
                    quiet.append((card, (x, y), t, False))
                    if promo:
                        quiet.append((card, (x, y), t, True))
        return same if same else quiet

    def play(self, mv):
        card, frm, to, promote = mv
        me = self.turn
        victim = self.board.get(to)
        del self.board[frm]
        if promote:
            card = "A" + card[1]
        self.board[to] = (card, me)
        self.turn = 1 - me
        if victim and victim[0][0] == "K" and self.kings(1 - me) == 0:
            self.winner = me
            return
        palace = [(4, 9), (5, 9)] if me == 0 else [(4, 0), (5, 0)]
        if all(self.board.get(p, (None, None))[1] == me for p in palace):
            self.winner = me

    def text(self, mv):
        card, frm, to, promote = mv
        s = card + (":" if to in self.board else "") + FILES[to[0]] + str(to[1])
        return s + ("=A" if promote else "")

    def parse(self, text):
        core = re.sub(r"[+x×#!?]+$", "", text)
        for mv in self.moves():
            if self.text(mv) == core:
                return mv
        raise ValueError(f"illegal move {text}")


def perft(g, depth):
    ms = g.moves()
    if depth == 1:
        return len(ms)
    total = 0
    for m in ms:
        h = g.copy()
        h.play(m)
        total += perft(h, depth - 1)
    return total


def after(moves_text):
    g = Game()
    for tok in moves_text.split():
        if re.fullmatch(r"\d+\.+", tok) or tok in ("1-0", "0-1", "*"):
            continue
        g.play(g.parse(tok))
    return g


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--moves", default="")
    ap.add_argument("--divide", action="store_true")
    a = ap.parse_args()
    g = after(a.moves)
    if a.divide:
        total = 0
        for m in sorted(g.moves(), key=g.text):
            h = g.copy()
            h.play(m)
            n = perft(h, a.depth - 1) if a.depth > 1 else 1
            print(f"{g.text(m)}: {n}")
            total += n
        print(f"total: {total}")
    else:
        print(perft(g, a.depth) if a.depth > 0 else 1)


if __name__ == "__main__":
    sys.exit(main())
