#!/usr/bin/env bash
# Takes the screenshots of Chinese Checkers on a phone (six players with
# the moves since your turn drawn, portrait 360×740 and landscape 740×360),
# of "Show coordinates" on each board, and of the rules pages with their
# diagrams (scrolled to the diagrams), from the real app under Xvfb. Run
# from the repository root:
#
#   go build -o /tmp/jumpers . && tools/screenshots/shoot-star.sh /tmp/jumpers
#
# Same machinery as shoot-chinesecheckers.sh (Xvfb, xdotool, ImageMagick,
# FYNE_SCALE=1). $scroll=N turns the mouse wheel N notches down over the
# window before the picture.
set -euo pipefail
bin=${1:?usage: shoot-star.sh path/to/jumpers [out dir]}
out=${2:-docs/screenshots}
work=$(mktemp -d)
id=io.github.jumpers_game.jumpers
mkdir -p "$out"
go run ./tools/screenshots/ccsaves -out "$work"
go run ./tools/screenshots/mksaves -store "$work/store" -out "$work" >/dev/null

export DISPLAY=${DISPLAY:-:99}
if ! xdotool getmouselocation >/dev/null 2>&1; then
  Xvfb "$DISPLAY" -screen 0 1280x1400x24 >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb 2>/dev/null || true' EXIT
  sleep 1
fi

shot() { # name theme width height coordinates(0/1) [VAR=value...]
  local name=$1 theme=$2 w=$3 h=$4 coords=$5; shift 5
  rm -rf "$work/config"; mkdir -p "$work/config/fyne/$id"
  if [ "$coords" = 1 ]; then echo '{"showCoordinates":true}' >"$work/config/fyne/$id/preferences.json"; fi
  env XDG_CONFIG_HOME="$work/config" FYNE_SCALE=1 FYNE_THEME="$theme" "$@" "$bin" >"$work/app.log" 2>&1 &
  local pid=$!
  local win=""
  for _ in $(seq 50); do
    win=$(xdotool search --pid "$pid" --name '^Jumpers$' 2>/dev/null | head -1 || true)
    [ -n "$win" ] && break
    sleep 0.2
  done
  if [ -z "$win" ]; then echo "no window for $name" >&2; cat "$work/app.log" >&2; kill "$pid"; return 1; fi
  sleep 1
  for _ in $(seq 10); do
    xdotool windowmove "$win" 0 0 windowsize "$win" "$w" "$h"
    sleep 0.5
    xdotool getwindowgeometry "$win" | grep -q "Geometry: ${w}x${h}" && break
  done
  sleep 1.2
  if [ "${scroll:-0}" -gt 0 ]; then
    xdotool mousemove --window "$win" $((w / 2)) $((h / 2))
    for _ in $(seq "$scroll"); do xdotool click 5; sleep 0.05; done
    sleep 0.8
  fi
  import -window "$win" "$work/raw.png"
  convert "$work/raw.png" -strip "$out/$name.png"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  echo "$out/$name.png"
}

cc6="$work/cc-6p.json"
shot chinesecheckers-6p-ghosts-phone-light light 360 740 0 JUMPERS_OPEN="$cc6"
shot chinesecheckers-6p-ghosts-landscape-dark dark 740 360 0 JUMPERS_OPEN="$cc6"
shot coordinates-chinesecheckers-phone-light light 360 740 1 JUMPERS_OPEN="$cc6" JUMPERS_TAP="$(cat "$work/cc-6p-tap.txt")"
shot coordinates-chinesecheckers-landscape-dark dark 740 360 1 JUMPERS_OPEN="$cc6"
shot coordinates-cube-phone-light light 360 740 1 JUMPERS_OPEN="$work/cascade.json"
shot coordinates-ataxx-phone-dark dark 360 740 1 JUMPERS_OPEN="$work/ataxx-mid.json"
scroll=10 shot rules-cube-phone-light light 360 740 0 JUMPERS_SCREEN=rules JUMPERS_GAME=cube
scroll=12 shot rules-ataxx-phone-dark dark 360 740 0 JUMPERS_SCREEN=rules JUMPERS_GAME=ataxx
scroll=12 shot rules-chinesecheckers-phone-light light 360 740 0 JUMPERS_SCREEN=rules JUMPERS_GAME=chinesecheckers
rm -rf "$work"
