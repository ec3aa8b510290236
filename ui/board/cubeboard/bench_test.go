package cubeboard

import (
	"math/rand/v2"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
)

// playedBoards plays n random legal moves on a size×size board and returns
// every board on the way.
func playedBoards(size, n int) []cube.Board {
	g := cube.Game{}
	pos, _ := g.Start(core.Options{}.WithInt(core.OptSize, size))
	rng := rand.New(rand.NewPCG(1, 2))
	var out []cube.Board
	for i := 0; i < n && !pos.Result().Over; i++ {
		ms := pos.Moves()
		next, err := pos.Play(ms[rng.IntN(len(ms))])
		if err != nil {
			panic(err)
		}
		pos = next
		b, _ := cube.Concrete(pos)
		out = append(out, b)
	}
	return out
}

// BenchmarkBoardRefresh15 measures one Update of the 15×15 board after a
// move: what the UI goroutine spends per move (the renderer refreshes only
// the squares that changed).
func BenchmarkBoardRefresh15(b *testing.B) {
	benchRefresh(b, false)
}

// BenchmarkBoardRefresh15Full redraws every square (a theme or colour
// change, or the first frame).
func BenchmarkBoardRefresh15Full(b *testing.B) {
	benchRefresh(b, true)
}

func benchRefresh(b *testing.B, full bool) {
	test.NewTempApp(b)
	boards := playedBoards(15, 200)
	board := newPreview(boards[0], -1, nil)
	board.Settings = app.DefaultSettings
	w := test.NewTempWindow(b, board)
	w.Resize(fyne.NewSize(360, 360))
	r := test.WidgetRenderer(board).(*Renderer)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		board.View.Board = boards[i%len(boards)]
		board.View.Last = i % 225
		if full {
			r.Pal = Palette{} // forces every square to be redrawn
		}
		board.Refresh()
	}
}

// BenchmarkBoardPaint15Software renders the 15×15 board with Fyne's
// software painter (the test driver's): an upper bound for a frame, since
// the real drivers paint with OpenGL.
func BenchmarkBoardPaint15Software(b *testing.B) {
	test.NewTempApp(b)
	boards := playedBoards(15, 200)
	board := newPreview(boards[len(boards)-1], 7, nil)
	w := test.NewTempWindow(b, board)
	w.Resize(fyne.NewSize(360, 360))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		board.View.Board = boards[i%len(boards)]
		board.Refresh()
		_ = w.Canvas().Capture()
	}
}
