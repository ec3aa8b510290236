package storage

import (
	"fmt"
	"io"
)

// WriteAtomic writes data to path as saves are written: a temporary file
// in the same directory, synced, then renamed over path, so a crash leaves
// the old file or the new one, never half of one. The app's statistics
// use it.
func WriteAtomic(path string, data []byte) error { return writeAtomic(path, data) }

// ReadLimited reads the file at path as saved games are read: a regular
// file only (a FIFO, a device or a folder is refused at once, never waited
// on), at most limit bytes (more is an error). jumpers-cli reads game
// records with it.
func ReadLimited(path string, limit int64) ([]byte, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", path, unwrapPath(err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", path, unwrapPath(err))
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s is too large (at most %d bytes)", path, limit)
	}
	return data, nil
}
