"""The Dealer's Chess catalogue: every Royal, Piece and Pawn of the page.

Written from the words of /work/shared/rules/dealers-chess.txt and the rulings
D1-D14 of /work/shared/rules/RULINGS.md only (see README.md for every reading
chosen where the words leave something open).

A piece type is a list of *atoms*, each one kind of move, written for White:
x grows towards the h-file (White's right), y grows towards Black (forward).
Black's men use the same atoms turned through 180 degrees (dx, dy -> -dx, -dy),
so "forward" and "right" are always the owner's own (this matters only for the
Left End / Right End Pawns, the only chiral men).

Atom kinds
  leap   jump to (dx, dy); nothing in between matters.
  path   go to (dx, dy) over the listed intermediate squares, which must all be
         empty ("non-leaping", "moves two spaces", bent pawn moves).
  ride   slide along (dx, dy) repeatedly, up to `limit` steps (None = no
         limit), stopped by the first occupied square.
  hop    capture only: slide along (dx, dy), jump exactly one man (either
         colour) and take the first man beyond it (Cannon, Vao).
  bent   one step (dx, dy), which may capture; from an EMPTY first square
         continue sliding in each of `turns` (Gryffon, Rhinoceros, Ship, Snake;
         ruling D8).

Modes
  mc     move or capture
  m      move only (the target must be empty)
  c      capture only (the target must hold an enemy)
  push   Linebacker: the target is empty, or holds an enemy that is pushed one
         square further the same way onto an empty on-board square (D9).

Options on an atom
  first  only while the man still has its opening move (the `*` of D14)
  ep     squares (offsets) the move crosses "in one line": after the move an
         enemy pawn may take this pawn en passant on any of them that is empty
         (D9)
  zabel  the target must be on the man's promotion rank (D9, Zabel Pawn)
  chick  only when the man's square is attacked by the enemy (D9, Chicken)
"""
import os

ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (-1, 1), (1, -1), (-1, -1))
KING8 = ORTH + DIAG


class Atom:
    __slots__ = ("kind", "dx", "dy", "mode", "limit", "via", "turns",
                 "first", "ep", "zabel", "chick")

    def __init__(self, kind, dx, dy, mode="mc", limit=None, via=(), turns=(),
                 first=False, ep=(), zabel=False, chick=False):
        self.kind = kind      # leap / path / ride / hop / bent
        self.dx = dx
        self.dy = dy
        self.mode = mode      # mc / m / c / push
        self.limit = limit    # ride: maximum number of steps (None = any)
        self.via = tuple(via)  # path: intermediate offsets that must be empty
        self.turns = tuple(turns)  # bent: slide directions after the step
        self.first = first
        self.ep = tuple(ep)
        self.zabel = zabel
        self.chick = chick

    def turned(self):
        """The same atom for Black (rotated 180 degrees)."""
        return Atom(self.kind, -self.dx, -self.dy, self.mode, self.limit,
                    [(-a, -b) for a, b in self.via],
                    [(-a, -b) for a, b in self.turns],
                    self.first, [(-a, -b) for a, b in self.ep],
                    self.zabel, self.chick)

    def mirrored(self):
        """Left-right mirror image (Right End Pawn from Left End Pawn)."""
        return Atom(self.kind, -self.dx, self.dy, self.mode, self.limit,
                    [(-a, b) for a, b in self.via],
                    [(-a, b) for a, b in self.turns],
                    self.first, [(-a, b) for a, b in self.ep],
                    self.zabel, self.chick)

    def __repr__(self):
        return "Atom(%s %d,%d %s)" % (self.kind, self.dx, self.dy, self.mode)


class PieceType:
    """One card: name, catalogue code, kind (royal / piece / pawn), atoms."""

    def __init__(self, name, code, kind, atoms, note="", zombie=False,
                 mecklenbeck=False, no_ep=False):
        self.name = name
        self.code = code          # upper case; one letter, or longer in [..]
        self.kind = kind          # "royal", "piece" or "pawn"
        self.atoms = {0: tuple(atoms), 1: tuple(a.turned() for a in atoms)}
        self.note = note          # the page's words, for the README / --list
        self.zombie = zombie      # Zombie Pawn: its captor turns into one (D9)
        self.mecklenbeck = mecklenbeck  # promotes on the enemy pawn row (D4)
        self.no_ep = no_ep        # Horse / Lance: no en passant either way


# ------------------------------------------------------------ atom helpers

def sym(a, b):
    """The up to 8 distinct offsets (+-a, +-b) and (+-b, +-a)."""
    out = []
    for x, y in ((a, b), (b, a)):
        for sx in (1, -1):
            for sy in (1, -1):
                v = (sx * x, sy * y)
                if v not in out:
                    out.append(v)
    return out


def leaps(offsets, mode="mc", **kw):
    return [Atom("leap", dx, dy, mode, **kw) for dx, dy in offsets]


def leaper(a, b, mode="mc"):
    """The (a, b)-leaper in all directions."""
    return leaps(sym(a, b), mode)


def rides(dirs, mode="mc", limit=None):
    return [Atom("ride", dx, dy, mode, limit=limit) for dx, dy in dirs]


def hops(dirs):
    return [Atom("hop", dx, dy, "c") for dx, dy in dirs]


def line(dx, dy, n, mode="mc", first=False, ep=False, zabel=False):
    """A non-leaping move of exactly n unit steps (dx, dy): the n-1 squares
    in between must be empty; with ep=True they are the squares crossed for
    en passant."""
    via = [(dx * k, dy * k) for k in range(1, n)]
    return Atom("path", dx * n, dy * n, mode, via=via, first=first,
                ep=via if ep else (), zabel=zabel)


def steps_upto(dirs, n, mode="mc"):
    """'Moves one or ... n spaces' in each direction: non-leaping (D8)."""
    out = []
    for dx, dy in dirs:
        out.append(Atom("leap", dx, dy, mode))
        for k in range(2, n + 1):
            out.append(line(dx, dy, k, mode))
    return out


def bent(first_steps, turns_of):
    return [Atom("bent", dx, dy, "mc", turns=turns_of(dx, dy))
            for dx, dy in first_steps]


# ------------------------------------------------------------ royals

KING_MOVES = leaps(KING8)

ROYALS = [
    PieceType("Chef", "CF", "royal",
              leaps([(1, 0), (-1, 0)]) + [line(1, 0, 2), line(-1, 0, 2)]
              + leaps(DIAG),
              "Moves one or two spaces sideways, or one space diagonally."),
    PieceType("King", "K", "royal", KING_MOVES,
              "Moves one space in any direction."),
    PieceType("Pharaoh", "PH", "royal",
              leaps(KING8, "m") + leaper(1, 3, "c"),
              "Moves without capture to any adjacent space, or leaps (1,3) "
              "only to capture."),
    PieceType("Pope", "PO", "royal",
              leaps(ORTH) + [line(dx, dy, 2) for dx, dy in DIAG],
              "Moves one space orthogonally, or two spaces (non-leaping) "
              "diagonally."),
    PieceType("President", "PR", "royal", steps_upto(ORTH, 2),
              "Moves one or two spaces orthogonally."),
    # Rex: the (1,2) move goes first one square orthogonally (the long way),
    # then one diagonally outward; that first square must be empty (the
    # Xiangqi horse's path).  README R2.
    PieceType("Rex", "RX", "royal",
              [Atom("path", dx, dy, "mc",
                    via=[(0, dy // 2)] if abs(dy) == 2 else [(dx // 2, 0)])
               for dx, dy in sym(1, 2)],
              "Makes a (1,2) non-leaping move."),
    PieceType("Shogun", "SG", "royal", leaps(ORTH) + leaper(1, 2, "c"),
              "Moves one space orthogonally, or captures with a (1,2) leap."),
]

# ------------------------------------------------------------ pieces


def _gryffon_turns(dx, dy):      # diagonal step, then outward orthogonally
    return [(dx, 0), (0, dy)]


def _rhino_turns(dx, dy):        # orthogonal step, then outward diagonally
    if dx == 0:
        return [(1, dy), (-1, dy)]
    return [(dx, 1), (dx, -1)]


def _ship_turns(dx, dy):         # diagonal step, then straight fwd/back away
    return [(0, dy)]


SQUIRREL = leaper(2, 0) + leaper(2, 1) + leaper(2, 2)

PIECES = [
    PieceType("Alfil", "AL", "piece", leaper(2, 2),
              "Leaps two squares diagonally."),
    PieceType("Alibaba", "AB", "piece", leaper(2, 0) + leaper(2, 2),
              "Leaps two spaces orthogonally or diagonally."),
    PieceType("Antelope", "AN", "piece", leaper(3, 4), "Leaps (3,4)."),
    PieceType("Archbishop", "AR", "piece", rides(DIAG) + leaper(1, 2),
              "Slides diagonally, or leaps (1,2)."),
    PieceType("Aurochs", "AU", "piece", leaper(1, 2) + leaper(1, 4),
              "Leaps (1,2) or (1,4)"),
    PieceType("Bishop", "B", "piece", rides(DIAG), "Slides diagonally."),
    PieceType("Bison", "BI", "piece", leaper(1, 3) + leaper(2, 3),
              "Leaps (1,3) or (2,3)"),
    PieceType("Buffalo", "BU", "piece",
              leaper(1, 2) + leaper(1, 3) + leaper(2, 3),
              "Leaps (1,2), (1,3), or (2,3)."),
    PieceType("Camel", "CA", "piece", leaper(1, 3), "Leaps (1,3)."),
    PieceType("Cannon", "CN", "piece", rides(ORTH, "m") + hops(ORTH),
              "Slides orthogonally, but must leap over another piece to "
              "capture."),
    PieceType("Chancellor", "CH", "piece", rides(ORTH) + leaper(1, 2),
              "Slides orthogonally, or leaps (1,2)."),
    PieceType("Cheetah", "CT", "piece",
              leaper(3, 0) + leaper(3, 1) + leaper(3, 2) + leaper(3, 3),
              "Leaps to any square three spaces away."),
    PieceType("Dabbaba", "DA", "piece", leaper(2, 0),
              "Leaps two spaces orthogonally."),
    PieceType("Ferz", "FE", "piece", leaps(DIAG),
              "Moves one space diagonally."),
    PieceType("Giraffe", "GI", "piece", leaper(1, 4), "Leaps (1,4)."),
    PieceType("Gnu", "GN", "piece", leaper(1, 2) + leaper(1, 3),
              "Leaps (1,2) or (1,3)."),
    PieceType("Gryffon", "GR", "piece", bent(DIAG, _gryffon_turns),
              "Moves one square diagonally; then may continue sliding "
              "outward orthogonally."),
    PieceType("Guard", "GU", "piece", leaps(KING8),
              "Moves one space in any direction."),
    PieceType("Guardian", "GD", "piece", leaps(DIAG, "m") + leaps(ORTH, "c"),
              "Moves without capture one space diagonally, or moves with "
              "required capture one space orthogonally."),
    PieceType("Impala", "IM", "piece", leaper(1, 2) + leaper(3, 4),
              "Leaps (1,2) or (3,4)."),
    PieceType("Kirin", "KI", "piece", leaps(DIAG) + leaper(2, 0),
              "Moves one space diagonally, or leaps two spaces orthogonally."),
    PieceType("Knight", "N", "piece", leaper(1, 2), "Leaps (1,2)."),
    PieceType("Lion", "LI", "piece", leaps(KING8) + SQUIRREL,
              "Moves one space in any direction, or leaps to any square two "
              "spaces away."),
    PieceType("Mastodon", "MA", "piece",
              leaps(KING8) + leaper(2, 0) + leaper(2, 2),
              "Moves one space in any direction, or leaps two spaces "
              "diagonally or orthogonally."),
    PieceType("Minister", "MI", "piece",
              leaps(ORTH) + leaper(2, 0) + leaper(1, 2),
              "Moves one space orthogonally, leaps two spaces orthogonally, "
              "or leaps (1,2)"),
    PieceType("Nightrider", "NR", "piece", rides(sym(1, 2)),
              "Makes repeated leaps of (1,2) in a straight line."),
    PieceType("Phoenix", "PX", "piece", leaps(ORTH) + leaper(2, 2),
              "Moves one space orthogonally, or leaps two spaces diagonally."),
    PieceType("Queen", "Q", "piece", rides(KING8),
              "Slides diagonally or orthogonally."),
    PieceType("Rhinoceros", "RH", "piece", bent(ORTH, _rhino_turns),
              "Moves one square orthogonally; then may continue sliding "
              "outward diagonally."),
    PieceType("Rook", "R", "piece", rides(ORTH), "Slides orthogonally."),
    PieceType("Ship", "SH", "piece", bent(DIAG, _ship_turns),
              "Moves one space diagonally, then may continue sliding "
              "orthogonally forward or backward away from the starting "
              "point."),
    PieceType("Snake", "SN", "piece", bent([(0, 1), (0, -1)], _rhino_turns),
              "Moves one space forward or backward, then may continue sliding "
              "outward diagonally."),
    PieceType("Squirrel", "SQ", "piece", list(SQUIRREL),
              "Leaps to any square two spaces away."),
    PieceType("Steward", "ST", "piece", leaps(ORTH, "m") + leaps(DIAG, "c"),
              "Moves without capture one space orthogonally, or moves with "
              "required capture one space diagonally."),
    PieceType("Threeleaper", "TH", "piece", leaper(3, 0),
              "Leaps three spaces orthogonally."),
    PieceType("Turtle", "TU", "piece",
              rides(KING8, limit=4) + leaper(2, 0) + leaper(2, 2),
              "Slides up to four spaces orthogonally or diagonally, or leaps "
              "two spaces in those same directions."),
    PieceType("Unicorn", "UN", "piece", rides(DIAG) + rides(sym(1, 2)),
              "Slides diagonally, or makes repeated leaps of (1,2) in a "
              "straight line."),
    PieceType("Vao", "VA", "piece", rides(DIAG, "m") + hops(DIAG),
              "Slides diagonally, but must leap over another piece to "
              "capture."),
    PieceType("Wazir", "WA", "piece", leaps(ORTH),
              "Moves one space orthogonally."),
    PieceType("Zebra", "ZE", "piece", leaper(2, 3), "Leaps (2,3)."),
]

# ------------------------------------------------------------ pawns
# Forward is +y.  FWD = the two forward diagonals.

FWD_DIAG = ((1, 1), (-1, 1))
BACK = ((0, -1), (1, -1), (-1, -1))


def _push1(mode="m"):
    return [Atom("leap", 0, 1, mode)]


def _double(first=True, mode="m", dx=0, dy=1):
    return [line(dx, dy, 2, mode, first=first, ep=True)]


def _standard():
    """Standard Pawn: one forward without capture, two on the opening move,
    one diagonally forward only to capture."""
    return _push1() + _double() + leaps(FWD_DIAG, "c")


_LEFT_END = (_push1() + _double()
             + [Atom("path", 1, 2, "m", via=[(1, 1)]),   # fwd-right, then fwd
                Atom("path", 2, 1, "m", via=[(1, 1)])]   # fwd-right, right
             + [Atom("leap", 1, 1, "c")]
             # The other reading of "or forward diagonally, only to capture"
             # (deckmate's catalogue, cfF): both forward diagonals capture.
             + ([Atom("leap", -1, 1, "c")]
                if os.environ.get("DEALERS_REF_END_PAWN_CAPTURES") == "both"
                else []))

PAWNS = [
    PieceType("Arrow Pawn", "AP", "pawn",
              [Atom("leap", dx, dy, "m") for dx, dy in ORTH]
              + [line(dx, dy, 2, "m", ep=True) for dx, dy in ORTH]
              + leaps(DIAG, "c"),
              "Moves one or two spaces orthogonally without capturing; or one "
              "space diagonally, only to capture."),
    PieceType("Berolina Pawn", "BP", "pawn",
              leaps(FWD_DIAG, "m")
              + [line(dx, dy, 2, "m", first=True, ep=True)
                 for dx, dy in FWD_DIAG]
              + [Atom("leap", 0, 1, "c")],
              "Moves one space forward diagonally (two for the opening move) "
              "without capturing, or one space directly forward to capture."),
    PieceType("Chicken Pawn", "CP", "pawn",
              _standard()
              + [Atom("ride", dx, dy, "m", chick=True) for dx, dy in BACK],
              "Moves one space directly forward (two for the opening move) "
              "without capturing, or one space diagonally forward to capture; "
              "if under attack slides backward directly or diagonally."),
    PieceType("Enhanced Pawn", "EP", "pawn",
              _push1() + _double()
              + leaps(DIAG, "c") + leaps([(1, 0), (-1, 0)], "c"),
              "Moves one space directly forward (two for the opening move) "
              "without capturing, or one space diagonally or sideways to "
              "capture.  (D13: all four diagonals.)"),
    PieceType("Fish Pawn", "FP", "pawn",
              _push1() + _double() + [Atom("leap", 0, -1, "m")]
              + leaps(FWD_DIAG, "c"),
              "Moves one space directly forward (two for the opening move) or "
              "backward without capturing, or one space diagonally forward to "
              "capture."),
    PieceType("Gold Pawn", "GP", "pawn", leaps(ORTH + FWD_DIAG),
              "Moves one space orthogonally, or forward diagonally."),
    PieceType("Horse Pawn", "HP", "pawn", leaps([(1, 2), (-1, 2)]),
              "Leaps (1,2) directly forward (that is, two spaces forward, and "
              "one to the side). No en passant.", no_ep=True),
    PieceType("Iron Pawn", "IP", "pawn", leaps(((0, 1),) + FWD_DIAG),
              "Moves one space directly or diagonally forward."),
    PieceType("Japanese Pawn", "JP", "pawn",
              leaps(FWD_DIAG) + _double(),
              "Moves one space forward diagonally (two directly forward, "
              "without capturing, for the opening move)."),
    PieceType("Korean Pawn", "KP", "pawn", leaps([(0, 1), (1, 0), (-1, 0)]),
              "Moves one space orthogonally forward or sideways."),
    PieceType("Lance Pawn", "LP", "pawn",
              leaps([(1, 2), (-1, 2)]) + leaps([(2, 1), (-2, 1)], "m"),
              "Leaps (1,2) directly forward (that is, two spaces forward, and "
              "one to the side), or without capturing sideways and forward "
              "(one space forward, and two to the side). No en passant.",
              no_ep=True),
    PieceType("Left End Pawn", "LE", "pawn", list(_LEFT_END),
              "Moves without capturing one space directly forward (two for "
              "opening), or one space diagonally forward and to the right and "
              "then orthogonally forward or to the right; or forward "
              "diagonally, only to capture.  (D13: the capture is the single "
              "step forward-right.)"),
    PieceType("Linebacker Pawn", "LB", "pawn",
              leaps(((0, 1),) + FWD_DIAG, "push")
              + [line(dx, dy, 2, "push", first=True, ep=True)
                 for dx, dy in ((0, 1),) + FWD_DIAG],
              "Moves one space directly or diagonally forward (two for the "
              "opening move). Cannot capture, but pushes an enemy piece to "
              "the empty square just beyond."),
    PieceType("Mecklenbeck Pawn", "MP", "pawn", _standard(),
              "Moves one space directly forward (two for the opening move) "
              "without capturing, or one space diagonally forward to capture. "
              "Promotes at the opponent's Pawn Row.", mecklenbeck=True),
    PieceType("Mongolian Pawn", "MO", "pawn",
              _push1() + _double()
              + [line(0, 1, 3, "m", first=True, ep=True)]
              + leaps(FWD_DIAG, "c"),
              "Moves one space directly forward (three for the opening move) "
              "without capturing, or one space diagonally forward to "
              "capture."),
    PieceType("Patient Pawn", "PP", "pawn",
              _standard()
              + [Atom("path", dx, 2, "c", via=[(0, 1)], first=True)
                 for dx in (1, -1)],
              "Moves one space directly forward without capturing, or one "
              "space diagonally forward to capture; opening move may be two "
              "spaces directly forward, or one directly forward and a second "
              "diagonally forward, to capture."),
    PieceType("Piglet Pawn", "PG", "pawn",
              leaps(FWD_DIAG)
              + [Atom("leap", 2 * dx, 2, "mc", first=True, ep=[(dx, 1)])
                 for dx in (1, -1)]
              + leaps(BACK, "m"),
              "Moves one space diagonally forward (leaping two spaces for the "
              "opening move), or one space directly or diagonally backward "
              "without capturing."),
    PieceType("Right End Pawn", "RE", "pawn",
              [a.mirrored() for a in _LEFT_END],
              "Moves without capturing one space directly forward (two for "
              "opening), or one space diagonally forward and to the left and "
              "then orthogonally forward or to the left; or forward "
              "diagonally, only to capture."),
    PieceType("Scorpion Pawn", "SP", "pawn",
              _push1() + _double() + leaps([(2, 1), (-2, 1)], "m")
              + leaps(FWD_DIAG, "c"),
              "Moves one space directly forward (two for the opening move) or "
              "leaps (1,2) sideways and forward (one space forward, and two "
              "to the side) without capturing, or one space diagonally "
              "forward to capture."),
    PieceType("Silver Pawn", "SI", "pawn", leaps(DIAG + ((0, 1),)),
              "Moves one space diagonally, or directly forward."),
    PieceType("Standard Pawn", "P", "pawn", _standard(),
              "Moves one space directly forward (two for the opening move) "
              "without capturing, or one space diagonally forward to "
              "capture."),
    PieceType("Torpedo Pawn", "TP", "pawn",
              _push1() + _double(first=False) + leaps(FWD_DIAG, "c"),
              "Moves one or two spaces directly forward without capturing, or "
              "one space diagonally forward to capture."),
    PieceType("Zabel Pawn", "ZP", "pawn",
              _push1() + [line(0, 1, 2, "m", ep=True, zabel=True)]
              + leaps(FWD_DIAG, "c"),
              "Moves one space directly forward (two for the final move to "
              "promotion) without capturing, or one space diagonally forward "
              "to capture."),
    PieceType("Zombie Pawn", "ZO", "pawn",
              leaps(((0, 1),) + FWD_DIAG) + [Atom("leap", 0, -1, "m")],
              "Moves one space directly or diagonally forward, or without "
              "capture directly backward; a piece capturing it becomes a "
              "Zombie Pawn (but does not change color).", zombie=True),
]

ALL_TYPES = ROYALS + PIECES + PAWNS

# Catalogue by code (codes are unique ignoring case; checked at import).
BY_CODE = {}
for _t in ALL_TYPES:
    assert _t.code.upper() not in BY_CODE, _t.code
    assert _t.code.isalpha() and _t.code == _t.code.upper(), _t.code
    BY_CODE[_t.code.upper()] = _t
assert (len(ROYALS), len(PIECES), len(PAWNS)) == (7, 40, 24)

ZOMBIE = BY_CODE["ZO"]


def lookup(code):
    """The piece type with this catalogue code (case ignored)."""
    t = BY_CODE.get(code.upper())
    if t is None:
        raise ValueError("unknown piece code %r" % code)
    return t


def write_code(code, white):
    """A code as the position string writes it: one letter bare, longer in
    brackets; upper case for White, lower case for Black."""
    c = code.upper() if white else code.lower()
    return c if len(c) == 1 else "[" + c + "]"
import os
