#!/usr/bin/env python3
"""Writes ../../crates/games/tests/data/cardmate-perft.txt from cardmate.py:
positions from the page's sample games, random playouts (fixed seed) with
promotions and captures, and finished games."""
import random
import sys
from cardmate import Game, after, perft

G1 = ("1. 4Ci3 4Db6 2. 8Dj2 8Ca7 3. 8Dh3 8Cc6 4. 7Cb1 7Di8 5. 3Cd3 3Di6 6. 8Hc2 4Dc5 "
      "7. JSf3 9Sa7 8. 9H:c5 9S:c5 9. 2Sa3 9S:a3 10. 1D:a3 8Sh7 11. 3Cd4 8C:d4 "
      "12. 8H:d4 8Sg5 13. JS:g5 3Hc6 14. JS:g7 6H:g7 15. 8H:c6 JH:c6 16. 1Da4 QSh8 "
      "17. 8Di5 QS:h2 18. 8D:j7 7Dh8 19. 8D:h8 QS:f0+ 20. 8D:i6 QS:e0x").split()
G2 = ("1. 4Ci3 4Db6 2. 3Sg3 8Ca7 3. 8Dh2 8Cc6 4. 7Cb1 7Di8 5. 3Cc3 4Sf6 6. 8Hc2 4Dc5 "
      "7. 4He3 9Sa7 8. 8Df3 4Se5 9. 3Sf4 4S:f4 10. 4H:f4 7Hb8 11. 3Cd4 8C:d4 "
      "12. 8D:d4 4Dc6 13. 8D:c6 2C:c6 14. 6Sd2 3Hb6 15. JSe3 5Cf7 16. JDf3 1Sd6 "
      "17. 9Ce2 1Sd5 18. JS:d5 2C:d5 19. 9H:b6 JH:b6 20. QDg1 KSe8 21. 7Si1 2Ce4 "
      "22. XC:j7 2C:f3 23. 9C:f3 8S:j7 24. 8Hd4 JH:d4 25. 6Se3 JH:f4 26. QH:d9 JH:g2 "
      "27. 5D:g2 9S:e3 28. QD:e3 XD:a2 29. QD:e8+ KD:e8 30. QH:e8x").split()


def prefix(tokens, plies):
    out, n = [], 0
    for t in tokens:
        if t.endswith("."):
            if n < plies:
                out.append(t)
            continue
        if n == plies:
            break
        out.append(t)
        n += 1
    return " ".join(out)


def main():
    lines = ["# moves from the predefined start | depth | leaves",
             "# made by tools/perft_ref/make_table.py (independent Python implementation)"]
    cases = [("", d) for d in (1, 2, 3, 4, 5)]  # depth 5 takes a few minutes
    for plies in (2, 16, 34, 35, 36, 38, 40):
        cases += [(prefix(G1, plies), d) for d in (1, 2, 3)]
    for plies in (26, 50, 58, 59):
        cases += [(prefix(G2, plies), d) for d in (1, 2, 3)]
    rng = random.Random(2026)
    found = 0
    while found < 8:
        g = Game()
        seq = []
        for ply in range(200):
            ms = g.moves()
            if not ms:
                break
            if any(m[3] for m in ms) and ply > 10 and rng.random() < 0.5:
                cases += [(" ".join(seq), d) for d in (1, 2, 3)]
                found += 1
                break
            m = rng.choice(ms)
            seq.append(g.text(m))
            g.play(m)
    for moves, depth in cases:
        g = after(moves)
        lines.append(f"{moves} | {depth} | {perft(g, depth)}")
        print(lines[-1], file=sys.stderr)
    out = "../../crates/games/tests/data/cardmate-perft.txt"
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
