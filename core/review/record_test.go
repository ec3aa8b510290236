package review

import (
	"context"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
)

// firstMove is an engine that plays the first move its position lists,
// as a search breaks its ties by the order it tries the moves in.
func firstMove(_ context.Context, pos core.Position, _ core.AIRequest) (core.AIResult, error) {
	m := pos.Moves()[0]
	return core.AIResult{Move: m, Info: core.SearchInfo{Nodes: 1, Depth: 1, PV: []string{m}}}, nil
}

// A game gets one review whether it was just played or read back from
// its record (a reopened save, jumpers-cli review): a Chinese Checkers
// position reached by play lists its pieces in another order than the
// same position read from its text, and the engine tries the moves in
// that order.
func TestReviewReadsTheGameAsRecorded(t *testing.T) {
	for _, players := range []int{2, 3, 6} {
		start, err := cc.Game{}.Start(core.Options{}.WithInt(core.OptPlayers, players))
		if err != nil {
			t.Fatal(err)
		}
		played := core.NewHistory(start, "")
		for range 3 * players {
			if err := played.Play(played.Current().Moves()[len(played.Current().Moves())/2]); err != nil {
				t.Fatal(err)
			}
		}
		read, err := core.HistoryFromRecord(played.Record(), -1)
		if err != nil {
			t.Fatal(err)
		}
		a, err := Game(context.Background(), firstMove, played, Seed, Budget{Nodes: 1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Game(context.Background(), firstMove, read, Seed, Budget{Nodes: 1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range a.Evals {
			if a.Evals[i].Best != b.Evals[i].Best {
				t.Fatalf("%d players, position %d: the engine's move %s as played, %s as read back", players, i, a.Evals[i].Best, b.Evals[i].Best)
			}
		}
	}
}
