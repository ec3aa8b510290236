package lesson

import (
	"testing"

	"pgregory.net/rapid"
)

// Any legal move in any step either completes it or gets the step's
// nudge; any text at all gets a message; nothing panics.
func TestAnyMoveCompletesOrIsAnswered(t *testing.T) {
	all := All()
	rapid.Check(t, func(t *rapid.T) {
		l := rapid.SampledFrom(all).Draw(t, "lesson")
		i := rapid.IntRange(0, len(l.Steps)-1).Draw(t, "step")
		c, err := l.Start(i)
		if err != nil {
			t.Fatal(err)
		}
		s := l.Steps[i]
		m := rapid.SampledFrom(c.Position().Moves()).Draw(t, "legal move")
		v := c.Try(m)
		switch {
		case !v.Legal || v.Err != nil:
			t.Fatalf("legal move %s refused: %+v", m, v)
		case v.Done:
			if v.Message != s.Done || v.After == nil {
				t.Fatalf("%s done: %+v", m, v)
			}
		case s.Accept == AnyMove || v.Message != s.Nudge || v.Message == "":
			t.Fatalf("%s not done: %+v", m, v)
		}
		text := rapid.OneOf(rapid.String(), rapid.StringMatching(`[a-q][0-9]{1,2}[a-q][0-9]{1,2}|[0-9]{1,2}:[0-9]{1,2}|[a-g][1-7]`)).Draw(t, "text")
		if v := c.Try(text); v.Message == "" || (!v.Legal && v.Err == nil) {
			t.Fatalf("%q: %+v", text, v)
		}
	})
}

// FuzzTry: any move text in any step is answered with a message, never a
// panic, and a refusal always carries the rules' reason.
func FuzzTry(f *testing.F) {
	for _, seed := range []string{"2:2", "f2", "a1c3", "d1e5", "0000", "", "9:9", "q1a1", "\x00", "1:1\n"} {
		f.Add(seed)
	}
	all := All()
	f.Fuzz(func(t *testing.T, move string) {
		for _, l := range all {
			for i := range l.Steps {
				c, err := l.Start(i)
				if err != nil {
					t.Fatal(err)
				}
				v := c.Try(move)
				if v.Message == "" || (!v.Legal && v.Err == nil) || (v.Done && v.After == nil) {
					t.Fatalf("%s/%s %q: %+v", l.ID, l.Steps[i].ID, move, v)
				}
			}
		}
	})
}
