#!/usr/bin/env bash
# Set up and run every check of Jumpers on a fresh Debian machine with Go:
# formatting, vet, staticcheck, all tests (UI tests through Fyne's headless
# driver), the race detector, and the real cgo builds of the app: the
# desktop one and the phone driver's (-tags mobile).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/packages.sh
export PATH="$PATH:$(go env GOPATH)/bin"

step() { printf '\n== %s\n' "$*"; }

step "packages for the real app builds (cgo, OpenGL, X11; EGL and GLES for -tags mobile)"
have_cgo=1
need_packages gcc libgl1-mesa-dev xorg-dev libegl-dev libgles-dev || have_cgo=0

step "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then echo "gofmt would change: $unformatted"; exit 1; fi

step "go vet"
CGO_ENABLED=0 go vet -tags ci ./...

step "staticcheck"
if ! command -v staticcheck >/dev/null; then go install honnef.co/go/tools/cmd/staticcheck@v0.8.2; fi
CGO_ENABLED=0 staticcheck -tags ci ./...

step "tests (headless, no cgo)"
CGO_ENABLED=0 go test -tags ci -count=1 ./...

step "ARM under qemu-user: 32-bit armeabi-v7a and 64-bit arm64-v8a, as on Android phones"
# The core packages' tests, cross-compiled and run emulated (-short): a
# 64-bit atomic that is not 8-byte aligned panics on 32-bit ARM, and int
# is 32 bits there. Emulated code runs 10 to 30 times slower, so the
# tests whose answer depends on a time budget are left out here (they run
# natively above). docs/reliability.md has the times.
if need_packages qemu-user; then
  emulated_skip='^(TestSeedContract|TestAICancelledContext|TestAISameSeedSameMove)$'
  GOARCH=arm GOARM=7 CGO_ENABLED=0 go test -tags ci -short -count=1 -exec qemu-arm -skip "$emulated_skip" ./core/...
  GOARCH=arm64 CGO_ENABLED=0 go test -tags ci -short -count=1 -exec qemu-aarch64 -skip "$emulated_skip" ./core/...
else
  echo "skipping the ARM tests: no qemu-user"
fi

step "fuzz: every target for ${FUZZTIME:=6s} (new crashes land in the package's testdata/fuzz)"
# Each target runs alone (go test -fuzz takes one). Longer runs: see
# docs/reliability.md.
for file in $(git ls-files '*_test.go' 2>/dev/null || find . -name '*_test.go'); do
  for target in $(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(f \*testing\.F).*/\1/p' "$file"); do
    echo "$target in $(dirname "$file")"
    log="${TMPDIR:-/tmp}/jumpers-fuzz.log"
    if ! CGO_ENABLED=0 go test -tags ci -run '^$' -fuzz "^$target\$" -fuzztime "$FUZZTIME" "./$(dirname "$file")" >"$log" 2>&1; then
      # Go's fuzzer itself sometimes ends a run with "context deadline
      # exceeded" when the time is up mid-input; that is no crash (a crash
      # writes its input to testdata/fuzz), so it gets one more run.
      if grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written' "$log"; then
        echo "  (the fuzzer's own deadline error, no crash: once more)"
        if CGO_ENABLED=0 go test -tags ci -run '^$' -fuzz "^$target\$" -fuzztime "$FUZZTIME" "./$(dirname "$file")" >"$log" 2>&1; then
          continue
        fi
      fi
      cat "$log"; exit 1
    fi
  done
done

if [ "$have_cgo" = 1 ]; then
  step "race detector"
  # The packages with goroutines run every test under -race, the long ones
  # too (AI games, perft, multi-player games); the UI tests keep -short.
  CGO_ENABLED=1 go test -race -tags ci -count=1 ./core/search/... ./core/engine/... ./storage/... ./app/...
  # Every game's evaluation under the parallel search's threads.
  CGO_ENABLED=1 go test -race -tags ci -count=1 -run 'ParallelContract' ./core/cube ./core/ataxx ./core/chinesecheckers
  CGO_ENABLED=1 go test -race -short -tags ci -count=1 ./ui/...
  step "real app build (cgo)"
  CGO_ENABLED=1 go build -o "${TMPDIR:-/tmp}/jumpers-app" .
  echo "built ${TMPDIR:-/tmp}/jumpers-app"
  step "phone driver build (-tags mobile: Fyne's mobile driver over X11, docs/app.md)"
  # Only the mobile driver's packages are new after the desktop build:
  # 10 s here on two cores (20 s with other jobs running), after a cold
  # desktop build of 275 s.
  CGO_ENABLED=1 go build -tags mobile -o /dev/null .
else
  echo "skipping the race detector and the real app builds: no cgo packages"
fi
step "all checks passed"
