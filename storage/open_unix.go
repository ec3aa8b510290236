//go:build unix

package storage

import (
	"fmt"
	"os"
	"syscall"
)

// openRegular opens path for reading only if it is a regular file. The
// open itself is non-blocking, so a FIFO (which would wait for a writer)
// returns at once and is refused by the check after it.
func openRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(f); err != nil {
		f.Close()
		return nil, err
	}
	// Reads of a regular file never block; clearing the flag keeps the
	// file an ordinary one for the reader anyway.
	if err := syscall.SetNonblock(int(f.Fd()), false); err != nil {
		f.Close()
		return nil, fmt.Errorf("cannot read: %v", err)
	}
	return f, nil
}
