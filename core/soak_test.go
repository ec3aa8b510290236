package core_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unicode"

	"go.uber.org/goleak"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	_ "github.com/jumpers-game/jumpers/core/chinesecheckers"
	_ "github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
)

// The soak: AI against AI in every game, size, layout, rule set and player
// count, with the invariants checked after every move. CI plays a few
// games; a long run is
//
//	go test ./core -run TestSoak -soak.games 10000 -timeout 0
//	go test ./core -run TestSoak -soak.for 8h -timeout 0
var (
	soakGames = flag.Int("soak.games", 0, "games to play in TestSoak (0: a few, fewer with -short)")
	soakFor   = flag.Duration("soak.for", 0, "play TestSoak games for this long instead of a count")
	soakSeed  = flag.Uint64("soak.seed", 1, "seed of TestSoak's choices")
)

// soakSetup is one kind of game the soak plays.
type soakSetup struct {
	game core.Game
	opts core.Options
}

func (s soakSetup) String() string {
	return fmt.Sprintf("%s %+v", s.game.ID(), s.opts)
}

func soakSetups(t *testing.T) []soakSetup {
	var out []soakSetup
	lookup := func(id string) core.Game {
		g, err := core.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	cube := lookup("cube")
	for _, n := range []int{2, 3, 4, 5, 6, 7, 9, 15} {
		out = append(out, soakSetup{cube, core.Options{}.WithInt(core.OptSize, n)})
	}
	ax := lookup("ataxx")
	for _, rules := range ax.RuleSets() {
		for _, layout := range ataxx.LayoutNames() {
			out = append(out, soakSetup{ax, core.Options{}.With(core.OptRules, rules).With(core.OptLayout, layout)})
		}
	}
	cc := lookup("chinesecheckers")
	for _, rules := range cc.RuleSets() {
		for _, players := range []int{2, 3, 4, 6} {
			out = append(out, soakSetup{cc, core.Options{}.With(core.OptRules, rules).WithInt(core.OptPlayers, players)})
		}
	}
	return out
}

// maxSoakPlies ends a game that goes on too long (the seed rules of
// Chinese Checkers have no move limit, and weak players may never finish).
const maxSoakPlies = 1000

func TestSoak(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	setups := soakSetups(t)
	games := *soakGames
	if games == 0 {
		games = len(setups)
		if testing.Short() {
			games = 6
		}
	}
	var deadline time.Time
	if *soakFor > 0 {
		deadline = time.Now().Add(*soakFor)
		games = int(^uint(0) >> 1)
	}
	rng := rand.New(rand.NewPCG(*soakSeed, 0x50a4))
	start := time.Now()
	var plies, cut int
	played := 0
	for ; played < games && (deadline.IsZero() || time.Now().Before(deadline)); played++ {
		s := setups[played%len(setups)]
		n, finished := soakGame(t, s, rng)
		plies += n
		if !finished {
			cut++
		}
		if t.Failed() {
			t.Fatalf("game %d (%v, soak.seed %d) broke an invariant", played+1, s, *soakSeed)
		}
	}
	t.Logf("%d games (%d setups), %d plies, %d cut at %d plies, in %v", played, len(setups), plies, cut, maxSoakPlies, time.Since(start).Round(time.Millisecond))
}

// soakGame plays one game and checks every position; it returns the plies
// played and whether the game reached its end.
func soakGame(t *testing.T, s soakSetup, rng *rand.Rand) (int, bool) {
	t.Helper()
	pos, err := s.game.Start(s.opts)
	if err != nil {
		t.Fatalf("%v: %v", s, err)
	}
	rules := s.opts.Text(core.OptRules)
	if rules == "" {
		rules = s.game.RuleSets()[0]
	}
	h := core.NewHistory(pos, rules)
	levels := s.game.Levels()
	styles := s.game.Styles()
	for ply := 0; ply < maxSoakPlies; ply++ {
		cur := h.Current()
		checkPosition(t, s, rules, cur)
		if cur.Result().Over {
			checkReplay(t, s, h)
			return ply, true
		}
		var move string
		if ply < 4 && rng.IntN(2) == 0 {
			moves := cur.Moves() // a random opening, so games differ
			move = moves[rng.IntN(len(moves))]
		} else {
			req := core.AIRequest{
				Level: levels[rng.IntN(min(3, len(levels)))].Name,
				Style: styles[rng.IntN(len(styles))],
				Depth: 1 + rng.IntN(2), Nodes: 100 + rng.Int64N(300), Seed: rng.Int64(),
				HashMB: 1, // small tables: a clear per move costs little
			}
			res, err := s.game.BestMove(context.Background(), cur, req)
			if err != nil {
				t.Fatalf("%v ply %d %s: the AI failed: %v", s, ply, cur, err)
			}
			move = res.Move
		}
		if err := h.Play(move); err != nil {
			t.Fatalf("%v ply %d %s: move %s refused: %v", s, ply, cur, move, err)
		}
		checkMove(t, s, cur, move, h.Current())
		if t.Failed() {
			return ply, false
		}
	}
	checkReplay(t, s, h)
	return maxSoakPlies, false
}

// checkPosition: the text reads back to the same position and hash (the
// incremental hash equals the one computed from scratch), and the result
// agrees with the move list.
func checkPosition(t *testing.T, s soakSetup, rules string, pos core.Position) {
	t.Helper()
	text := pos.String()
	again, err := s.game.ParsePosition(text, rules)
	if err != nil {
		t.Errorf("%v: %s does not read back: %v", s, text, err)
		return
	}
	if again.String() != text {
		t.Errorf("%v: %s reads back as %s", s, text, again.String())
	}
	if again.Hash() != pos.Hash() {
		t.Errorf("%v: %s: hash %x, recomputed %x", s, text, pos.Hash(), again.Hash())
	}
	over, moves := pos.Result().Over, len(pos.Moves())
	if over != (moves == 0) {
		t.Errorf("%v: %s: over %v with %d moves", s, text, over, moves)
	}
}

// checkMove checks what a move must conserve in each game.
func checkMove(t *testing.T, s soakSetup, before core.Position, move string, after core.Position) {
	t.Helper()
	mover := before.ToMove()
	switch s.game.ID() {
	case "cube":
		// One spot is added; cascades only move spots around.
		pb, pa := cubePips(before.String()), cubePips(after.String())
		if pa != pb+1 {
			t.Errorf("cube %v: %s then %s: %d spots became %d", s.opts, before, move, pb, pa)
		}
		ob, oa := cubeOwned(before.String()), cubeOwned(after.String())
		// The mover owns the square it played and never loses one; the
		// opponent never gains one.
		if oa[mover] < max(ob[mover], 1) || oa[1-mover] > ob[1-mover] {
			t.Errorf("cube %v: %s then %s: squares %v became %v", s.opts, before, move, ob, oa)
		}
	case "ataxx":
		// A clone adds one piece, a jump or a pass none; every converted
		// piece changes sides.
		cb, ca := ataxxCounts(before.String()), ataxxCounts(after.String())
		added := 0
		if len(move) == 2 {
			added = 1
		}
		if ca[0]+ca[1] != cb[0]+cb[1]+added {
			t.Errorf("ataxx %v: %s then %s: %d pieces became %d", s.opts, before, move, cb[0]+cb[1], ca[0]+ca[1])
		}
		converted := cb[1-mover] - ca[1-mover]
		if converted < 0 || ca[mover] != cb[mover]+added+converted {
			t.Errorf("ataxx %v: %s then %s: counts %v became %v", s.opts, before, move, cb, ca)
		}
	case "chinesecheckers":
		// Every player keeps ten pieces; a move changes two holes.
		counts := ccCounts(after.String())
		for p := 0; p < after.Players(); p++ {
			if counts[p] != 10 {
				t.Errorf("chinesecheckers %v: %s then %s: player %d has %d pieces", s.opts, before, move, p+1, counts[p])
			}
		}
		if d := holesChanged(before.String(), after.String()); move == "0000" && d != 0 || move != "0000" && d != 2 {
			t.Errorf("chinesecheckers %v: %s then %s changed %d holes", s.opts, before, move, d)
		}
	}
}

// checkReplay: the game record replays to the same position, also through
// a save file.
func checkReplay(t *testing.T, s soakSetup, h *core.History) {
	t.Helper()
	rec := h.Record()
	replayed, err := core.HistoryFromRecord(rec, h.Cursor())
	if err != nil || replayed.Current().String() != h.Current().String() {
		t.Errorf("%v: the record does not replay: %v", s, err)
		return
	}
	data, err := storage.Encode(storage.NewSave(rec, h.Cursor(), nil, time.Now()))
	if err != nil {
		t.Errorf("%v: %v", s, err)
		return
	}
	if _, loaded, err := storage.Decode(data); err != nil || loaded.Current().String() != h.Current().String() {
		t.Errorf("%v: the save does not load back: %v", s, err)
	}
}

// cubePips sums the spot counts of a cube position text ("1r2b1-/... r").
func cubePips(text string) int {
	board, _, _ := strings.Cut(text, " ")
	sum, n := 0, 0
	for _, c := range board {
		if unicode.IsDigit(c) {
			n = n*10 + int(c-'0')
			continue
		}
		sum, n = sum+n, 0
	}
	return sum
}

// cubeOwned counts the squares of red and blue.
func cubeOwned(text string) [2]int {
	board, _, _ := strings.Cut(text, " ")
	return [2]int{strings.Count(board, "r"), strings.Count(board, "b")}
}

// ataxxCounts counts x and o in a FEN.
func ataxxCounts(fen string) [2]int {
	board, _, _ := strings.Cut(fen, " ")
	return [2]int{strings.Count(board, "x"), strings.Count(board, "o")}
}

// ccCounts counts each player's pieces in a Chinese Checkers position text.
func ccCounts(text string) [6]int {
	board, _, _ := strings.Cut(text, " ")
	var n [6]int
	for _, c := range board {
		if c >= '1' && c <= '6' {
			n[c-'1']++
		}
	}
	return n
}

// holesChanged counts the holes whose content differs.
func holesChanged(a, b string) int {
	a, _, _ = strings.Cut(a, " ")
	b, _, _ = strings.Cut(b, " ")
	if len(a) != len(b) {
		return -1
	}
	d := 0
	for i := range a {
		if a[i] != b[i] {
			d++
		}
	}
	return d
}
