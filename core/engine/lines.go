package engine

import (
	"bufio"
	"errors"
	"io"
	"time"
)

// MaxLine is the longest protocol line read; a longer one is skipped whole
// (the engine reports it and carries on). The longest real line, a
// "position ... moves" of a whole game, is a few kilobytes.
const MaxLine = 1 << 20

// line is one line read from the other side, stamped when it arrived: the
// time limits of a "go" count from that moment, as the manager's clock does.
type line struct {
	text    string
	at      time.Time
	tooLong int // > 0: the line had this many bytes and was skipped
}

// readLines sends the lines of r to lines until r ends, then closes lines.
// It stops early when quit is closed. Lines of any length are read safely:
// one over MaxLine is sent with tooLong set and no text.
func readLines(r io.Reader, lines chan<- line, quit <-chan struct{}) error {
	defer close(lines)
	br := bufio.NewReaderSize(r, 64*1024)
	for {
		l, err := readLine(br)
		if l.text != "" || l.tooLong > 0 || err == nil {
			select {
			case lines <- l:
			case <-quit:
				return nil
			}
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

// readLine reads up to the next newline. The text has its line ending
// removed; a line over MaxLine is consumed but not kept.
func readLine(br *bufio.Reader) (line, error) {
	var buf []byte
	n, over := 0, false
	for {
		chunk, err := br.ReadSlice('\n')
		n += len(chunk)
		if !over && len(buf)+len(chunk) <= MaxLine+2 { // +2: a "\r\n" ending
			buf = append(buf, chunk...)
		} else {
			over, buf = true, nil
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		l := line{at: time.Now()}
		if text := trimEOL(string(buf)); over || len(text) > MaxLine {
			l.tooLong = n
		} else {
			l.text = text
		}
		return l, err
	}
}

func trimEOL(s string) string {
	for len(s) > 0 && (s[len(s)-1] == '\n' || s[len(s)-1] == '\r') {
		s = s[:len(s)-1]
	}
	return s
}
