package storage

import (
	"fmt"
	"io/fs"
	"os"
)

// checkRegular refuses an open file that is not a regular file.
func checkRegular(f *os.File) error {
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return notRegular(info.Mode())
	}
	return nil
}

func notRegular(m fs.FileMode) error {
	what := "not a regular file"
	switch {
	case m.IsDir():
		what = "a folder, not a file"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe, not a file"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		what = "a device, not a file"
	case m&fs.ModeSocket != 0:
		what = "a socket, not a file"
	}
	return fmt.Errorf("%s", what)
}
