//go:build !linux

package app

// lowerPriority does nothing where threads have no nice value of their
// own (see priority_linux.go).
func lowerPriority() {}
