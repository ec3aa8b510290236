package cube

import (
	"strings"
	"testing"
)

func TestParseMove(t *testing.T) {
	for _, tc := range []struct {
		n    int
		text string
		want Move
		err  string
	}{
		{3, "1:1", 0, ""},
		{3, "3:3", 8, ""},
		{3, " 2:3 ", 5, ""},
		{3, "2 3", 5, ""},
		{15, "15:15", 224, ""},
		{15, "10:2", 136, ""},
		{3, "9:9", 0, "square 9:9 is off the 3x3 board"},
		{3, "0:1", 0, "square 0:1 is off the 3x3 board"},
		{3, "1:", 0, "malformed square"},
		{3, "a:b", 0, "malformed square"},
		{3, "1:-1", 0, "malformed square"},
		{3, "11", 0, "malformed square"},
		{3, "1 2 3", 0, "malformed square"},
		{3, "", 0, "malformed square"},
		{3, "99999999999999999999:1", 0, "malformed square"},
	} {
		m, err := ParseMove(tc.n, tc.text)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseMove(%d, %q) = %v, %v; want error %q", tc.n, tc.text, m, err, tc.err)
			}
			continue
		}
		if err != nil || m != tc.want {
			t.Errorf("ParseMove(%d, %q) = %v, %v; want %v", tc.n, tc.text, m, err, tc.want)
		}
		if got := FormatMove(tc.n, m); got != strings.ReplaceAll(strings.TrimSpace(tc.text), " ", ":") {
			t.Errorf("FormatMove(%d, %d) = %q", tc.n, m, got)
		}
	}
}

func TestParseBoardErrors(t *testing.T) {
	for _, tc := range []struct{ text, err string }{
		{"", "malformed position"},
		{"1-1-/1-1-", "malformed position"},
		{"1-1-/1-1- x", "side to move"},
		{"1- r", "position has 1 rows"},
		{strings.Repeat("1-/", 15) + "1- r", "position has 16 rows"},
		{"1-1-/1- r", "row 2 has 1 cells, want 2"},
		{"1-1-1-/1-1-/1-1-1- r", "row 2 has 2 cells, want 3"},
		{"1-1-1-1-/1-1- r", "row 1 has more than 2 cells"},
		{"1-1-/1-1 r", "malformed cell"},
		{"1-1-/1-r- r", "malformed cell"},
		{"1-1-/1-1x r", "owner \"x\""},
		{"0r1-/1-1- r", "square 1:1 has no spots"},
		{"1-2-/1-1- r", "square 1:2 is neutral with 2 spots"},
		{"3r1-/1-1b r", "square 1:1 is overfull"},
		{"1-1-1-/1-5r1-/1-1-1b b", "square 2:2 is overfull"},
		{"256r1r/1r1r b", "spot count"},
		{"1r+1r/1r1r b", "malformed cell"},
	} {
		_, err := ParseBoard(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseBoard(%q) = %v, want error containing %q", tc.text, err, tc.err)
		}
	}
	// Accepted: any side to move, a won position with overfull squares,
	// counts of more than one digit.
	for _, text := range []string{
		"1-1-/1-1- b",
		"3r3r/1r2r b",
		"12r1r/1r1r b",
		" 2r1-/1-1- b ",
	} {
		b, err := ParseBoard(text)
		if err != nil {
			t.Errorf("ParseBoard(%q): %v", text, err)
			continue
		}
		if b.String() != strings.TrimSpace(text) {
			t.Errorf("ParseBoard(%q).String() = %q", text, b.String())
		}
	}
}

func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{
		"1-1-1-/1-1-1-/1-1-1- r",
		"1r2r1-/2r1-1-/1-1-2b b",
		"2r3b3b2b/3b4b4b3b/3r4b4b3b/2b3b3b2b r",
		"12r1r/1r1r b",
		"1-1-/1- r",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		b, err := ParseBoard(text)
		if err != nil {
			return
		}
		checkInvariants(t, &b)
		again, err := ParseBoard(b.String())
		if err != nil {
			t.Fatalf("%q parses, its text %q does not: %v", text, b.String(), err)
		}
		if again != b || again.String() != b.String() {
			t.Fatalf("round trip of %q: %q", text, again.String())
		}
		// Whatever parses can be played on without trouble.
		if ms := b.Moves(nil); len(ms) > 0 {
			c := b
			c.Play(ms[len(ms)/2])
			checkInvariants(t, &c)
			_ = b.Show()
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"1:1", "3 3", "15:15", "0:0", "a:1", " 2:2"} {
		f.Add(5, s)
	}
	f.Fuzz(func(t *testing.T, n int, text string) {
		if n < MinSize || n > MaxSize {
			n = MinSize + (n&0xff)%(MaxSize-MinSize+1)
		}
		m, err := ParseMove(n, text)
		if err != nil {
			return
		}
		if int(m) >= n*n {
			t.Fatalf("ParseMove(%d, %q) = %d, off the board", n, text, m)
		}
		back, err := ParseMove(n, FormatMove(n, m))
		if err != nil || back != m {
			t.Fatalf("round trip of %q: %q -> %v, %v", text, FormatMove(n, m), back, err)
		}
	})
}
