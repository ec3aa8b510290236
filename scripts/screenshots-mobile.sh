#!/usr/bin/env bash
# Takes the phone screenshots (docs/screenshots/mobile-*.png) from the app
# built with Fyne's mobile driver (`-tags mobile`): touch only, no hover,
# long press = secondary tap, the back key, a window the app cannot
# resize; 360×740 dp. Usage, from anywhere in the repository:
#
#   scripts/screenshots-mobile.sh [out dir]     (default docs/screenshots)
#
# THEMES="light dark" takes both themes (default light), LANDSCAPE=1 adds
# 740×360, HIDPI=1 keeps the simulator's 2× pixels; BIN=path reuses a
# binary built before (go build -tags mobile -o path .).
# Needs Go with cgo, the EGL/GLES/X11 headers (libegl1-mesa-dev
# libgles2-mesa-dev libx11-dev), Xvfb, xdotool and ImageMagick; the
# machinery is tools/screenshots/lib.sh, the list in shoot.sh --mobile.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/screenshots}
bin=${BIN:-}
if [ -z "$bin" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  bin=$tmp/jumpers-mobile
  echo "building $bin (the first cgo build of Fyne takes minutes)" >&2
  go build -tags mobile -o "$bin" .
fi
tools/screenshots/shoot.sh --mobile "$bin" "$out"
