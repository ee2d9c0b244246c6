#!/bin/sh
# Chess through variants/chess.toml: the nodes and the CPU time a build
# takes to search five positions to a fixed depth, summed. Run it a few
# times a build and keep the lowest time (the machine's noise is 10-15%).
#
#     scripts/chess_depth_bench.sh target/release/deckmate 11
set -eu
bin=$1
depth=${2:-11}
dir=$(dirname "$0")/..
out=$(mktemp)
timing=$(mktemp)
trap 'rm -f "$out" "$timing"' EXIT
nodes=0
cpu=0
for fen in \
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" \
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9" \
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" \
    "8/5pk1/6p1/8/3R4/6P1/5PK1/3r4 w - - 0 40" \
    "r2q1rk1/1b2bppp/p2p1n2/1p1Pp3/4P3/1BN2N1P/PP3PP1/R2QR1K1 b - - 0 14"; do
    /usr/bin/time -f %U -o "$timing" "$bin" analyse --variant-file "$dir/variants/chess.toml" \
        --fen "$fen" --depth "$depth" > "$out" 2>&1
    n=$(awk -v d="$depth" '$1 == "depth" && $2 == d { print $6 }' "$out")
    nodes=$((nodes + n))
    cpu=$(awk -v a="$cpu" -v b="$(cat "$timing")" 'BEGIN { print a + b }')
done
echo "depth $depth: $nodes nodes, $cpu s of CPU, $(awk -v n="$nodes" -v c="$cpu" 'BEGIN { printf "%d", n / c }') nodes a second"
