#!/usr/bin/env bash
# Takes the "Blink rapidly" sequence in docs/screenshots: a cascade on a
# 5×5 board (tools/screenshots/mksaves: cascade.json), at phone size
# 360×740, light and dark, with the style set to Blink rapidly and the
# slowest Cascade Move Time (1.5 s a step). Run from the repository root:
#
#   go build -o /tmp/jumpers . && tools/screenshots/shoot-blink.sh /tmp/jumpers
#
# The app starts with the saved game open; the script taps the square
# that starts the cascade (xdotool, at the square's place in a 360×740
# window), then captures the window as fast as it can for the
# length of the cascade. Of those frames it keeps, per theme: the board
# before the tap, the first wave darkened, the same squares in a light
# turn of their blinking, the next wave darkened, and the end. Which raw
# frame is which is found by comparing the frames (see pick below).
# Needs Xvfb, xdotool and ImageMagick.
set -euo pipefail
bin=${1:?usage: shoot-blink.sh path/to/jumpers [out dir]}
out=${2:-docs/screenshots}
work=$(mktemp -d)
id=io.github.jumpers_game.jumpers
mkdir -p "$out" "$work/pristine/fyne/$id"
go run ./tools/screenshots/mksaves -store "$work/pristine/fyne/$id" -out "$work" 2>/dev/null
# Blink rapidly (app.AnimBlink = 3), 1.5 s a step.
echo '{"animation": 3, "stepTimeMs": 1500}' >"$work/pristine/fyne/$id/preferences.json"

export DISPLAY=${DISPLAY:-:99}
if ! xdotool getmouselocation >/dev/null 2>&1; then
  Xvfb "$DISPLAY" -screen 0 1280x1400x24 >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb 2>/dev/null || true' EXIT
  sleep 1
fi

w=360 h=740
board=344x344+8+222

# mask FRAME: the darkened squares of FRAME's board, white on black. A
# darkened square is its colour under the 55 % black shade (ui/board/cubeboard/render.go):
# #602A00 over vermillion, #003350 over blue.
mask() {
  convert "$1" -crop "$board" +repage -fuzz 6% -fill '#FF00FF' -opaque '#602A00' -fill '#FF00FF' -opaque '#003350' \
    -fill black +opaque '#FF00FF' -fill white -opaque '#FF00FF' "$2"
}
darkness() { convert "$1" -format '%[fx:int(mean*w*h)]' info:; }

# pick THEME: keeps the frames of the sequence. Darkened: the first frame
# with dark squares. Blinking: the first frame after it without, with dark
# squares again later (a light turn, not the end). Next wave: the first
# frame after that whose dark squares are others. End: the last frame.
pick() {
  local theme=$1 f n dark1="" light="" next="" last="" m1=""
  local frames=("$work"/frames/[0-9]*.ppm)
  for f in "${frames[@]}"; do mask "$f" "${f%.ppm}.mask.png"; done
  for ((n = 0; n < ${#frames[@]}; n++)); do
    f=${frames[n]}; last=$f
    local d; d=$(darkness "${f%.ppm}.mask.png")
    if [ -z "$dark1" ]; then
      [ "$d" -gt 0 ] && { dark1=$f; m1=${f%.ppm}.mask.png; }
    elif [ -z "$light" ]; then
      [ "$d" -eq 0 ] && light=$f
    elif [ -z "$next" ] && [ "$d" -gt 0 ]; then
      [ "$(compare -metric AE "$m1" "${f%.ppm}.mask.png" null: 2>&1 || true)" -gt 500 ] && next=$f
    fi
  done
  if [ -z "$next" ]; then echo "$theme: no full sequence in ${#frames[@]} frames (dark $dark1, light $light); try again on a quieter machine" >&2; return 1; fi
  local i=1 name
  for f in "$work/frames/before.ppm" "$dark1" "$light" "$next" "$last"; do
    name=(before darkened blinking next-wave end)
    convert "$f" -strip "$out/blink-$i-${name[i-1]}-phone-$theme.png"
    echo "$out/blink-$i-${name[i-1]}-phone-$theme.png ($(basename "$f" .ppm) ms)"
    i=$((i + 1))
  done
}
# The square that starts the cascade (mksaves writes it as "row:column"),
# on the 5×5 board of a 360×740 window: the board is the largest square
# that fits between the status lines and the buttons, x 8..352, y 222..566.
IFS=: read -r row col <"$work/cascade-tap.txt" || true # no newline at its end
tapx=$(awk -v c="$col" 'BEGIN { printf "%d", 8 + (c - 0.5) * 344 / 5 }')
tapy=$(awk -v r="$row" 'BEGIN { printf "%d", 222 + (r - 0.5) * 344 / 5 }')

for theme in light dark; do
  rm -rf "$work/config" "$work/frames"; cp -r "$work/pristine" "$work/config"; mkdir "$work/frames"
  env XDG_CONFIG_HOME="$work/config" FYNE_SCALE=1 FYNE_THEME="$theme" JUMPERS_OPEN="$work/cascade.json" "$bin" >"$work/app.log" 2>&1 &
  pid=$!
  win=""
  for _ in $(seq 50); do
    win=$(xdotool search --pid "$pid" --name '^Jumpers$' 2>/dev/null | head -1 || true)
    [ -n "$win" ] && break
    sleep 0.2
  done
  [ -n "$win" ] || { echo "no window" >&2; cat "$work/app.log" >&2; exit 1; }
  sleep 1
  for _ in $(seq 10); do
    xdotool windowmove "$win" 0 0 windowsize "$win" "$w" "$h"
    sleep 0.5
    xdotool getwindowgeometry "$win" | grep -q "Geometry: ${w}x${h}" && break
  done
  sleep 1
  import -window "$win" "$work/frames/before.ppm"
  xdotool mousemove --window "$win" "$tapx" "$tapy" click 1
  start=$(date +%s%N)
  # PPM: no compression, so frames come as fast as the machine allows.
  while [ $(( ($(date +%s%N) - start) / 1000000 )) -lt 14000 ]; do
    import -window "$win" "$work/frames/$(printf %05d $(( ($(date +%s%N) - start) / 1000000 ))).ppm"
  done
  kill "$pid"; wait "$pid" 2>/dev/null || true
  pick "$theme" || { [ -n "${KEEP:-}" ] && cp -r "$work/frames" "$KEEP-$theme"; }
done
[ -n "${KEEP:-}" ] && echo "frames in $work" >&2 || rm -rf "$work"
