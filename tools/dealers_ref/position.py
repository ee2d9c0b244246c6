"""Dealer's Chess positions and the D14 position string.

D14: `<board> <side> <castling> <en passant> <hands> <half-moves> <move number>`

  board       ranks from the top (Black's back rank) down, `/` between them,
              files from `a`; a run of empty squares is its length in decimal;
              a man is its catalogue code, one letter bare (`K`), a longer one
              in brackets (`[GR]`); colour = case of the code's FIRST letter
              (the rest is read case-blind); `*` right after a pawn: it still
              has its opening move.
  side        `w` or `b`.
  castling    files of the corners whose partner and royal have not moved,
              upper case White, lower case Black (`AHah`), or `-`.
  en passant  `-`, or the squares the last pawn move crossed, comma-separated,
              then `:` and that pawn's square (`d6:d5`, `d5,d6:d4`).
  hands       `white/black/shared`, each a list of codes or `-`; the shared
              extras are written in White's case (`BN/[al]n/[LI]Q`).
  counters    half-move clock and move number, as in chess.

Board sizes: 8x8, 10x10 and 12x12 (ruling D6).  Squares are indices
`rank * n + file`, both from 0 (a1 = 0).
"""

from pieces import lookup, write_code

WHITE, BLACK = 0, 1
FILES = "abcdefghijkl"
SIZES = (8, 10, 12)


class Man:
    """A man on the board: colour, piece type, and (pawns) whether it still
    has its opening move.  Immutable, so positions can share them."""
    __slots__ = ("color", "ptype", "fresh")

    def __init__(self, color, ptype, fresh=False):
        self.color = color
        self.ptype = ptype
        self.fresh = fresh

    def __eq__(self, other):
        return (isinstance(other, Man) and self.color == other.color
                and self.ptype is other.ptype and self.fresh == other.fresh)

    def __hash__(self):
        return hash((self.color, self.ptype.code, self.fresh))

    def __repr__(self):
        return self.text()

    def text(self):
        s = write_code(self.ptype.code, self.color == WHITE)
        return s + "*" if self.fresh else s


class Position:
    __slots__ = ("n", "board", "side", "castling", "ep", "hands",
                 "halfmove", "fullmove")

    def __init__(self, n, board, side, castling, ep, hands, halfmove,
                 fullmove):
        self.n = n                  # board is n x n
        self.board = board          # list of Man or None, index rank*n+file
        self.side = side            # WHITE / BLACK to move
        self.castling = castling    # frozenset of (color, file index)
        self.ep = ep                # None or (crossed squares, pawn square)
        self.hands = hands          # (white list, black list, shared list)
        self.halfmove = halfmove
        self.fullmove = fullmove

    # ---------------------------------------------------------- geometry

    def sq(self, f, r):
        return r * self.n + f

    def sq_name(self, s):
        return FILES[s % self.n] + str(s // self.n + 1)

    def parse_sq(self, t):
        t = t.strip()
        if len(t) < 2 or t[0] not in FILES[:self.n] or not t[1:].isdigit():
            raise ValueError("bad square %r" % t)
        r = int(t[1:])
        if not 1 <= r <= self.n:
            raise ValueError("bad square %r" % t)
        return (r - 1) * self.n + FILES.index(t[0])

    def back_rank(self, color):
        return 0 if color == WHITE else self.n - 1

    def royal_home(self, color):
        """D3: e1/e8 (8x8), e1/e10 (10x10), g1/g12 (12x12)."""
        f = 6 if self.n == 12 else 4
        return self.sq(f, self.back_rank(color))

    def pawn_row(self, color):
        """The rank (0-based) of a side's Pawn Row: the 2nd rank on 8x8 and
        10x10 (D2, D6), the 3rd on 12x12 (two back rows, D6)."""
        r = 2 if self.n == 12 else 1
        return r if color == WHITE else self.n - 1 - r

    def copy(self):
        return Position(self.n, list(self.board), self.side, self.castling,
                        self.ep, self.hands, self.halfmove, self.fullmove)

    # ---------------------------------------------------------- text

    def fen(self):
        return write(self)

    def __str__(self):
        return write(self)


# -------------------------------------------------------------- reading

def _tokens(text, allow_digits):
    """Split a board rank or a hand list into tokens: ('run', k),
    ('man', code, first_letter_is_upper), ('star',)."""
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c.isdigit():
            if not allow_digits:
                raise ValueError("digit in hand list %r" % text)
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            out.append(("run", int(text[i:j])))
            i = j
        elif c == "[":
            j = text.find("]", i)
            if j < 0:
                raise ValueError("unclosed [ in %r" % text)
            code = text[i + 1:j]
            if not code or not code.isalpha():
                raise ValueError("bad code [%s]" % code)
            out.append(("man", code, code[0].isupper()))
            i = j + 1
        elif c.isalpha():
            out.append(("man", c, c.isupper()))
            i += 1
        elif c == "*":
            out.append(("star",))
            i += 1
        else:
            raise ValueError("unexpected %r in %r" % (c, text))
    return out


def _read_hand(text):
    if text == "-":
        return []
    out = []
    for t in _tokens(text, False):
        if t[0] != "man":
            raise ValueError("bad hand %r" % text)
        pt = lookup(t[1])
        if pt.kind != "piece":
            # D4: only captured Pieces (not pawns, not royals) and the dealt
            # cards, which are Pieces, are ever in a hand.
            raise ValueError("%s in a hand: hands hold Pieces only"
                             % pt.name)
        out.append(pt)
    if not out:
        raise ValueError("empty hand list must be written '-'")
    return out


def read(text):
    """Parse a D14 position string into a Position."""
    fields = text.split()
    if len(fields) != 7:
        raise ValueError("a D14 string has 7 fields, got %d" % len(fields))
    bfield, side, cast, ep, hands, half, full = fields

    ranks = bfield.split("/")
    n = len(ranks)
    if n not in SIZES:
        raise ValueError("board must be 8, 10 or 12 ranks, got %d" % n)
    board = [None] * (n * n)
    for i, rtext in enumerate(ranks):
        r = n - 1 - i
        f = 0
        last = None
        for t in _tokens(rtext, True):
            if t[0] == "run":
                if t[1] < 1:
                    raise ValueError("bad run in %r" % rtext)
                f += t[1]
                last = None
            elif t[0] == "star":
                if last is None or last.ptype.kind != "pawn" or last.fresh:
                    raise ValueError("'*' must follow a pawn in %r" % rtext)
                last = Man(last.color, last.ptype, True)
                board[r * n + f - 1] = last
            else:
                if f >= n:
                    raise ValueError("rank too long: %r" % rtext)
                last = Man(WHITE if t[2] else BLACK, lookup(t[1]))
                board[r * n + f] = last
                f += 1
        if f != n:
            raise ValueError("rank %r has %d squares, not %d" % (rtext, f, n))

    if side not in ("w", "b"):
        raise ValueError("side must be w or b")

    rights = set()
    if cast != "-":
        for c in cast:
            fi = FILES.find(c.lower())
            if fi < 0 or fi >= n:
                raise ValueError("bad castling file %r" % c)
            rights.add((WHITE if c.isupper() else BLACK, fi))

    pos = Position(n, board, WHITE if side == "w" else BLACK,
                   frozenset(rights), None, ([], [], []), 0, 1)

    if ep != "-":
        if ":" not in ep:
            raise ValueError("bad en passant field %r" % ep)
        crossed, pawn = ep.split(":")
        csq = tuple(sorted(pos.parse_sq(s) for s in crossed.split(",")))
        pos.ep = (csq, pos.parse_sq(pawn))

    hparts = hands.split("/")
    if len(hparts) != 3:
        raise ValueError("hands field must be white/black/shared")
    pos.hands = tuple(_read_hand(h) for h in hparts)

    pos.halfmove = int(half)
    pos.fullmove = int(full)
    return pos


# -------------------------------------------------------------- writing

def _write_hand(lst, white):
    return "".join(write_code(t.code, white) for t in lst) or "-"


def write(pos):
    n = pos.n
    rows = []
    for r in range(n - 1, -1, -1):
        s = ""
        run = 0
        for f in range(n):
            m = pos.board[r * n + f]
            if m is None:
                run += 1
                continue
            if run:
                s += str(run)
                run = 0
            s += m.text()
        if run:
            s += str(run)
        rows.append(s)
    cast = "".join(FILES[f].upper() for c, f in sorted(pos.castling) if c == 0)
    cast += "".join(FILES[f] for c, f in sorted(pos.castling) if c == 1)
    if pos.ep is None:
        ep = "-"
    else:
        ep = ",".join(pos.sq_name(s) for s in pos.ep[0]) + ":" + \
            pos.sq_name(pos.ep[1])
    hands = "/".join((_write_hand(pos.hands[0], True),
                      _write_hand(pos.hands[1], False),
                      _write_hand(pos.hands[2], True)))
    return " ".join(["/".join(rows), "wb"[pos.side], cast or "-", ep, hands,
                     str(pos.halfmove), str(pos.fullmove)])
