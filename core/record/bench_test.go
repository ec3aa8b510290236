package record_test

import (
	"os"
	"testing"

	"github.com/jumpers-game/jumpers/core/record"
)

// Reading a tournament's file: the three games of the Ataxx tools'
// fixture, replayed.
func BenchmarkReadAll(b *testing.B) {
	data, err := os.ReadFile("testdata/cuteataxx.pgn")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		if _, err := record.ReadAll(string(data)); err != nil {
			b.Fatal(err)
		}
	}
}
