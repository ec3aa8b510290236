package board_test

import (
	"image/color"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// probeBoard is a board of squares 0, 1, 2... along x that records what
// the base hands it.
type probeBoard struct {
	board.Base
	updates int
	tapped  []int
}

func newProbeBoard(c *app.Controller, onTap func(string)) *probeBoard {
	p := &probeBoard{}
	p.InitBoard(p, c, nil, onTap)
	return p
}

func (p *probeBoard) UpdateView()                   { p.updates++ }
func (p *probeBoard) SquareAt(pt fyne.Position) int { return int(pt.X) }
func (p *probeBoard) SquareTapped(sq int)           { p.tapped = append(p.tapped, sq) }
func (p *probeBoard) SquareNamed(n string) (int, bool) {
	sq, err := strconv.Atoi(n)
	return sq, err == nil
}
func (p *probeBoard) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}

func TestBoardBaseForwardsTaps(t *testing.T) {
	e := uitest.NewEnv(t, "")
	picture := newProbeBoard(nil, nil)
	picture.Tapped(&fyne.PointEvent{Position: fyne.NewPos(3, 0)})
	picture.TapSquare("3")
	picture.Update()
	if len(picture.tapped) != 0 || picture.updates != 0 {
		t.Fatalf("a picture took taps %v or read a controller %d times", picture.tapped, picture.updates)
	}

	c := e.Controller(t, &board.GameUI{ID: cube.ID}, nil)
	b := newProbeBoard(c, func(string) {})
	if b.updates != 1 {
		t.Fatalf("the first view was read %d times, want once", b.updates)
	}
	test.TapAt(b, fyne.NewPos(3, 1))
	b.TappedSecondary(&fyne.PointEvent{Position: fyne.NewPos(5, 1)}) // a slow tap on a phone
	b.TapSquare("7")
	b.TapSquare("e4") // no such square: nothing
	if got := b.tapped; len(got) != 3 || got[0] != 3 || got[1] != 5 || got[2] != 7 {
		t.Fatalf("squares tapped %v, want [3 5 7]", got)
	}
	b.Update()
	if b.updates != 2 {
		t.Fatalf("Update read the controller %d times in all, want 2", b.updates)
	}
}
