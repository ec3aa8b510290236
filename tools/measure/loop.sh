#!/usr/bin/env bash
# Measures the real app's UI loop while the computer thinks: opens a
# computer-against-computer game (Expert against Average, 9×9) with "pause
# before each computer move" on, presses Go (Space) every 2.5 s, and prints
# the app's JUMPERS_MEASURE_LOOP lines: the longest gap between frames
# during each search, next to the longest gap in the idle time before it.
#
# THREADS sets the "Computer uses up to N cores" setting (default: the
# app's, the CPUs minus one, 1 to 4).
#
#   go build -o /tmp/jumpers . && [THREADS=N] tools/measure/loop.sh /tmp/jumpers [moves]
set -euo pipefail
bin=${1:?usage: [THREADS=N] loop.sh path/to/jumpers [moves]}
moves=${2:-12}
. "$(dirname "$0")/lib.sh"
if [ -n "${THREADS:-}" ]; then
  echo "{\"pauseComputer\": true, \"computerThreads\": $THREADS}" >"$root/preferences.json"
else
  echo '{"pauseComputer": true}' >"$root/preferences.json"
fi
start_app 720 JUMPERS_OPEN="$work/cvc.json"
for _ in $(seq "$moves"); do
  sleep 2.5
  xdotool windowfocus --sync "$win" key space
done
sleep 2
finish
