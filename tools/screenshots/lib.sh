# Shared machinery of the screenshot scripts: start the app under Xvfb,
# size its window, wait until it is drawn, tap, type keys, capture.
# Source it after setting:
#
#   bin     the app binary
#   out     the folder for the PNGs
#   work    a scratch folder; $work/pristine/fyne/$id holds the saved
#           games every run starts from (a fresh copy each time)
#   mobile  1 for a `-tags mobile` binary (Fyne's mobile driver on X11),
#           empty for the desktop one
#
# Desktop: the window "Jumpers" is sized to W×H pixels with FYNE_SCALE=1,
# so one dp is one pixel. Mobile: the X11 shim of the mobile driver names
# its window "App", draws at a fixed scale of 2 and does not paint at all
# until the X server sends it a first ConfigureNotify, which only a window
# manager or a resize sends: under a bare Xvfb its window stays black
# until resized. So the window is resized to 2W×2H pixels (W×H dp) and
# the capture scaled down to W×H (HIDPI=1 keeps the 2× pixels). That shim
# reads no keyboard either; keys go through the JUMPERS_KEYS pipe.
#
# Needs Xvfb, xdotool and ImageMagick.

id=io.github.jumpers_game.jumpers
scale=1
[ -n "${mobile:-}" ] && scale=2
# The mobile driver keeps its files in $TMPDIR/fyne-test/ID, the desktop
# one in $XDG_CONFIG_HOME/fyne/ID: one copy of the saves serves both.
[ -e "$work/pristine/fyne-test" ] || ln -s fyne "$work/pristine/fyne-test"
# On any exit, a failure too: no server or scratch folder left behind.
xvfb=""
trap '[ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null; rm -rf "$work"' EXIT

# start_xvfb W H: a display for the app. The desktop scripts share
# $DISPLAY (default :99) and start a server there if none runs; the mobile
# run always starts its own on a free display number, big enough for a
# 2× window in both orientations.
start_xvfb() {
  local w=$1 h=$2
  if [ -n "${mobile:-}" ]; then
    # A free number from 140 up (not :0, which other tools assume);
    # -displayfd tells when the server accepts clients.
    local n
    for n in $(seq 140 199); do
      [ -e "/tmp/.X$n-lock" ] && continue
      rm -f "$work/display"
      Xvfb ":$n" -displayfd 3 -screen 0 "${w}x${h}x24" 3>"$work/display" >"$work/xvfb.log" 2>&1 &
      xvfb=$!
      for _ in $(seq 50); do
        [ -s "$work/display" ] && break
        kill -0 "$xvfb" 2>/dev/null || break # taken meanwhile: the next one
        sleep 0.1
      done
      [ -s "$work/display" ] && break
      kill "$xvfb" 2>/dev/null || true
    done
    [ -s "$work/display" ] || { echo "Xvfb did not start:" >&2; cat "$work/xvfb.log" >&2; return 1; }
    export DISPLAY=:$n
  else
    export DISPLAY=${DISPLAY:-:99}
    xdotool getmouselocation >/dev/null 2>&1 && return 0
    Xvfb "$DISPLAY" -screen 0 "${w}x${h}x24" >/dev/null 2>&1 &
    xvfb=$!
    sleep 1
  fi
}

# capture FILE: the window as it is now (device pixels).
capture() { timeout 20 import -window "$win" "$1"; }

# wait_drawn: waits until the window shows something (not one flat
# colour: the unpainted mobile window is black) and two captures in a row
# are the same (the layout has settled). Fails after about 15 s of
# nothing; goes on with a warning if it never settles (an animation).
wait_drawn() {
  local i prev="" drawn=""
  for i in $(seq 30); do
    capture "$work/poll$((i % 2)).png" || { sleep 0.3; continue; }
    if [ "$(convert "$work/poll$((i % 2)).png" -format '%[fx:standard_deviation>0.01]' info:)" = 1 ]; then
      drawn=1
      if [ -n "$prev" ] && [ "$(compare -metric AE "$prev" "$work/poll$((i % 2)).png" null: 2>&1 || true)" = 0 ]; then
        return 0
      fi
      prev=$work/poll$((i % 2)).png
    fi
    sleep 0.3
  done
  if [ -z "$drawn" ]; then
    echo "$name: the window was never drawn (all one colour)" >&2
    return 1
  fi
  echo "$name: the window kept changing; captured as it was" >&2
}

# keyname KEY: the key's Fyne name (space -> Space, h -> H).
keyname() {
  case $1 in
    ?) printf '%s' "$1" | tr a-z A-Z ;;
    *) printf '%s' "$(printf '%s' "${1:0:1}" | tr a-z A-Z)${1:1}" ;;
  esac
}

# press KEY...: types the keys, as xdotool key names (space, h, Escape);
# Back is Android's back key (mobile only; Escape on the desktop).
press() {
  local k
  for k in "$@"; do
    if [ -n "${mobile:-}" ]; then
      # Waits for the app to read, but not forever.
      timeout 5 sh -c 'printf "%s\n" "$1" >"$2"' _ "$(keyname "$k")" "$work/keys" ||
        { echo "$name: the app did not read key $k" >&2; return 1; }
    else
      [ "$k" = Back ] && k=Escape
      xdotool windowfocus --sync "$win" key "$k"
    fi
    sleep 0.3
  done
}

# tap X,Y...: touches (a click is a touch on the mobile driver) at X,Y dp
# from the window's top left; X,Y,hold is a long press (a secondary tap).
tap() {
  local p x y hold
  for p in "$@"; do
    IFS=, read -r x y hold <<<"$p"
    xdotool mousemove --window "$win" $((x * scale)) $((y * scale))
    if [ -n "$hold" ]; then
      xdotool mousedown 1 && sleep 0.6 && xdotool mouseup 1
    else
      xdotool click 1
    fi
    sleep 0.4
  done
}

# drag X,Y,DX,DY...: a finger put down at X,Y dp and moved by DX,DY dp in
# steps, then lifted: scrolls a list or a page on the mobile driver, which
# has no mouse wheel.
drag() {
  local p x y dx dy i
  for p in "$@"; do
    IFS=, read -r x y dx dy <<<"$p"
    xdotool mousemove --window "$win" $((x * scale)) $((y * scale)) mousedown 1
    for i in $(seq 10); do
      xdotool mousemove --window "$win" $(((x + dx * i / 10) * scale)) $(((y + dy * i / 10) * scale))
      sleep 0.03
    done
    xdotool mouseup 1
    sleep 0.6
  done
}

# wait_still SECONDS [TIMEOUT]: waits until the window has not changed for
# SECONDS (an engine review done: its progress moves all the time), at most
# TIMEOUT seconds (default 180), then goes on with a warning.
wait_still() {
  local need=$1 limit=${2:-180} since=$SECONDS start=$SECONDS prev=""
  while [ $((SECONDS - start)) -lt "$limit" ]; do
    capture "$work/still.png" || { sleep 0.5; continue; }
    if [ -n "$prev" ] && [ "$(compare -metric AE "$work/still.png" "$work/still-prev.png" null: 2>&1 || true)" = 0 ]; then
      [ $((SECONDS - since)) -ge "$need" ] && return 0
    else
      since=$SECONDS
    fi
    cp "$work/still.png" "$work/still-prev.png"; prev=1
    sleep 0.5
  done
  echo "$name: still changing after ${limit} s; captured as it was" >&2
}

# shot NAME THEME W H [VAR=value...]: starts the app with the variables
# (JUMPERS_SCREEN, JUMPERS_OPEN, ...) and the preferences $prefs (JSON,
# e.g. '{"showCoordinates":true}') if set, sizes the window to W×H dp,
# waits until it is drawn (and with $still=N until nothing has changed for
# N seconds), then taps $taps (X,Y dp, space separated), drags $drags
# (X,Y,DX,DY dp), types $keys (xdotool key names), waits $pause seconds
# (default 0.4) after each, and writes $out/NAME.png at W×H.
#
# $turns=N rotates the window N times first (see above).
# $carry=1 starts from the storage the last shot left instead of a fresh
# copy of the pristine one; $crash=1 ends the app with kill -9 instead of
# the capture (no picture): what a phone does to an app in the background.
# SHOTS=GLOB takes only the pictures whose names match (redoing one).
shot() {
  local name=$1 theme=$2 w=$3 h=$4; shift 4
  # shellcheck disable=SC2053 # a pattern
  [[ $name == ${SHOTS:-*} ]] || return 0
  local pw=$((w * scale)) ph=$((h * scale))
  rm -f "$work/keys"
  if [ -z "${carry:-}" ]; then rm -rf "$work/config"; cp -r "$work/pristine" "$work/config"; fi
  [ -n "${prefs:-}" ] && printf '%s\n' "$prefs" >"$work/config/fyne/$id/preferences.json"
  local extra=()
  if [ -n "${mobile:-}" ]; then
    mkfifo "$work/keys"
    extra=(JUMPERS_KEYS="$work/keys")
  fi
  env XDG_CONFIG_HOME="$work/config" TMPDIR="$work/config" FYNE_SCALE=1 FYNE_THEME="$theme" "${extra[@]}" "$@" \
    "$bin" >"$work/app.log" 2>&1 &
  pid=$!
  win=""
  local title='^Jumpers$'
  [ -n "${mobile:-}" ] && title='^App$'
  for _ in $(seq 50); do
    if [ -n "${mobile:-}" ]; then
      win=$(xdotool search --name "$title" 2>/dev/null | head -1 || true) # its own display: one app
    else
      win=$(xdotool search --pid "$pid" --name "$title" 2>/dev/null | head -1 || true)
    fi
    [ -n "$win" ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  if [ -z "$win" ]; then
    echo "$name: no window (the app's output follows)" >&2; cat "$work/app.log" >&2
    kill "$pid" 2>/dev/null; return 1
  fi
  # The desktop app sizes its window once shown; resize after that, and
  # check. The mobile window waits for this resize to draw at all.
  [ -z "${mobile:-}" ] && sleep 1
  for _ in $(seq 10); do
    xdotool windowmove "$win" 0 0 windowsize "$win" "$pw" "$ph"
    sleep 0.5
    xdotool getwindowgeometry "$win" | grep -q "Geometry: ${pw}x${ph}" && break
  done
  if ! wait_drawn; then
    cat "$work/app.log" >&2; kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; return 1
  fi
  # $turns=N turns the window N times (W×H to H×W and back, a phone
  # rotated) before the rest: a layout that remembers the other
  # orientation shows it.
  local turn
  for turn in $(seq "${turns:-0}"); do
    if [ $((turn % 2)) = 1 ]; then xdotool windowsize "$win" "$ph" "$pw"; else xdotool windowsize "$win" "$pw" "$ph"; fi
    wait_drawn || true
  done
  [ -n "${still:-}" ] && wait_still "$still"
  if [ -n "${taps:-}" ]; then
    # shellcheck disable=SC2086 # a list
    tap $taps
    sleep "${pause:-0.4}"
  fi
  if [ -n "${drags:-}" ]; then
    # shellcheck disable=SC2086
    drag $drags
    sleep "${pause:-0.4}"
  fi
  if [ -n "${keys:-}" ]; then
    # shellcheck disable=SC2086
    press $keys || { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; return 1; }
    sleep "${pause:-0.4}"
  fi
  if [ -n "${crash:-}" ]; then
    sleep 1 # the move's save is written at once; a moment for it all the same
    kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
    sleep 1 # the X server resets when its last client goes
    echo "$name: killed (kill -9)"
    return 0
  fi
  capture "$work/raw.png"
  if ! kill "$pid" 2>/dev/null; then
    echo "$name: the app exited before the capture (its output follows)" >&2; cat "$work/app.log" >&2; return 1
  fi
  wait "$pid" 2>/dev/null || true
  local got
  got=$(identify -format %wx%h "$work/raw.png")
  if [ "$got" != "${pw}x${ph}" ]; then
    echo "$name: window is $got, not ${pw}x${ph}" >&2
  fi
  if [ "$scale" != 1 ] && [ -z "${HIDPI:-}" ]; then
    convert "$work/raw.png" -resize "${w}x${h}!" -strip "$out/$name.png"
  else
    convert "$work/raw.png" -strip "$out/$name.png"
  fi
  echo "$out/$name.png"
}
