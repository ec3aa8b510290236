package record_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core/record"
)

type spaces struct{}

func (spaces) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

type failing struct{}

func (failing) Read([]byte) (int, error) { return 0, errors.New("disk gone") }

// ReadText takes a record of up to record.MaxSize bytes and refuses a longer
// one (an endless stream too) with a reason; a read error comes through.
func TestReadTextBounds(t *testing.T) {
	text, err := record.ReadText(io.LimitReader(spaces{}, record.MaxSize))
	if err != nil || len(text) != record.MaxSize {
		t.Fatalf("a record of record.MaxSize bytes: %d bytes, %v", len(text), err)
	}
	if _, err := record.ReadText(spaces{}); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Fatalf("an endless record: %v", err)
	}
	if _, err := record.ReadText(failing{}); err == nil || !strings.Contains(err.Error(), "disk gone") {
		t.Fatalf("a failing read: %v", err)
	}
}
