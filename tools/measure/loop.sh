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
. "$(dirname "$0")/lib.sh"
echo '{"pauseComputer": true}' >"$root/preferences.json"
start_app 720 JUMPERS_OPEN="$work/cvc.json"
for _ in $(seq "$moves"); do
  sleep 2.5
  xdotool windowfocus --sync "$win" key space
done
sleep 2
finish
