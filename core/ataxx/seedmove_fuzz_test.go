package ataxx

import (
	"bytes"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
)

// The seed-move board reader refuses any text that is not a board, with an
// error naming the line; a board it reads is written back as it was read,
// and the program's answer is a legal move (or pass) followed by a board
// that it reads again.
func FuzzSeedBoard(f *testing.F) {
	f.Add(seedStart)
	f.Add(seedAfter)
	f.Add(strings.ReplaceAll(seedStart, ":\n", "\n"))
	f.Add("\n\n" + seedStart + "\n")
	f.Add("1:1:1:1:1:1:1:\n2:2:2:2:2:2:2:\n1:1:1:1:1:1:1:\n2:2:2:2:2:2:2:\n1:1:1:1:1:1:1:\n2:2:2:2:2:2:2:\n1:1:1:1:1:1:0:\n")
	f.Add("2:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n")
	f.Add("1:0:0:0:0:0:2:\n0:0:0:3:0:0:0:\n")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ReadSeedBoard(strings.NewReader(text))
		if err != nil {
			if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") {
				t.Fatalf("error %q is not one line", msg)
			}
			return
		}
		again, err := ReadSeedBoard(strings.NewReader(SeedBoardText(&p)))
		if err != nil || again.pieces != p.pieces {
			t.Fatalf("board does not survive writing: %v\n%s", err, SeedBoardText(&p))
		}
		var out bytes.Buffer
		if err := SeedMoveRequest(strings.NewReader(text), &out, core.AIRequest{Depth: 2, Nodes: 500, Seed: 1}); err != nil {
			t.Fatalf("a board that reads has no answer: %v", err)
		}
		first, board, _ := strings.Cut(out.String(), "\n")
		after, err := ReadSeedBoard(strings.NewReader(board))
		if err != nil {
			t.Fatalf("answer board unreadable: %v\n%s", err, out.String())
		}
		if first == "pass" {
			if after.pieces != p.pieces {
				t.Fatal("pass changed the board")
			}
			return
		}
		if after.Count(Black) <= p.Count(Black)-1 || after.Count(Black)+after.Count(White) < p.Count(Black)+p.Count(White) {
			t.Fatalf("move %s lost pieces:\n%s", first, out.String())
		}
	})
}
