package cube

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core/search"
)

// Mid-game positions (about 60% into a game between depth-2 players from
// random openings), frozen here so the figures stay comparable.
var midgames = map[int]string{
	5:  "1r2r2r2r1r/2r2r1-1-2r/2b2b1-2r2r/2b1-1-1-2b/1b2b2b2b1b b",
	7:  "2b2b2r1-2r2b2b/1b2b2r1-1-2b1b/2b2b2r1-1-2b2b/2r1-2r2r2b1-2r/1-1-2b1-1-2b1-/2r1-1-1-1-2r2r/1r2r2b2b2r1r2r b",
	10: "1b2b2r1-2b2r2r2r2b1b/2b2b2r1-2b1-1-1-1-2b/2r1-1-1-2r2r2r2b2b2b/1-2r2r1-1-2b1-1-1-2r/2b2b2b1-1-1-2b2b1-2r/2r1-2b2r1-2r2r2r1-2b/2r1-2b2r1-2b1-1-1-1-/2b2b1-2r2b2b2r1-2r2r/1-2r1-2r2b1-1-1-2b2b/2r1-2b2r1-2b2r2r2b1b r",
	15: "1r2r2b1-2r2b1b2b2b2r2r2r2r2b1b/2r1-2b2r2r2b2b3b2b2r2r1-2r2b2b/3r1-2b2r1-1-2r1-2b1-2b1-1-1-2r/1r3r1-1-2r2b1-1-2r1-2b2r1-1-2r/2r2r1-1-1-1-1-2b2r1-1-1-2r1-2r/2b2b1-2b1-2b2r1-2r1-2r1-2b1-2r/2b2b1-2r2r1-2r2b2b1-2b1-1-1-2b/2b1-2b1-2b1-1-1-1-2r2b2b2b2b2b/2r1-2r1-2b2r1-1-1-1-1-2r2r2r2r/1-2r1-2r2b1-1-1-2r2b1-1-1-1-1-/2b2b1-2r2b2b2r1-1-1-2r2b2b1-2r/2r1-2b1-1-2b2r1-2r1-1-1-2r1-2b/2r1-2r1-1-1-2r2b2b1-2b2r2r1-2b/2b1-1-4b1-1-1-2b1-2r2b1-2b1-2r/1b2b3r2r1-2r2b2b2r2r2b2b2b2r1r b",
}

// Cascades that settle without a winner, found by a seeded search for the
// largest one: red plays 1:1 and the explosions sweep the board.
var settling = map[int]string{
	5:  "2r3r3r3r2r/3r4r4r3r3r/3r4r4r4r1r/3r4r4r1r1r/2r2r2r1r1b r",
	10: "2r3r3r3r3r3r3r3r3r2r/3r4r4r4r4r4r4r4r4r2r/3r4r4r4r3r4r4r4r4r3r/3r4r4r4r4r4r4r4r4r1r/2r4r3r4r4r4r4r4r2r2r/3r4r4r4r4r4r4r2r2r1r/3r4r4r4r4r4r2r2r2r2r/3r4r4r4r4r1r1r2r1r2r/3r4r4r4r1r1r1r1r1r1r/2r3r3r1r1r2r2r2r2r1b r",
	15: "2r3r3r3r3r3r3r3r3r2r3r3r3r3r2r/3r4r4r4r4r4r4r4r4r4r4r4r4r4r3r/2r4r4r4r4r4r4r4r4r4r3r4r4r4r3r/3r4r4r4r4r4r4r3r4r3r4r4r4r4r3r/3r4r4r4r4r4r4r4r4r3r4r4r4r4r2r/3r4r4r4r4r4r4r4r3r4r4r4r4r1r2r/3r4r4r4r4r3r4r4r4r4r3r4r1r2r2r/2r4r4r4r4r4r4r4r4r4r4r2r2r2r2r/3r3r4r4r4r4r4r3r4r4r2r2r1r2r2r/3r4r4r4r4r3r4r4r4r2r1r1r1r2r2r/3r4r4r4r4r4r4r4r2r2r1r2r2r2r1r/3r4r3r4r4r3r4r1r2r1r1r2r2r2r2r/3r4r4r4r4r3r2r1r2r1r1r1r1r1r1r/3r4r4r4r4r1r2r1r1r2r1r2r2r2r2r/2r3r3r3r2r1r1r1r2r1r2r2r2r2r1b r",
}

// fullBoard is every square full and red, but for a full blue square in
// the bottom right corner: red's 1:1 explodes everything, and only the win
// check ends it (the board then holds one spot more than it can settle).
func fullBoard(n int) string {
	var rows []string
	for r := 0; r < n; r++ {
		var sb strings.Builder
		for c := 0; c < n; c++ {
			d := 4
			if r == 0 || r == n-1 {
				d--
			}
			if c == 0 || c == n-1 {
				d--
			}
			o := "r"
			if r == n-1 && c == n-1 {
				o = "b"
			}
			fmt.Fprintf(&sb, "%d%s", d, o)
		}
		rows = append(rows, sb.String())
	}
	return strings.Join(rows, "/") + " r"
}

func TestBenchBoards(t *testing.T) {
	for n, text := range settling {
		b := mustParse(t, text)
		steps := b.PlayTraced(0)
		exploded := 0
		for _, s := range steps {
			exploded += len(s.Exploded)
		}
		if over, _ := b.Outcome(); over || exploded < n*n {
			t.Errorf("%dx%d settling cascade: over=%v, %d explosions", n, n, over, exploded)
		}
	}
	for _, n := range []int{5, 10, 15} {
		b := mustParse(t, fullBoard(n))
		b.Play(0)
		if over, w := b.Outcome(); !over || w != Red {
			t.Errorf("%dx%d full board: no red win", n, n)
		}
	}
	for n, text := range midgames {
		if _, err := ParseBoard(text); err != nil {
			t.Errorf("midgame %d: %v", n, err)
		}
	}
}

func benchCascade(b *testing.B, text string) {
	start, err := ParseBoard(text)
	if err != nil {
		b.Fatal(err)
	}
	steps := start
	exploded := 0
	for _, s := range steps.PlayTraced(0) {
		exploded += len(s.Exploded)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := start
		c.Play(0)
	}
	b.ReportMetric(float64(exploded), "explosions/op")
}

func BenchmarkCascadeWin5(b *testing.B)     { benchCascade(b, fullBoard(5)) }
func BenchmarkCascadeWin10(b *testing.B)    { benchCascade(b, fullBoard(10)) }
func BenchmarkCascadeWin15(b *testing.B)    { benchCascade(b, fullBoard(15)) }
func BenchmarkCascadeSettle5(b *testing.B)  { benchCascade(b, settling[5]) }
func BenchmarkCascadeSettle10(b *testing.B) { benchCascade(b, settling[10]) }
func BenchmarkCascadeSettle15(b *testing.B) { benchCascade(b, settling[15]) }

// Copy the position and play one move on the copy: the search's copy-make
// step, over every legal move of a mid-game 7x7 position in turn.
func BenchmarkCopyPlay7(b *testing.B) {
	start, _ := ParseBoard(midgames[7])
	ms := start.Moves(nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := start
		c.Play(ms[i%len(ms)])
	}
}

func BenchmarkMoves15(b *testing.B) {
	start, _ := ParseBoard(midgames[15])
	buf := make([]Move, 0, MaxSquares)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = start.Moves(buf[:0])
	}
}

func BenchmarkPerft5Depth4(b *testing.B) {
	start, _ := NewBoard(5)
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes = Perft(start, 4)
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkEval(b *testing.B) {
	for _, n := range []int{5, 7, 10, 15} {
		for st, name := range []string{Kepler, Newton} {
			b.Run(fmt.Sprintf("%s/%d", name, n), func(b *testing.B) {
				pos, _ := ParseBoard(midgames[n])
				eval := configs[st].Eval
				for i := 0; i < b.N; i++ {
					eval(&pos, 0)
				}
			})
		}
	}
}

// BenchmarkSearch searches mid-game positions for one second (run it with
// -benchtime 1x) and reports the nodes per second and the depth reached.
func BenchmarkSearch(b *testing.B) {
	for _, n := range []int{5, 7, 10, 15} {
		for st, name := range []string{Kepler, Newton} {
			b.Run(fmt.Sprintf("%s/%d", name, n), func(b *testing.B) {
				pos, _ := ParseBoard(midgames[n])
				s := search.New[Board, Move, *Board](configs[st], 16)
				var nodes int64
				var depth int
				var elapsed time.Duration
				for i := 0; i < b.N; i++ {
					s.Clear()
					ctx, cancel := context.WithTimeout(context.Background(), time.Second)
					r := s.Search(ctx, pos, search.Limits[Move]{})
					cancel()
					nodes += r.Nodes
					elapsed += r.Elapsed
					depth = r.Depth
				}
				b.ReportMetric(float64(nodes)/elapsed.Seconds(), "nodes/s")
				b.ReportMetric(float64(depth), "depth")
			})
		}
	}
}
