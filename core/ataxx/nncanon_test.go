package ataxx

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// mapSym agrees with the square-by-square map of every symmetry.
func TestMapSymMapsEverySquare(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := rapid.Uint64().Draw(t, "board") & fullBoardMask()
		for g := 1; g < 8; g++ {
			if got, want := mapSym(g, b), mapBoard(g, b); got != want {
				t.Fatalf("symmetry %d of %#x: %#x, want %#x", g, b, got, want)
			}
		}
	})
}

// fullBoardMask is the 49 squares.
func fullBoardMask() uint64 { return 1<<Squares - 1 }

// All eight images of a board have the same canonical image, and it is
// one of them.
func TestCanonicalIsSharedByTheImages(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := gaplessPosition(t)
		us, them := p.pieces[p.turn], p.pieces[p.turn^1]
		cu, ct := canonical(us, them)
		found := cu == us && ct == them
		for g := 1; g < 8; g++ {
			gu, gt := canonical(mapBoard(g, us), mapBoard(g, them))
			if gu != cu || gt != ct {
				t.Fatalf("%s: symmetry %d has canonical image (%#x, %#x), the board (%#x, %#x)", p.FEN(), g, gu, gt, cu, ct)
			}
			found = found || cu == mapBoard(g, us) && ct == mapBoard(g, them)
		}
		if !found {
			t.Fatalf("%s: canonical image (%#x, %#x) is none of the board's images", p.FEN(), cu, ct)
		}
	})
}

// checkNNFormsAgree fails when the net's fast and plain forms score p
// differently, or its integer form strays from the float net it was made
// from by more than quantisation allows (TestNNQuantisedAgreesAndIsSymmetric).
func checkNNFormsAgree(t *rapid.T, n *NN, params *NNParams, p Position) {
	us, them := p.pieces[p.turn], p.pieces[p.turn^1]
	got := n.Evaluate(&p)
	if plain := n.EvaluateBoard(us, them, p.rules); plain != got {
		t.Fatalf("%s: fast form %d, plain form %d", p.FEN(), got, plain)
	}
	if want := params.Output(us, them, p.rules) * params.Scale; math.Abs(float64(got)-want) > 16 {
		t.Fatalf("%s: integer net %d, float net %.1f", p.FEN(), got, want)
	}
}

// A net of the canonical layout scores a board like its images, and its
// integer form like its float form, as the kinds layout does
// (TestNNQuantisedAgreesAndIsSymmetric); its file carries its layout.
func TestNNCanonicalLayout(t *testing.T) {
	params := randomNNParamsOf(NNLayoutCanon, 11, 32, 3)
	n := mustNN(t, params)
	if n.layout != NNLayoutCanon || len(n.w1) != NNInputsCanon*32 {
		t.Fatalf("decoded layout %v with %d first-layer weights", n.layout, len(n.w1))
	}
	rapid.Check(t, func(t *rapid.T) {
		p := gaplessPosition(t)
		checkNNFormsAgree(t, n, params, p)
		checkNNSymmetric(t, n, p)
	})
	data, err := EncodeNN(params)
	if err != nil {
		t.Fatal(err)
	}
	if again := n.encode(); !bytes.Equal(again, data) {
		t.Fatal("decode then encode changed the file")
	}
	// The same weights read as the kinds layout would be the wrong shape.
	if _, err := DecodeNN(with(data, 4, uint32(NNLayoutKinds))); err == nil {
		t.Fatal("a canonical-layout file decoded as the kinds layout")
	}
}

// The canonical layout turns on one input per window, each window's own,
// then the counts, all below NNInputsCanon.
func TestNNFeaturesCanonInRange(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := gaplessPosition(t)
		var in [NNActive]uint16
		NNFeaturesOf(NNLayoutCanon, p.pieces[p.turn], p.pieces[p.turn^1], p.rules, &in)
		for w := 0; w < NNWindows; w++ {
			if lo := w * NNWindowStates; int(in[w]) < lo || int(in[w]) >= lo+NNWindowStates {
				t.Fatalf("window %d turned on input %d", w, in[w])
			}
		}
		for _, x := range in[NNWindows:] {
			if int(x) < nnCanonWindows || int(x) >= NNInputsCanon {
				t.Fatalf("count input %d outside %d…%d", x, nnCanonWindows, NNInputsCanon)
			}
		}
	})
}

// The raw layout reads the board as it stands: its inputs are the
// canonical layout's of a board that is its own canonical image, and a
// board's images turn on the same count inputs.
func TestNNRawLayoutReadsTheBoardAsItStands(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := gaplessPosition(t)
		us, them := p.pieces[p.turn], p.pieces[p.turn^1]
		g := rapid.IntRange(0, 7).Draw(t, "symmetry")
		gu, gt := BoardImage(g, us), BoardImage(g, them)
		var raw, canon [NNActive]uint16
		NNFeaturesOf(NNLayoutRaw, gu, gt, p.rules, &raw)
		cu, ct := canonical(gu, gt)
		NNFeaturesOf(NNLayoutCanon, cu, ct, p.rules, &canon)
		if cu == gu && ct == gt && raw != canon {
			t.Fatalf("%s, image %d, its own canonical image: raw inputs %v, canonical %v", p.FEN(), g, raw, canon)
		}
		var plain [NNActive]uint16
		NNFeaturesOf(NNLayoutRaw, us, them, p.rules, &plain)
		if !slices.Equal(raw[NNWindows:], plain[NNWindows:]) {
			t.Fatalf("%s, image %d: count inputs %v, the board's %v", p.FEN(), g, raw[NNWindows:], plain[NNWindows:])
		}
		// Window w's input is its own state, cell by cell, of the image.
		for w := 0; w < NNWindows; w++ {
			wf, wr := w%(Size-1), w/(Size-1)
			state := 0
			for c := 0; c < 4; c++ {
				sq := uint(Square(wf+c%2, wr+c/2))
				switch {
				case gu>>sq&1 != 0:
					state += pow3[c]
				case gt>>sq&1 != 0:
					state += 2 * pow3[c]
				}
			}
			if want := w*NNWindowStates + state; int(raw[w]) != want {
				t.Fatalf("%s, image %d: window %d turned on input %d, want %d", p.FEN(), g, w, raw[w], want)
			}
		}
	})
}

// A canonical net read as a raw one keeps its weights; its integer form
// agrees with the float form, and the file says raw.
func TestNNRawFromCanon(t *testing.T) {
	params := randomNNParamsOf(NNLayoutCanon, 5, 16, 2)
	raw, err := NNRawFromCanon(params)
	if err != nil {
		t.Fatal(err)
	}
	n := mustNN(t, raw)
	if n.layout != NNLayoutRaw || len(n.w1) != NNInputsCanon*16 {
		t.Fatalf("decoded layout %v with %d first-layer weights", n.layout, len(n.w1))
	}
	rapid.Check(t, func(t *rapid.T) {
		p := gaplessPosition(t)
		checkNNFormsAgree(t, n, raw, p)
		us, them := p.pieces[p.turn], p.pieces[p.turn^1]
		// On a board that is its own canonical image both nets agree.
		if cu, ct := canonical(us, them); cu == us && ct == them {
			if a, b := raw.Output(us, them, p.rules), params.Output(us, them, p.rules); a != b {
				t.Fatalf("%s: raw %v, canonical %v", p.FEN(), a, b)
			}
		}
	})
	if _, err := NNRawFromCanon(raw); err == nil {
		t.Fatal("a raw net was taken for a canonical one")
	}
	if !strings.Contains(n.String(), "as they stand") {
		t.Fatalf("description %q does not name the layout", n)
	}
}
