"""Dealer's Chess move generation (rulings D1, D4, D5, D8, D9, D13).

The plain, obvious way: every man's atoms are walked square by square to make
pseudo-legal moves; each move is played on a copy of the position and kept
only if no royal of the mover is then attacked (D1).  "Attacked" means that
some enemy man could capture on the square with one of its capturing moves,
whatever that would do to its own royal (as check is read in chess).

Choices where the rulings leave room are numbered in README.md ("Readings");
the comments below refer to them as R1, R2, ...
"""

from pieces import ZOMBIE
from position import Man, WHITE, BLACK

# R8: a royal that captures a Zombie Pawn stays a royal (set False to let it
# become a Zombie Pawn like any other captor).
ZOMBIE_ROYAL_EXEMPT = True


class Move:
    __slots__ = ("frm", "to", "promo", "shared", "ep", "push", "castle",
                 "crossed")

    def __init__(self, frm, to, promo=None, shared=False, ep=None, push=None,
                 castle=None, crossed=()):
        self.frm = frm          # origin square
        self.to = to            # target square (the royal's, for castling)
        self.promo = promo      # PieceType promoted to, or None
        self.shared = shared    # the promotion piece is a shared extra
        self.ep = ep            # en passant: square of the pawn taken
        self.push = push        # Linebacker: where the pushed enemy lands
        self.castle = castle    # (partner's corner, partner's landing square)
        self.crossed = crossed  # squares crossed "in one line" (for e.p.)

    def key(self):
        return (self.frm, self.to, self.promo and self.promo.code,
                self.shared, self.ep, self.push, self.castle)


def move_str(pos, mv):
    """The notation of README.md: `e2e4`, `e7e8=Q`, `e7e8=[LI](shared)`,
    `d5e6ep`, `O-O` / `O-O-O`."""
    if mv.castle:
        return "O-O" if mv.castle[0] > mv.frm else "O-O-O"
    s = pos.sq_name(mv.frm) + pos.sq_name(mv.to)
    if mv.ep is not None:
        s += "ep"
    if mv.promo is not None:
        c = mv.promo.code
        s += "=" + (c if len(c) == 1 else "[" + c + "]")
        if mv.shared:
            s += "(shared)"
    return s


# ------------------------------------------------------------------ attacks

def _on(n, f, r):
    return 0 <= f < n and 0 <= r < n


def _empty_line(pos, f, r, df, dr, k):
    """Are the squares (f + j*df, r + j*dr), j = 1 .. k-1, all empty?"""
    n, b = pos.n, pos.board
    for j in range(1, k):
        if b[(r + j * dr) * n + f + j * df] is not None:
            return False
    return True


def _multiple(df, dr, dx, dy):
    """k >= 1 with (df, dr) == k * (dx, dy), else 0."""
    if dx:
        if df % dx:
            return 0
        k = df // dx
    else:
        if df or dr % dy:
            return 0
        k = dr // dy
    if k < 1 or dr != k * dy or df != k * dx:
        return 0
    return k


def can_capture_to(pos, s, man, t):
    """Could `man` on s capture an enemy standing on t (t's contents are not
    looked at)?  Used for royal safety, castling and the Chicken."""
    n = pos.n
    f0, r0 = s % n, s // n
    df, dr = t % n - f0, t // n - r0
    b = pos.board
    for a in man.ptype.atoms[man.color]:
        if a.mode not in ("c", "mc") or (a.first and not man.fresh):
            continue
        kind = a.kind
        if kind == "leap":
            if a.dx == df and a.dy == dr:
                return True
        elif kind == "path":
            if a.dx == df and a.dy == dr and all(
                    b[(r0 + y) * n + f0 + x] is None for x, y in a.via):
                return True
        elif kind == "ride":
            k = _multiple(df, dr, a.dx, a.dy)
            if k and (a.limit is None or k <= a.limit) and \
                    _empty_line(pos, f0, r0, a.dx, a.dy, k):
                return True
        elif kind == "hop":
            k = _multiple(df, dr, a.dx, a.dy)
            if k >= 2:
                screens = sum(1 for j in range(1, k)
                              if b[(r0 + j * a.dy) * n + f0 + j * a.dx]
                              is not None)
                if screens == 1:
                    return True
        elif kind == "bent":
            if a.dx == df and a.dy == dr:
                return True
            f1, r1 = f0 + a.dx, r0 + a.dy
            if not _on(n, f1, r1) or b[r1 * n + f1] is not None:
                continue
            for tx, ty in a.turns:
                k = _multiple(df - a.dx, dr - a.dy, tx, ty)
                if k and _empty_line(pos, f1, r1, tx, ty, k):
                    return True
    return False


def is_attacked(pos, t, by):
    """Is square t attacked by any man of colour `by`?"""
    for s, m in enumerate(pos.board):
        if m is not None and m.color == by and can_capture_to(pos, s, m, t):
            return True
    return False


def in_check(pos, color=None):
    """Is a royal of `color` (default: the side to move) attacked?"""
    if color is None:
        color = pos.side
    for s, m in enumerate(pos.board):
        if m is not None and m.color == color and m.ptype.kind == "royal" \
                and is_attacked(pos, s, 1 - color):
            return True
    return False


# ------------------------------------------------------------------ promotion

def in_zone(pos, ptype, color, t):
    """Does a pawn of this type promote when its move ends on square t?
    The last rank; Mecklenbeck pawns: the opponent's Pawn Row or any rank
    beyond it (R5)."""
    r = t // pos.n
    if ptype.mecklenbeck:
        pr = pos.pawn_row(1 - color)
        return r >= pr if color == WHITE else r <= pr
    return r == (pos.n - 1 if color == WHITE else 0)


def promo_choices(pos, color):
    """(type, from_shared) for each distinct piece a pawn of `color` may
    promote to (D4): its own hand, then the shared extras; never a royal."""
    out = []
    seen = set()
    for t in pos.hands[color]:
        if t.kind != "royal" and t.code not in seen:
            seen.add(t.code)
            out.append((t, False))
    seen = set()
    for t in pos.hands[2]:
        if t.kind != "royal" and t.code not in seen:
            seen.add(t.code)
            out.append((t, True))
    return out


# ------------------------------------------------------------------ generation

def _emit(pos, out, s, man, t, victim, **kw):
    """Add the move(s) of `man` from s to t.  `victim` is the man captured
    (None if none).  A pawn ending in its promotion zone gives one move per
    promotion choice, or the plain move if the hand is empty (D4).  A captor
    of a Zombie Pawn is judged as the Zombie Pawn it becomes (R9)."""
    ptype = man.ptype
    if victim is not None and victim.ptype.zombie and \
            not (ptype.kind == "royal" and ZOMBIE_ROYAL_EXEMPT):
        ptype = ZOMBIE
    if ptype.kind == "pawn" and in_zone(pos, ptype, man.color, t):
        choices = promo_choices(pos, man.color)
        if choices:
            for pt, shared in choices:
                mv = Move(s, t, promo=pt, shared=shared, **kw)
                out[mv.key()] = mv
            return
    mv = Move(s, t, **kw)
    out.setdefault(mv.key(), mv)


def _target(pos, out, s, man, t, mode, unit, crossed):
    """One move of `man` from s to t under `mode`; `unit` is the direction
    of the last step (for the Linebacker's push)."""
    m = pos.board[t]
    if m is None:
        if mode != "c":
            _emit(pos, out, s, man, t, None, crossed=crossed)
    elif m.color != man.color:
        if mode in ("c", "mc"):
            _emit(pos, out, s, man, t, m, crossed=crossed)
        elif mode == "push":
            n = pos.n
            f, r = t % n + unit[0], t // n + unit[1]
            if _on(n, f, r) and pos.board[r * n + f] is None:
                _emit(pos, out, s, man, t, None, push=r * n + f,
                      crossed=crossed)


def _sign(x):
    return (x > 0) - (x < 0)


def gen_man(pos, s, man, out):
    """Pseudo-legal moves of the man on s (no castling, no en passant)."""
    n, b = pos.n, pos.board
    f0, r0 = s % n, s // n
    color = man.color
    attacked = None
    for a in man.ptype.atoms[color]:
        if a.first and not man.fresh:
            continue
        if a.chick:
            if attacked is None:
                attacked = is_attacked(pos, s, 1 - color)
            if not attacked:
                continue
        kind = a.kind
        if kind in ("leap", "path"):
            f, r = f0 + a.dx, r0 + a.dy
            if not _on(n, f, r):
                continue
            if kind == "path" and any(
                    b[(r0 + y) * n + f0 + x] is not None for x, y in a.via):
                continue
            t = r * n + f
            if a.zabel and not in_zone(pos, man.ptype, color, t):
                continue
            crossed = tuple((r0 + y) * n + f0 + x for x, y in a.ep)
            _target(pos, out, s, man, t, a.mode,
                    (_sign(a.dx), _sign(a.dy)), crossed)
        elif kind == "ride":
            f, r, k = f0, r0, 0
            while a.limit is None or k < a.limit:
                f += a.dx
                r += a.dy
                k += 1
                if not _on(n, f, r):
                    break
                t = r * n + f
                _target(pos, out, s, man, t, a.mode, (a.dx, a.dy), ())
                if b[t] is not None:
                    break
        elif kind == "hop":
            f, r = f0 + a.dx, r0 + a.dy
            while _on(n, f, r) and b[r * n + f] is None:
                f += a.dx
                r += a.dy
            # (f, r) is the screen, if on the board
            f += a.dx
            r += a.dy
            while _on(n, f, r):
                m = b[r * n + f]
                if m is not None:
                    if m.color != color:
                        _emit(pos, out, s, man, r * n + f, m)
                    break
                f += a.dx
                r += a.dy
        elif kind == "bent":
            f1, r1 = f0 + a.dx, r0 + a.dy
            if not _on(n, f1, r1):
                continue
            t1 = r1 * n + f1
            _target(pos, out, s, man, t1, "mc", None, ())
            if b[t1] is not None:
                continue
            for tx, ty in a.turns:
                f, r = f1 + tx, r1 + ty
                while _on(n, f, r):
                    t = r * n + f
                    _target(pos, out, s, man, t, "mc", None, ())
                    if b[t] is not None:
                        break
                    f += tx
                    r += ty


def gen_castling(pos, out):
    """D5: the royal moves two squares towards a corner whose partner and
    royal have not moved (the castling field), the partner lands on the square
    the royal crossed; the squares between must be empty; the royal may not
    be in check, cross or land on an attacked square (R6)."""
    side = pos.side
    n, b = pos.n, pos.board
    home = pos.royal_home(side)
    royal = b[home]
    if royal is None or royal.color != side or royal.ptype.kind != "royal":
        return
    rank = pos.back_rank(side)
    hf = home % n
    for color, fi in sorted(pos.castling):
        if color != side:
            continue
        corner = rank * n + fi
        partner = b[corner]
        if partner is None or partner.color != side or corner == home:
            continue
        d = 1 if fi > hf else -1
        if abs(fi - hf) < 3:
            continue
        if any(b[rank * n + f] is not None
               for f in range(min(hf, fi) + 1, max(hf, fi))):
            continue
        cross, land = home + d, home + 2 * d
        if any(is_attacked(pos, q, 1 - side) for q in (home, cross, land)):
            continue
        mv = Move(home, land, castle=(corner, cross))
        out[mv.key()] = mv


def gen_en_passant(pos, out):
    """D9: the pawn that just moved two or three squares in one line may be
    taken on any empty square it crossed, by any pawn whose capture reaches
    that square.  Horse and Lance Pawns neither take nor are taken (R3)."""
    if pos.ep is None:
        return
    crossed, vsq = pos.ep
    n, b = pos.n, pos.board
    victim = b[vsq]
    if victim is None or victim.color == pos.side or \
            victim.ptype.kind != "pawn" or victim.ptype.no_ep:
        return
    for s, man in enumerate(b):
        if man is None or man.color != pos.side or \
                man.ptype.kind != "pawn" or man.ptype.no_ep:
            continue
        f0, r0 = s % n, s // n
        for a in man.ptype.atoms[man.color]:
            if a.mode not in ("c", "mc") or (a.first and not man.fresh):
                continue
            if a.kind not in ("leap", "path"):
                continue   # pawns capture only by leaps and paths
            f, r = f0 + a.dx, r0 + a.dy
            if not _on(n, f, r):
                continue
            t = r * n + f
            if t not in crossed or b[t] is not None:
                continue
            if a.kind == "path" and any(
                    b[(r0 + y) * n + f0 + x] is not None for x, y in a.via):
                continue
            _emit(pos, out, s, man, t, victim, ep=vsq)


def pseudo_moves(pos):
    out = {}
    for s, m in enumerate(pos.board):
        if m is not None and m.color == pos.side:
            gen_man(pos, s, m, out)
    gen_castling(pos, out)
    gen_en_passant(pos, out)
    return list(out.values())


# ------------------------------------------------------------------ making

def make_move(pos, mv):
    """The position after `mv` (a new Position; `pos` is not changed)."""
    p = pos.copy()
    b = p.board
    n = p.n
    man = b[mv.frm]
    color = man.color
    touched = {mv.frm, mv.to}
    captured = None

    if mv.castle:
        corner, land = mv.castle
        partner = b[corner]
        b[mv.frm] = None
        b[corner] = None
        b[mv.to] = man
        b[land] = partner
        touched.update((corner, land))
    else:
        if mv.ep is not None:
            captured = b[mv.ep]
            b[mv.ep] = None
            touched.add(mv.ep)
        elif mv.push is not None:
            b[mv.push] = b[mv.to]
            touched.add(mv.push)
        else:
            captured = b[mv.to]
        ptype = man.ptype
        if captured is not None and captured.ptype.zombie and \
                not (ptype.kind == "royal" and ZOMBIE_ROYAL_EXEMPT):
            ptype = ZOMBIE                      # D9 Zombie
        if mv.promo is not None:
            ptype = mv.promo                    # D4
        if ptype is man.ptype and not man.fresh:
            new = man
        else:
            new = Man(color, ptype, False)      # the opening move is used up
        b[mv.frm] = None
        b[mv.to] = new

    # hands (D4): a captured piece's double joins the captor's hand; the
    # promotion piece leaves the hand it came from.
    if (captured is not None and captured.ptype.kind == "piece") or \
            mv.promo is not None:
        hands = [list(h) for h in p.hands]
        if captured is not None and captured.ptype.kind == "piece":
            hands[color].append(captured.ptype)
        if mv.promo is not None:
            src = hands[2] if mv.shared else hands[color]
            for i, t in enumerate(src):
                if t is mv.promo:
                    del src[i]
                    break
        p.hands = tuple(hands)

    # castling rights: lost when the royal's home or the corner is touched
    if p.castling:
        keep = []
        for c, fi in p.castling:
            corner = p.back_rank(c) * n + fi
            if corner in touched or p.royal_home(c) in touched:
                continue
            keep.append((c, fi))
        if len(keep) != len(p.castling):
            p.castling = frozenset(keep)

    # en passant (D9): after a pawn's line move of two or three squares, the
    # empty squares it crossed, as long as it is still a pawn (R4)
    p.ep = None
    if mv.crossed and b[mv.to] is not None and \
            b[mv.to].ptype.kind == "pawn":
        sq = tuple(sorted(c for c in mv.crossed if b[c] is None))
        if sq:
            p.ep = (sq, mv.to)

    if man.ptype.kind == "pawn" or captured is not None:
        p.halfmove = 0
    else:
        p.halfmove += 1
    if color == BLACK:
        p.fullmove += 1
    p.side = 1 - color
    return p


def legal_moves(pos):
    """All legal moves: pseudo-legal moves that leave no royal of the mover
    attacked (D1)."""
    out = []
    for mv in pseudo_moves(pos):
        if not in_check(make_move(pos, mv), pos.side):
            out.append(mv)
    return out
