//go:build race

package app

// raceEnabled: the tests run under the race detector, where the engine
// searches of a single-goroutine test cost ten times as much and find no
// race (the headless run has them).
const raceEnabled = true
