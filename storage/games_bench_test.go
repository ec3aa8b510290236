package storage_test

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
)

// BenchmarkInProgressSixtyGames lists a store of 60 Jumping Cube games of
// 8×8 with 120 random moves each (every file read and replayed): what the
// home screen and Saved games do each time they are shown. Figures in
// docs/save-format.md.
func BenchmarkInProgressSixtyGames(b *testing.B) {
	st, err := storage.Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	g := cube.Game{}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 60; i++ {
		start, _ := g.Start(core.Options{}.WithInt(core.OptSize, 8))
		h := core.NewHistory(start, "")
		for j := 0; j < 120 && !h.Current().Result().Over; j++ {
			ms := h.Current().Moves()
			if err := h.Play(ms[rng.Intn(len(ms))]); err != nil {
				b.Fatal(err)
			}
		}
		sv := storage.NewSave(h.Record(), h.Cursor(), nil, time.Now())
		if err := st.Keep(st.NewID()+string(rune('a'+i%26))+string(rune('a'+i/26)), sv); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := st.InProgress(); err != nil {
			b.Fatal(err)
		}
	}
}

// thousandGames is a store of 1,000 games, a third of each game, 60 to
// 120 random moves each (the cube on 8×8), listed once so its summary
// index is written.
func thousandGames(b *testing.B) string {
	b.Helper()
	root := b.TempDir()
	st, err := storage.Open(root)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 1000; i++ {
		g, _ := core.Lookup([]string{"cube", "ataxx", "chinesecheckers"}[i%3])
		start, _ := g.Start(core.Options{}.WithInt(core.OptSize, 8))
		h := core.NewHistory(start, "")
		for j := 0; j < 60+rng.Intn(60) && !h.Current().Result().Over; j++ {
			ms := h.Current().Moves()
			if err := h.Play(ms[rng.Intn(len(ms))]); err != nil {
				b.Fatal(err)
			}
		}
		sv := storage.NewSave(h.Record(), h.Cursor(), nil, time.Now())
		if err := storage.WriteFile(filepath.Join(st.Dir(), fmt.Sprintf("game-%04d.json", i)), sv); err != nil {
			b.Fatal(err)
		}
	}
	if l, err := st.List(); err != nil || len(l) != 1000 {
		b.Fatalf("listed %d: %v", len(l), err)
	}
	return root
}

// BenchmarkListThousand lists 1,000 saved games as Home and Saved games
// do after the first time: from the summary index in memory, a stat of
// each file. Figures in docs/save-format.md.
func BenchmarkListThousand(b *testing.B) {
	st, err := storage.Open(thousandGames(b))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := st.List(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if l, err := st.List(); err != nil || len(l) != 1000 {
			b.Fatalf("listed %d: %v", len(l), err)
		}
	}
}

// BenchmarkListThousandAtStart is the first listing of a start: the index
// read from its file.
func BenchmarkListThousandAtStart(b *testing.B) {
	root := thousandGames(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st, err := storage.Open(root)
		if err != nil {
			b.Fatal(err)
		}
		if l, err := st.List(); err != nil || len(l) != 1000 || st.Reads() != 0 {
			b.Fatalf("listed %d, read %d: %v", len(l), st.Reads(), err)
		}
	}
}

// BenchmarkListThousandNoIndex is the listing without the index (the
// first start after an upgrade): every game read and replayed.
func BenchmarkListThousandNoIndex(b *testing.B) {
	root := thousandGames(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		if err := os.Remove(filepath.Join(root, "saves", ".index.json")); err != nil {
			b.Fatal(err)
		}
		st, err := storage.Open(root)
		b.StartTimer()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := st.List(); err != nil {
			b.Fatal(err)
		}
	}
}
