//go:build !linux

package ataxx

import (
	"testing"
	"time"
)

// threadCPU is not measured here: benchmarks report the wall clock alone.
func threadCPU() (time.Duration, bool) { return 0, false }

// cpuTimer reports nothing here.
func cpuTimer(*testing.B) (stop func()) { return func() {} }
