#!/usr/bin/env bash
# Takes the Chinese Checkers screenshots in docs/screenshots from the real
# app under Xvfb: a two-player and a six-player game in the middle with a
# piece selected (its reachable holes marked), at phone portrait (360×720)
# and tablet (800×1280) size, light and dark; plus the new game screen and
# the home card. Run from the repository root:
#
#   go build -o /tmp/jumpers . && tools/screenshots/shoot-chinesecheckers.sh /tmp/jumpers
#
# Same machinery as shoot.sh (Xvfb, xdotool, ImageMagick, FYNE_SCALE=1);
# JUMPERS_TAP taps the piece that tools/screenshots/ccsaves picked.
set -euo pipefail
bin=${1:?usage: shoot-chinesecheckers.sh path/to/jumpers [out dir]}
out=${2:-docs/screenshots}
work=$(mktemp -d)
id=io.github.jumpers_game.jumpers
mkdir -p "$out" "$work/pristine/fyne/$id"
go run ./tools/screenshots/ccsaves -out "$work"

export DISPLAY=${DISPLAY:-:99}
if ! xdotool getmouselocation >/dev/null 2>&1; then
  Xvfb "$DISPLAY" -screen 0 1280x1400x24 >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb 2>/dev/null || true' EXIT
  sleep 1
fi

shot() { # name theme width height [VAR=value...]
  local name=$1 theme=$2 w=$3 h=$4; shift 4
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
  sleep 1
  for _ in $(seq 10); do
    xdotool windowmove "$win" 0 0 windowsize "$win" "$w" "$h"
    sleep 0.5
    xdotool getwindowgeometry "$win" | grep -q "Geometry: ${w}x${h}" && break
  done
  sleep 1.2
  import -window "$win" "$work/raw.png"
  if [ "$(identify -format %wx%h "$work/raw.png")" != "${w}x${h}" ]; then
    echo "$name: window is $(identify -format %wx%h "$work/raw.png"), not ${w}x${h}" >&2
  fi
  convert "$work/raw.png" -strip "$out/$name.png"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  echo "$out/$name.png"
}

tap2=$(cat "$work/cc-2p-tap.txt")
tap6=$(cat "$work/cc-6p-tap.txt")
for theme in light dark; do
  for size in phone:360:720 tablet:800:1280; do
    IFS=: read -r sname w h <<<"$size"
    shot "chinesecheckers-2p-$sname-$theme" "$theme" "$w" "$h" JUMPERS_OPEN="$work/cc-2p.json" JUMPERS_TAP="$tap2"
    shot "chinesecheckers-6p-$sname-$theme" "$theme" "$w" "$h" JUMPERS_OPEN="$work/cc-6p.json" JUMPERS_TAP="$tap6"
  done
  shot "chinesecheckers-6p-landscape-$theme" "$theme" 720 360 JUMPERS_OPEN="$work/cc-6p.json" JUMPERS_TAP="$tap6"
  shot "chinesecheckers-new-game-phone-$theme" "$theme" 360 720 JUMPERS_SCREEN=new JUMPERS_GAME=chinesecheckers
done
shot "chinesecheckers-home-phone-light" light 360 720
rm -rf "$work"
