//go:build !unix

package storage

import "os"

// openRegular opens path for reading only if it is a regular file.
func openRegular(path string) (*os.File, error) {
	if info, err := os.Stat(path); err != nil {
		return nil, err
	} else if !info.Mode().IsRegular() {
		return nil, notRegular(info.Mode())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(f); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
