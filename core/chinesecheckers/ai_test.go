package chinesecheckers

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"pgregory.net/rapid"
)

// Every game between AIs ends with a winner under every profile: the race
// planner finishes the endgame, whatever the rules.
func TestAIAlwaysFinishes(t *testing.T) {
	profiles := allRuleSets
	if testing.Short() {
		profiles = []string{"default", "seed"}
	}
	for i, name := range profiles {
		r, _ := ParseRules(name)
		start, _ := Start(2, r)
		players := []player{{level: core.Average, depth: 2}, {level: core.Novice, depth: 2}}
		if i%2 == 1 {
			players[0], players[1] = players[1], players[0]
		}
		p := playGame(t, start, players, int64(i), 600)
		over, w := p.Over()
		if !over || w < 0 || p.Reason() != "all players placed" {
			t.Errorf("%s: over %v winner %d (%s) after %d plies\n%s", name, over, w, p.Reason(), p.Ply(), p.String())
		}
		t.Logf("%s: player %d won after %d plies", name, w+1, p.Ply())
	}
}

func TestAIMultiPlayerFinishes(t *testing.T) {
	if testing.Short() {
		t.Skip("multi-player games take a few seconds")
	}
	for _, n := range []int{3, 4, 6} {
		start, _ := Start(n, SeedRules())
		players := make([]player, n)
		for i := range players {
			players[i] = player{level: core.Average, depth: 2}
		}
		p := playGame(t, start, players, int64(n), 2000)
		if over, _ := p.Over(); !over {
			t.Errorf("%d players: not over after %d plies\n%s", n, p.Ply(), p.String())
		}
		t.Logf("%d players: %s after %d plies, places %v", n, p.Reason(), p.Ply(), p.Places())
	}
}

func TestAITakesTheWin(t *testing.T) {
	twos := []string{"n4", "a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "e1"}
	ones := append(append([]string{}, northArm[:8]...), "m7", "m1")
	p := board(t, DefaultRules(), 0, ones, twos)
	for _, lv := range []string{core.Beginner, core.Average, core.Expert} {
		res, err := BestMove(context.Background(), p, core.AIRequest{Level: lv, Seed: 1, MoveTime: 200 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if res.Move != "m7n3" {
			t.Errorf("%s plays %s, not the winning m7n3", lv, res.Move)
		}
	}
}

func TestAICancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, n := range []int{2, 3, 6} {
		p, _ := Start(n, DefaultRules())
		res, err := BestMove(ctx, p, core.AIRequest{Level: core.Expert})
		if err != nil {
			t.Fatal(err)
		}
		// Work, not the clock: a loaded machine may be slow to return. (A
		// multi-player search still makes its few hundred nodes of a
		// shallow fallback.)
		if res.Info.Nodes > 1000 {
			t.Errorf("%d players: a cancelled search went on: depth %d, %d nodes", n, res.Info.Depth, res.Info.Nodes)
		}
		m, err := ParseMove(res.Move)
		if err != nil || p.Check(m) != nil {
			t.Errorf("%d players: illegal move %q", n, res.Move)
		}
	}
}

func TestAIReproducible(t *testing.T) {
	p, _ := Start(2, DefaultRules())
	for _, mv := range []string{"d1e5", "n4m9"} {
		play(t, &p, mv)
	}
	for _, lv := range []string{core.Beginner, core.Novice, core.Average} {
		var first string
		for k := 0; k < 3; k++ {
			res, err := BestMove(context.Background(), p, core.AIRequest{Level: lv, Seed: 42, Depth: 2})
			if err != nil {
				t.Fatal(err)
			}
			if k == 0 {
				first = res.Move
			} else if res.Move != first {
				t.Errorf("%s: seed 42 gives %s then %s", lv, first, res.Move)
			}
		}
	}
}

func TestAIBadRequests(t *testing.T) {
	p, _ := Start(2, DefaultRules())
	if _, err := BestMove(context.Background(), p, core.AIRequest{Level: "Grandmaster"}); err == nil {
		t.Error("unknown level accepted")
	}
	if _, err := BestMove(context.Background(), p, core.AIRequest{Style: "Wild"}); err == nil {
		t.Error("unknown style accepted")
	}
	g := Game{}
	if g.Levels()[0].Name != core.Beginner || g.Levels()[1].Name != Classic || g.Levels()[len(g.Levels())-1].Name != core.Expert || g.RuleSets()[0] != "default" {
		t.Error("levels or rule sets out of order")
	}
}

// The race: once the sides have passed each other, the AI carries its
// pieces home by the planner's plan and never stalls.
func TestAIRace(t *testing.T) {
	// Player 1 is past player 2 entirely: its pieces in rows k..m, player
	// 2's in the SW arm, far from its target.
	ones := []string{"m5", "m6", "m7", "m8", "m9", "l5", "l6", "l7", "l8", "k6"}
	twos := []string{"h1", "g1", "g2", "f1", "f2", "f3", "e1", "e2", "e3", "e4"}
	p := board(t, SeedRules(), 0, ones, twos)
	if !p.racing() {
		t.Fatal("not seen as a race")
	}
	// Strong plans without the clock (a depth-capped level): the same
	// plan on any machine, under -race too.
	res, err := BestMove(context.Background(), p, core.AIRequest{Level: core.Strong})
	if err != nil {
		t.Fatal(err)
	}
	planned := res.Info.Depth
	p0 := p
	players := []player{{level: core.Strong}, {level: core.Strong}}
	p = playGame(t, p0, players, 1, 400)
	if over, w := p.Over(); !over || w != 0 {
		t.Fatalf("over %v winner %d", over, w)
	}
	if moves := (p.Ply() + 1) / 2; moves > planned {
		t.Errorf("the race took %d moves, the first plan %d", moves, planned)
	}
}

func TestClassic(t *testing.T) {
	p, _ := Start(2, SeedRules())
	// The seed's opening: the left outer piece steps diagonally inwards.
	if m := ClassicMove(&p); m.String() != "d1e6" {
		t.Errorf("first move %v, want d1e6", m)
	}
	play(t, &p, "d1e6")
	if m := ClassicMove(&p); m.String() != "n1m6" {
		// Player 2's frame is turned by 180°: its left outer piece is n4.
		t.Logf("player 2 opens with %v", m)
	}
	// A whole game of Classic against Average stays legal.
	start, _ := Start(2, DefaultRules())
	q := playGame(t, start, []player{{level: Classic}, {level: core.Average, depth: 2}}, 3, 600)
	if over, _ := q.Over(); !over {
		t.Errorf("Classic vs Average did not end")
	}
	// Classic finishes a lone last piece by the seed's shortest path.
	ones := append(append([]string{}, northArm[:9]...), "i5")
	twos := []string{"a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "e1", "e2"}
	r := board(t, SeedRules(), 0, ones, twos)
	for k := 0; k < 12 && !r.over; k++ {
		m := ClassicMove(&r)
		if err := r.PlayChecked(m); err != nil {
			t.Fatal(err)
		}
		if !r.over {
			r.Play(ClassicMove(&r))
		}
	}
	if over, w := r.Over(); !over || w != 0 {
		t.Errorf("Classic did not bring its last piece home: %s", r.String())
	}
}

func TestSolve(t *testing.T) {
	// A short budget is kept (the first, narrow beam always finishes).
	short, cancelShort := context.WithTimeout(context.Background(), 300*time.Millisecond)
	st0 := time.Now()
	quick := Solve(short, DefaultRules())
	cancelShort()
	// (Far less than the minutes a solve that ignored its context runs;
	// no tighter bound: a loaded machine may be slow to return.)
	if d := time.Since(st0); d > 20*time.Second || len(quick) == 0 {
		t.Errorf("300 ms solve took %v and found %d moves", d, len(quick))
	}
	// The quality of a plan depends on the beam's width, not on a clock:
	// width 16,384 finds the optimum 27 (about 7 s on a quiet machine,
	// whatever the load costs).
	width := 1024
	if !testing.Short() {
		width = 16384
	}
	st := time.Now()
	start := SolitaireStart(DefaultRules())
	plan := planRace(context.Background(), &start, 64, width, 27)
	t.Logf("solitaire: %d moves in %v (beam up to %d)", len(plan), time.Since(st), width)
	if len(plan) == 0 {
		t.Fatal("no plan")
	}
	if len(plan) < 27 {
		t.Fatalf("%d moves: shorter than the proven optimum 27", len(plan))
	}
	if !testing.Short() && len(plan) != 27 {
		t.Errorf("%d moves, want 27", len(plan))
	}
	// Replay through the rules.
	p := SolitaireStart(DefaultRules())
	for i, m := range plan {
		if err := p.PlayChecked(m); err != nil {
			t.Fatalf("move %d %v: %v", i+1, m, err)
		}
	}
	if over, w := p.Over(); !over || w != 0 {
		t.Fatalf("the plan does not finish: %s", p.String())
	}
	for _, h := range p.Pieces(0) {
		if a, ok := ArmOf(h); !ok || a != N {
			t.Fatalf("piece on %s after the plan", HoleName(h))
		}
	}
}

func TestBestReplyLayers(t *testing.T) {
	p, _ := Start(3, DefaultRules())
	b := brsPos{Position: p, root: 0}
	ms := b.Moves(nil)
	if len(ms) != 14 {
		t.Fatalf("root layer: %d moves", len(ms))
	}
	b.Play(ms[0])
	if b.ToMove() != 1 || b.Position.ToMove() != 0 {
		t.Fatalf("after the root's move: layer %d, player %d", b.ToMove(), b.Position.ToMove())
	}
	opp := b.Moves(nil)
	if k := repliesPerOpponent(3); len(opp) != 2*k {
		t.Fatalf("opponents' layer: %d moves, want %d for each of 2 opponents", len(opp), k)
	}
	// A move of player 3 comes straight back to the root player.
	var m3 Move
	for _, m := range opp {
		if b.Position.Owner(int(m.From)) == 2 {
			m3 = m
		}
	}
	b.Play(m3)
	if b.ToMove() != 0 || b.Position.ToMove() != 0 || b.Position.hash != b.Position.computeHash() {
		t.Fatalf("after player 3's reply: layer %d, player %d, hash ok %v", b.ToMove(), b.Position.ToMove(), b.Position.hash == b.Position.computeHash())
	}
	for _, style := range []string{"BestReply", "Paranoid"} {
		res, err := BestMove(context.Background(), p, core.AIRequest{Style: style, Depth: 3, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		m, _ := ParseMove(res.Move)
		if p.Check(m) != nil {
			t.Errorf("%s: illegal %s", style, res.Move)
		}
	}
}

// The opponents' layer of Best-Reply Search holds, for every opponent
// still racing, its repliesPerOpponent(players) best race moves (all of them when it
// has fewer), and no dropped move gains more than a kept one.
func TestBestReplyKeepsEachOpponentsBestRaceMoves(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.SampledFrom([]int{3, 4, 6}).Draw(rt, "players")
		p, _ := Start(n, DefaultRules())
		plies := rapid.IntRange(0, 300).Draw(rt, "plies")
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 1))
		for i := 0; i < plies && !p.over; i++ {
			p.Play(biasedMove(&p, p.LegalMoves(), rng))
		}
		if p.over {
			return
		}
		p.SetSearchRoot() // a player placed earlier does not end the search
		b := brsPos{Position: p, root: p.toMove, layer: 1}
		kept := map[Move]bool{}
		perOwner := map[int]int{}
		for _, m := range b.Moves(nil) {
			if m.IsPass() {
				continue
			}
			kept[m] = true
			perOwner[p.Owner(int(m.From))]++
		}
		for i := 0; i < n; i++ {
			if i == int(p.toMove) || p.finished>>uint(i)&1 != 0 {
				if perOwner[i] != 0 {
					rt.Fatalf("player %d (root or finished) has %d replies", i+1, perOwner[i])
				}
				continue
			}
			q := p
			q.setTurn(uint8(i))
			var all []Move
			for _, m := range q.LegalMoves() {
				if !m.IsPass() {
					all = append(all, m)
				}
			}
			if want := min(len(all), repliesPerOpponent(n)); perOwner[i] != want {
				rt.Fatalf("player %d: %d replies of %d moves, want %d", i+1, perOwner[i], len(all), want)
			}
			worstKept, bestDropped := 1<<30, -1<<30
			for _, m := range all {
				if g := p.raceOrder(i, m); kept[m] {
					worstKept = min(worstKept, g)
				} else {
					bestDropped = max(bestDropped, g)
				}
			}
			if bestDropped > worstKept {
				rt.Fatalf("player %d: a dropped move ranks %d, above a kept one at %d", i+1, bestDropped, worstKept)
			}
		}
	})
}

// The search's hash tells positions apart that differ only in how the game
// can still end: the moves left before the limit and the passes in a row.
func TestHashCountsMovesAndPasses(t *testing.T) {
	p, _ := Start(2, DefaultRules())
	q := p
	for _, m := range []string{"d1e5", "n4m9", "e5d1", "m9n4"} {
		play(t, &q, m)
	}
	if p.hash != q.hash {
		t.Fatal("the same board should have the same board hash")
	}
	if p.Hash() == q.Hash() {
		t.Fatal("four moves nearer the move limit, the search hash must differ")
	}
	r := p
	r.passes = 1
	if r.Hash() == p.Hash() {
		t.Fatal("a pass in a row must change the search hash")
	}
}

// TestRaceMoveIgnoresEarlierPlans: a depth-capped level plans a race
// from scratch, neither reading nor writing the plans a timed level keeps
// between its moves, so its move is the same whatever ran before.
func TestRaceMoveIgnoresEarlierPlans(t *testing.T) {
	ones := []string{"m5", "m6", "m7", "m8", "m9", "l5", "l6", "l7", "l8", "k6"}
	twos := []string{"h1", "g1", "g2", "f1", "f2", "f3", "e1", "e2", "e3", "e4"}
	p := board(t, SeedRules(), 0, ones, twos)
	cached := func() int {
		raceCache.Lock()
		defer raceCache.Unlock()
		return len(raceCache.plans)
	}
	for _, level := range []string{core.Novice, core.Average, core.Strong} {
		raceCache.Lock()
		clear(raceCache.plans)
		raceCache.Unlock()
		fresh, err := BestMove(context.Background(), p, core.AIRequest{Level: level, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if n := cached(); n != 0 {
			t.Errorf("%s left %d plans in the race cache", level, n)
		}
		// A timed Expert caches its plans; the level must not use them.
		_, _ = BestMove(context.Background(), p, core.AIRequest{Level: core.Expert, MoveTime: 50 * time.Millisecond})
		if cached() == 0 {
			t.Fatalf("a timed Expert kept no plan: the test tests nothing")
		}
		again, _ := BestMove(context.Background(), p, core.AIRequest{Level: level, Seed: 1})
		if again.Move != fresh.Move || again.Info.Depth != fresh.Info.Depth {
			t.Errorf("%s: %s (%d moves) after Expert's plan, %s (%d) alone", level, again.Move, again.Info.Depth, fresh.Move, fresh.Info.Depth)
		}
	}
}

// bestRaceMoves skips the pieces that cannot make the k best; it must give
// exactly what sorting all the moves stably would: the same moves in the
// same order (the search's move ordering breaks ties by it).
func TestBestRaceMovesMatchesSortingAll(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.SampledFrom([]int{2, 3, 4, 6}).Draw(rt, "players")
		p, _ := Start(n, DefaultRules())
		plies := rapid.IntRange(0, 300).Draw(rt, "plies")
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 1))
		for i := 0; i < plies && !p.over; i++ {
			p.Play(biasedMove(&p, p.LegalMoves(), rng))
		}
		pl := rapid.IntRange(0, n-1).Draw(rt, "player")
		k := rapid.IntRange(1, 12).Draw(rt, "k")
		q := p
		q.setTurn(uint8(pl))
		var want []Move
		for _, m := range q.genMoves(nil) {
			if !m.IsPass() {
				want = append(want, m)
			}
		}
		if len(want) > k {
			// The best keys first, the earlier generated first among equals.
			slices.SortStableFunc(want, func(a, b Move) int { return p.raceOrder(pl, b) - p.raceOrder(pl, a) })
			want = want[:k]
		}
		got := p.bestRaceMoves(nil, pl, k)
		if !slices.Equal(got, want) {
			rt.Fatalf("player %d k %d: got %v, want %v", pl+1, k, got, want)
		}
	})
}
