#!/usr/bin/env bash
# Measures the real app's UI loop during a game review: opens the 9×9
# computer-against-computer game of mksaves (40 moves) on the review
# screen, starts the engine's review of every move after 3 s of idle, and
# prints the app's JUMPERS_MEASURE_LOOP line: the longest gap between
# frames while the review runs, next to the longest gap while idle.
#
#   go build -o /tmp/jumpers . && tools/measure/review.sh /tmp/jumpers [seconds]
set -euo pipefail
bin=${1:?usage: review.sh path/to/jumpers [seconds]}
secs=${2:-25}
work=$(mktemp -d)
id=io.github.jumpers_game.jumpers
root="$work/config/fyne/$id"
mkdir -p "$root"
go run ./tools/screenshots/mksaves -store "$root" -out "$work" 2>/dev/null
export DISPLAY=${DISPLAY:-:99}
XDG_CONFIG_HOME="$work/config" FYNE_SCALE=1 JUMPERS_MEASURE_LOOP=1 JUMPERS_SCREEN=review-analysis \
  JUMPERS_OPEN="$work/cvc.json" "$bin" >"$work/log" 2>&1 &
pid=$!
win=""
for _ in $(seq 50); do
  win=$(xdotool search --pid "$pid" --name '^Jumpers$' 2>/dev/null | head -1 || true)
  [ -n "$win" ] && break
  sleep 0.2
done
[ -n "$win" ] && xdotool windowmove "$win" 0 0 windowsize "$win" 360 740
for _ in $(seq "$secs"); do
  sleep 1
  grep -q measure "$work/log" && break
done
kill "$pid"; wait "$pid" 2>/dev/null || true
grep measure "$work/log" || cat "$work/log"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
rm -rf "$work" 2>/dev/null || true
