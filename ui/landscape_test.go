package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/storage"
)

// box is where o is drawn, in the window's coordinates.
type box struct {
	name string
	pos  fyne.Position
	size fyne.Size
}

func boxOf(name string, o fyne.CanvasObject) box {
	return box{name, fyne.CurrentApp().Driver().AbsolutePositionForObject(o), o.Size()}
}

// overlaps tells whether two boxes share more than an edge.
func (a box) overlaps(b box) bool {
	const slack = 0.5
	return a.pos.X+a.size.Width > b.pos.X+slack && b.pos.X+b.size.Width > a.pos.X+slack &&
		a.pos.Y+a.size.Height > b.pos.Y+slack && b.pos.Y+b.size.Height > a.pos.Y+slack
}

// checkBoxes fails when two boxes overlap, one leaves the window or is
// lower than its minimum height.
func checkBoxes(t *testing.T, what string, win fyne.Size, minH map[string]float32, boxes ...box) {
	t.Helper()
	for i, a := range boxes {
		if a.size.Height < minH[a.name] {
			t.Errorf("%s: %s is %.0f high, want at least %.0f", what, a.name, a.size.Height, minH[a.name])
		}
		if a.pos.X < -0.5 || a.pos.Y < -0.5 || a.pos.X+a.size.Width > win.Width+0.5 || a.pos.Y+a.size.Height > win.Height+0.5 {
			t.Errorf("%s: %s at %v size %v leaves the window %v", what, a.name, a.pos, a.size, win)
		}
		for _, b := range boxes[i+1:] {
			if a.overlaps(b) {
				t.Errorf("%s: %s (%v %v) and %s (%v %v) overlap", what, a.name, a.pos, a.size, b.name, b.pos, b.size)
			}
		}
	}
}

// On a landscape phone the review gives the board, the status, the
// graph, the controls and the move list each room of their own (the
// graph was hidden under the step buttons, the list 0 high), and the game
// screen gives its move list rows, not one, with the board as large as
// before.
func TestLandscapeReviewAndMoveListHaveRoom(t *testing.T) {
	win := fyne.NewSize(740, 360)
	twoRows := float32(2*moveRowHeight + 4)
	for _, game := range []string{"cube", "ataxx", "chinesecheckers"} {
		h := newHarness(t, "")
		h.w.Resize(win)
		var gs *gameScreen
		switch game {
		case "cube":
			gs = h.startGame(6, storage.Human, storage.Human)
		case "ataxx":
			gs = h.startAtaxx("standard", "standard", storage.Human, storage.Human)
		default:
			gs = h.startCC("", storage.Human, storage.Human)
		}
		board := gs.board.Size()
		playFirst(t, gs, 30)
		if gs.board.Size() != board {
			t.Fatalf("%s: the board went from %v to %v", game, board, gs.board.Size())
		}
		if game != "chinesecheckers" && board.Height < 280 {
			t.Errorf("%s: the board is %v", game, board)
		}
		listMin := map[string]float32{"move list": twoRows}
		checkBoxes(t, game+" game", win, listMin,
			boxOf("board", gs.board), boxOf("status", gs.turn), boxOf("score", gs.score),
			boxOf("controls", gs.controls), boxOf("move list", gs.moves))
		// Viewing a past move changes the buttons, not the arrangement.
		list := boxOf("move list", gs.moves)
		gs.pick(3)
		relayout(gs.screen.content)
		checkBoxes(t, game+" game, viewing", win, listMin,
			boxOf("board", gs.board), boxOf("status", gs.turn), boxOf("score", gs.score),
			boxOf("controls", gs.controls), boxOf("move list", gs.moves))
		if got := boxOf("move list", gs.moves); got.pos.Y != list.pos.Y || got.size.Height != list.size.Height {
			t.Errorf("%s: viewing moved the list from %v to %v", game, list, got)
		}
		gs.c.Live()

		rs := reviewOf(t, h, gs)
		rs.an.have = true
		rs.an.showBox(true)
		rs.notice.SetText("23 1:1 (Vermillion): blunder −39%, better 5:3")
		for _, eval := range []bool{false, true} {
			if eval {
				rs.an.toggleLive()
			}
			what := game + " review"
			if eval {
				what += " with Eval"
			}
			boxes := []box{boxOf("board", rs.board), boxOf("status", rs.status), boxOf("notice", rs.notice),
				boxOf("graph", rs.an.graph),
				boxOf("step buttons", rs.startB), boxOf("end", rs.endB), boxOf("speed", rs.speed),
				boxOf("continue", rs.contB), boxOf("analyse", rs.an.analyseB), boxOf("eval button", rs.an.modeB),
				boxOf("move list", rs.moves)}
			if eval {
				boxes = append(boxes, boxOf("eval", rs.an.live.row))
			}
			checkBoxes(t, what, win, map[string]float32{"graph": 60, "move list": twoRows, "status": rs.status.MinSize().Height,
				"notice": rs.notice.MinSize().Height, "eval": rs.an.live.row.MinSize().Height}, boxes...)
			if !rs.an.graph.Visible() || !rs.moves.Visible() {
				t.Errorf("%s: graph shown %v, list shown %v", what, rs.an.graph.Visible(), rs.moves.Visible())
			}
			if m := h.w.Content().MinSize(); m.Width > win.Width || m.Height > win.Height {
				t.Errorf("%s: the screen asks for %v", what, m)
			}
			if b := rs.board.Size(); b.Height < 200 {
				t.Errorf("%s: the board is %v", what, b)
			}
		}
		rs.an.stop()
		h.u.back()
	}
}
