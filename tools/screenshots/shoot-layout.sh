#!/usr/bin/env bash
# The game screen's layout (issue 49), desktop build at FYNE_SCALE=1:
# each game at 360×740 and 740×360, and the end panel after a rotation
# round-trip (opened in portrait, turned to landscape and back). Run from
# the repository root:
#
#   CGO_ENABLED=1 go build -o /tmp/jumpers . && tools/screenshots/shoot-layout.sh /tmp/jumpers [out dir] [prefix]
#
# PREFIX (default "layout") starts each name: layout-GAME-SIZE.png with
# GAME cube, ataxx, cc6 or won (the end panel), SIZE phone or landscape;
# layout-won-turned.png is the round-trip, layout-magnifier-phone.png a
# 15×15 board tapped once. DISPLAY defaults to :57.
set -euo pipefail
bin=${1:?usage: shoot-layout.sh path/to/jumpers [out dir] [prefix]}
out=${2:-docs/screenshots}
prefix=${3:-layout}
work=$(mktemp -d)
mkdir -p "$out" "$work/pristine/fyne/io.github.jumpers_game.jumpers"
export DISPLAY=${DISPLAY:-:57}
. "$(dirname "$0")/lib.sh"
go run ./tools/screenshots/mksaves -store "$work/pristine/fyne/$id" -out "$work"
go run ./tools/screenshots/ccsaves -out "$work"
start_xvfb 1000 1000
for size in phone:360:740 landscape:740:360; do
  IFS=: read -r sname w h <<<"$size"
  shot "$prefix-cube-$sname" light "$w" "$h" JUMPERS_OPEN="$work/mid.json"
  shot "$prefix-ataxx-$sname" light "$w" "$h" JUMPERS_OPEN="$work/ataxx-mid.json"
  shot "$prefix-cc6-$sname" light "$w" "$h" JUMPERS_OPEN="$work/cc-6p.json"
  shot "$prefix-won-$sname" light "$w" "$h" JUMPERS_OPEN="$work/won.json"
done
turns=2 shot "$prefix-won-turned" light 360 740 JUMPERS_OPEN="$work/won.json"
# A 15×15 Jumping Cube board, tapped near its middle: the magnifier, its
# rows and columns named on its edges.
row=$(printf '1-%.0s' $(seq 15)); start=$(printf "$row/%.0s" $(seq 14))$row
echo '{"format":"jumpers-save","version":1,"name":"","game":"cube","start":"'"$start"' r","moves":[],"cursor":0,"seats":[{"kind":"human"},{"kind":"human"}],"created":"2026-11-26T05:00:00Z","updated":"2026-11-26T05:00:00Z"}' >"$work/cube15.json"
taps=180,380 shot "$prefix-magnifier-phone" light 360 740 JUMPERS_OPEN="$work/cube15.json"
