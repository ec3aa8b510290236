package chinesecheckers

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"pgregory.net/rapid"
)

func optsPlayers(n int) core.Options { return core.Options{}.WithInt(core.OptPlayers, n) }

// ---- geometry ----

func TestGeometry(t *testing.T) {
	if NumHoles != 121 {
		t.Fatal("hole count")
	}
	want := []int{1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1}
	for row, n := range want {
		if HoleAt(row, n) < 0 || HoleAt(row, n+1) >= 0 {
			t.Errorf("row %c: want %d holes", 'a'+row, n)
		}
	}
	for h := 0; h < NumHoles; h++ {
		name := HoleName(h)
		got, err := ParseHole(name)
		if err != nil || got != h {
			t.Errorf("hole %d: name %q parses to %d, %v", h, name, got, err)
		}
		// Neighbours are symmetric and at distance 1.
		for _, n := range Neighbours(h) {
			if !slices.Contains(Neighbours(n), h) {
				t.Errorf("%s-%s not symmetric", name, HoleName(n))
			}
			if Distance(h, n) != 1 {
				t.Errorf("%s-%s at distance %d", name, HoleName(n), Distance(h, n))
			}
		}
		if len(Neighbours(h)) < 2 || len(Neighbours(h)) > 6 {
			t.Errorf("%s has %d neighbours", name, len(Neighbours(h)))
		}
	}
	for _, c := range []struct {
		name string
		arm  Arm
		in   bool
	}{{"a1", S, true}, {"d4", S, true}, {"e1", SW, true}, {"h1", SW, true}, {"e5", 0, false}, {"i5", 0, false},
		{"m1", NW, true}, {"q1", N, true}, {"m13", NE, true}, {"e13", SE, true}, {"h10", SE, true}} {
		h, err := ParseHole(c.name)
		if err != nil {
			t.Fatal(err)
		}
		a, ok := ArmOf(h)
		if ok != c.in || (ok && a != c.arm) {
			t.Errorf("ArmOf(%s) = %v %v, want %v %v", c.name, a, ok, c.arm, c.in)
		}
	}
	for a := 0; a < 6; a++ {
		if armMask[a].count() != 10 {
			t.Errorf("arm %v has %d holes", Arm(a), armMask[a].count())
		}
	}
	if centre.count() != 61 {
		t.Errorf("centre has %d holes", centre.count())
	}
	for _, bad := range []string{"", "a", "a0", "a2", "r1", "e14", "q2", "1a", "a1x", "A"} {
		if _, err := ParseHole(bad); err == nil {
			t.Errorf("ParseHole(%q) accepted", bad)
		}
	}
}

func TestSixFoldSymmetry(t *testing.T) {
	for h := 0; h < NumHoles; h++ {
		r := int(rot60[h])
		// Turning keeps neighbourhoods and moves arm a to a+1.
		for _, n := range Neighbours(h) {
			if Distance(r, int(rot60[n])) != 1 {
				t.Fatalf("rotation breaks %s-%s", HoleName(h), HoleName(n))
			}
		}
		a, ok := ArmOf(h)
		b, ok2 := ArmOf(r)
		if ok != ok2 || (ok && b != (a+1)%6) {
			t.Fatalf("rotation moves %s from arm %v to %v", HoleName(h), a, b)
		}
		x := h
		for k := 0; k < 6; k++ {
			x = int(rot60[x])
		}
		if x != h {
			t.Fatalf("six turns do not come back to %s", HoleName(h))
		}
		x0, y0 := HoleXY(h)
		if d := x0*x0 + y0*y0; d > 8*8*0.75+36 {
			t.Fatalf("hole %s far from centre: %v", HoleName(h), d)
		}
	}
	// Perft is the same from every seat: turn the 2-player start so that
	// the players sit in SW/NE and NW/SE.
	base, _ := Start(2, DefaultRules())
	want := Perft(base, 3)
	for _, seats := range [][]Arm{{SW, NE}, {NW, SE}, {N, S}} {
		p, err := NewPosition(seats, DefaultRules())
		if err != nil {
			t.Fatal(err)
		}
		if got := Perft(p, 3); got != want {
			t.Errorf("seats %v: perft 3 = %d, want %d", seats, got, want)
		}
	}
}

// ---- positions ----

func TestStartPositions(t *testing.T) {
	p, _ := Start(2, DefaultRules())
	const want2 = "2/22/222/2222/............./............/.........../........../........./........../.........../............/............./1111/111/11/1 1 S,N"
	if p.String() != want2 {
		t.Errorf("2-player start:\n%s\nwant\n%s", p.String(), want2)
	}
	for _, n := range []int{2, 3, 4, 6} {
		p, err := Start(n, DefaultRules())
		if err != nil {
			t.Fatal(err)
		}
		seats, _ := Seats(n)
		for i, a := range seats {
			for _, h := range p.Pieces(i) {
				if got, ok := ArmOf(h); !ok || got != a {
					t.Errorf("%d players: player %d piece on %s, not in %v", n, i+1, HoleName(h), a)
				}
			}
		}
		if p.ToMove() != 0 || p.Players() != n {
			t.Errorf("%d players: to move %d, players %d", n, p.ToMove(), p.Players())
		}
		q, err := Parse(p.String(), DefaultRules())
		if err != nil || q.String() != p.String() || q.Hash() != p.Hash() {
			t.Errorf("%d players: round trip %v", n, err)
		}
	}
	if s, _ := Start(3, DefaultRules()); !strings.HasSuffix(s.String(), " 1 S,NW,NE") {
		t.Errorf("3 players: %s", s.String())
	}
	if s, _ := Start(4, DefaultRules()); !strings.HasSuffix(s.String(), " 1 S,SW,N,NE") {
		t.Errorf("4 players: %s", s.String())
	}
	for _, n := range []int{0, 5, 7} {
		if _, err := Start(n, DefaultRules()); err == nil {
			t.Errorf("Start(%d) accepted", n)
		}
	}
}

func TestParseErrors(t *testing.T) {
	start, _ := Start(2, DefaultRules())
	good := start.String()
	cases := map[string]string{
		"":                                       "want the board",
		strings.Replace(good, "S,N", "S,S", 1):   "taken twice",
		strings.Replace(good, "S,N", "S,X", 1):   "unknown arm",
		strings.Replace(good, " 1 ", " 3 ", 1):   "player to move",
		strings.Replace(good, "2/22", "2/2", 1):  "row p has 2 holes",
		strings.Replace(good, "2/22", "2/2.", 1): "player 2 has 9 pieces",
		strings.Replace(good, "2/22", "2/23", 1): "'3'",
		strings.Replace(good, "2/22/", "", 1):    "rows",
		good + " extra":                          "want the board",
	}
	for text, want := range cases {
		_, err := Parse(text, DefaultRules())
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) = %v, want an error with %q", text, err, want)
		}
	}
}

func TestMoveErrors(t *testing.T) {
	p, _ := Start(2, DefaultRules())
	cases := map[string]string{
		"e5e6": "e5 is empty",
		"n1m1": "player 2",
		"a1b1": "taken",
		"d1f2": "cannot be reached",
		"0000": "cannot pass",
	}
	for mv, want := range cases {
		m, err := ParseMove(mv)
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		if err := p.Check(m); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", mv, err, want)
		}
	}
	for _, bad := range []string{"", "d1", "d1d1", "d1z5", "d1e14", "d1e5x", "000", "00000", "x1e5"} {
		if _, err := ParseMove(bad); err == nil {
			t.Errorf("ParseMove(%q) accepted", bad)
		}
	}
	g := Game{}
	pos, _ := g.Start(optsPlayers(2))
	if _, err := pos.Play("d1e9"); err == nil {
		t.Error("d1e9 accepted")
	}
	if _, err := pos.Play("d1e5"); err != nil {
		t.Errorf("d1e5: %v", err)
	}
}

// ---- perft: the fast generator against a slow reference ----

// refBoard is the slow reference: a plain map from doubled coordinates
// (x counts half-holes, y rows from the bottom) to the player on the hole,
// built from the row sizes alone, with moves found by breadth-first search.
type refBoard struct {
	holes map[[2]int]int // 0 empty, else player+1
	seats []Arm
	rules Rules
}

var refDirs = [6][2]int{{2, 0}, {-2, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

func refHoles() [][2]int {
	var out [][2]int
	for y, n := range []int{1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1} {
		for k := 0; k < n; k++ {
			out = append(out, [2]int{12 - (n - 1) + 2*k, y})
		}
	}
	return out
}

// refArm names the arm of a hole from its coordinates, -1 for the centre.
func refArm(c [2]int) int {
	x, y := c[0], c[1]
	switch {
	case y <= 3:
		return int(S)
	case y >= 13:
		return int(N)
	}
	half := 9 - abs(y-8) - 1 // the centre hexagon's half-width in this row
	switch {
	case x < 12-half:
		if y < 8 {
			return int(SW)
		}
		return int(NW)
	case x > 12+half:
		if y < 8 {
			return int(SE)
		}
		return int(NE)
	}
	return -1
}

func newRef(p *Position) *refBoard {
	r := &refBoard{holes: map[[2]int]int{}, rules: p.rules}
	for i := 0; i < p.Players(); i++ {
		r.seats = append(r.seats, p.Seat(i))
	}
	for h, c := range refHoles() {
		r.holes[c] = p.Owner(h) + 1
	}
	return r
}

func (r *refBoard) canLand(pl int, c [2]int, lockedNow bool) bool {
	a := refArm(c)
	home, target := int(r.seats[pl]), int(r.seats[pl].Opposite())
	if r.rules.Closed && a >= 0 && a != home && a != target {
		return false
	}
	if lockedNow && a != target {
		return false
	}
	return true
}

// moves lists the (from, to) pairs of player pl by name.
func (r *refBoard) moves(pl int) []string {
	var out []string
	target := int(r.seats[pl].Opposite())
	for from, o := range r.holes {
		if o != pl+1 {
			continue
		}
		locked := r.rules.Locked && refArm(from) == target
		dests := map[[2]int]bool{}
		for _, d := range refDirs {
			n := [2]int{from[0] + d[0], from[1] + d[1]}
			if v, ok := r.holes[n]; ok && v == 0 && r.canLand(pl, n, locked) {
				dests[n] = true
			}
		}
		seen := map[[2]int]bool{from: true}
		queue := [][2]int{from}
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			lk := r.rules.Locked && refArm(c) == target
			for _, d := range refDirs {
				mid := [2]int{c[0] + d[0], c[1] + d[1]}
				land := [2]int{c[0] + 2*d[0], c[1] + 2*d[1]}
				mv, ok1 := r.holes[mid]
				lv, ok2 := r.holes[land]
				if !ok1 || !ok2 || mv == 0 || lv != 0 || seen[land] || !r.canLand(pl, land, lk) {
					continue
				}
				seen[land] = true
				dests[land] = true
				queue = append(queue, land)
			}
		}
		for d := range dests {
			out = append(out, refName(from)+refName(d))
		}
	}
	slices.Sort(out)
	return out
}

func refName(c [2]int) string {
	row := c[1]
	n := []int{1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1}[row]
	place := (c[0]-(12-(n-1)))/2 + 1
	return fmt.Sprintf("%c%d", 'a'+row, place)
}

func refPerft(p Position, depth int) int64 {
	if depth == 0 {
		return 1
	}
	if p.over {
		return 0
	}
	ms := newRef(&p).moves(p.ToMove())
	if len(ms) == 0 {
		ms = []string{"0000"}
	}
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for _, s := range ms {
		m, _ := ParseMove(s)
		c := p
		if err := c.PlayChecked(m); err != nil {
			panic(fmt.Sprintf("reference move %s rejected: %v", s, err))
		}
		n += refPerft(c, depth-1)
	}
	return n
}

func readReference(t *testing.T) map[[2]int]int64 {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[[2]int]int64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		var pl, d int
		var n int64
		if _, err := fmt.Sscan(line, &pl, &d, &n); err != nil {
			t.Fatal(err)
		}
		out[[2]int{pl, d}] = n
	}
	return out
}

func TestPerftReference(t *testing.T) {
	ref := readReference(t)
	if len(ref) == 0 {
		t.Fatal("no reference numbers")
	}
	for k, want := range ref {
		p, _ := Start(k[0], DefaultRules())
		if got := Perft(p, k[1]); got != want {
			t.Errorf("%d players depth %d: %d, want %d", k[0], k[1], got, want)
		}
	}
}

// Our own numbers, found by both methods (see docs/benchmarks-chinesecheckers.md).
var perftStart = map[int][]int64{
	2: {1, 14, 196, 4760},
	3: {1, 14, 196, 2744},
	4: {1, 14, 199, 2786},
	6: {1, 14, 199, 2828},
}

func TestPerftTwoMethods(t *testing.T) {
	depth := 3
	for _, n := range []int{2, 3, 4, 6} {
		for _, rules := range []string{"default", "closed", "locked", "seed"} {
			r, _ := ParseRules(rules)
			p, _ := Start(n, r)
			for d := 1; d <= depth; d++ {
				fast, slow := Perft(p, d), refPerft(p, d)
				if fast != slow {
					t.Errorf("%d players, %s, depth %d: fast %d, reference %d", n, rules, d, fast, slow)
				}
				if rules == "default" && fast != perftStart[n][d] {
					t.Errorf("%d players depth %d: %d, recorded %d", n, d, fast, perftStart[n][d])
				}
			}
		}
	}
}

// Random middle-game positions: the move lists of both methods agree under
// every profile (the closed and locked rules only bite there).
func TestMoveListsTwoMethods(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, rules := range []string{"default", "closed", "locked", "closed+locked", "seed"} {
		r, _ := ParseRules(rules)
		for _, n := range []int{2, 3, 4, 6} {
			for game := 0; game < 4; game++ {
				p, _ := Start(n, r)
				for ply := 0; ply < 120 && !p.over; ply++ {
					var fast []string
					for _, m := range p.LegalMoves() {
						if !m.IsPass() {
							fast = append(fast, m.String())
						}
					}
					slices.Sort(fast)
					slow := newRef(&p).moves(p.ToMove())
					if !slices.Equal(fast, slow) {
						t.Fatalf("%s, %d players, %s: fast %v\nreference %v", rules, n, p.String(), fast, slow)
					}
					ms := p.LegalMoves()
					p.Play(biasedMove(&p, ms, rng))
				}
			}
		}
	}
}

// biasedMove picks mostly forward moves so random games reach the targets.
func biasedMove(p *Position, ms []Move, rng *rand.Rand) Move {
	if rng.IntN(4) == 0 {
		return ms[rng.IntN(len(ms))]
	}
	best := []Move{ms[0]}
	for _, m := range ms[1:] {
		switch g, b := p.moveGain(m), p.moveGain(best[0]); {
		case g > b:
			best = []Move{m}
		case g == b:
			best = append(best, m)
		}
	}
	return best[rng.IntN(len(best))]
}

// ---- rule profiles ----

func TestRuleNames(t *testing.T) {
	for _, name := range allRuleSets {
		r, err := ParseRules(name)
		if err != nil {
			t.Fatal(err)
		}
		if r.Name() != name {
			t.Errorf("%q reads back as %q", name, r.Name())
		}
	}
	for _, bad := range []string{"x", "closed+seed", "default+default", "seed+x"} {
		if _, err := ParseRules(bad); err == nil {
			t.Errorf("ParseRules(%q) accepted", bad)
		}
	}
	if r, _ := ParseRules(""); r != DefaultRules() {
		t.Error("empty rules are not the default")
	}
}

// board builds a 2-player position: player 1's pieces on ones, player 2's
// on twos, player to move first.
func board(t *testing.T, rules Rules, toMove int, ones, twos []string) Position {
	t.Helper()
	p, _ := Start(2, rules)
	var text [NumHoles]byte
	for i := range text {
		text[i] = '.'
	}
	for _, n := range ones {
		h, err := ParseHole(n)
		if err != nil {
			t.Fatal(err)
		}
		text[h] = '1'
	}
	for _, n := range twos {
		h, err := ParseHole(n)
		if err != nil {
			t.Fatal(err)
		}
		text[h] = '2'
	}
	var b strings.Builder
	for row := 16; row >= 0; row-- {
		b.Write(text[rowStart[row]:rowStart[row+1]])
		if row > 0 {
			b.WriteByte('/')
		}
	}
	fmt.Fprintf(&b, " %d S,N", toMove+1)
	q, err := Parse(b.String(), p.rules)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

var northArm = []string{"q1", "p1", "p2", "o1", "o2", "o3", "n1", "n2", "n3", "n4"}

func play(t *testing.T, p *Position, mv string) {
	t.Helper()
	m, err := ParseMove(mv)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.PlayChecked(m); err != nil {
		t.Fatalf("%s: %v", mv, err)
	}
}

func TestWinConditions(t *testing.T) {
	// Player 2 parks a piece on n4 in player 1's target; player 1 has the
	// nine other target holes and a tenth piece outside.
	twos := []string{"n4", "a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "e1"}
	ones := append(slices.Clone(northArm[:8]), "m7", "m1")
	p := board(t, DefaultRules(), 0, ones, twos)
	play(t, &p, "m7n3")
	if over, w := p.Over(); !over || w != 0 {
		t.Fatalf("default: over %v winner %d, want player 1 (target full, one of its own)", over, w)
	}
	p = board(t, SeedRules(), 0, ones, twos)
	play(t, &p, "m7n3")
	if over, _ := p.Over(); over {
		t.Fatal("seed: a blocked target must not win")
	}
	// Seed: all ten in wins.
	p = board(t, SeedRules(), 0, append(slices.Clone(northArm[:9]), "m8"), []string{"e1", "e2", "e3", "e4", "e5", "f1", "f2", "f3", "f4", "f5"})
	play(t, &p, "m8n4")
	if over, w := p.Over(); !over || w != 0 {
		t.Fatalf("seed: all ten in: over %v winner %d", over, w)
	}
	g := GamePosition{P: p}
	if r := g.Result(); !r.Over || r.Winner != 0 || r.Places != nil {
		t.Errorf("result %+v", r)
	}
	if len(g.Moves()) != 0 {
		t.Error("moves after the end")
	}
}

func TestClosedArms(t *testing.T) {
	// Player 1 on h1's neighbour: stepping into SW (h1) is refused under
	// closed, fine under default; a hop chain may not land in a side arm
	// even on its way.
	ones := []string{"i1", "a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "d3"}
	twos := northArm
	for _, rules := range []string{"default", "closed"} {
		r, _ := ParseRules(rules)
		p := board(t, r, 0, ones, twos)
		m, _ := ParseMove("i1h1")
		err := p.Check(m)
		if (err == nil) != (rules == "default") {
			t.Errorf("%s: i1h1: %v", rules, err)
		}
		if rules == "closed" && (err == nil || !strings.Contains(err.Error(), "closed")) {
			t.Errorf("closed: i1h1 error %v", err)
		}
	}
	// A chain that passes through a side arm: e5 hops over e4 into e3 (in
	// SW), then over f3 out to g3. Free under default, cut under closed.
	ones = []string{"e5", "a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "d3"}
	twos = []string{"e4", "f3", "q1", "p1", "p2", "o1", "o2", "o3", "n1", "n2"}
	for _, rules := range []string{"default", "closed"} {
		r, _ := ParseRules(rules)
		p := board(t, r, 0, ones, twos)
		m, _ := ParseMove("e5g3")
		err := p.Check(m)
		if (err == nil) != (rules == "default") {
			t.Errorf("%s: e5g3: %v", rules, err)
		}
		if err == nil {
			if path := p.Path(m); len(path) != 3 || HoleName(path[1]) != "e3" {
				t.Errorf("path %v", path)
			}
		}
	}
	// Random games: no destination and no landing on the way is in a
	// closed arm.
	rng := rand.New(rand.NewPCG(3, 3))
	r, _ := ParseRules("closed")
	for game := 0; game < 5; game++ {
		p, _ := Start(3, r)
		for ply := 0; ply < 150 && !p.over; ply++ {
			ms := p.LegalMoves()
			for _, m := range ms {
				if m.IsPass() {
					continue
				}
				a, ok := ArmOf(int(m.To))
				pl := p.ToMove()
				if ok && a != p.Seat(pl) && a != p.Target(pl) {
					t.Fatalf("closed: %v lands in %v", m, a)
				}
				for _, h := range p.Path(m) {
					if a, ok := ArmOf(h); ok && a != p.Seat(pl) && a != p.Target(pl) {
						t.Fatalf("closed: %v passes through %v", m, a)
					}
				}
			}
			p.Play(biasedMove(&p, ms, rng))
		}
	}
}

func TestLockedGoal(t *testing.T) {
	// Player 1 has a piece on n1 (in its target): under locked it may move
	// within the arm (n1o1) but never out (n1m5).
	ones := []string{"n1", "a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "d3"}
	twos := []string{"q1", "p1", "p2", "o2", "o3", "n3", "n4", "i5", "i6", "i7"}
	for _, rules := range []string{"default", "locked"} {
		r, _ := ParseRules(rules)
		p := board(t, r, 0, ones, twos)
		out, _ := ParseMove("n1m5")
		in, _ := ParseMove("n1o1")
		if err := p.Check(in); err != nil {
			t.Errorf("%s: n1o1: %v", rules, err)
		}
		err := p.Check(out)
		if (err == nil) != (rules == "default") {
			t.Errorf("%s: n1m5: %v", rules, err)
		}
		if rules == "locked" && (err == nil || !strings.Contains(err.Error(), "never leaves")) {
			t.Errorf("locked: error %v", err)
		}
	}
	// Random games: a piece that starts a move in its target ends it there.
	rng := rand.New(rand.NewPCG(4, 4))
	r, _ := ParseRules("locked")
	p, _ := Start(2, r)
	for ply := 0; ply < 300 && !p.over; ply++ {
		ms := p.LegalMoves()
		pl := p.ToMove()
		for _, m := range ms {
			if !m.IsPass() {
				if a, ok := ArmOf(int(m.From)); ok && a == p.Target(pl) {
					if b, ok := ArmOf(int(m.To)); !ok || b != a {
						t.Fatalf("locked: %v leaves the target", m)
					}
				}
			}
		}
		p.Play(biasedMove(&p, ms, rng))
	}
}

func TestMoveLimit(t *testing.T) {
	r := DefaultRules()
	r.MoveLimit = 3
	p, _ := Start(2, r)
	for _, mv := range []string{"d1e5", "n1m5", "d2e6", "n2m6", "c1d1"} {
		play(t, &p, mv)
	}
	if over, _ := p.Over(); over {
		t.Fatal("over too early")
	}
	play(t, &p, "o1n1")
	over, w := p.Over()
	// Both went three steps forward: as far to go, neither stalled, a draw
	// the reason explains.
	if want := "move limit reached: Player 1 and Player 2 have 117 holes to go each"; !over || p.Reason() != want {
		t.Fatalf("over %v reason %q, want %q", over, p.Reason(), want)
	}
	d0, d1 := p.ToGo(0), p.ToGo(1)
	if d0 != d1 || p.Stalled(0) != 0 || p.Stalled(1) != 0 || w != -1 {
		t.Errorf("to go %d/%d, stalled %d/%d, winner %d", d0, d1, p.Stalled(0), p.Stalled(1), w)
	}
	// One move less forward for player 2 (a step back instead): player 1
	// wins on distance, and the reason says so.
	q, _ := Start(2, r)
	for _, mv := range []string{"d1e5", "n1m5", "d2e6", "n2m6", "c1d1", "m6n2"} {
		play(t, &q, mv)
	}
	if _, w := q.Over(); w != 0 || q.Reason() != "move limit reached: Player 1 has 117 holes to go, Player 2 has 119" {
		t.Errorf("winner %d, reason %q", w, q.Reason())
	}
}

func TestMultiPlayerRanking(t *testing.T) {
	// Three players; play random forward games to the end and check the
	// places: a permutation of 1..3 whose first is the first finisher, the
	// game going on after the first finish.
	rng := rand.New(rand.NewPCG(5, 5))
	for _, n := range []int{3, 4, 6} {
		p, _ := Start(n, DefaultRules())
		sawFirst := false
		for !p.over {
			ms := p.LegalMoves()
			p.Play(biasedMove(&p, ms, rng))
			if p.first >= 0 && !p.over {
				sawFirst = true
				if ok, _ := p.Finished(p.ToMove()); ok {
					t.Fatal("a finished player is to move")
				}
			}
		}
		places := p.Places()
		g := GamePosition{P: p}
		res := g.Result()
		if len(res.Places) != n {
			t.Fatalf("%d players: places %v", n, res.Places)
		}
		if p.Reason() == "all players placed" {
			sorted := slices.Clone(places)
			slices.Sort(sorted)
			for i := range sorted {
				if sorted[i] != i+1 {
					t.Errorf("%d players: places %v", n, places)
				}
			}
			if !sawFirst {
				t.Errorf("%d players: the game did not go on after the first finish", n)
			}
			if places[res.Winner] != 1 {
				t.Errorf("winner %d has place %d", res.Winner, places[res.Winner])
			}
		}
		t.Logf("%d players: %s after %d moves, places %v", n, p.Reason(), p.Ply(), places)
	}
}

// ---- properties ----

func TestProperties(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.SampledFrom([]int{2, 3, 4, 6}).Draw(rt, "players")
		rules := rapid.SampledFrom(allRuleSets).Draw(rt, "rules")
		r, _ := ParseRules(rules)
		p, _ := Start(n, r)
		plies := rapid.IntRange(0, 200).Draw(rt, "plies")
		seed := rapid.Uint64().Draw(rt, "seed")
		rng := rand.New(rand.NewPCG(seed, 1))
		for i := 0; i < plies && !p.over; i++ {
			ms := p.LegalMoves()
			m := biasedMove(&p, ms, rng)
			if !m.IsPass() {
				path := p.Path(m)
				if len(path) < 2 || path[0] != int(m.From) || path[len(path)-1] != int(m.To) {
					rt.Fatalf("%v: path %v", m, path)
				}
				if len(path) > 2 || Distance(path[0], path[1]) != 1 {
					for k := 1; k < len(path); k++ {
						a, b := path[k-1], path[k]
						mid := -1
						for d := 0; d < 6; d++ {
							if int(jump[a][d]) == b {
								mid = int(step[a][d])
							}
						}
						if mid < 0 || p.Owner(mid) < 0 || (p.Owner(b) >= 0) {
							rt.Fatalf("%v: bad hop %s-%s in %v", m, HoleName(a), HoleName(b), path)
						}
					}
				}
			}
			p.Play(m)
			if p.hash != p.computeHash() {
				rt.Fatalf("incremental hash differs after %v", m)
			}
			for pl := 0; pl < n; pl++ {
				c := 0
				for h := 0; h < NumHoles; h++ {
					if p.Owner(h) == pl {
						c++
					}
				}
				if c != PiecesPerPlayer {
					rt.Fatalf("player %d has %d pieces", pl+1, c)
				}
			}
		}
		q, err := Parse(p.String(), r)
		if err != nil {
			rt.Fatalf("round trip: %v\n%s", err, p.String())
		}
		// The text carries the board, not the move count (CONTRACTS.md), so
		// the board hashes agree.
		if q.String() != p.String() || q.hash != p.hash {
			rt.Fatalf("round trip changed the position")
		}
		if !p.over {
			a, b := p.LegalMoves(), q.LegalMoves()
			less := func(x, y Move) int { return int(x.From)*256 + int(x.To) - int(y.From)*256 - int(y.To) }
			slices.SortFunc(a, less)
			slices.SortFunc(b, less)
			if !slices.Equal(a, b) {
				rt.Fatalf("round trip changed the moves")
			}
		}
	})
}

// ---- fuzzing ----

func FuzzParsePosition(f *testing.F) {
	for _, n := range []int{2, 3, 4, 6} {
		p, _ := Start(n, DefaultRules())
		f.Add(p.String(), "default")
	}
	f.Add("", "seed")
	f.Add("1 1 S", "closed")
	f.Fuzz(func(t *testing.T, text, rules string) {
		r, err := ParseRules(rules)
		if err != nil {
			return
		}
		p, err := Parse(text, r)
		if err != nil {
			return
		}
		q, err := Parse(p.String(), r)
		if err != nil || q.String() != p.String() {
			t.Fatalf("round trip of %q: %v", p.String(), err)
		}
		_ = p.LegalMoves()
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"d1e5", "0000", "a1b2", "q1p1", "e13f12", "x", ""} {
		f.Add(s)
	}
	p, _ := Start(2, DefaultRules())
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			return
		}
		if m.String() != strings.ToLower(s) && !(m.IsPass() && s == "0000") {
			t.Fatalf("%q reads as %v", s, m)
		}
		q := p
		_ = q.PlayChecked(m)
		_ = p.Path(m)
	})
}

// TestRepeatedSeesShuffles: Repeated is true exactly when the board and
// the player to move are those of one of the last recentPlies positions,
// over games where the players often move a piece back where it was.
func TestRepeatedSeesShuffles(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.SampledFrom([]int{2, 3, 4, 6}).Draw(rt, "players")
		p, _ := Start(n, DefaultRules())
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 2))
		var seen []uint64 // board hashes before each move, oldest first
		last := make([]Move, n)
		repeats := 0
		for i := 0; i < 120 && !p.over; i++ {
			ms := p.LegalMoves()
			m := ms[rng.IntN(len(ms))]
			back := Move{From: last[p.toMove].To, To: last[p.toMove].From}
			if !last[p.toMove].IsPass() && last[p.toMove] != (Move{}) && rng.IntN(3) > 0 && p.Check(back) == nil {
				m = back
			}
			last[p.toMove] = m
			seen = append(seen, p.BoardHash())
			p.Play(m)
			want := false
			for k := max(0, len(seen)-recentPlies); k < len(seen); k++ {
				want = want || seen[k] == p.BoardHash()
			}
			if p.Repeated() != want {
				rt.Fatalf("after %d moves: Repeated %v, history says %v", i+1, p.Repeated(), want)
			}
			if want {
				repeats++
			}
		}
		if repeats == 0 && n == 2 {
			rt.Fatalf("no repetition in a game of shuffles: the test tests nothing")
		}
	})
}
