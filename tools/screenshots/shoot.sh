#!/usr/bin/env bash
# Takes the screenshots in docs/screenshots from the real app under Xvfb:
# every screen at phone portrait (360×720), phone landscape (720×360) and
# tablet (800×1280) size, light and dark. Run from the repository root:
#
#   go build -o /tmp/jumpers . && tools/screenshots/shoot.sh /tmp/jumpers
#
# ONLY=ataxx takes only the Ataxx pictures (and home, which shows its
# card); ONLY=cube only Jumping Cube's; ONLY=chinesecheckers only Chinese
# Checkers' (with the games of tools/screenshots/ccsaves).
#
# --mobile takes the mobile-*.png pictures instead, from a binary built
# with `-tags mobile` (Fyne's mobile driver on X11: touch only, no hover,
# the back key, a window the app cannot resize) at 360×740 dp; see
# scripts/screenshots-mobile.sh, which builds it, and lib.sh.
#
# Needs Xvfb, xdotool and ImageMagick. FYNE_SCALE=1 makes one dp one pixel.
# The hidden JUMPERS_SCREEN / JUMPERS_OPEN switches open a screen or a saved
# game directly; each run starts from a fresh copy of the saved games that
# tools/screenshots/mksaves writes.
set -euo pipefail
mobile=""
if [ "${1:-}" = --mobile ]; then mobile=1; shift; fi
bin=${1:?usage: shoot.sh [--mobile] path/to/jumpers [out dir]}
out=${2:-docs/screenshots}
work=$(mktemp -d)
mkdir -p "$out" "$work/pristine/fyne/io.github.jumpers_game.jumpers"
. "$(dirname "$0")/lib.sh"
go run ./tools/screenshots/mksaves -store "$work/pristine/fyne/$id" -out "$work"

if [ -n "$mobile" ]; then
  # The phone pictures: THEMES="light dark" for both themes (default
  # light), LANDSCAPE=1 to add 740×360 to the list that has both. Each
  # shows one path a phone takes. SHOTS=GLOB takes only some (lib.sh).
  go run ./tools/screenshots/ccsaves -out "$work"
  start_xvfb 1600 1600
  coords='{"showCoordinates":true}'
  for theme in ${THEMES:-light}; do
    sizes=phone:360:740
    [ -n "${LANDSCAPE:-}" ] && sizes="$sizes landscape:740:360"
    for size in $sizes; do
      IFS=: read -r sname w h <<<"$size"
      sfx=$sname-$theme
      shot "mobile-home-$sfx" "$theme" "$w" "$h"
      shot "mobile-cube-game-$sfx" "$theme" "$w" "$h" JUMPERS_OPEN="$work/mid.json"
      shot "mobile-ataxx-game-$sfx" "$theme" "$w" "$h" JUMPERS_OPEN="$work/ataxx-mid.json" JUMPERS_TAP="$(cat "$work/ataxx-tap.txt")"
      shot "mobile-chinesecheckers-6p-$sfx" "$theme" "$w" "$h" JUMPERS_OPEN="$work/cc-6p.json" JUMPERS_TAP="$(cat "$work/cc-6p-tap.txt")"
      # The end-of-game panel over a finished game.
      shot "mobile-game-won-$sfx" "$theme" "$w" "$h" JUMPERS_OPEN="$work/won.json"
      # Space is the Stop/Go key: the Expert starts its search.
      keys=space shot "mobile-game-thinking-$sfx" "$theme" "$w" "$h" JUMPERS_OPEN="$work/cvc.json"
      shot "mobile-new-game-$sfx" "$theme" "$w" "$h" JUMPERS_SCREEN=new
      shot "mobile-load-$sfx" "$theme" "$w" "$h" JUMPERS_SCREEN=load
      shot "mobile-settings-$sfx" "$theme" "$w" "$h" JUMPERS_SCREEN=settings
      shot "mobile-stats-$sfx" "$theme" "$w" "$h" JUMPERS_SCREEN=stats
      shot "mobile-rules-$sfx" "$theme" "$w" "$h" JUMPERS_SCREEN=rules
      # A tap on ☰ (top right) opens the game's menu; the back key from a
      # game lands on home with the game under Continue.
      taps="$((w - 24)),24" shot "mobile-game-menu-$sfx" "$theme" "$w" "$h" JUMPERS_OPEN="$work/mid.json"
      keys=Back shot "mobile-back-from-game-$sfx" "$theme" "$w" "$h" JUMPERS_OPEN="$work/mid.json"
    done
    w=360 h=740 sfx=phone-$theme
    # Every game is kept (issue 12): from an empty storage, a Jumping Cube
    # game opened and a move played, the app killed; an Ataxx game opened
    # and a move played, killed again; then home and Saved games show both
    # (and the files hold both moves, or the run fails).
    if [[ mobile-keep-home-$sfx == ${SHOTS:-*} || mobile-keep-load-$sfx == ${SHOTS:-*} ]]; then
      mv "$work/pristine" "$work/pristine-full"
      mkdir -p "$work/pristine/fyne/$id" && ln -s fyne "$work/pristine/fyne-test"
      two='"seats":[{"kind":"human"},{"kind":"human"}],"created":"2026-11-26T05:00:00Z","updated":"2026-11-26T05:00:00Z"}'
      echo '{"format":"jumpers-save","version":1,"name":"","game":"cube","start":"1-1-1-1-1-/1-1-1-1-1-/1-1-1-1-1-/1-1-1-1-1-/1-1-1-1-1- r","moves":[],"cursor":0,'"$two" >"$work/keep-cube.json"
      echo '{"format":"jumpers-save","version":1,"name":"","game":"ataxx","rules":"standard","start":"x5o/7/7/7/7/7/o5x x 0 1","moves":[],"cursor":0,'"$two" >"$work/keep-ataxx.json"
      SHOTS='*' crash=1 shot keep-cube "$theme" $w $h JUMPERS_OPEN="$work/keep-cube.json" JUMPERS_TAP=3:3
      SHOTS='*' carry=1 crash=1 shot keep-ataxx "$theme" $w $h JUMPERS_OPEN="$work/keep-ataxx.json" JUMPERS_TAP="g1 f2"
      saves=$work/config/fyne/$id/saves
      cube=$(grep -l '"game": "cube"' "$saves"/*.json | xargs grep -l '"3:3"' | wc -l)
      ataxx=$(grep -l '"game": "ataxx"' "$saves"/*.json | xargs grep -l '"f2"' | wc -l)
      echo "kept: Jumping Cube with its move: $cube, Ataxx with its move: $ataxx"
      [ "$cube" = 1 ] && [ "$ataxx" = 1 ] || { echo "a game was lost" >&2; ls -la "$saves" >&2; exit 1; }
      carry=1 shot "mobile-keep-home-$sfx" "$theme" $w $h
      carry=1 shot "mobile-keep-load-$sfx" "$theme" $w $h JUMPERS_SCREEN=load
      rm -rf "$work/pristine" && mv "$work/pristine-full" "$work/pristine"
    fi
    # Six players, your turn: the moves of the five since yours drawn.
    shot "mobile-chinesecheckers-6p-ghosts-$sfx" "$theme" $w $h JUMPERS_OPEN="$work/cc-6p.json"
    # The move list: a strip over the board in portrait (a side panel in
    # landscape, below).
    shot "mobile-movelist-$sfx" "$theme" $w $h JUMPERS_OPEN="$work/mid.json"
    # Each game's rules page, dragged up to its diagrams; each board with
    # "Show coordinates" on.
    # (The drag moves the page about twice its length: the mobile
    # driver's drag events are in pixels of its 2× window.)
    for g in cube:200 ataxx:250 chinesecheckers:250; do
      drags="180,600,0,-${g#*:}" shot "mobile-rules-${g%:*}-$sfx" "$theme" $w $h JUMPERS_SCREEN=rules JUMPERS_GAME="${g%:*}"
    done
    prefs=$coords shot "mobile-coordinates-cube-$sfx" "$theme" $w $h JUMPERS_OPEN="$work/mid.json"
    prefs=$coords shot "mobile-coordinates-ataxx-$sfx" "$theme" $w $h JUMPERS_OPEN="$work/ataxx-mid.json"
    prefs=$coords shot "mobile-coordinates-chinesecheckers-$sfx" "$theme" $w $h JUMPERS_OPEN="$work/cc-6p.json" JUMPERS_TAP="$(cat "$work/cc-6p-tap.txt")"
    # The engine's review of a finished game against the Expert level of
    # each game (mksaves' expert-*.json): the graph once the analysis is
    # done (review-analysis starts it after 3 s), and the worst move
    # marked with the move played and the engine's better one
    # (review-mark).
    for g in cube ataxx cc cc6; do
      still=6 shot "mobile-review-$g-$sfx" "$theme" $w $h JUMPERS_OPEN="$work/expert-$g.json" JUMPERS_SCREEN=review-analysis
      still=6 shot "mobile-review-blunder-$g-$sfx" "$theme" $w $h JUMPERS_OPEN="$work/expert-$g.json" JUMPERS_SCREEN=review-mark
    done
    # Move 16 of the strip tapped: the board shows that position.
    taps="130,198" shot "mobile-movelist-viewing-$sfx" "$theme" $w $h JUMPERS_OPEN="$work/mid.json"
    # Landscape (740×360) where the layout differs most.
    w=740 h=360 sfx=landscape-$theme
    shot "mobile-movelist-$sfx" "$theme" $w $h JUMPERS_OPEN="$work/mid.json"
    shot "mobile-game-won-$sfx" "$theme" $w $h JUMPERS_OPEN="$work/won.json"
    shot "mobile-chinesecheckers-6p-ghosts-$sfx" "$theme" $w $h JUMPERS_OPEN="$work/cc-6p.json"
    prefs=$coords shot "mobile-coordinates-chinesecheckers-$sfx" "$theme" $w $h JUMPERS_OPEN="$work/cc-6p.json"
    still=6 shot "mobile-review-blunder-cube-$sfx" "$theme" $w $h JUMPERS_OPEN="$work/expert-cube.json" JUMPERS_SCREEN=review-mark
  done
  rm -rf "$work"
  exit 0
fi
start_xvfb 1280 1400

only=${ONLY:-all}
if [ "$only" = all ] || [ "$only" = chinesecheckers ]; then
  # Chinese Checkers: a two- and a six-player game in the middle with a
  # piece selected (its reachable holes marked; JUMPERS_TAP taps the piece
  # ccsaves picked), the new game screen and the home card.
  go run ./tools/screenshots/ccsaves -out "$work"
  tap2=$(cat "$work/cc-2p-tap.txt")
  tap6=$(cat "$work/cc-6p-tap.txt")
  for theme in light dark; do
    for size in phone:360:720 tablet:800:1280; do
      IFS=: read -r sname w h <<<"$size"
      shot "chinesecheckers-2p-$sname-$theme" "$theme" "$w" "$h" JUMPERS_OPEN="$work/cc-2p.json" JUMPERS_TAP="$tap2"
      shot "chinesecheckers-6p-$sname-$theme" "$theme" "$w" "$h" JUMPERS_OPEN="$work/cc-6p.json" JUMPERS_TAP="$tap6"
    done
    shot "chinesecheckers-6p-landscape-$theme" "$theme" 720 360 JUMPERS_OPEN="$work/cc-6p.json" JUMPERS_TAP="$tap6"
    shot "chinesecheckers-new-game-phone-$theme" "$theme" 360 720 JUMPERS_SCREEN=new JUMPERS_GAME=chinesecheckers
  done
  shot "chinesecheckers-home-phone-light" light 360 720
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
    keys=space shot "game-thinking-$sname-$theme" "$theme" "$w" "$h" JUMPERS_OPEN="$work/cvc.json"
    keys=h pause=1.5 shot "game-hint-$sname-$theme" "$theme" "$w" "$h" JUMPERS_OPEN="$work/mid.json"
  done
done
if [ "$only" = all ] || [ "$only" = cube ]; then
  "$(dirname "$0")/shoot-blink.sh" "$bin" "$out"
fi
rm -rf "$work"
