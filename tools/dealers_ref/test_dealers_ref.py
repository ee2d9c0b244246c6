"""Tests for the Dealer's Chess reference (run from the repository root):

    python3 -m unittest discover tools/dealers_ref

Set DEALERS_REF_DEEP=1 to also check every perft(3) of test_positions.txt
(about 15 s more).  Test names carry the ruling tags they check (D1-D14).
"""

import os
import random
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from dealers_ref import CHESS_START, perft, divide, moves_text, play  # noqa
from movegen import (legal_moves, make_move, can_capture_to, gen_man,  # noqa
                     in_check)
from pieces import ALL_TYPES, ROYALS, PIECES, PAWNS, lookup  # noqa
from position import read, write, Man, WHITE, BLACK  # noqa

DEEP = os.environ.get("DEALERS_REF_DEEP") == "1"


def load_positions():
    out = []
    with open(os.path.join(HERE, "test_positions.txt")) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            cells = [c.strip() for c in line.split("|")]
            name, fen = cells[0], cells[1]
            counts = [int(c) for c in cells[2:] if c]
            out.append((name, fen, counts))
    return out


def moves(fen, before=""):
    return moves_text(play(read(fen), before.split()))


def after(fen, seq):
    return play(read(fen), seq.split())


# ---------------------------------------------------------------- chess

class ChessCoincides(unittest.TestCase):
    """D1: with a King, Q/R/B/N cards and Standard Pawns the game is chess,
    as long as no pawn promotes (D4 promotes from the hand; with Q, R, B, N
    in the hand the choices are chess's too)."""

    def check(self, fen, expected):
        pos = read(fen)
        for d, n in enumerate(expected, 1):
            self.assertEqual(perft(pos, d), n, "depth %d" % d)

    def test_d1_chess_start(self):
        self.check(CHESS_START, [20, 400, 8902])

    def test_d1_chess_start_depth4(self):
        self.assertEqual(perft(read(CHESS_START), 4), 197281)

    def test_d1_d5_kiwipete(self):
        self.check("r3k2r/p*1p*p*qp*b1/bn2pnp1/3PN3/1p2P3/2N2Q1p/"
                   "P*P*P*BBP*P*P*/R3K2R w AHah - -/-/- 0 1",
                   [48, 2039, 97862])

    def test_d1_d9_chess_position3(self):
        self.check("8/2p*5/3p4/KP5r/1R3p1k/8/4P*1P*1/8 w - - -/-/- 0 1",
                   [14, 191, 2812, 43238])

    def test_d4_chess_position4_with_qrbn_hands(self):
        self.check("r3k2r/Pp*p*p*1p*p*p*/1b3nbN/nP6/BBP1P3/q4N2/Pp1P*2P*P*/"
                   "R2Q1RK1 w ah - QRBN/qrbn/- 0 1", [6, 264, 9467])

    def test_d4_chess_position5_with_qrbn_hands(self):
        self.check("rnbq1k1r/p*p*1Pbp*p*p*/2p5/8/2B5/8/P*P*P*1NnP*P*/"
                   "RNBQK2R w AH - QRBN/qrbn/- 1 8", [44, 1486, 62379])

    def test_chess_start_divide(self):
        d = dict(divide(read(CHESS_START), 2))
        self.assertEqual(len(d), 20)
        self.assertEqual(d["e2e4"], 20)
        self.assertEqual(d["g1f3"], 20)


# ---------------------------------------------------------------- D14 strings

class PositionString(unittest.TestCase):

    def test_d14_round_trip_of_test_positions(self):
        for name, fen, _ in load_positions():
            self.assertEqual(write(read(fen)), fen, name)

    def test_d14_round_trip_after_every_move(self):
        # every position one and two plies from a few test positions
        for name, fen, _ in load_positions()[5:12]:
            pos = read(fen)
            for mv in legal_moves(pos):
                p = make_move(pos, mv)
                s = write(p)
                self.assertEqual(write(read(s)), s)

    def test_d14_examples_of_the_ruling(self):
        pos = read("4k3/8/8/8/3p4/8/8/4K3 w - d5,d6:d4 BN/[al]n/[LI]Q 0 1")
        self.assertEqual([pos.sq_name(s) for s in pos.ep[0]], ["d5", "d6"])
        self.assertEqual(pos.sq_name(pos.ep[1]), "d4")
        self.assertEqual([t.code for t in pos.hands[0]], ["B", "N"])
        self.assertEqual([t.code for t in pos.hands[1]], ["AL", "N"])
        self.assertEqual([t.code for t in pos.hands[2]], ["LI", "Q"])
        self.assertEqual(write(pos).split()[4], "BN/[al]n/[LI]Q")
        self.assertEqual(read(CHESS_START).castling,
                         frozenset({(0, 0), (0, 7), (1, 0), (1, 7)}))

    def test_d14_colour_is_the_case_of_the_first_letter(self):
        pos = read("[Gr]3k3/8/8/8/8/8/8/[gR]3K3 w - - -/-/- 0 1")
        self.assertEqual(pos.board[pos.parse_sq("a8")].color, WHITE)
        self.assertEqual(pos.board[pos.parse_sq("a1")].color, BLACK)
        self.assertEqual(pos.board[pos.parse_sq("a8")].ptype.name, "Gryffon")
        self.assertEqual(write(pos).split()[0],
                         "[GR]3k3/8/8/8/8/8/8/[gr]3K3")

    def test_d14_star_marks_the_opening_move(self):
        pos = read(CHESS_START)
        self.assertTrue(pos.board[pos.parse_sq("e2")].fresh)
        p = play(pos, ["e2e3"])
        self.assertFalse(p.board[p.parse_sq("e3")].fresh)
        self.assertEqual(write(p).split()[0],
                         "rnbqkbnr/p*p*p*p*p*p*p*p*/8/8/8/4P3/"
                         "P*P*P*P*1P*P*P*/RNBQKBNR")
        # without the star a Standard Pawn on its 2nd rank has no double step
        self.assertEqual(moves("4k3/8/8/8/8/8/4P3/K7 w - - -/-/- 0 1"),
                         ["a1a2", "a1b1", "a1b2", "e2e3"])

    def test_d14_big_boards(self):
        p10 = read("10/10/10/10/10/10/10/10/10/4K5 w - - -/-/- 0 1")
        self.assertEqual(p10.n, 10)
        p12 = read("12/12/12/12/12/12/12/12/12/12/12/6K5 w - - -/-/- 0 1")
        self.assertEqual(p12.sq_name(p12.royal_home(WHITE)), "g1")
        self.assertEqual(write(p12).split()[0],
                         "12/12/12/12/12/12/12/12/12/12/12/6K5")

    def test_d14_rejects(self):
        bad = [
            "8/8/8/8/8/8/8/8 w - - -/-/- 0",               # 6 fields
            "9/9/9/9/9/9/9/9/9 w - - -/-/- 0 1",           # 9x9
            "7/8/8/8/8/8/8/8 w - - -/-/- 0 1",             # short rank
            "N*7/8/8/8/8/8/8/8 w - - -/-/- 0 1",           # * after a piece
            "[XX]7/8/8/8/8/8/8/8 w - - -/-/- 0 1",         # unknown code
            "8/8/8/8/8/8/8/8 w - - K/-/- 0 1",             # royal in hand
            "8/8/8/8/8/8/8/8 w - - P/-/- 0 1",             # pawn in hand
            "8/8/8/8/8/8/8/8 x - - -/-/- 0 1",             # side
            "8/8/8/8/8/8/8/8 w - d6 -/-/- 0 1",            # e.p. w/o pawn
            "8/8/8/8/8/8/8/8 w - - -/- 0 1",               # two hands
        ]
        for s in bad:
            with self.assertRaises(ValueError, msg=s):
                read(s)


# ---------------------------------------------------------------- catalogue

class Catalogue(unittest.TestCase):

    def test_d7_d12_the_pages_cards(self):
        self.assertEqual((len(ROYALS), len(PIECES), len(PAWNS)), (7, 40, 24))
        names = {t.name for t in ALL_TYPES}
        for n in ("Chef", "Pharaoh", "Shogun", "Gryffon", "Turtle", "Vao",
                  "Zebra", "Horse Pawn", "Zombie Pawn", "Zabel Pawn",
                  "Linebacker Pawn", "Left End Pawn", "Mecklenbeck Pawn"):
            self.assertIn(n, names)

    def test_targets_on_an_empty_board(self):
        """Number of moves from f6 on an empty 12x12 board (pawns with their
        opening move).  Hand counts for some: Queen 22 + 21 = 43; Turtle 8
        directions x 4 = 32 (its two-square leaps land on squares it slides
        to); Cheetah: the 24 squares of the ring at distance 3; Gryffon 4
        steps + rays: g7 -> 5 + 5, e7 -> 5 + 5, g5 -> 5 + 4, e5 -> 5 + 4,
        so 4 + 36 = 40; Linebacker 3 single + 3 double = 6; Piglet 2 + 2
        leaps + 3 back = 7; Zabel 1 (no double step off the last rank)."""
        expect = {
            "CF": 8, "K": 8, "PH": 8, "PO": 8, "PR": 8, "RX": 8, "SG": 4,
            "AL": 4, "AB": 8, "AN": 8, "AR": 29, "AU": 16, "B": 21,
            "BI": 16, "BU": 24, "CA": 8, "CN": 22, "CH": 30, "CT": 24,
            "DA": 4, "FE": 4, "GI": 8, "GN": 16, "GR": 40, "GU": 8, "GD": 4,
            "IM": 16, "KI": 8, "N": 8, "LI": 24, "MA": 16, "MI": 16,
            "NR": 20, "PX": 8, "Q": 43, "RH": 40, "R": 22, "SH": 22,
            "SN": 20, "SQ": 16, "ST": 4, "TH": 4, "TU": 32, "UN": 41,
            "VA": 21, "WA": 4, "ZE": 8,
            "AP": 8, "BP": 4, "CP": 2, "EP": 2, "FP": 3, "GP": 6, "HP": 2,
            "IP": 3, "JP": 3, "KP": 3, "LP": 4, "LE": 4, "LB": 6, "MP": 2,
            "MO": 3, "PP": 2, "PG": 7, "RE": 4, "SP": 4, "SI": 5, "P": 2,
            "TP": 2, "ZP": 1, "ZO": 4,
        }
        for t in ALL_TYPES:
            pos = read("/".join(["12"] * 12) + " w - - -/-/- 0 1")
            s = pos.parse_sq("f6")
            pos.board[s] = Man(WHITE, t, t.kind == "pawn")
            self.assertEqual(len(legal_moves(pos)), expect[t.code], t.name)


# ---------------------------------------------------------------- rules

class Rules(unittest.TestCase):

    # --- D4 hands and promotion

    def test_d4_promotion_from_own_hand_and_shared(self):
        fen = "4k2r/6P1/8/8/8/8/1p6/4K3 w - - Q[LI]N/r[al]/Q[AL] 0 1"
        ms = [m for m in moves(fen) if m.startswith("g7")]
        self.assertEqual(sorted(ms), sorted(
            ["g7%s=%s" % (t, c) for t in ("g8", "h8")
             for c in ("Q", "[LI]", "N", "Q(shared)", "[AL](shared)")]))
        # the shared extra leaves both hands; the rook's double joins White's
        p = after(fen, "g7h8=[AL](shared)")
        self.assertEqual(write(p).split()[4], "Q[LI]NR/r[al]/Q")
        self.assertEqual(p.board[p.parse_sq("h8")].ptype.name, "Alfil")
        # a promotion from the own hand leaves the shared pool alone
        p = after(fen, "g7g8=Q")
        self.assertEqual(write(p).split()[4], "[LI]N/r[al]/Q[AL]")
        # Black then promotes to R, Alfil (own) or Q, Alfil (shared)
        self.assertEqual([m for m in moves(fen, "g7g8=N") if "b1" in m],
                         ["b2b1=Q(shared)", "b2b1=R", "b2b1=[AL]",
                          "b2b1=[AL](shared)"])

    def test_d4_empty_hand_pawn_stays_pawn(self):
        fen = "4k3/1P6/8/8/8/8/8/p3K3 w - - -/-/- 0 1"
        self.assertIn("b7b8", moves(fen))
        p = after(fen, "b7b8")
        self.assertEqual(p.board[p.parse_sq("b8")].ptype.code, "P")

    def test_d4_captured_pawns_and_promoted_pieces(self):
        # taking a pawn gives nothing; taking a piece gives its double
        fen = "4k3/8/8/3p1n2/4P3/8/8/4K3 w - - -/-/- 0 1"
        self.assertEqual(write(after(fen, "e4d5")).split()[4], "-/-/-")
        self.assertEqual(write(after(fen, "e4f5")).split()[4], "N/-/-")

    # --- D5 castling

    def test_d5_castling_with_odd_partners(self):
        fen = "[gr]3[po]2[ca]/8/8/8/8/8/8/[CN]3[CF]2[NR] w AHah - -/-/- 0 1"
        ms = moves(fen)
        for m in ("O-O", "O-O-O", "e1g1", "e1c1"):
            self.assertIn(m, ms)
        p = after(fen, "O-O")
        self.assertEqual(write(p).split()[0],
                         "[gr]3[po]2[ca]/8/8/8/8/8/8/[CN]4[NR][CF]1")
        self.assertEqual(write(p).split()[2], "ah")
        p = after(fen, "O-O-O")
        self.assertEqual(write(p).split()[0],
                         "[gr]3[po]2[ca]/8/8/8/8/8/8/2[CF][CN]3[NR]")
        # the Chef's own two-square move is not castling and loses the rights
        p = after(fen, "e1g1")
        self.assertEqual(write(p).split()[0],
                         "[gr]3[po]2[ca]/8/8/8/8/8/8/[CN]5[CF][NR]")
        self.assertEqual(write(p).split()[2], "ah")
        # Black castles with the Camel and the Gryffon
        p = after(fen, "a1a2 O-O")
        self.assertEqual(write(p).split()[0].split("/")[0],
                         "[gr]4[ca][po]1")
        self.assertEqual(write(p).split()[2], "H")   # Black castled

    def test_d5_rights_lost_when_partner_moves_or_is_taken(self):
        fen = "r3k2r/8/8/8/8/8/8/R3K2R w AHah - -/-/- 0 1"
        self.assertEqual(write(after(fen, "a1a8")).split()[2], "H" + "h")
        self.assertEqual(write(after(fen, "h1h2")).split()[2], "A" + "ah")
        self.assertEqual(write(after(fen, "e1e2")).split()[2], "ah")

    def test_d5_no_castling_across_attack(self):
        fen = "4kr2/8/8/8/8/8/8/R3K2R w AH - -/-/- 0 1"
        ms = moves(fen)
        self.assertIn("O-O-O", ms)
        self.assertNotIn("O-O", ms)
        # in check: no castling at all
        ms = moves("4kr2/8/8/8/8/8/8/R3K2R w AH - -/-/- 0 1".replace(
            "4kr2", "4k3").replace("/8/8/8/8/8/8/", "/8/8/8/4r3/8/8/"))
        self.assertFalse([m for m in ms if m.startswith("O-")])

    def test_d3_d5_castling_on_10x10_and_12x12(self):
        fen = "4k4r/10/10/10/10/10/10/10/10/R3K4R w AJj - -/-/- 0 1"
        self.assertEqual(write(after(fen, "O-O")).split()[0].split("/")[-1],
                         "R4RK3")
        self.assertEqual(write(after(fen, "O-O-O")).split()[0].split("/")[-1],
                         "2KR5R")
        fen = ("6k5/12/12/12/12/12/12/12/12/12/12/R5K4[CN] w AL - -/-/- 0 1")
        self.assertEqual(write(after(fen, "O-O")).split()[0].split("/")[-1],
                         "R6[CN]K3")
        self.assertEqual(write(after(fen, "O-O-O")).split()[0].split("/")[-1],
                         "4KR5[CN]")

    # --- D9 en passant

    def test_d9_ep_after_mongolian_three_squares(self):
        fen = "4k3/8/8/4[SI]3/2P[mo]4/8/8/4K3 w - d5,d6:d4 -/-/- 0 1"
        self.assertEqual(moves(fen), [
            "c4c5", "c4d5ep", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
            "e5d4", "e5d6", "e5d6ep", "e5e6", "e5f4", "e5f6"])
        p = after(fen, "e5d6ep")
        self.assertIsNone(p.board[p.parse_sq("d4")])
        # the three-square move writes both crossed squares
        p = after("4k3/3[mo]*4/8/8/8/8/8/4K3 b - - -/-/- 0 1", "d7d4")
        self.assertEqual(write(p).split()[3], "d5,d6:d4")

    def test_d9_ep_after_later_two_square_moves(self):
        # Torpedo's non-opening double step; Enhanced takes sideways, Gold
        # both moves to and takes on e5
        fen = "4k3/8/8/3[EP]1[GP]2/4[tp]3/8/8/4K3 w - e5:e4 -/-/- 0 1"
        ms = moves(fen)
        for m in ("d5e5ep", "f5e5", "f5e5ep", "d5e4"):
            self.assertIn(m, ms)
        self.assertEqual(len(ms), 15)
        # Arrow Pawn sideways and backward two-square moves set e.p.
        p = after("4k3/8/8/8/1[AP]6/8/8/4K3 w - - -/-/- 0 1", "b4d4")
        self.assertEqual(write(p).split()[3], "c4:d4")
        p = after("4k3/8/8/4[AP]3/8/8/8/K7 w - - -/-/- 0 1", "e5e3")
        self.assertEqual(write(p).split()[3], "e4:e3")
        # Berolina's diagonal double step, Japanese Pawn's straight one
        p = after("4k3/8/8/8/8/8/2[BP]*5/4K3 w - - -/-/- 0 1", "c2e4")
        self.assertEqual(write(p).split()[3], "d3:e4")
        self.assertIn("c4d3ep", moves(
            "4k3/8/8/8/2p5/8/2[BP]*5/4K3 w - - -/-/- 0 1", "c2e4"))
        # a Berolina takes a Berolina's diagonal double step straight ahead
        p = after("4k3/2[bp]*5/8/3[BP]4/8/8/8/4K3 b - - -/-/- 0 1", "c7e5")
        self.assertEqual(write(p).split()[3], "d6:e5")
        self.assertIn("d5d6ep", moves_text(p))
        p = after("4k3/8/8/8/8/8/2[JP]*5/4K3 w - - -/-/- 0 1", "c2c4")
        self.assertEqual(write(p).split()[3], "c3:c4")
        # Linebacker's double step that pushes
        p = after("4k3/8/8/8/3n4/8/3[LB]*4/4K3 w - - -/-/- 0 1", "d2d4")
        self.assertEqual(write(p).split()[0].split("/")[3:6],
                         ["3n4", "3[LB]4", "8"])
        self.assertEqual(write(p).split()[3], "d3:d4")

    def test_d9_ep_only_on_the_next_move(self):
        fen = "4k3/8/8/8/2p5/8/3P*4/4K3 w - - -/-/- 0 1"
        self.assertIn("c4d3ep", moves(fen, "d2d4"))
        self.assertNotIn("c4d3ep", moves(fen, "d2d4 e8d8 e1e2"))

    def test_d9_no_ep_for_horse_and_lance(self):
        fen = "4k3/8/8/3pP3/2[HP]1[LP]3/8/8/4K3 w - d6:d5 -/-/- 0 1"
        ms = moves(fen)
        self.assertIn("e5d6ep", ms)
        self.assertNotIn("c4d6ep", ms)
        self.assertNotIn("e4d6ep", ms)
        self.assertIn("c4d6", ms)        # the plain leap to d6 is there
        self.assertEqual(len(ms), 13)
        # a Horse Pawn's move never sets e.p.
        p = after("4k3/8/8/8/8/8/3[HP]*4/4K3 w - - -/-/- 0 1", "d2e4")
        self.assertEqual(write(p).split()[3], "-")

    def test_d9_piglet_leap(self):
        fen = "4k3/8/8/8/4p3/5N2/4[PG]*3/4K3 w - - -/-/- 0 1"
        self.assertEqual(write(after(fen, "e2c4")).split()[3], "d3:c4")
        self.assertEqual(write(after(fen, "e2g4")).split()[3], "-")
        p = after(fen, "e2c4 e4d3ep")
        self.assertIsNone(p.board[p.parse_sq("c4")])

    def test_d9_chicken(self):
        fen = "4k3/7b/8/8/4[CP]3/8/8/K7 w - - -/-/- 0 1"
        self.assertEqual(moves(fen), [
            "a1a2", "a1b1", "a1b2", "e4b1", "e4c2", "e4d3", "e4e1", "e4e2",
            "e4e3", "e4e5", "e4f3", "e4g2", "e4h1"])
        self.assertEqual(moves(fen.replace("7b/8", "8/7b")),
                         ["a1a2", "a1b1", "a1b2", "e4e5"])
        # the retreat sets no e.p. and uses up the opening move
        p = after(fen.replace("[CP]", "[CP]*"), "e4e2")
        self.assertEqual(write(p).split()[3], "-")
        self.assertFalse(p.board[p.parse_sq("e2")].fresh)

    def test_d9_linebacker(self):
        fen = "4k3/8/2p5/3nr3/1b2[LB]3/8/3[LB]*4/4K3 w - - -/-/- 0 1"
        self.assertEqual(moves(fen), ["d2b4", "d2c3", "e1d1", "e1e2",
                                      "e1f1", "e1f2", "e4e5"])
        p = after(fen, "e4e5")
        self.assertEqual(p.board[p.parse_sq("e6")].ptype.name, "Rook")
        p = after(fen, "d2b4")
        self.assertEqual(p.board[p.parse_sq("a5")].ptype.name, "Bishop")
        self.assertEqual(write(p).split()[4], "-/-/-")   # nothing captured
        # it pushes a royal too, but not onto an occupied square
        fen = "8/8/8/5k2/4[LB]3/8/8/4K3 w - - -/-/- 0 1"
        p = after(fen, "e4f5")
        self.assertEqual(p.board[p.parse_sq("g6")].ptype.name, "King")
        self.assertNotIn("e4f5", moves(fen.replace("8/8/8/5k2",
                                                   "8/8/6p1/5k2")))

    def test_d9_zombie(self):
        fen = "4k3/8/8/3[zo]4/4K3/2N5/8/8 w - - -/-/- 0 1"
        self.assertEqual(moves(fen), ["c3d5", "e4d3", "e4d5", "e4e3",
                                      "e4e5", "e4f3", "e4f4", "e4f5"])
        p = after(fen, "c3d5")                  # the Knight becomes a Zombie
        m = p.board[p.parse_sq("d5")]
        self.assertEqual((m.color, m.ptype.name), (WHITE, "Zombie Pawn"))
        p = after(fen, "e4d5")                  # the King stays a King (R8)
        self.assertEqual(p.board[p.parse_sq("d5")].ptype.name, "King")
        # a captor that becomes a Zombie Pawn on its last rank promotes
        fen = "3[zo]k3/8/4N3/8/8/8/8/4K3 w - - [AL]/-/- 0 1"
        self.assertIn("e6d8=[AL]", moves(fen))
        self.assertNotIn("e6d8", moves(fen))

    def test_d9_zabel(self):
        fen = "4k3/8/2[ZP]5/5[ZP]2/8/8/8/4K3 w - - N[LI]/-/- 0 1"
        self.assertEqual(moves(fen), [
            "c6c7", "c6c8=N", "c6c8=[LI]", "e1d1", "e1d2", "e1e2", "e1f1",
            "e1f2", "f5f6"])
        # with an empty hand it stays a pawn on c8 and may be taken e.p.
        p = after("3pk3/8/2[ZP]5/8/8/8/8/4K3 w - - -/-/- 0 1", "c6c8")
        self.assertEqual(write(p).split()[3], "c7:c8")
        self.assertIn("d8c7ep", moves_text(p))

    def test_d4_mecklenbeck(self):
        fen = "4k3/8/2[MP]1P3/8/8/8/8/4K3 w - - N/-/- 0 1"
        self.assertEqual(moves(fen), ["c6c7=N", "e1d1", "e1d2", "e1e2",
                                      "e1f1", "e1f2", "e6e7"])
        # 12x12: the Pawn Row is the 3rd rank from each side (rank 10)
        fen = ("6k5/12/12/2[MP]9/12/12/12/12/12/12/12/6K5 w - - N/-/- 0 1")
        self.assertIn("c9c10=N", moves(fen))

    def test_d13_end_pawns_and_patient_pawn(self):
        # Black's Left End Pawn goes to Black's right (towards the a-file)
        self.assertEqual(
            moves("4k3/4[le]*3/8/8/8/8/8/4K3 b - - -/-/- 0 1"),
            ["e7c6", "e7d5", "e7e5", "e7e6", "e8d7", "e8d8", "e8f7",
             "e8f8"])
        # its only capture is the single step forward-right
        ms = moves("4k3/4[le]*3/3[WA]1[WA]2/8/8/8/8/4K3 b - - -/-/- 0 1")
        self.assertIn("e7d6", ms)
        self.assertNotIn("e7f6", ms)
        # White's Right End Pawn goes left; the bent move needs both empty
        self.assertEqual(
            [m for m in moves("4k3/8/8/8/8/8/4[RE]*3/4K3 w - - -/-/- 0 1")
             if m.startswith("e2")], ["e2c3", "e2d4", "e2e3", "e2e4"])
        self.assertEqual(
            [m for m in moves("4k3/8/8/8/8/3p4/4[RE]*3/4K3 w - - -/-/- 0 1")
             if m.startswith("e2")], ["e2d3", "e2e3", "e2e4"])
        # Patient Pawn: forward then diagonally forward, to capture only
        fen = "4k3/8/8/8/2r5/2n1b3/3[PP]*4/4K3 w - - -/-/- 0 1"
        self.assertEqual(moves(fen), ["d2c3", "d2c4", "d2d3", "d2d4",
                                      "d2e3", "e1f1"])

    def test_d13_enhanced_pawn_captures_backwards(self):
        fen = "4k3/8/8/8/3n1n2/4[EP]3/3n1n2/4K3 w - - -/-/- 0 1"
        ms = [m for m in moves(fen) if m.startswith("e3")]
        self.assertEqual(ms, ["e3d2", "e3d4", "e3e4", "e3f2", "e3f4"])

    def test_d8_lame_and_bent(self):
        fen = "4k3/8/8/3N4/3[RX]4/[FE]1p5/1[GR]6/8 w - - -/-/- 0 1"
        ms = moves(fen)
        self.assertEqual([m for m in ms if m.startswith("d4")],
                         ["d4b3", "d4b5", "d4c2", "d4e2", "d4f3", "d4f5"])
        self.assertEqual([m for m in ms if m.startswith("b2")],
                         ["b2a1", "b2c1", "b2c3", "b2d1", "b2e1", "b2f1",
                          "b2g1", "b2h1"])
        # Pope: two diagonal squares only over an empty one
        ms = moves("4k3/8/8/8/8/5p2/4[PO]3/8 w - - -/-/- 0 1")
        self.assertNotIn("e2g4", ms)
        self.assertIn("e2c4", ms)
        self.assertNotIn("e2d3", ms)

    def test_hoppers_and_capture_only_royals(self):
        fen = "4[po]3/6r1/r4n2/8/p2[VA]4/8/8/[CN]3[PH]3 w - - -/-/- 0 1"
        ms = moves(fen)
        self.assertIn("a1a6", ms)
        self.assertIn("d4g7", ms)
        self.assertNotIn("a1a4", ms)
        self.assertEqual(len(ms), 21)
        # the Pharaoh does not attack the squares it only moves to
        fen = "4k3/8/8/8/8/8/4r3/4[PH]3 w - - -/-/- 0 1"
        self.assertNotIn("e1e2", moves(fen))
        # a black Pharaoh on d3 steps to d2/e2 but does not attack them
        self.assertEqual(moves("4k3/8/8/8/8/3[ph]4/8/4K3 w - - -/-/- 0 1"),
                         ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
        # on d4 its (1,3) leap checks e1
        self.assertTrue(in_check(read(
            "4k3/8/8/8/3[ph]4/8/8/4K3 w - - -/-/- 0 1")))

    def test_d1_checkmate_and_stalemate_have_no_moves(self):
        mate = "R5k1/5ppp/8/8/8/8/8/6K1 b - - -/-/- 0 1"
        self.assertEqual(moves(mate), [])
        self.assertTrue(in_check(read(mate)))
        stale = "7k/5Q2/6K1/8/8/8/8/8 b - - -/-/- 0 1"
        self.assertEqual(moves(stale), [])
        self.assertFalse(in_check(read(stale)))


# ---------------------------------------------------------------- files

class PositionsFile(unittest.TestCase):

    def test_test_positions_file(self):
        rows = load_positions()
        self.assertGreaterEqual(len(rows), 12)
        for name, fen, counts in rows:
            pos = read(fen)
            top = len(counts) if DEEP else min(2, len(counts))
            for d in range(1, top + 1):
                self.assertEqual(perft(pos, d), counts[d - 1],
                                 "%s depth %d" % (name, d))


# ---------------------------------------------------------------- attacks

class AttackConsistency(unittest.TestCase):
    """can_capture_to (used for check, castling and the Chicken) must agree
    with the move generator: a man attacks t exactly when, with an enemy
    man put on t, it has a capture there."""

    def test_attacks_agree_with_generation(self):
        rng = random.Random(1)
        types = [t for t in ALL_TYPES if t.code != "LB"]
        dummy = lookup("WA")
        for trial in range(150):
            n = rng.choice((8, 10, 12))
            pos = read("/".join([str(n)] * n) + " w - - -/-/- 0 1")
            for s in rng.sample(range(n * n), rng.randint(2, 14)):
                t = rng.choice(types)
                pos.board[s] = Man(rng.randint(0, 1), t,
                                   t.kind == "pawn" and rng.random() < 0.5)
            for s, m in enumerate(pos.board):
                if m is None:
                    continue
                pos.side = m.color
                for t in range(n * n):
                    if pos.board[t] is not None:
                        continue
                    pos.board[t] = Man(1 - m.color, dummy)
                    out = {}
                    gen_man(pos, s, m, out)
                    caps = any(mv.to == t and mv.push is None
                               for mv in out.values())
                    pos.board[t] = None
                    self.assertEqual(can_capture_to(pos, s, m, t), caps,
                                     "%s %s->%s %s" % (
                                         m.ptype.name, pos.sq_name(s),
                                         pos.sq_name(t), write(pos)))


if __name__ == "__main__":
    unittest.main()
