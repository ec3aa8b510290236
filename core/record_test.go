package core_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/coretest"
	"pgregory.net/rapid"
)

func TestReplayNamesFailingMove(t *testing.T) {
	rec := core.Record{Game: "takeaway", Start: "5 0", Moves: []string{"2", "1", "3"}}
	_, err := rec.Replay()
	var re *core.ReplayError
	if !errors.As(err, &re) || re.Index != 3 || re.Move != "3" {
		t.Fatalf("want a replay error at move 3, got %v", err)
	}
	if !strings.HasPrefix(err.Error(), `move 3 "3": `) {
		t.Fatalf("message %q must name the move", err)
	}
}

func TestReplayUnknownGame(t *testing.T) {
	if _, err := (core.Record{Game: "chess", Start: "x"}).Replay(); err == nil {
		t.Fatal("unknown game replayed")
	}
}

func TestHistoryUndoRedoBranch(t *testing.T) {
	start, _ := coretest.Takeaway{}.Start(core.Options{}.WithInt(core.OptSize, 6))
	h := core.NewHistory(start, "standard")
	for _, m := range []string{"1", "2", "1"} {
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if h.Current().String() != "2 1" {
		t.Fatalf("after 1,2,1 from 6: %s", h.Current())
	}
	h.Undo()
	h.Undo()
	if h.Cursor() != 1 || h.Len() != 3 || !h.CanRedo() {
		t.Fatalf("cursor %d len %d", h.Cursor(), h.Len())
	}
	// Replaying the next redo move keeps the branch.
	if err := h.Play("2"); err != nil || h.Len() != 3 || !h.CanRedo() {
		t.Fatalf("same move dropped the redo branch: %v len %d", err, h.Len())
	}
	h.Undo()
	// A different move drops it.
	if err := h.Play("1"); err != nil || h.Len() != 2 || h.CanRedo() {
		t.Fatalf("new move kept the redo branch: len %d", h.Len())
	}
	// Illegal moves change nothing.
	before := h.Record()
	if err := h.Play("7"); err == nil {
		t.Fatal("illegal move accepted")
	}
	if fmt.Sprint(h.Record()) != fmt.Sprint(before) || h.Cursor() != 2 {
		t.Fatal("illegal move changed the history")
	}
}

func TestHistoryFromRecordKeepsRedo(t *testing.T) {
	rec := core.Record{Game: "takeaway", Start: "6 0", Moves: []string{"1", "1", "2"}}
	h, err := core.HistoryFromRecord(rec, 1)
	if err != nil {
		t.Fatal(err)
	}
	if h.Current().String() != "5 1" || !h.CanRedo() {
		t.Fatalf("cursor 1: %s", h.Current())
	}
	if _, err := core.HistoryFromRecord(rec, 4); err == nil {
		t.Fatal("cursor past the end accepted")
	}
}

func TestHistoryGameOver(t *testing.T) {
	start, _ := coretest.Takeaway{}.ParsePosition("1 0", "")
	h := core.NewHistory(start, "")
	if err := h.Play("1"); err != nil {
		t.Fatal(err)
	}
	if err := h.Play("1"); !errors.Is(err, core.ErrGameOver) {
		t.Fatalf("move after the end: %v", err)
	}
	// Undo works after the end.
	if !h.Undo() || h.Current().Result().Over {
		t.Fatal("cannot undo the last move of a finished game")
	}
}

// Undo then redo is the identity, from any point of any game.
func TestUndoRedoIdentity(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		start, _ := coretest.Takeaway{}.Start(core.Options{}.WithInt(core.OptSize, rapid.IntRange(1, 30).Draw(rt, "size")))
		h := core.NewHistory(start, "standard")
		for !h.Current().Result().Over && rapid.Bool().Draw(rt, "more") {
			moves := h.Current().Moves()
			_ = h.Play(moves[rapid.IntRange(0, len(moves)-1).Draw(rt, "m")])
		}
		before := h.Current().String()
		k := rapid.IntRange(0, h.Cursor()).Draw(rt, "undos")
		for i := 0; i < k; i++ {
			h.Undo()
		}
		for i := 0; i < k; i++ {
			h.Redo()
		}
		if h.Current().String() != before {
			rt.Fatalf("undo×%d redo×%d: %s, want %s", k, k, h.Current(), before)
		}
		// The record replays to the same place.
		h2, err := core.HistoryFromRecord(h.Record(), h.Cursor())
		if err != nil || h2.Current().String() != before {
			rt.Fatalf("record does not replay: %v", err)
		}
	})
}

func TestFindLevel(t *testing.T) {
	levels := []core.Level{{Name: core.Beginner}, {Name: core.Expert}}
	if l, err := core.FindLevel(levels, "expert"); err != nil || l.Name != core.Expert {
		t.Fatalf("case-insensitive lookup failed: %v", err)
	}
	if _, err := core.FindLevel(levels, "Grandmaster"); err == nil {
		t.Fatal("unknown level found")
	}
}

func TestClipNeverSplitsACharacter(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		s := rapid.String().Draw(rt, "s")
		n := rapid.IntRange(0, 64).Draw(rt, "n")
		cut := core.CutUTF8(s, n)
		if len(cut) > n || !strings.HasPrefix(s, cut) || (utf8.ValidString(s) && !utf8.ValidString(cut)) {
			rt.Fatalf("CutUTF8(%q, %d) = %q", s, n, cut)
		}
		if len(s) <= n && cut != s {
			rt.Fatalf("a short text was cut: %q", cut)
		}
		if c := core.Clip(s, n); len(s) > n && c != cut+"…" {
			rt.Fatalf("Clip(%q, %d) = %q", s, n, c)
		}
	})
}
