package ataxx

import (
	"context"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

func TestAITakesWinningCapture(t *testing.T) {
	// b2d4 lands in the middle of White's ring and converts all eight.
	p := mustFEN(t, "7/7/2ooo2/2o1o2/2ooo2/1x5/7 x 0 1", Standard)
	for _, l := range Levels {
		for seed := int64(0); seed < 3; seed++ {
			m, res, err := BestMove(context.Background(), p, core.AIRequest{Level: l.Name, Seed: seed, MoveTime: 200 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			if m.String() != "b2d4" {
				t.Errorf("%s seed %d: %v (%+v)", l.Name, seed, m, res.Info)
			}
		}
	}
	// A big capture that does not end the game: five pieces for one.
	p = mustFEN(t, "x5o/7/2ooo2/2o1o2/7/1x5/o5x x 0 1", Standard)
	for _, l := range Levels {
		m, _, err := BestMove(context.Background(), p, core.AIRequest{Level: l.Name, Seed: 1, MoveTime: 200 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if popcount(p.Converted(m)) < 4 {
			t.Errorf("%s: %v converts %d", l.Name, m, popcount(p.Converted(m)))
		}
	}
}

func TestAIForcedPass(t *testing.T) {
	p := mustFEN(t, "7/7/7/7/4ooo/4ooo/4oox x 0 1", Standard)
	m, _, err := BestMove(context.Background(), p, core.AIRequest{})
	if err != nil || m != Pass {
		t.Errorf("forced pass: %v %v", m, err)
	}
}

func TestAICancel(t *testing.T) {
	p := New(Standard)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m, res, err := BestMove(ctx, p, core.AIRequest{Level: core.Expert})
	if err != nil {
		t.Fatal(err)
	}
	// Work, not the clock, says it stopped at once: a loaded machine
	// may take any time for the few nodes of a legal fallback.
	if res.Info.Depth > 1 || res.Info.Nodes > 1000 {
		t.Errorf("a cancelled search went on: depth %d, %d nodes", res.Info.Depth, res.Info.Nodes)
	}
	if p.Legal(m) != nil {
		t.Errorf("illegal move %v", m)
	}
	// An infinite search stops at once when cancelled.
	ctx, cancel = context.WithCancel(context.Background())
	done := make(chan Move)
	go func() {
		m, _, _ := BestMove(ctx, p, core.AIRequest{Infinite: true})
		done <- m
	}()
	time.Sleep(100 * time.Millisecond)
	cancel()
	select {
	case m := <-done:
		if p.Legal(m) != nil {
			t.Errorf("illegal move %v", m)
		}
	case <-time.After(time.Second):
		t.Fatal("an infinite search did not stop")
	}
}

func TestAIRequest(t *testing.T) {
	p := New(Standard)
	// Depth: the info reports every iteration up to it.
	var depths []int
	m, res, err := BestMove(context.Background(), p, core.AIRequest{Depth: 4, Info: func(i core.SearchInfo) { depths = append(depths, i.Depth) }})
	if err != nil || p.Legal(m) != nil {
		t.Fatal(m, err)
	}
	if len(depths) != 4 || depths[3] != 4 || res.Info.Depth != 4 || len(res.Info.PV) == 0 || res.Info.PV[0] != m.String() {
		t.Errorf("depth 4: info %v, result %+v", depths, res.Info)
	}
	// Nodes.
	_, res, _ = BestMove(context.Background(), p, core.AIRequest{Nodes: 5000})
	if res.Info.Nodes > 10000 {
		t.Errorf("5000 nodes searched %d", res.Info.Nodes)
	}
	// Move time.
	start := time.Now()
	BestMove(context.Background(), p, core.AIRequest{MoveTime: 150 * time.Millisecond})
	// At least its time (it cannot finish the search of the start
	// position sooner), and it stops: far less than the minutes an
	// unlimited search runs even on a loaded machine.
	if el := time.Since(start); el < 100*time.Millisecond || el > 20*time.Second {
		t.Errorf("150 ms took %v", el)
	}
	// Bad names.
	if _, _, err := BestMove(context.Background(), p, core.AIRequest{Level: "Grandmaster"}); err == nil {
		t.Error("unknown level accepted")
	}
	if _, _, err := BestMove(context.Background(), p, core.AIRequest{Style: "wild", Depth: 1}); err == nil {
		t.Error("unknown style accepted")
	}
	for _, s := range Styles {
		if _, _, err := BestMove(context.Background(), p, core.AIRequest{Style: s, Depth: 2}); err != nil {
			t.Errorf("style %s: %v", s, err)
		}
	}
}

func TestAISeedReproducible(t *testing.T) {
	p := mustFEN(t, "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", Standard)
	for _, req := range []core.AIRequest{
		{Depth: 4, Seed: 7},
		{Level: core.Beginner, Seed: 7},
		{Level: core.Novice, Seed: 9},
		{Nodes: 20000, Seed: 3},
	} {
		first, _, _ := BestMove(context.Background(), p, req)
		for i := 0; i < 3; i++ {
			// A timed search in between must not change what comes next.
			BestMove(context.Background(), p, core.AIRequest{MoveTime: 20 * time.Millisecond})
			if m, _, _ := BestMove(context.Background(), p, req); m != first {
				t.Errorf("%+v: %v then %v", req, first, m)
			}
		}
	}
	// The weak levels' noise makes different seeds play differently.
	seen := map[Move]bool{}
	for seed := int64(0); seed < 20; seed++ {
		m, _, _ := BestMove(context.Background(), New(Standard), core.AIRequest{Level: core.Beginner, Seed: seed})
		seen[m] = true
	}
	if len(seen) < 2 {
		t.Errorf("Beginner played only %v", seen)
	}
}

// TestAIStrength: a fast Expert beats Beginner, playing each side once.
func TestAIStrength(t *testing.T) {
	if testing.Short() {
		t.Skip("AI games under -short")
	}
	expert := core.AIRequest{Level: core.Expert, MoveTime: 20 * time.Millisecond, Seed: 1}
	beginner := core.AIRequest{Level: core.Beginner, Seed: 1}
	openings := Openings(New(Standard), 1, 2, 5)
	res, err := PlayMatch(context.Background(), expert, beginner, openings, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.AWins != res.Games {
		t.Errorf("Expert vs Beginner: %v", res)
	}
}
