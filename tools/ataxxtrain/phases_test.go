package main

import (
	"bytes"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core/ataxx"
)

// phases joins two weights files into one that scores each board by its
// phase's net, and a joined file as the endgame of a third; it refuses
// what is not two nets, and fitnn will not start from the joined file
// (it holds two nets, not one).
func TestPhasesJoinsTwoNets(t *testing.T) {
	dir := t.TempDir()
	var paths [2]string
	var nets [2]*ataxx.NN
	for i := range paths {
		data, err := ataxx.EncodeNN(initNN(ataxx.NNLayoutRaw, 8, 2, 250, uint64(i+1)))
		if err != nil {
			t.Fatal(err)
		}
		if nets[i], err = ataxx.DecodeNN(data); err != nil {
			t.Fatal(err)
		}
		paths[i] = filepath.Join(dir, []string{"mid.bin", "end.bin"}[i])
		if err := os.WriteFile(paths[i], data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "both.bin")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"phases", "-out", out, "-endgame-max", "20", paths[0], paths[1]}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	n, err := ataxx.DecodeNN(data)
	if err != nil {
		t.Fatal(err)
	}
	if end, max := n.Endgame(); end == nil || max != 20 {
		t.Fatalf("the joined net's endgame: %v up to %d", end, max)
	}
	// Boards of 20 and of 21 empty squares: the endgame's and the middle's.
	us, them := uint64(1)<<15-1, (uint64(1)<<14-1)<<15
	for _, extra := range []uint64{1 << 29, 0} {
		b := them | extra
		want := nets[0].EvaluateBoard(us, b, ataxx.Standard)
		if ataxx.Squares-bits.OnesCount64(us|b) <= 20 {
			want = nets[1].EvaluateBoard(us, b, ataxx.Standard)
		}
		if got := n.EvaluateBoard(us, b, ataxx.Standard); got != want {
			t.Errorf("%d empty squares: %d, want %d", ataxx.Squares-bits.OnesCount64(us|b), got, want)
		}
	}

	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"phases", "-out", out, "-endgame-max", "20", paths[0], paths[1]}, "exists"},
		{[]string{"phases", "-out", filepath.Join(dir, "x.bin"), paths[0], paths[1]}, "-endgame-max"},
		{[]string{"phases", "-out", filepath.Join(dir, "x.bin"), "-endgame-max", "20", paths[0]}, "two weights files"},
		{[]string{"phases", "-out", filepath.Join(dir, "x.bin"), "-endgame-max", "49", paths[0], paths[1]}, "0 to 48"},
		{[]string{"phases", "-out", filepath.Join(dir, "x.bin"), "-endgame-max", "20", paths[0], out}, "want fewer"},
		{[]string{"phases", "-out", filepath.Join(dir, "x.bin"), "-endgame-max", "30", out, paths[0]}, "not a hidden-layer weights file"},
		{[]string{"phases", "-out", filepath.Join(dir, "x.bin"), "-endgame-max", "20", paths[0], filepath.Join(dir, "missing.bin")}, "no such file"},
		{[]string{"fitnn", "-out", filepath.Join(dir, "x.bin"), "-init", out, dir}, "two-phase"},
	} {
		stdout.Reset()
		stderr.Reset()
		if code := run(c.args, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), c.msg) {
			t.Errorf("%v: exit %d, %q, want a message with %q", c.args, code, stderr.String(), c.msg)
		}
		if _, err := os.Stat(filepath.Join(dir, "x.bin")); err == nil {
			t.Fatalf("%v wrote a file", c.args)
		}
	}

	// The joined file as the endgame of a third net: three phases.
	three := filepath.Join(dir, "three.bin")
	if code := run([]string{"phases", "-out", three, "-endgame-max", "30", paths[1], out}, &stdout, &stderr); code != 0 {
		t.Fatalf("three phases: exit %d: %s", code, stderr.String())
	}
	data, err = os.ReadFile(three)
	if err != nil {
		t.Fatal(err)
	}
	if n, err = ataxx.DecodeNN(data); err != nil {
		t.Fatal(err)
	}
	// Split gives back the files three.bin was joined from.
	midOut, endOut := filepath.Join(dir, "mid-again.bin"), filepath.Join(dir, "end-again.bin")
	if code := run([]string{"phases", "-split", three, midOut, endOut}, &stdout, &stderr); code != 0 {
		t.Fatalf("split: exit %d: %s", code, stderr.String())
	}
	for _, c := range [][2]string{{midOut, paths[1]}, {endOut, out}} {
		got, err := os.ReadFile(c[0])
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(c[1])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("split wrote %s unlike %s", filepath.Base(c[0]), filepath.Base(c[1]))
		}
	}
	if !strings.Contains(stdout.String(), "up to 30 empty squares") {
		t.Errorf("split says %q, not the endgame's bound", stdout.String())
	}
	x, y := filepath.Join(dir, "x.bin"), filepath.Join(dir, "y.bin")
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"phases", "-split", paths[0], x, y}, "not a weights file of phases"},
		{[]string{"phases", "-split", three, x, midOut}, "exists"},
		{[]string{"phases", "-split", three, x}, "-split takes"},
		{[]string{"phases", "-split", three, "-endgame-max", "3", x, y}, "-split takes"},
		{[]string{"phases", "-split", filepath.Join(dir, "missing.bin"), x, y}, "no such file"},
	} {
		stderr.Reset()
		if code := run(c.args, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), c.msg) {
			t.Errorf("%v: exit %d, %q, want a message with %q", c.args, code, stderr.String(), c.msg)
		}
		if _, err := os.Stat(x); err == nil {
			t.Fatalf("%v wrote a file", c.args)
		}
	}

	// us: 15 squares; them: 4 to 24 more, so 30 to 10 empty squares.
	for _, c := range []struct {
		empty int
		net   *ataxx.NN
	}{{31, nets[1]}, {30, nets[0]}, {21, nets[0]}, {20, nets[1]}} {
		b := (uint64(1)<<(ataxx.Squares-15-c.empty) - 1) << 15
		if got, want := n.EvaluateBoard(us, b, ataxx.Standard), c.net.EvaluateBoard(us, b, ataxx.Standard); got != want {
			t.Errorf("three phases, %d empty squares: %d, want %d", c.empty, got, want)
		}
	}
}
