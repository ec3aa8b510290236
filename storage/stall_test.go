package storage_test

import (
	"bytes"
	"encoding/json"
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
// main 296944e, before Chinese Checkers had the stall rule (rules version
// 2). They carry no rules version: version 1. A game the rule ends earlier
// opens at that end, its moves past it kept in the save (Refused) and
// flagged with the first refused move and why; the others load as they
// were.
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
	var old storage.Save
	if err := json.Unmarshal(data, &old); err != nil || len(old.Moves) != 200 || old.Cursor != 200 {
		t.Fatalf("the old file: %v", err)
	}
	sv, h, err := storage.Decode(data)
	if err != nil {
		t.Fatalf("an old game the stall rule ends earlier is refused: %v", err)
	}
	r := sv.Refused
	if r == nil || r.Move != 43 || r.RulesVersion != 1 || r.Cursor != 200 || !slices.Equal(r.Moves, old.Moves[42:]) {
		t.Fatalf("refused %+v", r)
	}
	want := `the game is over (stalled: no player came closer to its target in its last 20 moves; Player 1 and Player 2 have 119 holes to go each)`
	if r.Err == nil || r.Err.Error() != want || !errors.Is(r.Err, core.ErrGameOver) {
		t.Fatalf("why move 43 is refused: %v\nwant %s", r.Err, want)
	}
	if sv.RulesVersion != chinesecheckers.RulesVersion || !slices.Equal(sv.Moves, old.Moves[:42]) || sv.Cursor != 42 || h.Cursor() != 42 || h.Len() != 42 {
		t.Fatalf("carried over as rules %d, %d moves, cursor %d", sv.RulesVersion, len(sv.Moves), sv.Cursor)
	}
	if res := h.Current().Result(); !res.Over || res.Winner != core.NoPlayer || !strings.HasPrefix(res.Reason, "stalled: ") {
		t.Fatalf("the last legal position: %+v", res)
	}
	if !slices.Equal(sv.AllMoves(), old.Moves) {
		t.Fatal("moves lost")
	}

	// Written again, it keeps the refused moves and reads back the same
	// (format version 3, today's rules version).
	again, err := storage.Encode(sv)
	if err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{`"version": 3`, `"rulesVersion": 2`, `"refused": {`} {
		if !bytes.Contains(again, []byte(field)) {
			t.Fatalf("written without %s:\n%s", field, again)
		}
	}
	sv2, h2, err := storage.Decode(again)
	if err != nil || sv2.Refused == nil || sv2.Refused.Move != 43 || sv2.Refused.Err.Error() != want ||
		!slices.Equal(sv2.AllMoves(), old.Moves) || sv2.Refused.Cursor != 200 || h2.Cursor() != 42 {
		t.Fatalf("written and read again: %+v %v", sv2.Refused, err)
	}

	// In a store the file is listed as the game it now is, not damaged,
	// and reading it does not change it; Tidy keeps it (a finished game
	// nobody named, last changed long ago) since it holds refused moves.
	root := t.TempDir()
	st, err := storage.OpenWithClock(root, func() time.Time { return time.Now().Add(400 * 24 * time.Hour) })
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, "saves", "old.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	list, err := st.List()
	if err != nil || len(list) != 1 || list[0].Err != nil || list[0].State != "draw" || !list[0].Refused || list[0].Moves != 42 {
		t.Fatalf("list: %+v %v", list, err)
	}
	if removed, err := st.Tidy(); err != nil || len(removed) != 0 {
		t.Fatalf("tidy removed %v, %v", removed, err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
		t.Fatal("the old save was modified")
	}

	// The same shuffle saved at move 30 goes on, and ends at move 42.
	sv, h, err = storage.Decode(read("cc-shuffle-in-progress.json"))
	if err != nil || h.Current().Result().Over || len(sv.Moves) != 30 || sv.Refused != nil {
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
	sv, h, err = storage.Decode(read("cc-slow-to-limit.json"))
	if err != nil || sv.Refused != nil {
		t.Fatal(err)
	}
	res := h.Current().Result()
	if !res.Over || res.Winner != core.NoPlayer || res.Reason != "move limit reached: Player 1 and Player 2 have 108 holes to go each" || h.Cursor() != 200 {
		t.Fatalf("slow game: %+v after %d moves", res, h.Cursor())
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
