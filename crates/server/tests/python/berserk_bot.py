"""A bot written for lichess, with the lichess client library berserk,
pointed at a deckmate server: it challenges the built-in engine and plays
a whole game, choosing among the legal moves the game's state carries
(captures first), and resigns after 300 of its moves. Prints one JSON
line with the game's id, its moves and how it ended.

python3 berserk_bot.py BASE_URL TOKEN VARIANT
"""

import json
import random
import sys

import berserk


def main():
    base_url, token, variant = sys.argv[1], sys.argv[2], sys.argv[3]
    client = berserk.Client(session=berserk.TokenSession(token), base_url=base_url)
    me = client.account.get()
    assert me["title"] == "BOT", me
    game = client.challenges.create_ai(level=1, color="white", variant=variant)
    game_id = game["id"]
    rng = random.Random(7)
    mine = 0
    state = None
    for event in client.bots.stream_game_state(game_id):
        if event["type"] == "gameFull":
            assert event["variant"]["key"] == variant, event
            state = event["state"]
        elif event["type"] == "gameState":
            state = event
        else:
            continue
        if state["status"] != "started":
            break
        legal = state.get("legalMoves")
        if not legal:
            continue
        if mine >= 300:
            client.bots.resign_game(game_id)
            continue
        moves = legal.split(" ")
        captures = [m for m in moves if "x" in m]
        move = rng.choice(captures or moves)
        # A check's mark is not part of a path: the server reads the move
        # without it.
        client.bots.make_move(game_id, move.rstrip("+#"))
        mine += 1
    print(json.dumps({
        "id": game_id,
        "status": state["status"],
        "winner": state.get("winner"),
        "moves": len(state["moves"].split(" ")) if state["moves"] else 0,
    }))


if __name__ == "__main__":
    main()
