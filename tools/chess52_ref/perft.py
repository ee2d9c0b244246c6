#!/usr/bin/env python3
"""Independent reference perft for 52Chess (RULINGS.md F1-F11).

Standard library only.  See README.md in this folder for the decisions taken
where the rules leave something open, and for the move notation.

Board: 4 files a-d, 13 ranks 1-13.  Square index s = (rank-1)*4 + file
(a=0 .. d=3), so a1=0, d1=3, a2=4, ..., d13=51.

Cards: index c = suit*13 + (rank-1), suits C D H S, ranks A 2..10 J Q K.
Card c names the square file=suit, rank=card rank (F3): card index -> square
index is (c % 13)*4 + c // 13.  Cards are written rank then suit: AC 2C .. 10C
JC QC KC AD .. KS (T is accepted for ten on input).
"""

import argparse
import sys

NFILES = 4
NRANKS = 13
NSQ = NFILES * NRANKS
FILES = "abcd"

# ---------------------------------------------------------------- geometry


def sq_name(s):
    return FILES[s % 4] + str(s // 4 + 1)


def parse_sq(t):
    t = t.strip().lower()
    f = FILES.index(t[0])
    r = int(t[1:])
    if not 1 <= r <= NRANKS:
        raise ValueError("bad square %r" % t)
    return (r - 1) * 4 + f


def _on(f, r):
    return 0 <= f < NFILES and 0 <= r < NRANKS


def _leaps(deltas):
    out = []
    for s in range(NSQ):
        f, r = s % 4, s // 4
        out.append(tuple((r + dr) * 4 + f + df for df, dr in deltas if _on(f + df, r + dr)))
    return out


def _rays(dirs):
    out = []
    for s in range(NSQ):
        f, r = s % 4, s // 4
        rays = []
        for df, dr in dirs:
            ray = []
            ff, rr = f + df, r + dr
            while _on(ff, rr):
                ray.append(rr * 4 + ff)
                ff += df
                rr += dr
            if ray:
                rays.append(tuple(ray))
        out.append(tuple(rays))
    return out


KNIGHT = _leaps([(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)])
KING = _leaps([(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)])
ROOK_RAYS = _rays([(1, 0), (-1, 0), (0, 1), (0, -1)])
BISHOP_RAYS = _rays([(1, 1), (1, -1), (-1, 1), (-1, -1)])
QUEEN_RAYS = [ROOK_RAYS[s] + BISHOP_RAYS[s] for s in range(NSQ)]
SLIDER_RAYS = {"R": ROOK_RAYS, "B": BISHOP_RAYS, "Q": QUEEN_RAYS}

# ---------------------------------------------------------------- cards

SUITS = "CDHS"
RANK_NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def card_name(c):
    return RANK_NAMES[c % 13] + SUITS[c // 13]


def card_square(c):
    """F3: card rank A..K = board rank 1..13, suit C,D,H,S = file a..d."""
    return (c % 13) * 4 + c // 13


def parse_card(t):
    t = t.strip().upper()
    suit = SUITS.index(t[-1])
    rk = t[:-1]
    if rk == "T":
        rk = "10"
    if rk == "1":
        rk = "A"
    return suit * 13 + RANK_NAMES.index(rk)


ALL_CARDS = list(range(52))
CARD_NAMES = [card_name(c) for c in ALL_CARDS]
assert sorted(card_square(c) for c in ALL_CARDS) == list(range(NSQ))

# ---------------------------------------------------------------- position

EMPTY = "."
PROMOS = "QRBN"


class Position(object):
    __slots__ = ("board", "white", "ep", "clock", "fullmove")

    def __init__(self, board, white, ep, clock, fullmove):
        self.board = board  # list of 52 one-char strings, "." empty
        self.white = white  # True: White to move
        self.ep = ep  # square index or -1
        self.clock = clock  # plies since last capture (F8/F11)
        self.fullmove = fullmove

    def key(self):
        """F8 repetition identity: placement, side to move, e.p. square."""
        return ("".join(self.board), self.white, self.ep)

    def fen(self):
        rows = []
        for r in range(NRANKS - 1, -1, -1):
            row, run = "", 0
            for f in range(NFILES):
                p = self.board[r * 4 + f]
                if p == EMPTY:
                    run += 1
                else:
                    if run:
                        row += str(run)
                        run = 0
                    row += p
            if run:
                row += str(run)
            rows.append(row)
        return "%s %s %s %d %d" % (
            "/".join(rows),
            "w" if self.white else "b",
            sq_name(self.ep) if self.ep >= 0 else "-",
            self.clock,
            self.fullmove,
        )


START_FEN = "rqkr/pppp/nbbn/pppp/4/4/4/4/4/PPPP/NBBN/PPPP/RQKR w - 0 1"


def parse_fen(s):
    parts = s.split()
    if len(parts) < 2:
        raise ValueError("position string needs at least placement and side")
    rows = parts[0].split("/")
    if len(rows) != NRANKS:
        raise ValueError("placement must have 13 ranks, got %d" % len(rows))
    board = [EMPTY] * NSQ
    for i, row in enumerate(rows):
        r = NRANKS - 1 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            elif ch in "KQRBNPkqrbnp":
                if f >= NFILES:
                    raise ValueError("rank %d too long" % (r + 1))
                if ch in "Pp" and r in (0, NRANKS - 1):
                    raise ValueError("pawn on rank %d is impossible in 52Chess" % (r + 1))
                board[r * 4 + f] = ch
                f += 1
            else:
                raise ValueError("bad placement char %r" % ch)
        if f != NFILES:
            raise ValueError("rank %d has %d files" % (r + 1, f))
    if parts[1] not in ("w", "b"):
        raise ValueError("side must be w or b")
    white = parts[1] == "w"
    ep = -1
    if len(parts) > 2 and parts[2] != "-":
        ep = parse_sq(parts[2])
        # The square a double step crossed on the previous ply: the mover's
        # opponent double-stepped.  White double steps cross rank 3 or 5,
        # Black ones cross rank 11 or 9.
        r = ep // 4 + 1
        if white:
            ok_rank = r in (11, 9)
            pawn_sq, origin = ep - 4, ep + 4
            pawn = "p"
        else:
            ok_rank = r in (3, 5)
            pawn_sq, origin = ep + 4, ep - 4
            pawn = "P"
        if not ok_rank or board[ep] != EMPTY or board[origin] != EMPTY or board[pawn_sq] != pawn:
            raise ValueError("e.p. square %s inconsistent with the placement" % parts[2])
    clock = int(parts[3]) if len(parts) > 3 else 0
    fullmove = int(parts[4]) if len(parts) > 4 else 1
    return Position(board, white, ep, clock, fullmove)


# ---------------------------------------------------------------- moves
#
# A move is a tuple (kind, frm, to, promo):
#   kind "n"  normal move (incl. captures, promotions); promo is "" or Q/R/B/N
#        "d"  pawn double step (sets the e.p. square)
#        "e"  en passant capture
#        "t"  teleport (F4/F5)
#        "-"  pass (F7/F10)

PASS = ("-", -1, -1, "")


def is_own(p, white):
    return p != EMPTY and (p.isupper() == white)


def is_enemy(p, white):
    return p != EMPTY and (p.isupper() != white)


def gen_normal(pos):
    """All normal chess moves for the side to move (card independent)."""
    b = pos.board
    white = pos.white
    out = []
    app = out.append
    if white:
        fwd, second, fourth, last = 4, 1, 3, NRANKS - 1
    else:
        fwd, second, fourth, last = -4, NRANKS - 2, NRANKS - 4, 0
    for s in range(NSQ):
        p = b[s]
        if p == EMPTY or p.isupper() != white:
            continue
        u = p.upper()
        if u == "P":
            r = s // 4
            f = s % 4
            t = s + fwd
            tr = t // 4  # always on board: a pawn is never on its last rank
            if b[t] == EMPTY:
                if tr == last:
                    for q in PROMOS:
                        app(("n", s, t, q))
                else:
                    app(("n", s, t, ""))
                    # F6: double step from the owner's 2nd or 4th rank,
                    # however the pawn got there; both squares empty.
                    if r == second or r == fourth:
                        t2 = t + fwd
                        if b[t2] == EMPTY:
                            app(("d", s, t2, ""))
            for df in (-1, 1):
                if 0 <= f + df < NFILES:
                    t = s + fwd + df
                    q = b[t]
                    if q != EMPTY:
                        if q.isupper() != white:
                            if tr == last:
                                for pr in PROMOS:
                                    app(("n", s, t, pr))
                            else:
                                app(("n", s, t, ""))
                    elif t == pos.ep:
                        app(("e", s, t, ""))
        elif u == "N" or u == "K":
            for t in (KNIGHT[s] if u == "N" else KING[s]):
                q = b[t]
                if q == EMPTY or q.isupper() != white:
                    app(("n", s, t, ""))
        else:
            for ray in SLIDER_RAYS[u][s]:
                for t in ray:
                    q = b[t]
                    if q == EMPTY:
                        app(("n", s, t, ""))
                    else:
                        if q.isupper() != white:
                            app(("n", s, t, ""))
                        break
    return out


def teleporters(pos):
    """(non-pawn non-King pieces, pawns, lowest allowed pawn rank index,
    highest allowed pawn rank index) for the side to move (F4/F5).
    Rank indices are 0-based; a pawn may teleport to an empty square whose
    rank index lies in [lo, hi]."""
    b = pos.board
    white = pos.white
    pieces, pawns = [], []
    wk = bk = -1
    for s in range(NSQ):
        p = b[s]
        if p == "K":
            wk = s
        elif p == "k":
            bk = s
        if p == EMPTY or p.isupper() != white:
            continue
        u = p.upper()
        if u == "P":
            pawns.append(s)
        elif u != "K":
            pieces.append(s)
    # F5: never rank 1 or 13; not beyond the enemy King's rank as seen from
    # the pawn's side (the King's own rank allowed).
    lo, hi = 1, NRANKS - 2
    if white:
        hi = min(hi, bk // 4)
    else:
        lo = max(lo, wk // 4)
    return pieces, pawns, lo, hi


def moves_for_card(pos, card, normals=None, tele=None):
    """Legal moves with this card (F4, F10); [PASS] if there is none.
    Assumes the game is not over."""
    if normals is None:
        normals = gen_normal(pos)
    if tele is None:
        tele = teleporters(pos)
    t = card_square(card)
    out = list(normals)
    if pos.board[t] == EMPTY:
        pieces, pawns, lo, hi = tele
        for s in pieces:
            out.append(("t", s, t, ""))
        if lo <= t // 4 <= hi:
            for s in pawns:
                out.append(("t", s, t, ""))
    if not out:
        out.append(PASS)
    return out


def make(pos, m):
    """Return the position after move m (pos is left untouched)."""
    kind, s, t, promo = m
    b = list(pos.board)
    clock = pos.clock + 1
    ep = -1
    if kind == "-":
        pass
    elif kind == "t":
        b[t] = b[s]
        b[s] = EMPTY
    else:
        if b[t] != EMPTY:
            clock = 0
        p = b[s]
        b[s] = EMPTY
        if kind == "e":
            cap = t - 4 if pos.white else t + 4
            b[cap] = EMPTY
            clock = 0
        elif kind == "d":
            ep = (s + t) // 2
        if promo:
            p = promo if pos.white else promo.lower()
        b[t] = p
    return Position(b, not pos.white, ep, clock, pos.fullmove + (0 if pos.white else 1))


def move_str(pos, m):
    kind, s, t, promo = m
    if kind == "-":
        return "--"
    p = pos.board[s].upper()
    if kind == "t":
        return "%s%s@%s" % (p, sq_name(s), sq_name(t))
    cap = kind == "e" or pos.board[t] != EMPTY
    out = "%s%s%s%s" % (p, sq_name(s), "x" if cap else "", sq_name(t))
    if promo:
        out += "=" + promo
    if kind == "e":
        out += "ep"
    return out


# ---------------------------------------------------------------- game end


class Rules(object):
    def __init__(self, draws=True):
        self.draws = draws


def game_over(pos, hist, rules):
    """F10: a position where a King has been taken has no moves.  Decision
    (README): a game finished by a draw rule (F8: 100 plies without capture,
    third occurrence of the position) has no moves either."""
    b = pos.board
    if "K" not in b or "k" not in b:
        return True
    if rules.draws:
        if pos.clock >= 100:
            return True
        if hist is not None and hist.get(pos.key(), 0) >= 3:
            return True
    return False


# ---------------------------------------------------------------- perft


def count_moves_all_cards(pos, normals, tele):
    """Sum over the 52 cards of the number of moves (pass = 1)."""
    n = len(normals)
    pieces, pawns, lo, hi = tele
    npc, npw = len(pieces), len(pawns)
    b = pos.board
    total = 0
    for t in range(NSQ):
        c = n
        if b[t] == EMPTY:
            c += npc
            if lo <= t // 4 <= hi:
                c += npw
        total += c if c else 1
    return total


def pass_cards(pos, normals, tele):
    """Number of cards for which the only move is a pass."""
    if normals:
        return 0
    pieces, pawns, lo, hi = tele
    b = pos.board
    k = 0
    for t in range(NSQ):
        if b[t] != EMPTY:
            k += 1
        elif not pieces and not (pawns and lo <= t // 4 <= hi):
            k += 1
    return k


def _push(hist, pos):
    k = pos.key()
    hist[k] = hist.get(k, 0) + 1
    return k


def _pop(hist, k):
    v = hist[k] - 1
    if v:
        hist[k] = v
    else:
        del hist[k]


def perft(pos, depth, rules=None, hist=None):
    """Number of (card, move) sequences of length depth (F10).

    hist maps position keys to occurrence counts along the path, including
    pos itself; by default the root counts as one occurrence."""
    if rules is None:
        rules = Rules()
    if hist is None:
        hist = {pos.key(): 1}
    return _perft(pos, depth, rules, hist)


def _perft(pos, depth, rules, hist):
    if depth == 0:
        return 1
    if game_over(pos, hist, rules):
        return 0
    normals = gen_normal(pos)
    tele = teleporters(pos)
    if depth == 1:
        return count_moves_all_cards(pos, normals, tele)
    total = 0
    # A normal move is legal with every one of the 52 cards: 52 sequences
    # with the same child position.
    for m in normals:
        child = make(pos, m)
        k = _push(hist, child)
        total += 52 * _perft(child, depth - 1, rules, hist)
        _pop(hist, k)
    # A teleport to square t is legal only with t's card.
    pieces, pawns, lo, hi = tele
    b = pos.board
    for t in range(NSQ):
        if b[t] != EMPTY:
            continue
        movers = pieces + pawns if lo <= t // 4 <= hi else pieces
        for s in movers:
            child = make(pos, ("t", s, t, ""))
            k = _push(hist, child)
            total += _perft(child, depth - 1, rules, hist)
            _pop(hist, k)
    np_ = pass_cards(pos, normals, tele)
    if np_:
        child = make(pos, PASS)
        k = _push(hist, child)
        total += np_ * _perft(child, depth - 1, rules, hist)
        _pop(hist, k)
    return total


def perft_cards(pos, cards, rules=None, hist=None):
    """Fixed-draw perft: cards[i] is the card drawn at ply i+1."""
    if rules is None:
        rules = Rules()
    if hist is None:
        hist = {pos.key(): 1}
    return _perft_cards(pos, list(cards), 0, rules, hist)


def _perft_cards(pos, cards, i, rules, hist):
    if i == len(cards):
        return 1
    if game_over(pos, hist, rules):
        return 0
    ms = moves_for_card(pos, cards[i])
    if i == len(cards) - 1:
        return len(ms)
    total = 0
    for m in ms:
        child = make(pos, m)
        k = _push(hist, child)
        total += _perft_cards(child, cards, i + 1, rules, hist)
        _pop(hist, k)
    return total


def divide(pos, depth, rules=None, cards=None):
    """Yield (card, move string or None, count).

    Without cards: depth 1 gives one row per card (move None); depth > 1 one
    row per (card, move).  With cards (fixed draw): one row per move of the
    first card."""
    if rules is None:
        rules = Rules()
    hist = {pos.key(): 1}
    if cards is not None:
        cards = list(cards)
        depth = len(cards)
        card_list = [cards[0]]
    else:
        card_list = ALL_CARDS
    if depth == 0:
        return
    over = game_over(pos, hist, rules)
    if depth == 1 and cards is None:
        for c in card_list:
            yield c, None, 0 if over else len(moves_for_card(pos, c))
        return
    if over:
        return
    normals = gen_normal(pos)
    tele = teleporters(pos)
    cache = {}
    for c in card_list:
        rows = []
        for m in moves_for_card(pos, c, normals, tele):
            if m in cache:
                n = cache[m]
            else:
                child = make(pos, m)
                k = _push(hist, child)
                if cards is not None:
                    n = _perft_cards(child, cards, 1, rules, hist)
                else:
                    n = _perft(child, depth - 1, rules, hist)
                _pop(hist, k)
                if m[0] != "t":  # normal moves and the pass are card independent
                    cache[m] = n
            rows.append((move_str(pos, m), n))
        rows.sort()
        for s, n in rows:
            yield c, s, n


# ---------------------------------------------------------------- CLI


def main(argv=None):
    ap = argparse.ArgumentParser(description="52Chess reference perft (RULINGS F1-F11)")
    ap.add_argument("--fen", default=START_FEN, help="F11 position string (default: start)")
    ap.add_argument("--depth", type=int, default=None, help="plies (card + move each)")
    ap.add_argument("--cards", default=None, help='fixed draw, one card per ply: "7H QS ..."')
    ap.add_argument("--divide", action="store_true", help="per card (depth 1) / per (card, move) counts")
    ap.add_argument("--no-draws", action="store_true", help="ignore F8 draw rules (clock, repetition)")
    ap.add_argument("--moves", default=None, metavar="CARD", help="list the legal moves with CARD and exit")
    a = ap.parse_args(argv)
    pos = parse_fen(a.fen)
    rules = Rules(draws=not a.no_draws)
    if a.moves:
        c = parse_card(a.moves)
        if game_over(pos, {pos.key(): 1}, rules):
            print("game over: no moves")
            return 0
        for m in sorted(move_str(pos, m) for m in moves_for_card(pos, c)):
            print(m)
        return 0
    cards = None
    if a.cards is not None:
        cards = [parse_card(t) for t in a.cards.split()]
        if a.depth is not None and a.depth != len(cards):
            if a.depth > len(cards):
                ap.error("--depth %d but only %d cards" % (a.depth, len(cards)))
            cards = cards[: a.depth]
        depth = len(cards)
    else:
        depth = 1 if a.depth is None else a.depth
    if a.divide:
        total = 0
        for c, ms, n in divide(pos, depth, rules, cards):
            if ms is None:
                print("%s: %d" % (card_name(c), n))
            else:
                print("%s %s: %d" % (card_name(c), ms, n))
            total += n
        print()
        print("total: %d" % total)
    else:
        if cards is not None:
            print(perft_cards(pos, cards, rules))
        else:
            print(perft(pos, depth, rules))
    return 0


if __name__ == "__main__":
    sys.exit(main())
