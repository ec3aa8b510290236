package chinesecheckers

import "testing"

// Found by the soak (core/soak_test.go): under the anti-block rules others'
// moves can fill a player's target arm before its turn. It has not
// finished (only its own move finishes it), so the position text of that
// moment must read back with that player to move.
func TestParseTargetFilledBeforeTurn(t *testing.T) {
	text := "1/11/111/1111/3666.6....222/6666.....222/66.......22/.........2/........./5........2/55.......33/555......333/5555..4..3333/444./444/44/4 3 S,SW,NW,N,NE,SE"
	r, err := ParseRules("locked")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(text, r)
	if err != nil {
		t.Fatal(err)
	}
	if done, _ := p.Finished(2); done || p.ToMove() != 2 || p.String() != text {
		t.Fatalf("player 3: finished %v, to move %d, text %s", done, p.ToMove()+1, p.String())
	}
}
