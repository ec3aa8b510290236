package storage

// WriteAtomic writes data to path as saves are written: a temporary file
// in the same directory, synced, then renamed over path, so a crash leaves
// the old file or the new one, never half of one. The app's statistics
// use it.
func WriteAtomic(path string, data []byte) error { return writeAtomic(path, data) }
