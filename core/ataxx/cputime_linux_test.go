package ataxx

import (
	"runtime"
	"syscall"
	"testing"
	"time"
)

// threadCPU is the processor time of the calling thread: benchmarks on a
// shared machine divide by it rather than by the wall clock, which counts
// the time other processes had the processor. The caller locks its
// goroutine to its thread.
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

// cpuTimer reports a benchmark's processor time an operation (cpu-ns/op)
// beside the wall clock's ns/op: start it after the set-up, stop it at
// the end.
func cpuTimer(b *testing.B) (stop func()) {
	runtime.LockOSThread()
	t0, ok := threadCPU()
	return func() {
		defer runtime.UnlockOSThread()
		if t1, ok1 := threadCPU(); ok && ok1 && b.N > 0 {
			b.ReportMetric(float64((t1-t0).Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
	}
}
