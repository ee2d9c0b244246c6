#!/usr/bin/env python3
"""Lazy SMP's speed-up: the time to a depth with 1 and with 2 threads
(UCI `Threads`), chess through variants/chess.toml, six positions, a new
game before each.

    python3 scripts/smp_speedup.py target/release/deckmate variants 12
"""
import subprocess, sys, time
binp, variants, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
fens = [
 "startpos",
 "fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8",
 "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
 "fen 2r2rk1/1bqnbppp/p2ppn2/1p6/3NPP2/P1N1B3/1PP1B1PP/R2Q1R1K w - - 0 14",
 "fen r1b2rk1/2q1bppp/p2p1n2/np2p3/3PP3/5N1P/PPBN1PP1/R1BQR1K1 w - - 0 13",
 "fen 6k1/5pp1/p3p2p/3bP3/1pPq4/1P4P1/P4QKP/2R5 w - - 0 35",
]
def run(threads):
    p = subprocess.Popen([binp, "uci", "--variants", variants], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
    def until(pred):
        while True:
            l = p.stdout.readline()
            if not l: raise SystemExit("engine died")
            if pred(l.strip()): return l.strip()
    send("uci"); until(lambda l: l == "uciok")
    send("setoption name UCI_Variant value chess"); send(f"setoption name Threads value {threads}")
    total = 0.0; nodes = 0
    for f in fens:
        send("ucinewgame"); send("isready"); until(lambda l: l == "readyok")
        send(f"position {f}")
        t = time.time(); send(f"go depth {depth}")
        last = None
        while True:
            l = p.stdout.readline().strip()
            if l.startswith("info depth"): last = l
            if l.startswith("bestmove"): break
        dt = time.time() - t; total += dt
        n = int(last.split(" nodes ")[1].split()[0]) if last and " nodes " in last else 0
        nodes += n
        print(f"threads {threads} {f[:40]:40s} {dt:6.2f} s")
    send("quit"); p.wait()
    return total, nodes
one, n1 = run(1); two, n2 = run(2)
print(f"depth {depth}: 1 thread {one:.2f} s, 2 threads {two:.2f} s: speed-up {one/two:.2f}x")
