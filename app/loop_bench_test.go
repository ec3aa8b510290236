package app

import (
	"math/rand/v2"
	"sort"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
)

// BenchmarkUILoopDuringExpertSearch measures how the UI goroutine fares
// while the Expert AI searches a 15×15 middle game for its one-second
// budget. A loop goroutine stands in for Fyne's: it runs posted functions
// (the search's depth reports, the answer) and a 60 Hz frame tick. The
// metrics are the longest gap between two frames and the 99th percentile;
// a frame is 16.7 ms, so anything near that would be a stall. It is a
// measurement, not a pass/fail test: timings depend on the machine. The
// search uses the default cores setting (the CPUs minus one, 1 to 4).
func BenchmarkUILoopDuringExpertSearch(b *testing.B) {
	uiLoopDuringSearch(b, DefaultSettings().Threads)
}

// BenchmarkUILoopDuringExpertSearchAllCores is the same with the cores
// setting at every CPU: the UI goroutine competes with every search
// thread.
func BenchmarkUILoopDuringExpertSearchAllCores(b *testing.B) {
	uiLoopDuringSearch(b, core.MaxThreads())
}

func uiLoopDuringSearch(b *testing.B, threads int) {
	settings := DefaultSettings()
	settings.Threads = threads
	g := cube.Game{}
	pos, _ := g.Start(core.Options{}.WithInt(core.OptSize, 15))
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 120; i++ {
		ms := pos.Moves()
		pos, _ = pos.Play(ms[rng.IntN(len(ms))])
	}
	var worst time.Duration
	var gaps []time.Duration
	for i := 0; i < b.N; i++ {
		posted := make(chan func(), 1024)
		post := func(f func()) { posted <- f }
		h := core.NewHistory(pos, "")
		seats := []storage.Seat{{Kind: storage.Computer, Level: core.Expert}, {Kind: storage.Computer, Level: core.Expert}}
		seats[pos.ToMove()^1] = storage.Seat{Kind: storage.Human}
		c := NewController(Config{Game: g, History: h, Seats: seats, Post: post, Settings: func() Settings { return settings }})
		frames := time.NewTicker(time.Second / 60)
		c.Start(false) // the computer is to move: it starts thinking
		last := time.Now()
		for c.State() == Thinking {
			select {
			case f := <-posted:
				f()
			case <-frames.C:
				now := time.Now()
				gap := now.Sub(last)
				gaps = append(gaps, gap)
				worst = max(worst, gap)
				last = now
			}
		}
		frames.Stop()
		c.Close()
	}
	reportGaps(b, gaps, worst)
}

func reportGaps(b *testing.B, gaps []time.Duration, worst time.Duration) {
	sort.Slice(gaps, func(i, j int) bool { return gaps[i] < gaps[j] })
	p99 := gaps[len(gaps)*99/100]
	b.ReportMetric(float64(worst)/float64(time.Millisecond), "max-frame-gap-ms")
	b.ReportMetric(float64(p99)/float64(time.Millisecond), "p99-frame-gap-ms")
	b.ReportMetric(float64(len(gaps))/float64(b.N), "frames/op")
}

// BenchmarkUILoopIdle is the same loop for one second with no search: the
// baseline the figures above compare to (timer and scheduler noise of the
// machine).
func BenchmarkUILoopIdle(b *testing.B) {
	var worst time.Duration
	var gaps []time.Duration
	for i := 0; i < b.N; i++ {
		frames := time.NewTicker(time.Second / 60)
		end := time.After(time.Second)
		last := time.Now()
	loop:
		for {
			select {
			case <-end:
				break loop
			case <-frames.C:
				now := time.Now()
				gaps = append(gaps, now.Sub(last))
				worst = max(worst, now.Sub(last))
				last = now
			}
		}
		frames.Stop()
	}
	reportGaps(b, gaps, worst)
}
