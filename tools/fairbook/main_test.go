package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/arena"
)

func ataxxRequest(t *testing.T, margin int) request {
	g, err := core.Lookup("ataxx")
	if err != nil {
		t.Fatal(err)
	}
	return request{game: g, n: 6, plies: 4, seed: 3, nodes: 2000, margin: margin}
}

// Every kept opening scores within the margin, a wide margin keeps more
// of the drawn openings than a narrow one (random openings are often
// lopsided), and the same request gives the same book.
func TestBookKeepsBalancedOpenings(t *testing.T) {
	narrow, triedNarrow, err := fairBook(context.Background(), ataxxRequest(t, 30))
	if err != nil {
		t.Fatal(err)
	}
	wide, triedWide, err := fairBook(context.Background(), ataxxRequest(t, 100_000))
	if err != nil {
		t.Fatal(err)
	}
	if len(narrow) != 6 || len(wide) != 6 {
		t.Fatalf("kept %d and %d openings, want 6", len(narrow), len(wide))
	}
	for _, b := range narrow {
		if abs(b.score) > 30 {
			t.Errorf("%s kept with score %d", b.opening, b.score)
		}
	}
	if triedWide != 6 || triedNarrow <= triedWide {
		t.Errorf("drew %d openings for the narrow margin, %d for the wide one", triedNarrow, triedWide)
	}
	again, _, err := fairBook(context.Background(), ataxxRequest(t, 30))
	if err != nil {
		t.Fatal(err)
	}
	for i := range narrow {
		if again[i].opening.String() != narrow[i].opening.String() || again[i].score != narrow[i].score {
			t.Fatalf("opening %d: %s (%d), then %s (%d)", i, narrow[i].opening, narrow[i].score, again[i].opening, again[i].score)
		}
	}
}

// The written book is one the arena reads, opening for opening.
func TestWrittenBookReadsBack(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"-game", "ataxx", "-n", "4", "-nodes", "2000"}, &out, &errs); err != nil {
		t.Fatal(err, errs.String())
	}
	g, _ := core.Lookup("ataxx")
	book, err := arena.ReadBook(g, core.Options{}, strings.NewReader(out.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(book) != 4 || !strings.HasPrefix(out.String(), "# 4 balanced openings of ataxx") {
		t.Fatalf("read %d openings from\n%s", len(book), out.String())
	}
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{{"-game", "chess"}, {"-n", "0"}, {"-margin", "-1"}, {"-plies", "500"}, {"extra"}, {"-rules", "nope", "-n", "1"}} {
		var out, errs bytes.Buffer
		if err := run(args, &out, &errs); err == nil {
			t.Errorf("%v: no error", args)
		}
		if out.Len() != 0 {
			t.Errorf("%v: wrote %q", args, out.String())
		}
	}
}
