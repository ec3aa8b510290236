//go:build linux

package ataxx

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time of the calling thread (lock it first): speed
// figures that a busy machine does not distort.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
