#!/usr/bin/env bash
# Takes the Puzzles screen's pictures (docs/screenshots/puzzle-*.png) from
# the real app under Xvfb, phone portrait 360×740 and landscape 740×360:
# a puzzle of each game, a right and a wrong answer, the daily puzzle, a
# puzzle from the player's games and a game's puzzles. From the
# repository root:
#
#   CGO_ENABLED=1 go build -o /tmp/jumpers . && tools/screenshots/shoot-puzzles.sh /tmp/jumpers
#
# SAVES=DIR starts from the storage root DIR (the saved games mksaves
# wrote there) instead of running mksaves. Needs Xvfb, xdotool, ImageMagick.
set -euo pipefail
bin=${1:?usage: shoot-puzzles.sh path/to/jumpers [out dir]}
out=${2:-docs/screenshots}
work=$(mktemp -d)
mkdir -p "$out" "$work/pristine/fyne/io.github.jumpers_game.jumpers"
. "$(dirname "$0")/lib.sh"
if [ -n "${SAVES:-}" ]; then
  cp -r "$SAVES/." "$work/pristine/fyne/$id/"
else
  go run ./tools/screenshots/mksaves -store "$work/pristine/fyne/$id" -out "$work"
fi
start_xvfb 800 800
for size in portrait:360:740 landscape:740:360; do
  IFS=: read -r s w h <<<"$size"
  shot "puzzle-cube-$s" light "$w" "$h" JUMPERS_SCREEN=puzzle JUMPERS_PUZZLE=cube-0001
  shot "puzzle-ataxx-$s" light "$w" "$h" JUMPERS_SCREEN=puzzle JUMPERS_PUZZLE=ataxx-0002
  shot "puzzle-checkers-$s" light "$w" "$h" JUMPERS_SCREEN=puzzle JUMPERS_PUZZLE=cc-0002
  # right: the Ataxx jump d1b2 solves it; wrong: the cube's 1:1 misses
  # the win in 2
  pause=1 shot "puzzle-right-$s" light "$w" "$h" JUMPERS_SCREEN=puzzle JUMPERS_PUZZLE=ataxx-0002 JUMPERS_TAP="d1 b2"
  shot "puzzle-wrong-$s" light "$w" "$h" JUMPERS_SCREEN=puzzle JUMPERS_PUZZLE=cube-0001 JUMPERS_TAP="1:1"
  shot "puzzle-daily-$s" light "$w" "$h" JUMPERS_SCREEN=puzzle JUMPERS_PUZZLE=daily JUMPERS_GAME=ataxx
  still=3 shot "puzzle-own-$s" light "$w" "$h" JUMPERS_SCREEN=puzzle JUMPERS_PUZZLE=own JUMPERS_GAME=cube
  still=3 shot "puzzles-cube-$s" light "$w" "$h" JUMPERS_SCREEN=puzzles JUMPERS_GAME=cube
done
