#!/usr/bin/env python3
"""Tests for the 52Chess reference perft.  Run:
    python3 tools/chess52_ref/test_perft.py
"""

import os
import random
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import perft as P  # noqa: E402

START = P.START_FEN

# Constructed positions (see README.md for what each one exercises).
EP = "3k/4/4/4/4/4/4/2p1/4/1Pp1/4/3P/K3 w - 0 1"
EP_SET = "3k/4/4/4/4/4/4/1Pp1/4/2p1/4/3P/K3 b b5 1 1"
PROMO = "r1nk/1P2/4/4/4/4/4/4/4/4/4/4/K3 w - 0 1"
LIMIT_W = "2r1/4/4/2p1/4/4/4/1k2/3P/K3/4/4/3N w - 0 1"
LIMIT_B = "2r1/4/4/2p1/4/4/4/1k2/3P/K3/4/4/3N b - 0 1"
NO_KING = "3r/4/4/4/4/4/4/4/4/4/4/4/K3 w - 0 1"
BLOCKED = "KRRR/PPPP/4/4/4/4/4/4/4/4/4/pppp/krrr w - 0 1"
TELE_PAWN = "3k/4/4/4/4/4/2P1/4/4/4/4/4/K3 w - 0 1"


def pf(fen, depth, draws=True):
    return P.perft(P.parse_fen(fen), depth, P.Rules(draws))


def pc(fen, cards, draws=True):
    return P.perft_cards(P.parse_fen(fen), [P.parse_card(c) for c in cards.split()], P.Rules(draws))


# ------------------------------------------------------------------------
# A second, deliberately naive move generator written with (file, rank)
# coordinates and no precomputed tables, used to cross-check perft.py's
# generator and its per-card aggregation on random positions.


def naive_moves(pos, card):
    """Set of move strings for this card, in perft.py's notation."""
    b = pos.board
    w = pos.white

    def at(f, r):
        return b[r * 4 + f] if 0 <= f < 4 and 0 <= r < 13 else None

    def nm(f, r):
        return "abcd"[f] + str(r + 1)

    def own(p):
        return p not in (None, ".") and p.isupper() == w

    def enemy(p):
        return p not in (None, ".") and p.isupper() != w

    out = []
    for r in range(13):
        for f in range(4):
            p = at(f, r)
            if not own(p):
                continue
            u = p.upper()
            frm = u + nm(f, r)
            if u == "P":
                d = 1 if w else -1
                lastr = 12 if w else 0
                dbl = (1, 3) if w else (11, 9)
                sufs = ["=Q", "=R", "=B", "=N"] if r + d == lastr else [""]
                if at(f, r + d) == ".":
                    for s in sufs:
                        out.append(frm + nm(f, r + d) + s)
                    if r in dbl and at(f, r + 2 * d) == ".":
                        out.append(frm + nm(f, r + 2 * d))
                for df in (-1, 1):
                    q = at(f + df, r + d)
                    if enemy(q):
                        for s in sufs:
                            out.append(frm + "x" + nm(f + df, r + d) + s)
                    elif q == "." and pos.ep == (r + d) * 4 + f + df:
                        out.append(frm + "x" + nm(f + df, r + d) + "ep")
                continue
            if u == "N":
                steps, slide = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)], False
            elif u == "K":
                steps, slide = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if x or y], False
            else:
                orth = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
                steps = {"R": orth, "B": diag, "Q": orth + diag}[u]
                slide = True
            for dx, dy in steps:
                x, y = f + dx, r + dy
                while True:
                    q = at(x, y)
                    if q is None or own(q):
                        break
                    out.append(frm + ("x" if q != "." else "") + nm(x, y))
                    if q != "." or not slide:
                        break
                    x, y = x + dx, y + dy
    # teleports
    tf, tr = card // 13, card % 13  # suit -> file, card rank -> board rank
    if at(tf, tr) == ".":
        ek = "k" if w else "K"
        ekr = [i for i in range(52) if b[i] == ek][0] // 4
        for r in range(13):
            for f in range(4):
                p = at(f, r)
                if not own(p) or p.upper() == "K":
                    continue
                if p.upper() == "P":
                    if tr in (0, 12):
                        continue
                    if w and tr > ekr:
                        continue
                    if not w and tr < ekr:
                        continue
                out.append(p.upper() + nm(f, r) + "@" + nm(tf, tr))
    if not out:
        out.append("--")
    return sorted(out)


def naive_perft(pos, depth, hist=None):
    """Card by card, move by move, no bulk counting, no multiplicities."""
    rules = P.Rules()
    if hist is None:
        hist = {pos.key(): 1}
    if depth == 0:
        return 1
    if P.game_over(pos, hist, rules):
        return 0
    total = 0
    for c in range(52):
        for m in P.moves_for_card(pos, c):
            child = P.make(pos, m)
            k = child.key()
            hist[k] = hist.get(k, 0) + 1
            total += naive_perft(child, depth - 1, hist)
            hist[k] -= 1
    return total


def random_positions(n, seed, plies=(4, 60)):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pos = P.parse_fen(START)
        for _ in range(rng.randint(*plies)):
            if P.game_over(pos, None, P.Rules()):
                break
            ms = P.moves_for_card(pos, rng.randrange(52))
            pos = P.make(pos, rng.choice(ms))
        if not P.game_over(pos, None, P.Rules()):
            out.append(pos)
    return out


def random_placements(n, seed):
    """Random sparse placements (both Kings present, pawns on ranks 2-12,
    pawns often next to each other), with an e.p. square set whenever the
    last ply could have been a double step."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        b = ["."] * 52
        free = list(range(52))
        rng.shuffle(free)
        b[free.pop()] = "K"
        b[free.pop()] = "k"
        for _ in range(rng.randint(0, 14)):
            p = rng.choice("PPPPppppNBRQnbrq")
            s = free.pop()
            if p in "Pp" and s // 4 in (0, 12):
                continue
            b[s] = p
        white = rng.random() < 0.5
        pos = P.Position(b, white, -1, rng.randint(0, 10), 1)
        # candidate e.p. squares: the opponent's pawn that could just have
        # double-stepped (White: from rank 2 or 4; Black: from 12 or 10)
        cands = []
        for s in range(52):
            r = s // 4
            if not white and b[s] == "P" and r in (3, 5):
                if b[s - 4] == "." and b[s - 8] == ".":
                    cands.append(s - 4)
            if white and b[s] == "p" and r in (9, 7):
                if b[s + 4] == "." and b[s + 8] == ".":
                    cands.append(s + 4)
        if cands and rng.random() < 0.8:
            pos.ep = rng.choice(cands)
        out.append(P.parse_fen(pos.fen()))  # also validates the e.p. square
    return out


class HandCounts(unittest.TestCase):
    def test_f3_card_mapping(self):
        self.assertEqual(P.sq_name(P.card_square(P.parse_card("7H"))), "c7")
        self.assertEqual(P.sq_name(P.card_square(P.parse_card("QS"))), "d12")
        self.assertEqual(P.sq_name(P.card_square(P.parse_card("AC"))), "a1")
        self.assertEqual(P.sq_name(P.card_square(P.parse_card("10D"))), "b10")
        self.assertEqual(P.CARD_NAMES[:3], ["AC", "2C", "3C"])
        self.assertEqual(P.CARD_NAMES[13], "AD")

    def test_f11_round_trip(self):
        for fen in (START, EP, EP_SET, PROMO, LIMIT_B, BLOCKED):
            self.assertEqual(P.parse_fen(fen).fen(), fen)

    def test_f10_start_depth1(self):
        # Normal moves for White at the start (card independent):
        #   pawns a4-d4: one step to rank 5 (4) + double step to rank 6 (4) = 8
        #   knight a3: b5 only (b1 Q, c2 P, c4 P are own) = 1; knight d3: c5 = 1
        #   bishops b3/c3: a2 c2 a4 c4 / b2 d2 b4 d4 all own = 0;
        #   rank-1 pieces and rank-2 pawns blocked = 0.            N = 10
        # Teleports: the 15 non-King pieces (7 officers + 8 pawns) to each of
        # the 20 empty squares a5..d9 (pawns allowed: ranks 2..12 and <= the
        # Black King's rank 13).  15 per empty-square card.
        # 32 occupied-square cards * 10 + 20 empty-square cards * (10 + 15)
        #   = 320 + 500 = 820 = 52*10 + 20*15.
        self.assertEqual(pf(START, 1), 820)

    def test_start_divide_depth1(self):
        rows = list(P.divide(P.parse_fen(START), 1))
        self.assertEqual(len(rows), 52)
        by = {P.card_name(c): n for c, _, n in rows}
        self.assertEqual(by["AC"], 10)
        self.assertEqual(by["5C"], 25)
        self.assertEqual(by["9S"], 25)
        self.assertEqual(by["10S"], 10)

    def test_f6_promotion_with_capture(self):
        # White Pb12 vs r a13, n c13: b13 push x4 + xa13 x4 + xc13 x4 = 12,
        # Ka1: a2 b1 b2 = 3 -> N = 15.  Teleports: only the pawn (the King
        # never teleports), to empty squares of ranks 2..12: 44 - b12 = 43.
        # 52*15 + 43 = 823.
        self.assertEqual(pf(PROMO, 1), 823)
        ms = naive_moves(P.parse_fen(PROMO), P.parse_card("AC"))
        self.assertIn("Pb12xa13=N", ms)
        self.assertIn("Pb12b13=Q", ms)
        self.assertNotIn("Pb12b13", ms)

    def test_f5_pawn_teleport_limit_white(self):
        # Ka4: a3 a5 b3 b4 b5 (5); Nd1: b2 c3 (2); Pd5: d6 (1) -> N = 8.
        # Knight teleports to all 46 empty squares; pawn d5 only to ranks
        # 2..6 (Black King on b6): 4+4+3+3+3 = 17.  52*8 + 46 + 17 = 479.
        self.assertEqual(pf(LIMIT_W, 1), 479)
        pos = P.parse_fen(LIMIT_W)
        self.assertIn("Pd5@a6", naive_moves(pos, P.parse_card("6C")))
        self.assertNotIn("Pd5@a7", naive_moves(pos, P.parse_card("7C")))

    def test_f5_pawn_teleport_limit_black(self):
        # kb6: 8 steps; rc13: a13 b13 d13 c12 c11 (5); pc10: c9 + double c8
        # (rank 10 is Black's 4th rank) = 2 -> N = 15.  Rook teleports: 46;
        # pawn c10 to ranks 4..12 (White King on a4), not rank 13:
        # 36 squares - a4 d5 b6 c10 = 32.  52*15 + 46 + 32 = 858.
        self.assertEqual(pf(LIMIT_B, 1), 858)

    def test_f6_en_passant_after_4th_rank_double_step(self):
        # After Pb4b6 (crossing b5), Black's Pc6 takes e.p.
        self.assertIn("Pc6xb5ep", naive_moves(P.parse_fen(EP_SET), 0))
        pos = P.parse_fen(EP)
        m = [m for m in P.gen_normal(pos) if P.move_str(pos, m) == "Pb4b6"][0]
        child = P.make(pos, m)
        self.assertEqual(child.fen(), EP_SET)
        ep = [m for m in P.gen_normal(child) if P.move_str(child, m) == "Pc6xb5ep"][0]
        self.assertEqual(P.make(child, ep).fen(), "3k/4/4/4/4/4/4/4/1p2/2p1/4/3P/K3 w - 0 2")

    def test_f6_teleported_pawn_double_steps(self):
        # Pc7@a4 with card 4C, any Black move, then a4-a6 is a double step.
        pos = P.parse_fen(TELE_PAWN)
        m = ("t", P.parse_sq("c7"), P.parse_sq("a4"), "")
        self.assertIn("Pc7@a4", naive_moves(pos, P.parse_card("4C")))
        child = P.make(P.make(pos, m), ("n", P.parse_sq("d13"), P.parse_sq("d12"), ""))
        self.assertIn("Pa4a6", [P.move_str(child, x) for x in P.gen_normal(child)])

    def test_f10_king_taken_has_no_moves(self):
        self.assertEqual(pf(NO_KING, 1), 0)
        self.assertEqual(pf(NO_KING, 2), 0)
        self.assertEqual(pf(NO_KING, 0), 1)

    def test_f7_pass(self):
        # Nothing of either side can move normally.  White: 16 occupied
        # squares -> 16 cards with only a pass; 36 empty squares x 3 rook
        # teleports (pawns may not teleport: rank <= 1 needed, and rank 1 is
        # forbidden anyway) = 108.  124.  Black is the mirror image.
        self.assertEqual(pf(BLOCKED, 1), 124)
        self.assertEqual(pf(BLOCKED, 2), 124 * 124)
        self.assertEqual(pc(BLOCKED, "AC"), 1)
        self.assertEqual(pc(BLOCKED, "5C"), 3)

    def test_f8_threefold_ends_the_game(self):
        # Four passes: the start position occurs for the 3rd time after ply 4.
        self.assertEqual(pc(BLOCKED, "AC AC AC AC"), 1)
        self.assertEqual(pc(BLOCKED, "AC AC AC AC AC"), 0)
        self.assertEqual(pc(BLOCKED, "AC AC AC AC AC", draws=False), 1)

    def test_f8_ply_clock_ends_the_game(self):
        fen98 = BLOCKED.replace(" 0 1", " 98 1")
        self.assertEqual(pc(fen98, "AC AC"), 1)
        self.assertEqual(pc(fen98, "AC AC AC"), 0)
        self.assertEqual(pf(BLOCKED.replace(" 0 1", " 99 1"), 2), 0)
        self.assertEqual(pf(BLOCKED.replace(" 0 1", " 100 1"), 1), 0)

    def test_fixed_cards_start(self):
        # 7H = c7 empty: 10 normal + 15 teleports.
        self.assertEqual(pc(START, "7H"), 25)
        self.assertEqual(pc(START, "AC"), 10)


class CrossCheck(unittest.TestCase):
    def test_naive_generator_agrees(self):
        for pos in random_positions(150, 52):
            for c in range(52):
                got = sorted(P.move_str(pos, m) for m in P.moves_for_card(pos, c))
                self.assertEqual(got, naive_moves(pos, c), pos.fen() + " card " + P.card_name(c))

    def test_naive_generator_agrees_random_placements(self):
        for pos in random_placements(400, 5252):
            for c in range(52):
                got = sorted(P.move_str(pos, m) for m in P.moves_for_card(pos, c))
                self.assertEqual(got, naive_moves(pos, c), pos.fen() + " card " + P.card_name(c))
        for pos in random_placements(20, 99):
            self.assertEqual(P.perft(pos, 2), naive_perft(pos, 2), pos.fen())

    def test_naive_perft_agrees(self):
        fens = [EP, EP_SET, PROMO, LIMIT_W, BLOCKED]
        fens += [p.fen() for p in random_positions(3, 7)]
        for fen in fens:
            pos = P.parse_fen(fen)
            self.assertEqual(P.perft(pos, 2), naive_perft(pos, 2), fen)

    def test_divide_sums(self):
        for fen, d in ((START, 2), (EP, 2), (BLOCKED, 2)):
            pos = P.parse_fen(fen)
            self.assertEqual(sum(n for _, _, n in P.divide(pos, d)), P.perft(pos, d))


if __name__ == "__main__":
    unittest.main()
