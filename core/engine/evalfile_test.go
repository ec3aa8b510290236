package engine_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/cube"
)

// constantNet writes a hidden-layer net that scores every board 300 for
// the side to move (no output weights, an output bias of one logistic
// unit at 300 hundredths of a piece): a search with it scores ±300.
func constantNet(t *testing.T) string {
	p := ataxx.NewNNParams(8, 1, 300)
	p.B2[0] = 1
	data, err := ataxx.EncodeNN(p)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "constant-nn.bin")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// lastScore is the score of the last info line.
func lastScore(lines []string) string {
	score := ""
	for _, l := range lines {
		if _, rest, ok := strings.Cut(l, " score cp "); ok && strings.HasPrefix(l, "info depth") {
			score, _, _ = strings.Cut(rest, " ")
		}
	}
	return score
}

// The engine plays with a weights file given at run time (EvalFile): the
// search scores with the loaded net; a bad file or a missing one is
// refused with the reason and the engine keeps the net it had; <empty>
// gives the style's own evaluation back.
func TestEvalFile(t *testing.T) {
	good := constantNet(t)
	bad := filepath.Join(t.TempDir(), "bad.bin")
	if err := os.WriteFile(bad, []byte("ATXHnot a net"), 0o644); err != nil {
		t.Fatal(err)
	}
	lines := talk(t, ataxx.Game{}, "uai\nsetoption name EvalFile value "+good+"\nposition startpos\ngo depth 2\n")
	if !has(lines, "option name EvalFile type string default <empty>") {
		t.Errorf("no EvalFile option in %q", lines)
	}
	if !has(lines, "info string EvalFile "+good+": hidden-layer net: 8 hidden units") {
		t.Errorf("the load is not confirmed: %q", lines)
	}
	if got := lastScore(lines); got != "300" {
		t.Errorf("with the constant net the search scores %q: %q", got, lines)
	}
	lines = talk(t, ataxx.Game{}, "setoption name EvalFile value "+good+"\nsetoption name EvalFile value "+bad+
		"\nsetoption name EvalFile value "+bad+".missing\nposition startpos\ngo depth 2\n")
	for _, want := range []string{
		"info string error: setoption EvalFile: " + bad + ": ataxx: not a hidden-layer weights file",
		"info string error: setoption EvalFile: open " + bad + ".missing: no such file",
	} {
		if !has(lines, want) {
			t.Errorf("no %q in %q", want, lines)
		}
	}
	if got := lastScore(lines); got != "300" {
		t.Errorf("after refused files the search scores %q, not the constant net's 300: %q", got, lines)
	}
	lines = talk(t, ataxx.Game{}, "setoption name EvalFile value "+good+"\nsetoption name EvalFile value <empty>\nposition startpos\ngo depth 2\n")
	if got := lastScore(lines); got == "300" || got == "" {
		t.Errorf("after <empty> the search scores %q: %q", got, lines)
	}
	// A game without loadable evaluations has no such option.
	lines = talk(t, cube.Game{}, "uai\nsetoption name EvalFile value "+good+"\n")
	if has(lines, "option name EvalFile") || !has(lines, `info string error: setoption: unknown option "EvalFile"`) {
		t.Errorf("cube: %q", lines)
	}
}
