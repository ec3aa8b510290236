#!/usr/bin/env bash
# Measures the real app's UI loop while the computer thinks: opens a
# computer-against-computer game (Expert against Average, 9×9) with "pause
# before each computer move" on, presses Go (Space) every 2.5 s, and prints
# the app's JUMPERS_MEASURE_LOOP lines: the longest gap between frames
# during each search, next to the longest gap in the idle time before it.
#
#   go build -o /tmp/jumpers . && tools/measure/loop.sh /tmp/jumpers [moves]
set -euo pipefail
bin=${1:?usage: loop.sh path/to/jumpers [moves]}
moves=${2:-12}
work=$(mktemp -d)
id=io.github.jumpers_game.jumpers
root="$work/config/fyne/$id"
mkdir -p "$root"
go run ./tools/screenshots/mksaves -store "$root" -out "$work" 2>/dev/null
echo '{"pauseComputer": true}' >"$root/preferences.json"
export DISPLAY=${DISPLAY:-:99}
XDG_CONFIG_HOME="$work/config" FYNE_SCALE=1 JUMPERS_MEASURE_LOOP=1 JUMPERS_OPEN="$work/cvc.json" "$bin" >"$work/log" 2>&1 &
pid=$!
win=""
for _ in $(seq 50); do
  win=$(xdotool search --pid "$pid" --name '^Jumpers$' 2>/dev/null | head -1 || true)
  [ -n "$win" ] && break
  sleep 0.2
done
sleep 1
xdotool windowmove "$win" 0 0 windowsize "$win" 360 720
for _ in $(seq "$moves"); do
  sleep 2.5
  xdotool windowfocus --sync "$win" key space
done
sleep 2
kill "$pid"; wait "$pid" 2>/dev/null || true
grep measure "$work/log" || cat "$work/log"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
rm -rf "$work" 2>/dev/null || true
