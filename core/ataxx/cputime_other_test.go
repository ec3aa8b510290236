//go:build !linux

package ataxx

import "time"

var processStart = time.Now()

// threadCPU falls back to wall-clock time where thread CPU time is not at
// hand.
func threadCPU() time.Duration { return time.Since(processStart) }
