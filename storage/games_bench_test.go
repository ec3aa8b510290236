package storage_test

import (
	"math/rand"
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
