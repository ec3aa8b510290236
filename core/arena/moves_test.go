package arena_test

import (
	"context"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/arena"
	"github.com/jumpers-game/jumpers/core/coretest"
)

// Each game carries its start and every move, the opening's first: they
// replay through the rules to the position the game ended in.
func TestGameResultsReplay(t *testing.T) {
	g := coretest.Takeaway{}
	opts := core.Options{}.WithInt(core.OptSize, 20)
	book, err := arena.RandomBook(g, opts, 3, 3, 42)
	if err != nil {
		t.Fatal(err)
	}
	// A book position too: games from it carry that position as start.
	book = append(book, arena.Opening{Position: "13 1", Moves: []string{"2"}})
	m := arena.Match{Game: g, Options: opts, A: perfect{}, B: naive{}, Games: 8, Book: book}
	sum, err := m.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, gr := range sum.Games {
		o := book[gr.Opening]
		if want := len(o.Moves) + gr.Plies; len(gr.Moves) != want {
			t.Fatalf("game %d: %d moves, want the opening's %d and %d played", gr.Game+1, len(gr.Moves), len(o.Moves), gr.Plies)
		}
		for i, mv := range o.Moves {
			if gr.Moves[i] != mv {
				t.Fatalf("game %d: move %d is %q, the opening's is %q", gr.Game+1, i+1, gr.Moves[i], mv)
			}
		}
		pos, err := g.ParsePosition(gr.Start, "")
		if err != nil {
			t.Fatalf("game %d: start %q: %v", gr.Game+1, gr.Start, err)
		}
		if o.Position != "" && pos.String() != o.Position {
			t.Fatalf("game %d: start %q, the book's position is %q", gr.Game+1, gr.Start, o.Position)
		}
		for _, mv := range gr.Moves {
			if pos, err = pos.Play(mv); err != nil {
				t.Fatalf("game %d: %q: %v", gr.Game+1, mv, err)
			}
		}
		if r := pos.Result(); r.Over != gr.Result.Over || r.Winner != gr.Result.Winner {
			t.Fatalf("game %d: replayed result %+v, the match's %+v", gr.Game+1, r, gr.Result)
		}
	}
}

// A forfeited game keeps the moves played before the failure.
func TestForfeitKeepsMoves(t *testing.T) {
	m := arena.Match{Game: coretest.Takeaway{}, A: naive{}, B: &crasher{failNext: true}, Games: 1}
	sum, err := m.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if gr := sum.Games[0]; gr.Forfeit == "" || len(gr.Moves) != 1 || gr.Moves[0] != "1" || gr.Start == "" {
		t.Fatalf("want a forfeit after A's one move, got %+v", gr)
	}
}
