package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/board/ataxxboard"
	"github.com/jumpers-game/jumpers/ui/board/ccboard"
	"github.com/jumpers-game/jumpers/ui/board/cubeboard"
)

// walkObjects calls f for o and everything inside it (containers,
// scrolls, widgets' renderers are not entered).
func walkObjects(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walkObjects(c, f)
		}
	case *container.Scroll:
		walkObjects(x.Content, f)
	}
}

// The Rules screen has a page per game, chosen by a button, each with
// its diagrams: boards drawn by the game's own widget, in positions the
// engine made, that fit a 360 dp phone.
func TestRulesPagePerGameWithDiagrams(t *testing.T) {
	h := newHarness(t, "")
	h.w.Resize(fyne.NewSize(360, 740))
	h.u.rules("")
	if h.u.Screen() != "rules" {
		t.Fatalf("screen %q", h.u.Screen())
	}
	content := h.u.top().content
	var buttons []*widget.Button
	walkObjects(content, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text != "Try it: lesson" { // the lesson's (lessons_test.go)
			buttons = append(buttons, b)
		}
	})
	if len(buttons) != 3 {
		t.Fatalf("%d game buttons, want 3", len(buttons))
	}
	for i, b := range buttons {
		test.Tap(b)
		var labels []string
		var cubes []*cubeboard.Board
		var ataxxes []*ataxxboard.Board
		var stars []*ccboard.Board
		walkObjects(content, func(o fyne.CanvasObject) {
			switch x := o.(type) {
			case *widget.Label:
				labels = append(labels, x.Text)
			case *cubeboard.Board:
				cubes = append(cubes, x)
			case *ataxxboard.Board:
				ataxxes = append(ataxxes, x)
			case *ccboard.Board:
				stars = append(stars, x)
			}
		})
		text := strings.Join(labels, "\n")
		for _, bd := range append(append(asObjects(cubes), asObjects(ataxxes)...), asObjects(stars)...) {
			if sz := bd.Size(); sz.Width < 140 || sz.Height < 120 || sz.Width > 360 {
				t.Errorf("page %d: a diagram is %v at 360 dp", i, sz)
			}
		}
		switch b.Text {
		case "Cube":
			if len(cubes) != 2 || len(ataxxes)+len(stars) != 0 || !strings.Contains(text, "Explosions") || strings.Contains(text, "Ataxx") {
				t.Fatalf("cube page: %d cube diagrams, others %d", len(cubes), len(ataxxes)+len(stars))
			}
			before, after := cubes[0].View.Board, cubes[1].View.Board
			corner, _ := cube.ParseMove(3, "1:1")
			if before.Spots(corner) != before.Neighbours(corner) || before.Owner(corner) != 0 {
				t.Fatalf("before: 1:1 has %d spots of %d, owner %d", before.Spots(corner), before.Neighbours(corner), before.Owner(corner))
			}
			for _, n := range []string{"1:2", "2:1"} {
				m, _ := cube.ParseMove(3, n)
				if after.Owner(m) != 0 || before.Owner(m) == 0 {
					t.Fatalf("%s: owner %d before, %d after the explosion", n, before.Owner(m), after.Owner(m))
				}
			}
		case "Ataxx":
			if len(ataxxes) != 3 || len(cubes)+len(stars) != 0 {
				t.Fatalf("ataxx page: %d diagrams", len(ataxxes))
			}
			if ataxxes[0].View.Clones == 0 || ataxxes[0].View.Jumps == 0 {
				t.Fatal("the first diagram shows no targets")
			}
			g1, _ := ataxx.ParseSquare("g1")
			d4, _ := ataxx.ParseSquare("d4")
			clone, jump := ataxxes[1].View.Pos, ataxxes[2].View.Pos
			if clone.Pieces(0)&(1<<g1) == 0 || jump.Pieces(0)&(1<<g1) != 0 || jump.Pieces(0)&(1<<d4) == 0 {
				t.Fatal("clone keeps g1, jump leaves it and converts d4: not so in the diagrams")
			}
		case "Checkers":
			if len(stars) != 1 || len(stars[0].View.Path) < 3 {
				t.Fatalf("chinese checkers page: %d diagrams", len(stars))
			}
			st := stars[0]
			path := st.View.Path
			if st.View.Pos.Owner(path[len(path)-1]) != 0 || st.View.Pos.Owner(path[0]) >= 0 {
				t.Fatalf("the chain %v is not the piece's move", names(path))
			}
			if !strings.Contains(text, "hops, "+cc.HoleName(path[0])) {
				t.Fatalf("no caption for the chain in %q", text)
			}
		default:
			t.Fatalf("button %q", b.Text)
		}
	}
	// From a game's menu the page of that game comes first.
	h.u.rules(ataxx.ID)
	found := false
	walkObjects(h.u.top().content, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Ataxx" && b.Importance == widget.HighImportance {
			found = true
		}
	})
	if !found {
		t.Fatal("the Ataxx page is not the one shown")
	}
}

func asObjects[T fyne.CanvasObject](xs []T) []fyne.CanvasObject {
	out := make([]fyne.CanvasObject, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// The star of the rules is upright, as the text describes it.
func TestRulesStarIsUpright(t *testing.T) {
	h := newHarness(t, "")
	h.w.Resize(fyne.NewSize(360, 740))
	h.u.rules(cc.ID)
	walkObjects(h.u.top().content, func(o fyne.CanvasObject) {
		if b, ok := o.(*ccboard.Board); ok {
			if g := ccboard.GeomFor(b.Size()); g.Rot || g.U < 20 {
				t.Fatalf("the rules' star is turned %v, holes %.1f apart", g.Rot, g.U)
			}
		}
	})
}

// The Rules describe the screen as it is: Chinese Checkers' seat row is
// above the board upright and beside it on its side (issue 49: the text
// said "under the board"), and player 1 starts at the bottom, or at the
// left on its side.
func TestRulesSayWhereTheSeatRowIs(t *testing.T) {
	gu, _, ok := board.Lookup(cc.ID)
	if !ok {
		t.Fatal("no Chinese Checkers")
	}
	text := strings.Join(strings.Fields(gu.Rules), " ")
	for _, want := range []string{"The seat row, above the board upright and beside it on its side", "from the left to the right"} {
		if !strings.Contains(text, want) {
			t.Errorf("the rules do not say %q", want)
		}
	}
	if strings.Contains(text, "under the board") {
		t.Error("the rules put something under the board")
	}
	h := newHarness(t, "")
	gs := h.startCC("", storage.Human, storage.Human, storage.Human)
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject
	for _, size := range []fyne.Size{fyne.NewSize(360, 740), fyne.NewSize(740, 360)} {
		h.w.Resize(size)
		relayout(gs.screen.content)
		row, b := abs(gs.score), abs(gs.board)
		switch {
		case size.Width < size.Height && row.Y+gs.score.Size().Height > b.Y+0.5:
			t.Errorf("%v: the seat row (y %.0f) is not above the board (y %.0f)", size, row.Y, b.Y)
		case size.Width > size.Height && row.X < b.X+gs.board.Size().Width-0.5:
			t.Errorf("%v: the seat row (x %.0f) is not beside the board (x %.0f to %.0f)", size, row.X, b.X, b.X+gs.board.Size().Width)
		}
	}
}
