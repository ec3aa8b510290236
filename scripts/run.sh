#!/usr/bin/env bash
# Set up and run the Jumpers app on a fresh Debian machine with Go.
# Fyne needs cgo and the OpenGL/X11 development packages for a real window.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/packages.sh
need_packages gcc libgl1-mesa-dev xorg-dev
exec go run . "$@"
