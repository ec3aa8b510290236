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
. "$(dirname "$0")/lib.sh"
start_app 740 JUMPERS_SCREEN=review-analysis JUMPERS_OPEN="$work/cvc.json"
for _ in $(seq "$secs"); do
  sleep 1
  grep -q measure "$work/log" && break
done
finish
