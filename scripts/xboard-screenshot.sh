#!/usr/bin/env bash
# Play deckmate against itself in Debian's XBoard under a virtual display
# and take a picture of the board (issue 34: `deckmate xboard` tried in
# XBoard), e.g.
#
#     cargo build --release
#     scripts/xboard-screenshot.sh target/release/deckmate docs/xboard-cuarenta.png
#
# Arguments: the deckmate binary, the PNG to write, and optionally the
# variant (default cuarenta), the seconds to let the engines play (default
# 20) and XBoard's clock per side in minutes:seconds (default 0:30).
#
# Needs Debian's xboard, xvfb, x11-apps (xwd) and netpbm (xwdtopnm,
# pnmtopng): `apt-get install -y --no-install-recommends xboard xvfb
# x11-apps netpbm`. XBoard is /usr/games/xboard there.
#
# What it runs: Xvfb on a free display; XBoard with deckmate as both the
# first and the second engine (`-mode TwoMachines`), the variant's name as
# deckmate announces it (`feature variants=`), legality testing off (XBoard
# knows a game it does not know only by the `piece` lines' XBetza, which
# cannot say Cuarenta's Frog jumping a line of its own pieces, so it would
# refuse such a move and forfeit the engine); then `xwd` of the screen,
# cropped to XBoard's window, as PNG. XBoard's own log of the engines'
# lines goes to the PNG's name with `.debug.txt` instead of `.png` (not
# kept in the repository).
set -euo pipefail

if [ "$#" -lt 2 ]; then
    echo "usage: $0 DECKMATE OUT.png [VARIANT] [SECONDS] [CLOCK]" >&2
    exit 2
fi
deckmate=$(realpath "$1")
out=$(realpath -m "$2")
variant=${3:-cuarenta}
seconds=${4:-20}
clock=${5:-0:30}
root=$(cd "$(dirname "$0")/.." && pwd)
xboard=$(command -v xboard || echo /usr/games/xboard)
for tool in "$xboard" Xvfb xwd xwdtopnm pnmcrop pnmtopng; do
    command -v "$tool" >/dev/null || { echo "$0: $tool not found" >&2; exit 1; }
done

work=$(mktemp -d)
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 1280x1024x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
pids+=($!)
sleep 2

engine="$deckmate xboard --variants $root/variants"
DISPLAY=$display "$xboard" \
    -fcp "$engine" -fd "$work" -scp "$engine" -sd "$work" \
    -variant "$variant" -mode TwoMachines -tc "$clock" -inc 0 \
    -testLegality false -popupExitMessage false -size medium \
    -debug -nameOfDebugFile "${out%.png}.debug.txt" \
    >"$work/xboard.log" 2>&1 &
pids+=($!)
sleep "$seconds"

# The screen, cropped to what is drawn on it (XBoard's windows on the
# black root window).
DISPLAY=$display xwd -root -silent >"$work/screen.xwd"
xwdtopnm "$work/screen.xwd" 2>/dev/null | pnmcrop -black 2>/dev/null >"$work/window.ppm"
pnmtopng -compression 9 "$work/window.ppm" >"$out"
echo "$out: $(stat -c %s "$out") bytes; XBoard said:"
grep -v aplay "$work/xboard.log" || true
