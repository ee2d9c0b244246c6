#!/usr/bin/env python3
"""A second, independent implementation of Cuarenta, for cross-checking the
perft counts of the Rust code.

Written from ../../../shared/rules/cuarenta.txt and the Cuarenta section of
RULINGS.md (Q1-Q10) with plain (x, y) coordinates and dictionaries: no move
tables, no bitboards, no XBetza, nothing shared with the Rust crates. Legality
is checked the slow obvious way: play the move, then see whether any enemy
piece could take the King.

    python3 cuarenta.py --depth 3 [--fen "..."] [--moves "e2e4 e8e6"] [--divide]

Position string (as documented for deckmate): ranks 9 to 1 separated by '/',
each rank 9 cells from file a to i: '*' a dark square (hole), a digit a run of
empty light squares (always 1 here, as holes separate them), a letter a piece
(K B C V G F P, upper case White, lower case Black); then side (w/b),
castling rights ('C' White, 'c' Black, or '-'), plies since the last capture
or promotion, move number.
"""
import argparse
import sys

FILES = "abcdefghi"
START = "*c*f*f*b*/v*g*k*g*v/*p*p*p*p*/1*1*1*1*1/*1*1*1*1*/1*1*1*1*1/*P*P*P*P*/V*G*K*G*V/*B*F*F*C* w Cc 0 1"
DIAG = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
ORTH2 = [(2, 0), (-2, 0), (0, 2), (0, -2)]  # light squares orthogonally "adjacent"
CAMEL = [(a * 1, b * 3) for a in (1, -1) for b in (1, -1)] + [(a * 3, b * 1) for a in (1, -1) for b in (1, -1)]
PROMO_LAST = "CFGVB"
QUIET_LIMIT = 80


def light(x, y):
    """Q1: the squares that exist: file number (a=1) + rank (1..9) odd."""
    return 0 <= x < 9 and 0 <= y < 9 and ((x + 1) + (y + 1)) % 2 == 1


def name(sq):
    return FILES[sq[0]] + str(sq[1] + 1)


def other(c):
    return "b" if c == "w" else "w"


class Game:
    def __init__(self, fen=START):
        f = fen.split()
        if len(f) != 5:
            raise ValueError("5 fields expected")
        rows = f[0].split("/")
        if len(rows) != 9:
            raise ValueError("9 ranks expected")
        self.board = {}
        for i, row in enumerate(rows):
            y = 8 - i
            x = 0
            for ch in row:
                if ch == "*":
                    if light(x, y):
                        raise ValueError("hole on a light square")
                    x += 1
                elif ch.isdigit():
                    for _ in range(int(ch)):
                        if not light(x, y):
                            raise ValueError("empty dark square")
                        x += 1
                else:
                    if not light(x, y):
                        raise ValueError("piece on a dark square")
                    self.board[(x, y)] = ("w" if ch.isupper() else "b", ch.upper())
                    x += 1
            if x != 9:
                raise ValueError("rank of wrong length")
        self.turn = f[1]
        self.rights = {"w": "C" in f[2], "b": "c" in f[2]}
        self.halfmove = int(f[3])
        self.fullmove = int(f[4])
        self.history = [self.key()]
        self.over = False
        self.settle()

    def key(self):
        return (frozenset(self.board.items()), self.turn, self.rights["w"], self.rights["b"])

    def copy(self):
        g = Game.__new__(Game)
        g.board = dict(self.board)
        g.turn = self.turn
        g.rights = dict(self.rights)
        g.halfmove = self.halfmove
        g.fullmove = self.fullmove
        g.history = list(self.history)
        g.over = self.over
        return g

    def forward(self, color):
        return 1 if color == "w" else -1

    # ---- what each piece reaches (pseudo-legal), by the rulings' words ----
    def reach(self, sq, color, kind):
        """List of destination squares of the piece on sq (captures only of
        enemies, moves only to empty squares)."""
        x, y = sq
        out = []
        b = self.board

        def empty(s):
            return s not in b

        def enemy(s):
            return s in b and b[s][0] != color

        def step(dx, dy, can_move=True, can_take=True):
            s = (x + dx, y + dy)
            if not light(*s):
                return
            if empty(s) and can_move:
                out.append(s)
            elif enemy(s) and can_take:
                out.append(s)

        if kind == "K":  # Q3
            for dx, dy in DIAG:
                step(dx, dy)
            step(0, 2, True, False)
            step(0, -2, True, False)
        elif kind == "B":  # Q4 bishop
            for dx, dy in DIAG:
                s = (x + dx, y + dy)
                while light(*s):
                    if empty(s):
                        out.append(s)
                    else:
                        if enemy(s):
                            out.append(s)
                        break
                    s = (s[0] + dx, s[1] + dy)
        elif kind == "C":  # Q4 camel (1,3)
            for dx, dy in CAMEL:
                step(dx, dy)
        elif kind == "G":  # Q4 guard: one or two diagonally, jumping
            for dx, dy in DIAG:
                step(dx, dy)
                step(2 * dx, 2 * dy)
        elif kind == "V":  # Q5 vao
            for dx, dy in DIAG:
                s = (x + dx, y + dy)
                while light(*s) and empty(s):
                    out.append(s)
                    s = (s[0] + dx, s[1] + dy)
                if light(*s):  # s is the screen
                    s = (s[0] + dx, s[1] + dy)
                    while light(*s) and empty(s):
                        s = (s[0] + dx, s[1] + dy)
                    if light(*s) and enemy(s):
                        out.append(s)
        elif kind == "F":  # Q6 frog
            for dx, dy in ORTH2:
                step(dx, dy)
            for dx, dy in ORTH2 + DIAG:
                s = (x + dx, y + dy)
                n = 0
                while light(*s) and s in b and b[s][0] == color:
                    n += 1
                    s = (s[0] + dx, s[1] + dy)
                if n > 0 and light(*s) and (empty(s) or enemy(s)):
                    out.append(s)
        elif kind == "P":  # Q7 pawn
            f = self.forward(color)
            for s in [(x + 1, y + f), (x - 1, y + f), (x + 2, y), (x - 2, y)]:
                if not light(*s):
                    continue
                if empty(s):
                    out.append(s)
                elif enemy(s) and b[s][1] != "P":
                    out.append(s)
        return out

    def attacked(self, sq, by):
        """Could a piece of `by` go to sq (occupied by the other side's King)?
        A pawn attacks all four of its squares (Q10): the King is not a pawn."""
        for s, (c, k) in list(self.board.items()):
            if c == by and sq in self.reach(s, c, k):
                return True
        return False

    def king(self, color):
        for s, (c, k) in self.board.items():
            if c == color and k == "K":
                return s
        return None

    def in_check(self, color=None):
        color = color or self.turn
        return self.attacked(self.king(color), other(color))

    def pseudo(self):
        me = self.turn
        res = []
        for s, (c, k) in list(self.board.items()):
            if c != me:
                continue
            for t in self.reach(s, c, k):
                if k == "P":
                    last = 8 if me == "w" else 0
                    zone = t[1] >= 6 if me == "w" else t[1] <= 2
                    res.append((s, t, None))
                    if t[1] == last:
                        for p in PROMO_LAST:
                            res.append((s, t, p))
                    elif zone:
                        res.append((s, t, "C"))
                else:
                    res.append((s, t, None))
        # Q8 castling
        home_k = (4, 1) if me == "w" else (4, 7)
        home_c = (7, 0) if me == "w" else (1, 8)
        may = self.rights[me] and (me == "b" or not self.rights["b"])
        if may and self.board.get(home_k) == (me, "K") and self.board.get(home_c) == (me, "C"):
            res.append(("O-O", None, None))
        return res

    def apply(self, m):
        me = self.turn
        s, t, p = m
        irreversible = False
        if s == "O-O":
            hk = (4, 1) if me == "w" else (4, 7)
            hc = (7, 0) if me == "w" else (1, 8)
            self.board[hk], self.board[hc] = self.board[hc], self.board[hk]
            self.rights[me] = False
        else:
            piece = self.board.pop(s)
            if t in self.board:
                irreversible = True
            if p:
                piece = (me, p)
                irreversible = True
            self.board[t] = piece
            # Q10: the right is lost for good once the King or the original
            # Camel moves, or the Camel is taken on its square.
            for col, hk, hc in (("w", (4, 1), (7, 0)), ("b", (4, 7), (1, 8))):
                if s in (hk, hc) or t in (hk, hc):
                    self.rights[col] = False
        self.turn = other(me)
        if me == "b":
            self.fullmove += 1
        if irreversible:
            self.halfmove = 0
            self.history = []
        else:
            self.halfmove += 1
        self.history.append(self.key())
        self.settle()

    def settle(self):
        """Q9 draws that end the game at once (checkmate and stalemate come
        first: they are found by having no legal move)."""
        if all(k == "K" for (_, k) in self.board.values()):
            self.over = True
            return
        if self.halfmove >= QUIET_LIMIT or self.history.count(self.key()) >= 3:
            if self.legal_raw():
                self.over = True

    def legal_raw(self):
        me = self.turn
        out = []
        for m in self.pseudo():
            g = self.copy()
            g.apply_nosettle(m)
            if not g.attacked(g.king(me), other(me)):
                out.append(m)
        return out

    def apply_nosettle(self, m):
        me = self.turn
        s, t, p = m
        if s == "O-O":
            hk = (4, 1) if me == "w" else (4, 7)
            hc = (7, 0) if me == "w" else (1, 8)
            self.board[hk], self.board[hc] = self.board[hc], self.board[hk]
        else:
            piece = self.board.pop(s)
            self.board[t] = (me, p) if p else piece
        self.turn = other(me)

    def moves(self):
        if self.over:
            return []
        return self.legal_raw()

    def fen(self):
        rows = []
        for y in range(8, -1, -1):
            row = ""
            for x in range(9):
                if not light(x, y):
                    row += "*"
                elif (x, y) in self.board:
                    c, k = self.board[(x, y)]
                    row += k if c == "w" else k.lower()
                else:
                    row += "1"
            rows.append(row)
        cast = ("C" if self.rights["w"] else "") + ("c" if self.rights["b"] else "")
        return f"{'/'.join(rows)} {self.turn} {cast or '-'} {self.halfmove} {self.fullmove}"

    def text(self, m):
        s, t, p = m
        if s == "O-O":
            return "O-O"
        return name(s) + name(t) + ("=" + p if p else "")


def perft(g, depth):
    if depth == 0:
        return 1
    ms = g.moves()
    if depth == 1:
        return len(ms)
    n = 0
    for m in ms:
        h = g.copy()
        h.apply(m)
        n += perft(h, depth - 1)
    return n


def after(fen, moves):
    g = Game(fen)
    for tok in moves.split():
        if tok.endswith("."):
            continue
        found = [m for m in g.moves() if g.text(m) == tok]
        if not found:
            raise ValueError("illegal move " + tok)
        g.apply(found[0])
    return g


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--fen", default=START)
    ap.add_argument("--moves", default="")
    ap.add_argument("--divide", action="store_true")
    a = ap.parse_args()
    g = after(a.fen, a.moves)
    if a.divide:
        total = 0
        for m in sorted(g.moves(), key=g.text):
            h = g.copy()
            h.apply(m)
            n = perft(h, a.depth - 1)
            total += n
            print(f"{g.text(m)}: {n}")
        print(f"\ntotal: {total}")
    else:
        print(perft(g, a.depth))


if __name__ == "__main__":
    sys.exit(main())
