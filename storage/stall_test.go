package storage_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/storage"
	"pgregory.net/rapid"
)

// The files of testdata/old were written by jumpers-cli apply --save of
// main 296944e, before Chinese Checkers had the stall rule. They replay
// through today's rules: a game the rule ends earlier is refused at the
// first move past its end, saying why; the others load as they were.
func TestOldChineseCheckersSaves(t *testing.T) {
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("testdata", "old", name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}

	// Both players stepped forward, then shuffled to the 200-move limit
	// (a draw then): the stall rule ended it at move 42.
	data := read("cc-shuffle-to-limit.json")
	_, _, err := storage.Decode(data)
	want := `saved game does not replay: move 43 "e5d1": the game is over (stalled: no player came closer to its target in its last 20 moves; Player 1 and Player 2 have 119 holes to go each)`
	if err == nil || err.Error() != want || !errors.Is(err, core.ErrGameOver) {
		t.Fatalf("old save past the stall end: %v\nwant %s", err, want)
	}
	// The file is kept as it is, and listed with that error (not lost).
	root := t.TempDir()
	st, err := storage.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, "saves", "old.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	list, err := st.List()
	if err != nil || len(list) != 1 || list[0].Err == nil || !strings.Contains(list[0].Err.Error(), "stalled: ") {
		t.Fatalf("list: %+v %v", list, err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
		t.Fatal("the old save was modified")
	}

	// The same shuffle saved at move 30 goes on, and ends at move 42.
	sv, h, err := storage.Decode(read("cc-shuffle-in-progress.json"))
	if err != nil || h.Current().Result().Over || len(sv.Moves) != 30 {
		t.Fatalf("in progress: %v, %+v", err, h.Current().Result())
	}
	cycle := []string{"e5d1", "m9n4", "d1e5", "n4m9"}
	for i := 30; i < 42; i++ {
		if err := h.Play(cycle[(i-2)%4]); err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
	}
	if r := h.Current().Result(); !r.Over || r.Winner != core.NoPlayer || !strings.HasPrefix(r.Reason, "stalled: ") {
		t.Fatalf("after 42 moves: %+v", r)
	}

	// Players who step forward every nine moves never stall for 20: the
	// game still ends at the move limit, now saying why it is a draw.
	_, h, err = storage.Decode(read("cc-slow-to-limit.json"))
	if err != nil {
		t.Fatal(err)
	}
	r := h.Current().Result()
	if !r.Over || r.Winner != core.NoPlayer || r.Reason != "move limit reached: Player 1 and Player 2 have 108 holes to go each" || h.Cursor() != 200 {
		t.Fatalf("slow game: %+v after %d moves", r, h.Cursor())
	}
}

// A Chinese Checkers game saved at any point replays to the same position
// and result, the end and its reason included, under every profile.
func TestChineseCheckersSavesReplayProperty(t *testing.T) {
	g, err := core.Lookup(chinesecheckers.ID)
	if err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(rt *rapid.T) {
		rules := rapid.SampledFrom(g.RuleSets()).Draw(rt, "rules")
		players := rapid.SampledFrom([]int{2, 3, 4, 6}).Draw(rt, "players")
		start, err := g.Start(core.Options{}.With(core.OptRules, rules).WithInt(core.OptPlayers, players))
		if err != nil {
			rt.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 3))
		plies := rapid.IntRange(0, 400).Draw(rt, "plies")
		h := core.NewHistory(start, rules)
		for i := 0; i < plies && !h.Current().Result().Over; i++ {
			ms := h.Current().Moves()
			if err := h.Play(ms[rng.IntN(len(ms))]); err != nil {
				rt.Fatal(err)
			}
		}
		data, err := storage.Encode(storage.NewSave(h.Record(), h.Cursor(), nil, time.Now()))
		if err != nil {
			rt.Fatal(err)
		}
		_, got, err := storage.Decode(data)
		if err != nil {
			rt.Fatalf("does not replay: %v", err)
		}
		a, b := h.Current().Result(), got.Current().Result()
		if got.Current().String() != h.Current().String() || a.Over != b.Over || a.Winner != b.Winner || a.Reason != b.Reason || !slices.Equal(a.Places, b.Places) {
			rt.Fatalf("replayed %+v, played %+v", b, a)
		}
	})
}
