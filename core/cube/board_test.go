package cube

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"

	"github.com/jumpers-game/jumpers/core"
)

func mustParse(t testing.TB, text string) Board {
	t.Helper()
	b, err := ParseBoard(text)
	if err != nil {
		t.Fatalf("ParseBoard(%q): %v", text, err)
	}
	return b
}

// playText plays comma-separated moves through the notation layer.
func playText(t testing.TB, b Board, moves string) (Board, error) {
	t.Helper()
	for _, mv := range strings.Split(moves, ",") {
		m, err := ParseMove(b.Size(), mv)
		if err != nil {
			return b, err
		}
		if err := b.Legal(m); err != nil {
			return b, err
		}
		b.Play(m)
	}
	return b, nil
}

// fataler is what both *testing.T and *rapid.T offer.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// checkInvariants recomputes everything the board keeps incrementally.
func checkInvariants(t fataler, b *Board) {
	t.Helper()
	var owned [2]uint16
	for s := 0; s < b.Squares(); s++ {
		if o := b.owner[s]; o != neutral {
			owned[o]++
		}
		if b.spots[s] == 0 {
			t.Fatalf("square %d has no spots in %s", s, b)
		}
	}
	if owned != b.owned {
		t.Fatalf("owned counts %v, recounted %v in %s", b.owned, owned, b)
	}
	h := b.hash
	b.rehash()
	if h != b.hash {
		t.Fatalf("incremental hash %x, recomputed %x in %s", h, b.hash, b)
	}
	for s := b.Squares(); s < MaxSquares; s++ {
		if b.spots[s] != 0 || b.owner[s] != 0 {
			t.Fatalf("unused square %d is dirty", s)
		}
	}
}

func TestContractExamples(t *testing.T) {
	start, err := NewBoard(3)
	if err != nil {
		t.Fatal(err)
	}
	if got := start.String(); got != "1-1-1-/1-1-1-/1-1-1- r" {
		t.Fatalf("3x3 start = %q", got)
	}
	for _, tc := range []struct{ moves, want string }{
		{"1:1", "2r1-1-/1-1-1-/1-1-1- b"},
		{"1:1,3:3,1:1", "1r2r1-/2r1-1-/1-1-2b b"},
		{"1 1,3 3,1 1", "1r2r1-/2r1-1-/1-1-2b b"},
	} {
		b, err := playText(t, start, tc.moves)
		if err != nil {
			t.Fatalf("%s: %v", tc.moves, err)
		}
		if got := b.String(); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.moves, got, tc.want)
		}
		checkInvariants(t, &b)
	}
	_, err = playText(t, start, "1:1,1:1")
	if err == nil || err.Error() != "square 1:1 belongs to red" {
		t.Errorf("1:1,1:1: got error %v, want \"square 1:1 belongs to red\"", err)
	}
	_, err = playText(t, start, "9:9")
	if err == nil || err.Error() != "square 9:9 is off the 3x3 board" {
		t.Errorf("9:9: got error %v", err)
	}
}

// Seed 000, Figure 2 (N=4): Red adds a spot to 2:1, which jumps; then 2:2,
// which had four spots and received one, jumps too. The figure itself is
// lost, so this board is built to match the text: 2:1 is a red edge square
// with 3 spots, 2:2 a blue inner square with 4, and 1:1 (which also
// receives a spot) stays below its limit.
func TestSeedFigure2(t *testing.T) {
	b := mustParse(t, "1-1-1-1-/3r4b2b1-/1-2r1-1-/1-1-1-2b r")
	steps := b.PlayTraced(b.Square(1, 0))
	want := "2r2r1-1-/2r1r3r1-/2r3r1-1-/1-1-1-2b b"
	if got := b.String(); got != want {
		t.Fatalf("after 2:1: got %q, want %q", got, want)
	}
	// Two waves: 2:1 alone, then 2:2.
	if len(steps) != 3 || len(steps[1].Exploded) != 1 || steps[1].Exploded[0] != b.Square(1, 0) ||
		len(steps[2].Exploded) != 1 || steps[2].Exploded[0] != b.Square(1, 1) {
		t.Fatalf("steps %+v", steps)
	}
	if got := steps[1].Board.String(); got != "2r1-1-1-/1r5r2b1-/2r2r1-1-/1-1-1-2b r" {
		t.Errorf("after the first jump: %q", got)
	}
	if b.TotalSpots() != 16+9 || b.Count(Blue) != 1 || b.Count(Red) != 7 {
		t.Errorf("spots %d, red %d, blue %d", b.TotalSpots(), b.Count(Red), b.Count(Blue))
	}
	checkInvariants(t, &b)
}

// Seed 000, Figure 3: on Red's move, Red plays 3:1 and the whole board
// turns red; the redistribution may stop as soon as every square is red,
// even with squares still overfull. Here every square is full, so 3:1
// starts a cascade that takes the board.
func TestSeedFigure3(t *testing.T) {
	text := "2r3b3b2b/3b4b4b3b/3r4b4b3b/2b3b3b2b r"
	b := mustParse(t, text)
	b.Play(b.Square(2, 0))
	if over, w := b.Outcome(); !over || w != Red {
		t.Fatalf("not a red win: %s", b)
	}
	if b.Count(Red) != 16 || b.TotalSpots() != 49 || b.NumMoves() != 0 || len(b.Moves(nil)) != 0 {
		t.Fatalf("won board %s: red %d, spots %d, moves %d", b, b.Count(Red), b.TotalSpots(), b.NumMoves())
	}
	// 49 spots is more than the 48 a 4x4 board can hold settled: without
	// the win check the cascade would never end. So some square must still
	// be overfull.
	over := false
	for s := 0; s < 16; s++ {
		over = over || b.Spots(Move(s)) > b.Neighbours(Move(s))
	}
	if !over {
		t.Errorf("no square overfull in %s", b)
	}
	// The naive engine with the same queue stops at the same board.
	r := refFromText(text)
	r.playFIFO(2, 0)
	if r.text() != b.String() {
		t.Errorf("fast %s, reference %s", b, r.text())
	}
	// The position text of a won position parses (overfull squares allowed).
	if _, err := ParseBoard(b.String()); err != nil {
		t.Errorf("won position does not parse: %v", err)
	}
	if err := b.Legal(0); !errors.Is(err, core.ErrGameOver) || err.Error() != "the game is over" {
		t.Errorf("move after the win: %v", err)
	}
}

func TestShow(t *testing.T) {
	b := mustParse(t, "1-2r1-/1-1-1-/1-1-2b b")
	want := "===\n    1- 2r 1-\n    1- 1- 1-\n    1- 1- 2b\n===\n"
	if got := b.Show(); got != want {
		t.Errorf("Show:\n%s\nwant\n%s", got, want)
	}
}

// Exploding overfull squares in any order gives the same board when
// nobody wins (the abelian sandpile property: each square explodes the same
// number of times, and every square that receives a spot takes the mover's
// colour). When the mover wins in one order it wins in every order.
func TestOrderIndependence(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	settled, won := 0, 0
	for iter := 0; iter < 3000; iter++ {
		n := 2 + rng.IntN(7)
		r := randomSettled(rng, n, 0.7)
		b := mustParse(t, r.text())
		moves := r.moves()
		m := moves[rng.IntN(len(moves))]
		slow := r.clone()
		slow.playAny(m[0], m[1], rng)
		b.Play(b.Square(m[0], m[1]))
		checkInvariants(t, &b)
		over, w := b.Outcome()
		if slow.winner() != w {
			t.Fatalf("%s move %d:%d: fast winner %d, random-order winner %d", r.text(), m[0]+1, m[1]+1, w, slow.winner())
		}
		if over {
			won++
			fifo := r.clone()
			fifo.playFIFO(m[0], m[1])
			if fifo.text() != b.String() {
				t.Fatalf("%s move %d:%d: fast %s, reference FIFO %s", r.text(), m[0]+1, m[1]+1, b, fifo.text())
			}
			continue
		}
		settled++
		if slow.text() != b.String() {
			t.Fatalf("%s move %d:%d: fast %s, random order %s", r.text(), m[0]+1, m[1]+1, b, slow.text())
		}
	}
	if settled < 1000 || won < 50 {
		t.Errorf("weak sample: %d settled, %d won", settled, won)
	}
}

// Every size has a game that ends: random games (with a bias to explode)
// until somebody owns every square. The win stops the cascade, the winner
// is the last mover, the won position has no moves, and spots are
// conserved all along.
func TestWinOnEverySize(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := MinSize; n <= MaxSize; n++ {
		b, _ := NewBoard(n)
		r := newRef(n)
		played := 0
		limit := 4*n*(n-1) - n*n + 1 // past this the board cannot settle
		for {
			if over, _ := b.Outcome(); over {
				break
			}
			if played > limit {
				t.Fatalf("%dx%d: %d moves without a winner", n, n, played)
			}
			m := greedyRandom(rng, &b)
			mover := b.ToMove()
			b.Play(m)
			rr, cc := b.RowCol(m)
			r.playFIFO(rr, cc)
			played++
			if b.TotalSpots() != n*n+played {
				t.Fatalf("%dx%d: %d spots after %d moves", n, n, b.TotalSpots(), played)
			}
			if over, w := b.Outcome(); over && w != mover {
				t.Fatalf("%dx%d: %d won on %d's move", n, n, w, mover)
			}
		}
		checkInvariants(t, &b)
		if r.text() != b.String() {
			t.Fatalf("%dx%d: fast %s, reference %s", n, n, b, r.text())
		}
		if len(b.Moves(nil)) != 0 || Perft(b, 1) != 0 || Perft(b, 3) != 0 {
			t.Fatalf("%dx%d: a won position has moves", n, n)
		}
		// Every square full, one of them blue: red's move makes the board
		// hold one spot more than it can settle, so only the win check can
		// end the cascade.
		full := mustParse(t, fullBoard(n))
		full.Play(0)
		if over, w := full.Outcome(); !over || w != Red || full.TotalSpots() != 4*n*(n-1)+1 {
			t.Fatalf("%dx%d full board: %s", n, n, full)
		}
		checkInvariants(t, &full)
	}
}

// greedyRandom picks a random legal move, preferring explosions so games
// end sooner.
func greedyRandom(rng *rand.Rand, b *Board) Move {
	ms := b.Moves(nil)
	if rng.IntN(2) == 0 {
		var boom []Move
		for _, m := range ms {
			if b.Spots(m) == b.Neighbours(m) {
				boom = append(boom, m)
			}
		}
		if len(boom) > 0 {
			return boom[rng.IntN(len(boom))]
		}
	}
	return ms[rng.IntN(len(ms))]
}

func TestPlayTraced(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 500; iter++ {
		n := 2 + rng.IntN(8)
		b := mustParse(t, randomSettled(rng, n, 0.6).text())
		ms := b.Moves(nil)
		m := ms[rng.IntN(len(ms))]
		fast := b
		fast.Play(m)
		traced := b
		steps := traced.PlayTraced(m)
		if traced != fast || steps[len(steps)-1].Board != fast {
			t.Fatalf("%s %s: traced %s, fast %s", b, FormatMove(n, m), traced, fast)
		}
		if len(steps[0].Exploded) != 0 {
			t.Fatalf("first step explodes %v", steps[0].Exploded)
		}
		exploded := map[Move]bool{}
		for i, st := range steps {
			if st.Board.TotalSpots() != b.TotalSpots()+1 {
				t.Fatalf("step %d holds %d spots", i, st.Board.TotalSpots())
			}
			if i > 0 && len(st.Exploded) == 0 {
				t.Fatalf("step %d explodes nothing", i)
			}
			for _, s := range st.Exploded {
				exploded[s] = true
			}
			if i < len(steps)-1 && st.Board.ToMove() != b.ToMove() {
				t.Fatalf("step %d has the wrong side to move", i)
			}
		}
		// Every square that exploded, and each of its neighbours, is the
		// mover's at the end.
		for s := range exploded {
			if fast.owner[s] != b.side {
				t.Fatalf("exploded square %d not the mover's", s)
			}
		}
		if len(steps) == 1 && b.Spots(m) == b.Neighbours(m) {
			t.Fatalf("full square %s played without explosion", FormatMove(n, m))
		}
	}
}

func TestPerft(t *testing.T) {
	// Counted by the naive engine (TestPerftAgainstReference checks them
	// again); depth 2 is N²(N²-1) by hand: the first move never explodes.
	known := []struct {
		text  string
		depth int
		want  uint64
	}{
		{"1-1-/1-1- r", 1, 4},
		{"1-1-/1-1- r", 2, 12},
		{"1-1-/1-1- r", 3, 36},
		{"1-1-/1-1- r", 4, 52},
		{"1-1-/1-1- r", 5, 48},
		// A 2x2 board holds at most 8 spots settled, so no game lasts
		// past move 5.
		{"1-1-/1-1- r", 6, 0},
		{"1-1-1-/1-1-1-/1-1-1- r", 1, 9},
		{"1-1-1-/1-1-1-/1-1-1- r", 2, 72},
		{"1-1-1-/1-1-1-/1-1-1- r", 3, 576},
		{"1-1-1-/1-1-1-/1-1-1- r", 4, 4040},
		{"1-1-1-/1-1-1-/1-1-1- r", 5, 28368},
		{"1-1-1-1-/1-1-1-1-/1-1-1-1-/1-1-1-1- r", 2, 240},
		{"1-1-1-1-/1-1-1-1-/1-1-1-1-/1-1-1-1- r", 3, 3600},
		{"1-1-1-1-/1-1-1-1-/1-1-1-1-/1-1-1-1- r", 4, 50520},
	}
	for _, k := range known {
		b := mustParse(t, k.text)
		if got := Perft(b, k.depth); got != k.want {
			t.Errorf("perft(%s, %d) = %d, want %d", k.text, k.depth, got, k.want)
		}
	}
	b, _ := NewBoard(3)
	if Perft(b, 0) != 1 {
		t.Error("perft depth 0 must be 1")
	}
}

func TestPerftAgainstReference(t *testing.T) {
	cases := []struct{ n, depth int }{{2, 6}, {3, 4}, {4, 3}, {5, 3}}
	if testing.Short() {
		cases = cases[:2]
	}
	for _, c := range cases {
		b, _ := NewBoard(c.n)
		want := newRef(c.n).perft(c.depth)
		if got := Perft(b, c.depth); got != want {
			t.Errorf("%dx%d perft %d = %d, reference %d", c.n, c.n, c.depth, got, want)
		}
	}
	// Mid-game positions, where cascades and wins happen.
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 30; i++ {
		r := randomSettled(rng, 2+rng.IntN(3), 0.5)
		b := mustParse(t, r.text())
		if got, want := Perft(b, 3), r.perft(3); got != want {
			t.Fatalf("%s perft 3 = %d, reference %d", r.text(), got, want)
		}
	}
}

// The board is copied for every ply of the search: keep it small and free
// of pointers.
func TestBoardIsSmallValue(t *testing.T) {
	if size := unsafe.Sizeof(Board{}); size > 512 {
		t.Errorf("Board is %d bytes", size)
	}
	a, _ := NewBoard(4)
	b := a
	b.Play(0)
	if a.Spots(0) != 1 || a.ToMove() != Red {
		t.Error("playing on a copy changed the original")
	}
}

// Kepler's terms of a hand-made 2x2 race: Red's full corner beats Blue's
// one-spot corner next to it.
func TestKeplerTermsByHand(t *testing.T) {
	b := mustParse(t, "2r1b/1-1- r")
	got := KeplerTerms(&b)
	want := map[int]int{
		tSpots: 1, tLoaded: 1, tBeaten: 1, // Red's square: full, wins its race
		tLost: -1, tLostSpots: -1, tLostCorners: -1, // Blue's loses it
		tTempo: 1, tNeutral: 1, // Red's chain takes Blue's square and a neutral one
	}
	for i, name := range KeplerTermNames() {
		if got[i] != want[i] {
			t.Errorf("%s = %d, want %d", name, got[i], want[i])
		}
	}
	// Blue to move sees the same board from its side.
	b = mustParse(t, "2r1b/1-1- b")
	got = KeplerTerms(&b)
	for i, name := range KeplerTermNames() {
		w := -want[i]
		switch i {
		case tTempo, tNeutral:
			w = 0 // Blue has no full square
		}
		if i == tThreat {
			w = 1 // Red's chain takes Blue's one square
		}
		if got[i] != w {
			t.Errorf("Blue to move: %s = %d, want %d", name, got[i], w)
		}
	}
}

// The races do not depend on who is to move: the square terms of a board
// with Red to move are those with Blue to move, negated. (Only the chain
// terms, what the side to move can explode now, are the mover's.)
func TestKeplerRacesIgnoreTheMover(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for i := 0; i < 500; i++ {
		n := MinSize + rng.IntN(MaxSize-MinSize+1)
		r := randomSettled(rng, n, rng.Float64())
		r.side = Red
		red := mustParse(t, r.text())
		r.side = Blue
		blue := mustParse(t, r.text())
		tr, tb := KeplerTerms(&red), KeplerTerms(&blue)
		for k := tSquares; k <= tLostCorners; k++ {
			if tr[k] != -tb[k] {
				t.Fatalf("%s: %s is %d with Red to move, %d with Blue", red.String(), termNames[k], tr[k], tb[k])
			}
		}
	}
}
