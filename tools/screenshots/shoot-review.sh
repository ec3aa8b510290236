#!/usr/bin/env bash
# Takes the move list and review screenshots in docs/screenshots from the
# real app under Xvfb, light and dark, at phone size (360×740 portrait,
# 740×360 landscape): the move list in portrait and landscape, a past move
# viewed, the review screen with the engine's graph (Jumping Cube, Ataxx,
# Chinese Checkers with six players) and a marked blunder showing the move
# played and the better one. Run from the repository root:
#
#   go build -o /tmp/jumpers . && tools/screenshots/shoot-review.sh /tmp/jumpers
#
# JUMPERS_SCREEN=review-analysis opens the review of the JUMPERS_OPEN game
# and analyses it after 3 s; review-mark then shows its worst move.
set -euo pipefail
bin=${1:?usage: shoot-review.sh path/to/jumpers [out dir]}
out=${2:-docs/screenshots}
work=$(mktemp -d)
id=io.github.jumpers_game.jumpers
mkdir -p "$out" "$work/pristine/fyne/$id"
go run ./tools/screenshots/mksaves -store "$work/pristine/fyne/$id" -out "$work" 2>/dev/null
go run ./tools/screenshots/ccsaves -out "$work" 2>/dev/null

export DISPLAY=${DISPLAY:-:99}
if ! xdotool getmouselocation >/dev/null 2>&1; then
  Xvfb "$DISPLAY" -screen 0 1280x1400x24 >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb 2>/dev/null || true' EXIT
  sleep 1
fi

# shot name theme width height wait "x,y ..." [VAR=value...]: waits, taps
# the points given (window coordinates), then takes the picture.
shot() {
  local name=$1 theme=$2 w=$3 h=$4 wait=$5 taps=$6; shift 6
  rm -rf "$work/config"; cp -r "$work/pristine" "$work/config"
  env XDG_CONFIG_HOME="$work/config" FYNE_SCALE=1 FYNE_THEME="$theme" "$@" "$bin" >"$work/app.log" 2>&1 &
  local pid=$!
  local win=""
  for _ in $(seq 50); do
    win=$(xdotool search --pid "$pid" --name '^Jumpers$' 2>/dev/null | head -1 || true)
    [ -n "$win" ] && break
    sleep 0.2
  done
  if [ -z "$win" ]; then echo "no window for $name" >&2; cat "$work/app.log" >&2; kill "$pid"; return 1; fi
  size() {
    for _ in $(seq 10); do
      xdotool windowmove "$win" 0 0 windowsize "$win" "$w" "$h"
      sleep 0.3
      xdotool getwindowgeometry "$win" | grep -q "Geometry: ${w}x${h}" && break
    done
  }
  sleep 1; size
  sleep "$wait"
  for p in $taps; do
    size
    xdotool mousemove "${p%,*}" "${p#*,}" click 1
    sleep 0.8
  done
  size; sleep 0.5
  import -window "$win" "$work/raw.png"
  convert "$work/raw.png" -strip "$out/$name.png"
  kill "$pid"
  for _ in $(seq 10); do kill -0 "$pid" 2>/dev/null || break; sleep 0.3; done
  kill -9 "$pid" 2>/dev/null || true # a window that hangs on the way out
  wait "$pid" 2>/dev/null || true
  echo "$out/$name.png"
}

for theme in ${THEMES:-light dark}; do
  shot "movelist-phone-$theme" "$theme" 360 740 1 "" JUMPERS_OPEN="$work/mid.json"
  shot "movelist-landscape-$theme" "$theme" 740 360 1 "" JUMPERS_OPEN="$work/mid.json"
  # the entry of move 16 in the strip: the board shows that position
  shot "movelist-viewing-phone-$theme" "$theme" 360 740 1 "110,196" JUMPERS_OPEN="$work/mid.json"
  shot "review-graph-phone-$theme" "$theme" 360 740 9 "" JUMPERS_OPEN="$work/won.json" JUMPERS_SCREEN=review-analysis
  shot "review-blunder-phone-$theme" "$theme" 360 740 9 "" JUMPERS_OPEN="$work/won.json" JUMPERS_SCREEN=review-mark
  shot "review-ataxx-phone-$theme" "$theme" 360 740 8 "" JUMPERS_OPEN="$work/ataxx-mid.json" JUMPERS_SCREEN=review-mark
  shot "review-chinesecheckers-6p-phone-$theme" "$theme" 360 740 12 "" JUMPERS_OPEN="$work/cc-6p.json" JUMPERS_SCREEN=review-analysis
  shot "review-landscape-$theme" "$theme" 740 360 9 "" JUMPERS_OPEN="$work/won.json" JUMPERS_SCREEN=review-mark
done
rm -rf "$work"
