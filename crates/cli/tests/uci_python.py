#!/usr/bin/env python3
"""python-chess drives `deckmate uci` on variants/chess.toml: games of the
engine against itself, every move checked legal by python-chess, every
answer timed against the time given.

    python3 crates/cli/tests/uci_python.py DECKMATE VARIANTS_DIR GAMES SECONDS [MAX_PLIES]

Prints one line a game and a summary; exit status 1 on an illegal move,
a late answer (more than the time given plus a margin) or an engine error.
An answer's time is python-chess's `play`, all of it: at a game's first
move that includes `ucinewgame` and `isready` (the engine makes its table
then), so the worst is given apart for the first moves and the others.
"""

import sys
import time

import chess
import chess.engine


def main():
    deckmate, variants, games, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    max_plies = int(sys.argv[5]) if len(sys.argv) > 5 else 160
    margin = float(sys.argv[6]) if len(sys.argv) > 6 else 1.0
    results = {}
    # The latest answer against the limit (negative: every answer in time).
    worst = float("-inf")
    worst_at = (0, 0)
    worst_later = 0.0
    moves = 0
    with chess.engine.SimpleEngine.popen_uci([deckmate, "uci", "--variants", variants]) as engine:
        assert engine.id.get("name", "").startswith("deckmate"), engine.id
        assert "chess" in engine.options["UCI_Variant"].var, engine.options["UCI_Variant"]
        for n in range(games):
            board = chess.Board()
            while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
                start = time.monotonic()
                result = engine.play(board, chess.engine.Limit(time=seconds), game=n)
                took = time.monotonic() - start
                if took - seconds > worst:
                    worst, worst_at = took - seconds, (n + 1, board.ply())
                if board.ply() > 0:
                    worst_later = max(worst_later, took - seconds)
                if result.move is None or result.move not in board.legal_moves:
                    print(f"game {n + 1}: illegal move {result.move} in {board.fen()}")
                    return 1
                if took > seconds + margin:
                    print(f"game {n + 1}, ply {board.ply()}: {took:.3f} s for a move of {seconds} s")
                    return 1
                board.push(result.move)
                moves += 1
            outcome = board.outcome(claim_draw=True)
            res = outcome.result() if outcome else "*"
            results[res] = results.get(res, 0) + 1
            print(f"game {n + 1}: {res} in {board.ply()} plies", flush=True)
        # MultiPV and a depth limit, through python-chess's analyse.
        infos = engine.analyse(chess.Board(), chess.engine.Limit(depth=3), multipv=3)
        assert len(infos) == 3, infos
        for info in infos:
            assert info["pv"][0] in chess.Board().legal_moves, info
    worst = max(worst, 0.0) if moves else 0.0
    print(f"{games} games, {moves} moves, all legal; results {results}; "
          f"worst time over the limit {worst * 1000:.0f} ms (game {worst_at[0]}, ply {worst_at[1]}), "
          f"past the games' first moves {worst_later * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
