#!/usr/bin/env bash
# Takes the screenshots in docs/screenshots from the real app under Xvfb:
# every screen at phone portrait (360×720), phone landscape (720×360) and
# tablet (800×1280) size, light and dark. Run from the repository root:
#
#   go build -o /tmp/jumpers . && tools/screenshots/shoot.sh /tmp/jumpers
#
# ONLY=ataxx takes only the Ataxx pictures (and home, which shows its
# card); ONLY=cube only Jumping Cube's; ONLY=chinesecheckers only Chinese
# Checkers' (shoot-chinesecheckers.sh, which the full run also calls).
#
# Needs Xvfb, xdotool and ImageMagick. FYNE_SCALE=1 makes one dp one pixel.
# The hidden JUMPERS_SCREEN / JUMPERS_OPEN switches open a screen or a saved
# game directly; each run starts from a fresh copy of the saved games that
# tools/screenshots/mksaves writes.
set -euo pipefail
bin=${1:?usage: shoot.sh path/to/jumpers [out dir]}
out=${2:-docs/screenshots}
work=$(mktemp -d)
id=io.github.jumpers_game.jumpers
mkdir -p "$out" "$work/pristine/fyne/$id"
go run ./tools/screenshots/mksaves -store "$work/pristine/fyne/$id" -out "$work"

export DISPLAY=${DISPLAY:-:99}
if ! xdotool getmouselocation >/dev/null 2>&1; then
  Xvfb "$DISPLAY" -screen 0 1280x1400x24 >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb 2>/dev/null || true' EXIT
  sleep 1
fi

shot() { # name theme width height [VAR=value...]; $press=KEY: type KEY first
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
  # The app sizes its window once shown; resize after that, and check.
  sleep 1
  for _ in $(seq 10); do
    xdotool windowmove "$win" 0 0 windowsize "$win" "$w" "$h"
    sleep 0.5
    xdotool getwindowgeometry "$win" | grep -q "Geometry: ${w}x${h}" && break
  done
  sleep 1
  if [ -n "${press:-}" ]; then
    # Space is the Stop/Go key (the Expert starts its one-second search);
    # H asks for a hint.
    xdotool windowfocus --sync "$win" key "$press"
    sleep "${pause:-0.4}"
  fi
  import -window "$win" "$work/raw.png"
  if [ "$(identify -format %wx%h "$work/raw.png")" != "${w}x${h}" ]; then
    echo "$name: window is $(identify -format %wx%h "$work/raw.png"), not ${w}x${h}" >&2
  fi
  convert "$work/raw.png" -strip "$out/$name.png"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  echo "$out/$name.png"
}

only=${ONLY:-all}
if [ "$only" = all ] || [ "$only" = chinesecheckers ]; then
  "$(dirname "$0")/shoot-chinesecheckers.sh" "$bin" "$out"
  [ "$only" = chinesecheckers ] && { rm -rf "$work"; exit 0; }
fi
tap=$(cat "$work/ataxx-tap.txt")
for theme in light dark; do
  for size in phone:360:720 landscape:720:360 tablet:800:1280; do
    IFS=: read -r sname w h <<<"$size"
    shot "home-$sname-$theme" "$theme" "$w" "$h"
    if [ "$only" != cube ]; then
      # Ataxx: a piece selected (its clone dots and jump rings), a seed
      # rules game on a gap layout, and the new game screen.
      shot "ataxx-game-$sname-$theme" "$theme" "$w" "$h" JUMPERS_OPEN="$work/ataxx-mid.json" JUMPERS_TAP="$tap"
      shot "ataxx-gaps-$sname-$theme" "$theme" "$w" "$h" JUMPERS_OPEN="$work/ataxx-gaps.json"
      shot "ataxx-new-game-$sname-$theme" "$theme" "$w" "$h" JUMPERS_SCREEN=new JUMPERS_GAME=ataxx
    fi
    [ "$only" = ataxx ] && continue
    shot "new-game-$sname-$theme" "$theme" "$w" "$h" JUMPERS_SCREEN=new
    shot "game-$sname-$theme" "$theme" "$w" "$h" JUMPERS_OPEN="$work/mid.json"
    shot "game-won-$sname-$theme" "$theme" "$w" "$h" JUMPERS_OPEN="$work/won.json"
    shot "load-$sname-$theme" "$theme" "$w" "$h" JUMPERS_SCREEN=load
    shot "settings-$sname-$theme" "$theme" "$w" "$h" JUMPERS_SCREEN=settings
    shot "stats-$sname-$theme" "$theme" "$w" "$h" JUMPERS_SCREEN=stats
    shot "game-paused-$sname-$theme" "$theme" "$w" "$h" JUMPERS_OPEN="$work/cvc.json"
    press=space shot "game-thinking-$sname-$theme" "$theme" "$w" "$h" JUMPERS_OPEN="$work/cvc.json"
    press=h pause=1.5 shot "game-hint-$sname-$theme" "$theme" "$w" "$h" JUMPERS_OPEN="$work/mid.json"
  done
done
if [ "$only" = all ] || [ "$only" = cube ]; then
  "$(dirname "$0")/shoot-blink.sh" "$bin" "$out"
fi
rm -rf "$work"
