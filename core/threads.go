package core

import "runtime"

// MaxThreads is the most search threads a request may ask for: one per
// CPU the process may use, as more would only take turns on the same
// cores. The engine's Threads option, the command line's --threads and the
// app's cores setting all offer 1 to MaxThreads.
func MaxThreads() int { return max(runtime.NumCPU(), 1) }
