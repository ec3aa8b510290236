package ui

import (
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/board/ataxxboard"
	"github.com/jumpers-game/jumpers/ui/board/ccboard"
	"github.com/jumpers-game/jumpers/ui/board/cubeboard"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// The overlay's labels name every square as the game's notation does.
func TestCoordinateLabelsAreTheNotation(t *testing.T) {
	sz := fyne.NewSize(300, 300)
	for _, n := range []int{3, 7, 15} {
		bd, err := cube.NewBoard(n)
		if err != nil {
			t.Fatal(err)
		}
		b := cubeboard.NewPreview(bd, -1, nil)
		labels := b.CoordLabels(sz)
		g := board.GeomFor(sz, n)
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				if got, want := uitest.SquareName(t, labels, g, n, r, c, true, ":"), cube.FormatMove(n, cube.Move(r*n+c)); got != want {
					t.Fatalf("cube %d: square %d,%d reads %q, the game writes %q", n, r, c, got, want)
				}
			}
		}
	}
	ab := &ataxxboard.Board{}
	labels := ab.CoordLabels(sz)
	g := board.GeomFor(sz, ataxx.Size)
	for r := 0; r < ataxx.Size; r++ {
		for c := 0; c < ataxx.Size; c++ {
			// the board draws rank 7 at the top (see SquareAt)
			if got, want := uitest.SquareName(t, labels, g, ataxx.Size, r, c, false, ""), ataxx.SquareName(ataxx.Square(c, ataxx.Size-1-r)); got != want {
				t.Fatalf("ataxx: square %d,%d reads %q, the game writes %q", r, c, got, want)
			}
		}
	}
	// Chinese Checkers: the row letter beside the row's ends, the place
	// counted from the left (the top, turned), upright and turned.
	for _, sz := range []fyne.Size{fyne.NewSize(344, 397), fyne.NewSize(331, 287)} {
		cb := &ccboard.Board{}
		labels := cb.CoordLabels(sz)
		g := ccboard.GeomFor(sz)
		for h := 0; h < cc.NumHoles; h++ {
			x, y := g.XY(h)
			// along the row: x upright, y turned
			along := func(px, py float32) float32 {
				if g.Rot {
					return py
				}
				return px
			}
			across := func(px, py float32) float32 {
				if g.Rot {
					return px
				}
				return py
			}
			letter := uitest.LabelAt(t, labels, func(l board.CoordLabel) bool {
				if !uitest.Near(across(l.X, l.Y), across(x, y)) || along(l.X, l.Y) > along(x, y) {
					return false
				}
				for o := 0; o < cc.NumHoles; o++ { // the first label before the row
					ox, oy := g.XY(o)
					if uitest.Near(across(ox, oy), across(x, y)) && along(ox, oy) < along(l.X, l.Y) {
						return false
					}
				}
				return true
			})
			place := 1
			for o := 0; o < cc.NumHoles; o++ {
				ox, oy := g.XY(o)
				if uitest.Near(across(ox, oy), across(x, y)) && along(ox, oy) < along(x, y)-1 {
					place++
				}
			}
			if got, want := letter+strconv.Itoa(place), cc.HoleName(h); got != want {
				t.Fatalf("%v (turned %v): hole %s reads %q", sz, g.Rot, want, got)
			}
		}
	}
}

// With the setting on, the game screen draws the labels around the
// board; a hint names a square the labels show; off, they go.
func TestCoordinateOverlayOnTheGameScreen(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(5, storage.Human, storage.Computer)
	b := gs.board.(*cubeboard.Board)
	before := b.Size()
	st := h.u.env.Settings()
	st.Coordinates = true
	h.u.env.SetSettings(st)
	frame := gs.screen.content.(*fyne.Container).Objects[1].(*board.CoordFrame)
	texts := uitest.ShownTexts(test.TempWidgetRenderer(t, frame).Objects())
	if len(texts) != 10 {
		t.Fatalf("labels %v, want 5 rows and 5 columns", texts)
	}
	if b.Size().Width >= before.Width {
		t.Fatalf("the board kept its size %v with margins", b.Size())
	}
	test.Tap(gs.hintB)
	call := h.ai.Next(t)
	call.Answer <- "4:2"
	h.q.RunOne(t)
	text := gs.notice.Text
	if !strings.HasPrefix(text, "Hint: ") {
		t.Fatalf("notice %q", text)
	}
	name := strings.Fields(strings.TrimPrefix(text, "Hint: "))[0]
	m, err := cube.ParseMove(5, name)
	if err != nil {
		t.Fatalf("the hint %q names no square: %v", text, err)
	}
	n := 5
	if got := uitest.SquareName(t, b.CoordLabels(b.Size()), board.GeomFor(b.Size(), n), n, int(m)/n, int(m)%n, true, ":"); got != name {
		t.Fatalf("the hint names %s, the overlay shows %s there", name, got)
	}
	st.Coordinates = false
	h.u.env.SetSettings(st)
	if texts := uitest.ShownTexts(test.TempWidgetRenderer(t, frame).Objects()); len(texts) != 0 {
		t.Fatalf("labels %v with the setting off", texts)
	}
	if b.Size() != before {
		t.Fatalf("board %v, was %v", b.Size(), before)
	}
}

// Messages from the rules start with a capital.
func TestMessagesAreCapitalised(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(3, storage.Human, storage.Human)
	h.tapSquare(gs, 2, 3)
	h.tapSquare(gs, 2, 3)
	if !strings.HasPrefix(gs.notice.Text, "Square 2:3 belongs to") {
		t.Fatalf("notice %q", gs.notice.Text)
	}
	// One rule for every message (app.Sentence): one that starts with a
	// square or a move keeps it as the notation writes it.
	gs.say("a1c3 jumps too far")
	if gs.notice.Text != "a1c3 jumps too far" {
		t.Fatalf("notice %q", gs.notice.Text)
	}
}
