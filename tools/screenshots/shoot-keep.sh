#!/usr/bin/env bash
# Every game is kept, through the real app under Xvfb (issue 12's "done
# when"): open a Jumping Cube game and play a move, quit with kill -9;
# open an Ataxx game and play a move, kill -9 again; start the app: home
# shows both in progress, Saved games lists both with their pictures.
# Also the end-of-game panel. Run from the repository root:
#
#   go build -o /tmp/jumpers . && tools/screenshots/shoot-keep.sh /tmp/jumpers
#
# Writes home-inprogress, load-inprogress and game-over-panel (phone,
# 360×740, and the panel also in landscape, 740×360; light and dark) into docs/screenshots (or the second argument)
# and fails when a game is missing.
set -euo pipefail
bin=${1:?usage: shoot-keep.sh path/to/jumpers [out dir]}
out=${2:-docs/screenshots}
work=$(mktemp -d)
id=io.github.jumpers_game.jumpers
saves="$work/config/fyne/$id/saves"
mkdir -p "$out" "$work/config/fyne/$id"

cat >"$work/cube.json" <<'JSON'
{"format":"jumpers-save","version":1,"name":"","game":"cube","start":"1-1-1-1-1-/1-1-1-1-1-/1-1-1-1-1-/1-1-1-1-1-/1-1-1-1-1- r","moves":[],"cursor":0,
 "seats":[{"kind":"human"},{"kind":"human"}],"created":"2026-11-26T05:00:00Z","updated":"2026-11-26T05:00:00Z"}
JSON
cat >"$work/ataxx.json" <<'JSON'
{"format":"jumpers-save","version":1,"name":"","game":"ataxx","rules":"standard","start":"x5o/7/7/7/7/7/o5x x 0 1","moves":[],"cursor":0,
 "seats":[{"kind":"human"},{"kind":"human"}],"created":"2026-11-26T05:01:00Z","updated":"2026-11-26T05:01:00Z"}
JSON
cat >"$work/over.json" <<'JSON'
{"format":"jumpers-save","version":1,"name":"Quick one","game":"cube","start":"1-1-/1-1- r","moves":["1:1","2:2","1:1","2:2"],"cursor":4,
 "seats":[{"kind":"human"},{"kind":"computer","level":"Beginner"}],"created":"2026-11-26T05:02:00Z","updated":"2026-11-26T05:02:00Z"}
JSON

export DISPLAY=${DISPLAY:-:93}
if ! xdotool getmouselocation >/dev/null 2>&1; then
  Xvfb "$DISPLAY" -screen 0 1280x1400x24 >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb 2>/dev/null || true' EXIT
  sleep 1
fi

# run VAR=value...: starts the app, waits for its window, sizes it to a
# phone; sets $pid and $win.
run() {
  env XDG_CONFIG_HOME="$work/config" FYNE_SCALE=1 "$@" "$bin" >>"$work/app.log" 2>&1 &
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
    xdotool windowmove "$win" 0 0 windowsize "$win" "${W:-360}" "${H:-740}"
    sleep 0.5
    xdotool getwindowgeometry "$win" | grep -q "Geometry: ${W:-360}x${H:-740}" && break
  done
  sleep 1
}

quit() { kill -9 "$pid"; wait "$pid" 2>/dev/null || true; sleep 1; }

run JUMPERS_OPEN="$work/cube.json" JUMPERS_TAP="3:3"
quit
run JUMPERS_OPEN="$work/ataxx.json" JUMPERS_TAP="g1 f2"
quit

games=$(grep -l '"moves": \[' "$saves"/*.json | xargs grep -c '"game": "\(cube\|ataxx\)"' | wc -l)
cube=$(grep -l '"game": "cube"' "$saves"/*.json | xargs grep -l '"3:3"' | wc -l)
ataxx=$(grep -l '"game": "ataxx"' "$saves"/*.json | xargs grep -l '"f2"' | wc -l)
echo "files: $games; cube with its move: $cube; ataxx with its move: $ataxx"
[ "$cube" = 1 ] && [ "$ataxx" = 1 ] || { echo "a game was lost" >&2; ls -la "$saves" >&2; exit 1; }

for theme in light dark; do
  run FYNE_THEME=$theme
  import -window "$win" "$out/home-inprogress-phone-$theme.png"
  quit
  run FYNE_THEME=$theme JUMPERS_SCREEN=load
  import -window "$win" "$out/load-inprogress-phone-$theme.png"
  quit
done
for theme in light dark; do
  run FYNE_THEME=$theme JUMPERS_OPEN="$work/over.json"
  import -window "$win" "$out/game-over-panel-phone-$theme.png"
  quit
  W=740 H=360 run FYNE_THEME=$theme JUMPERS_OPEN="$work/over.json"
  import -window "$win" "$out/game-over-panel-landscape-$theme.png"
  quit
done
echo "pictures in $out"
