#!/usr/bin/env bash
# Takes the phone screenshots (docs/screenshots/mobile-*.png) from the app
# built with Fyne's mobile driver (`-tags mobile`): touch only, no hover,
# long press = secondary tap, the back key, a window the app cannot
# resize; 360×740 dp. Usage, from anywhere in the repository:
#
#   scripts/screenshots-mobile.sh [out dir]     (default docs/screenshots)
#
# THEMES="light dark" takes both themes (default light), LANDSCAPE=1 adds
# 740×360 to the first list, HIDPI=1 keeps the simulator's 2× pixels,
# SHOTS=GLOB takes only the pictures whose names match; BIN=path reuses a
# binary built before (go build -tags mobile -o path .).
# Needs Go with cgo, the EGL/GLES/X11 headers, Mesa's software EGL, Xvfb,
# xdotool and ImageMagick (installed below when missing; see docs/app.md,
# "To try the phone behaviour on a desktop"); the machinery is
# tools/screenshots/lib.sh, the list of pictures shoot.sh --mobile.
set -euo pipefail
out=docs/screenshots
[ $# -gt 0 ] && out=$(realpath -m "$1") # paths from the caller's folder
bin=${BIN:-}
[ -n "$bin" ] && bin=$(realpath -m "$bin")
cd "$(dirname "$0")/.."
. scripts/packages.sh
# libegl1-mesa-dev and libgles2-mesa-dev are Debian's older names for the
# two header packages; libegl-mesa0 and libgl1-mesa-dri draw in software.
need_packages gcc libegl-dev libgles-dev libx11-dev libegl-mesa0 libgl1-mesa-dri xvfb xdotool imagemagick
if [ -z "$bin" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  bin=$tmp/jumpers-mobile
  echo "building $bin (the first cgo build of Fyne takes minutes)" >&2
  go build -tags mobile -o "$bin" .
fi
tools/screenshots/shoot.sh --mobile "$bin" "$out"
