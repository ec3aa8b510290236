package app

import (
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
)

func TestViewShowsAPastPositionReadOnly(t *testing.T) {
	r := newRig(t, 20, human(), human())
	r.c.Start(false)
	for _, m := range []string{"1", "2", "1", "2"} {
		r.tap(m)
	}
	r.expect(Human, "6/20/0")
	if err := r.c.View(2); err != nil {
		t.Fatal(err)
	}
	if n, ok := r.c.Viewing(); !ok || n != 2 {
		t.Fatalf("Viewing() = %d, %v", n, ok)
	}
	if got := r.c.Position().String(); got != "3/20/0" {
		t.Fatalf("viewed position %s, want 3/20/0", got)
	}
	if got := r.c.LivePosition().String(); got != "6/20/0" {
		t.Fatalf("live position %s", got)
	}
	if r.c.LastMove() != "2" || r.c.ShownCursor() != 2 || r.c.LastMoveFrom().String() != "1/20/1" {
		t.Fatalf("marks: last %q cursor %d from %v", r.c.LastMove(), r.c.ShownCursor(), r.c.LastMoveFrom())
	}
	if why := r.c.Tap("1"); !strings.Contains(why, "Back to the game") {
		t.Fatalf("tap while viewing: %q", why)
	}
	if r.c.CanUndo() || r.c.CanRedo() || r.c.CanHint() {
		t.Fatal("undo, redo or hint enabled while viewing")
	}
	saves := len(r.saves)
	r.c.Undo()
	r.c.Hint()
	if r.c.History().Cursor() != 4 || len(r.saves) != saves || r.c.Hinting() {
		t.Fatal("undo or hint acted while viewing")
	}
	if err := r.c.View(5); err == nil {
		t.Fatal("viewing past the end accepted")
	}
	r.c.Live()
	if _, ok := r.c.Viewing(); ok {
		t.Fatal("still viewing after Live")
	}
	r.expect(Human, "6/20/0")
	if r.c.LastMove() != "2" || !r.c.CanUndo() {
		t.Fatal("live game not back")
	}
	r.tap("1")
	r.expect(Human, "7/20/1")
}

func TestViewStartAndMarkedMove(t *testing.T) {
	r := newRig(t, 20, human(), human())
	r.c.Start(false)
	r.tap("2")
	r.tap("1")
	if err := r.c.View(0); err != nil {
		t.Fatal(err)
	}
	if r.c.LastMove() != "" || r.c.LastMoveFrom() != nil || r.c.Position().String() != "0/20/0" {
		t.Fatalf("start: last %q from %v pos %s", r.c.LastMove(), r.c.LastMoveFrom(), r.c.Position())
	}
	// Move 2 ("1" by Blue) with the engine's better "2": the position
	// before it, both moves drawn.
	if err := r.c.ViewMove(2, "2"); err != nil {
		t.Fatal(err)
	}
	if r.c.Position().String() != "2/20/1" || r.c.LastMove() != "1" || r.c.HintMove() != "2" ||
		r.c.LastMoveFrom().String() != "2/20/1" {
		t.Fatalf("marked move: pos %s last %q hint %q from %v", r.c.Position(), r.c.LastMove(), r.c.HintMove(), r.c.LastMoveFrom())
	}
	if err := r.c.ViewMove(3, ""); err == nil {
		t.Fatal("a move past the end accepted")
	}
}

// The computer keeps thinking on the live position while a past one is
// viewed; its move goes on the history, the view stays.
func TestViewWhileTheComputerThinks(t *testing.T) {
	r := newRig(t, 20, human(), computer(core.Beginner))
	r.c.Start(false)
	r.tap("1")
	r.expect(Thinking, "1/20/1")
	if err := r.c.View(0); err != nil {
		t.Fatal(err)
	}
	if _, ok := r.c.Frame(); ok {
		t.Fatal("an animation frame while viewing")
	}
	call := r.ai.Next(t)
	if call.Pos.String() != "1/20/1" {
		t.Fatalf("AI asked about %s", call.Pos)
	}
	call.Answer <- "2"
	r.q.RunOne(t)
	if r.c.State() != Human || r.c.LivePosition().String() != "3/20/0" {
		t.Fatalf("live game: %v %s", r.c.State(), r.c.LivePosition())
	}
	if n, ok := r.c.Viewing(); !ok || n != 0 || r.c.Position().String() != "0/20/0" {
		t.Fatalf("view moved: %d %v %s", n, ok, r.c.Position())
	}
	r.c.Live()
	r.expect(Human, "3/20/0")
}

// A view on the redo branch stays inside the history when a new move
// drops the branch.
func TestViewClampedWhenTheRedoBranchGoes(t *testing.T) {
	r := newRig(t, 20, human(), human())
	r.c.Start(false)
	for _, m := range []string{"1", "1", "1"} {
		r.tap(m)
	}
	r.c.Undo()
	r.c.Undo()
	if err := r.c.View(3); err != nil {
		t.Fatal(err)
	}
	r.c.Live()
	r.tap("2") // drops moves 2 and 3
	if err := r.c.View(2); err != nil {
		t.Fatal(err)
	}
	r.c.view.n = 3 // as if viewed before the branch went
	if n, _ := r.c.Viewing(); n != 2 || r.c.Position().String() != "3/20/0" {
		t.Fatalf("view %d at %s", n, r.c.Position())
	}
}
