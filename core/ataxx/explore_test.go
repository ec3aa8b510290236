package ataxx

import (
	"context"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

func TestExploreSearch(t *testing.T) {
	fen := os.Getenv("ATAXX_FEN")
	if fen == "" {
		t.Skip()
	}
	p := mustFEN(t, fen, Standard)
	_, res, _ := BestMove(context.Background(), p, core.AIRequest{MoveTime: time.Second, Info: func(i core.SearchInfo) {
		t.Logf("depth %d score %d nodes %d time %v nps %d pv %v", i.Depth, i.Score, i.Nodes, i.Elapsed, i.NPS(), i.PV)
	}})
	t.Logf("final %+v", res.Info)
}

var benchFENs = []string{
	"x5o/7/7/7/7/7/o5x x 0 1",
	"x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
	"xx3oo/xxx1ooo/2x1o2/2xoo2/1xxo3/xx3o1/oo3xx x 0 12",
	"2xxooo/1xxxooo/xxxxo2/xxoooo1/1xxoo2/3x3/7 o 0 20",
}

func TestExploreFixedDepth(t *testing.T) {
	if os.Getenv("ATAXX_DEPTH") == "" {
		t.Skip()
	}
	depth := 0
	for _, c := range os.Getenv("ATAXX_DEPTH") {
		depth = depth*10 + int(c-'0')
	}
	var nodes int64
	var el time.Duration
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0 := threadCPU()
	for _, fen := range benchFENs {
		p := mustFEN(t, fen, Standard)
		m, res, err := BestMove(context.Background(), p, core.AIRequest{Depth: depth})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %v score %d nodes %d time %v", fen, m, res.Info.Score, res.Info.Nodes, res.Info.Elapsed)
		nodes += res.Info.Nodes
		el += res.Info.Elapsed
	}
	cpu := threadCPU() - cpu0
	t.Logf("total nodes %d time %v nps %.0f cpu %v cpu-nps %.0f", nodes, el, float64(nodes)/el.Seconds(), cpu, float64(nodes)/cpu.Seconds())
}

func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
