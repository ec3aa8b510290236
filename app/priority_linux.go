package app

import (
	"runtime"
	"syscall"
)

// lowerPriority runs the calling goroutine, from now until it ends, on its
// own OS thread with a lower scheduling priority (nice +5), so that when
// the CPUs are busy the UI thread wins over the search: a frame late is
// visible, a search a little shallower is not. The thread is never
// unlocked, so Go retires it when the goroutine exits and the lowered
// priority never leaks to other goroutines. Linux and Android only (a
// thread's nice value is per thread there); elsewhere it does nothing.
func lowerPriority() {
	runtime.LockOSThread()
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 5)
}
