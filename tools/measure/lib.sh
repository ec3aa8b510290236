# shellcheck shell=bash
# What the UI-loop measures share: the saved games of mksaves in a
# scratch config, the app started on them with JUMPERS_MEASURE_LOOP=1 at
# 360 dp wide under $DISPLAY (default :99), and its "measure" lines at the
# end. Source it after setting bin (the app binary).

work=$(mktemp -d)
id=io.github.jumpers_game.jumpers
root="$work/config/fyne/$id"
mkdir -p "$root"
trap 'rm -rf "$work" 2>/dev/null || true' EXIT
go run ./tools/screenshots/mksaves -store "$root" -out "$work" 2>/dev/null
export DISPLAY=${DISPLAY:-:99}

# start_app HEIGHT VAR=value...: runs the app with the variables, its log
# in $work/log, and sizes its window to 360×HEIGHT; sets pid and win.
start_app() {
  local height=$1
  shift
  env XDG_CONFIG_HOME="$work/config" FYNE_SCALE=1 JUMPERS_MEASURE_LOOP=1 "$@" "$bin" >"$work/log" 2>&1 &
  pid=$!
  win=""
  for _ in $(seq 50); do
    win=$(xdotool search --pid "$pid" --name '^Jumpers$' 2>/dev/null | head -1 || true)
    [ -n "$win" ] && break
    sleep 0.2
  done
  [ -n "$win" ] || { echo "no window" >&2; cat "$work/log" >&2; kill "$pid"; return 1; }
  sleep 1
  xdotool windowmove "$win" 0 0 windowsize "$win" 360 "$height"
}

# finish: stops the app and prints what it measured, with the load.
finish() {
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  grep measure "$work/log" || cat "$work/log"
  echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
}
