package app

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/search"
)

// Game review: the engine looks at every position of a game at a fixed
// budget and says who stood better when, and which moves lost most.
//
// Scores are put on one scale for all three games: the expected score of a
// seat (1 = sure win, 0 = sure loss, 0.5 = even), from the search score s
// of the side to move as 1/(1+e^(−s/scale)), with scale per game (the
// score that means about 73 %: ExpectedScale). A forced result (Mate) is 1
// or 0; a finished game is its result (the winner 1, a draw 0.5; with more
// than two players a place p of n counts (n−p)/(n−1)).
//
// A move's loss is the mover's expected score before it (the engine's best
// play) minus the mover's expected score after it: at the next position in
// a two-player game, at the mover's next turn (or the end) with more
// players, since a search scores only the side to move. The move is an
// inaccuracy from a loss of InaccuracyLoss, a mistake from MistakeLoss and
// a blunder from BlunderLoss, and only when the engine preferred another
// move. Positions whose score the engine does not know (a single legal
// move, the Chinese Checkers race played by its own rule: no nodes
// searched) keep the standing of the position before and mark nothing.
//
// The search before a move sees less deep than the search after it, so a
// loss can be the horizon's, not the move's: the search after finds a
// forced loss that the search before did not see, and the engine's own
// move would have shown it too (two mirror-image moves, one "better"
// than the other). So a move this rule would mark is checked: the
// position after the engine's better move is searched at the same budget
// (with more players, followed by the engine's moves for the others up
// to the mover's next turn, as the move played is judged), and the loss
// is the mover's expected score after the better move minus after the
// move played. Only these candidates cost an extra search.

// The loss thresholds, in expected score (see above): the drops in winning
// chances at which the common chess reviews call a move an inaccuracy, a
// mistake or a blunder.
const (
	InaccuracyLoss = 0.10
	MistakeLoss    = 0.20
	BlunderLoss    = 0.30
)

// ExpectedScale is, per game ID, the search score at which a side's
// expected score is about 73 % (1/(1+e^−1)): three Ataxx pieces (100
// each), one and a half cube squares (100 each), five holes of Chinese
// Checkers race distance (10 a hole: a move that throws away a long hop
// chain). Rough calibrations from the engines' scores over games at the
// review budget, not fitted to results. Other games use
// DefaultExpectedScale.
var ExpectedScale = map[string]float64{
	"ataxx":           300,
	"cube":            150,
	"chinesecheckers": 50,
}

// DefaultExpectedScale is the scale of a game not in ExpectedScale.
const DefaultExpectedScale = 300

// Class is what a review calls a move.
type Class int

// Move classes, from good to blunder.
const (
	Good Class = iota
	Inaccuracy
	Mistake
	Blunder
)

func (c Class) String() string {
	return [...]string{"good", "inaccuracy", "mistake", "blunder"}[c]
}

// Classify names a move by its loss in expected score (the thresholds
// above); a move equal to the engine's choice is always good.
func Classify(loss float64, played, best string) Class {
	switch {
	case best == "" || played == best:
		return Good
	case loss >= BlunderLoss:
		return Blunder
	case loss >= MistakeLoss:
		return Mistake
	case loss >= InaccuracyLoss:
		return Inaccuracy
	}
	return Good
}

// Expected turns a search result of the side to move into its expected
// score; ok is false when the engine gave no score (no nodes searched).
func Expected(game string, info core.SearchInfo) (e float64, ok bool) {
	switch {
	case info.Mate > 0:
		return 1, true
	case info.Mate < 0:
		return 0, true
	case info.Nodes == 0:
		return 0, false
	}
	scale, found := ExpectedScale[game]
	if !found {
		scale = DefaultExpectedScale
	}
	return 1 / (1 + math.Exp(-float64(info.Score)/scale)), true
}

// resultStanding is each seat's expected score in a finished game.
func resultStanding(r core.Result, players int) []float64 {
	out := make([]float64, players)
	for i := range out {
		switch {
		case len(r.Places) == players && players > 2 && r.Places[i] > 0:
			out[i] = float64(players-r.Places[i]) / float64(players-1)
		case len(r.Places) == players && players > 2:
			out[i] = 0 // not placed when the game ended: last
		case r.Winner == core.NoPlayer:
			out[i] = 0.5
		case r.Winner == i:
			out[i] = 1
		}
	}
	return out
}

// MoveReview is the engine's word on one move.
type MoveReview struct {
	Index  int    // 1-based move number
	Mover  int    // the player who made it
	Played string // the move played
	Best   string // the engine's choice in the position before ("" unknown)
	PV     []string
	// Before and After are the mover's expected scores before the move
	// (best play) and after it; Loss = max(0, Before−After), or, when
	// Checked, max(0, Better−After).
	Before, After, Loss float64
	// Better is the mover's expected score after the engine's move,
	// searched only for a move that Before−After would mark (Checked).
	Better  float64
	Checked bool
	Known   bool // both scores are known: Class means something
	Class   Class
}

// Analysis is a game review, whole or in progress.
type Analysis struct {
	Players int
	// Standing[i] is each seat's expected score at the position after i
	// moves (0..Done-1). With more than two players a seat's value is
	// updated at its own turns and carried between them.
	Standing [][]float64
	// Known[i] tells whether position i was scored (see package text).
	Known []bool
	// Moves[k-1] is the review of move k, filled once the position after
	// it (and, with more players, the mover's next turn) is analysed.
	Moves []MoveReview
	// Done is the number of positions analysed, of Total.
	Done, Total int
}

// Budget is how hard the engine looks at each position of a review.
type Budget struct {
	Nodes int64         // node cap per position (> 0)
	Depth int           // depth cap when > 0
	Time  time.Duration // a time cap per position, whatever the nodes (> 0)
}

// DefaultReviewBudget: about a tenth of a second a position on a phone,
// enough to see the blunders of a game at the Expert level's depth
// horizon.
var DefaultReviewBudget = Budget{Nodes: 60_000, Time: 400 * time.Millisecond}

// reviewer is the state of one review run.
type reviewer struct {
	game      string
	players   int
	positions []core.Position
	moves     []string
	an        Analysis
	best      []core.AIResult
	// toCheck are the moves judge just marked, for check to search.
	toCheck []int
}

func newReviewer(h *core.History) *reviewer {
	n := h.Len()
	r := &reviewer{game: h.Start().Game(), players: h.Start().Players()}
	for i := 0; i <= n; i++ {
		r.positions = append(r.positions, h.Position(i))
	}
	for i := 1; i <= n; i++ {
		r.moves = append(r.moves, h.Move(i))
	}
	r.an = Analysis{Players: r.players, Total: n + 1, Moves: make([]MoveReview, n)}
	r.best = make([]core.AIResult, n+1)
	return r
}

// add takes the result of position i (the next one).
func (r *reviewer) add(i int, res core.AIResult, searched bool) {
	pos := r.positions[i]
	st := make([]float64, r.players)
	if i > 0 {
		copy(st, r.an.Standing[i-1])
	} else {
		for k := range st {
			st[k] = 0.5
		}
	}
	known := false
	if over := pos.Result(); over.Over {
		st, known = resultStanding(over, r.players), true
	} else if searched {
		if e, ok := Expected(r.game, res.Info); ok {
			m := pos.ToMove()
			st[m] = e
			if r.players == 2 {
				st[1-m] = 1 - e
			}
			known = true
		}
	}
	r.best[i] = res
	r.an.Standing = append(r.an.Standing, st)
	r.an.Known = append(r.an.Known, known)
	r.an.Done = i + 1
	r.judge(i)
}

// judge fills the reviews of the moves that position i completes: the
// move that led to it (two players), or every earlier move whose mover is
// to move here (more players), and all of them at the end.
func (r *reviewer) judge(i int) {
	last := i == len(r.positions)-1
	for k := 1; k <= i; k++ {
		mr := &r.an.Moves[k-1]
		if mr.Index != 0 {
			continue
		}
		mover := r.positions[k-1].ToMove()
		if r.players > 2 && !last && r.positions[i].ToMove() != mover && !r.positions[i].Result().Over {
			continue
		}
		if r.players == 2 && k != i {
			continue
		}
		best := r.best[k-1]
		*mr = MoveReview{Index: k, Mover: mover, Played: r.moves[k-1], Best: best.Move, PV: best.Info.PV}
		if r.an.Known[k-1] && r.an.Known[i] {
			mr.Before = r.an.Standing[k-1][mover]
			mr.After = r.an.Standing[i][mover]
			mr.Loss = max(0, mr.Before-mr.After)
			mr.Known = true
			mr.Class = Classify(mr.Loss, mr.Played, mr.Best)
			if mr.Class != Good {
				r.toCheck = append(r.toCheck, k)
			}
		}
	}
}

// check searches the position after the engine's better move for each
// move judge just marked and judges it again by that (see package text).
func (r *reviewer) check(ctx context.Context, ai AI, seed int64, b Budget) error {
	for _, k := range r.toCheck {
		mr := &r.an.Moves[k-1]
		pos, err := r.positions[k-1].Play(mr.Best)
		if err != nil {
			continue // not a move here: the first judgement stands
		}
		// The seed of the search after the move played: a mirror image
		// is searched alike.
		better, ok, err := r.moverScore(ctx, ai, pos, mr.Mover, seed+int64(k), b)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		mr.Better, mr.Checked = better, true
		mr.Loss = max(0, better-mr.After)
		mr.Class = Classify(mr.Loss, mr.Played, mr.Best)
	}
	r.toCheck = r.toCheck[:0]
	return nil
}

// moverScore is mover's expected score at pos, judged as a move played
// is: at pos with two players, at mover's next turn (the engine playing
// for the others) or the end with more. ok is false when the engine gives
// no score there.
func (r *reviewer) moverScore(ctx context.Context, ai AI, pos core.Position, mover int, seed int64, b Budget) (e float64, ok bool, err error) {
	for {
		if over := pos.Result(); over.Over {
			return resultStanding(over, r.players)[mover], true, nil
		}
		res, searched, err := reviewSearch(ctx, ai, pos, seed, b)
		if err != nil || !searched {
			return 0, false, err
		}
		if r.players == 2 || pos.ToMove() == mover {
			e, ok := Expected(r.game, res.Info)
			if pos.ToMove() != mover {
				e = 1 - e
			}
			return e, ok, nil
		}
		if pos, err = pos.Play(res.Move); err != nil {
			return 0, false, nil
		}
		seed++
	}
}

// snapshot is a copy the UI may keep while the review goes on.
func (r *reviewer) snapshot() Analysis {
	a := r.an
	a.Standing = append([][]float64(nil), r.an.Standing...)
	a.Known = append([]bool(nil), r.an.Known...)
	a.Moves = append([]MoveReview(nil), r.an.Moves...)
	return a
}

// ReviewGame analyses every position of h (a copy is taken at once: the
// caller may go on changing h) with ai at budget, calling progress after
// each position with a copy of the review so far. It returns when done or
// when ctx is cancelled (with ctx.Err()). It runs on the caller's
// goroutine: see StartReview for the app's way.
func ReviewGame(ctx context.Context, ai AI, h *core.History, seed int64, budget Budget, progress func(Analysis)) (Analysis, error) {
	return newReviewer(h).run(ctx, ai, seed, budget, progress)
}

// reviewSearch asks the AI about one position at the review budget (the
// strongest level, no noise).
func reviewSearch(ctx context.Context, ai AI, pos core.Position, seed int64, b Budget) (res core.AIResult, searched bool, err error) {
	if pos.Result().Over {
		return core.AIResult{}, false, nil
	}
	t := b.Time
	if t <= 0 {
		t = time.Second
	}
	sctx, cancel := context.WithTimeout(ctx, t)
	defer cancel()
	// A node or depth budget forgets earlier searches: the same position
	// (or its mirror image) is then judged alike wherever it stands in the
	// review.
	if b.Nodes > 0 || b.Depth > 0 {
		sctx = search.WithFresh(sctx)
	}
	res, err = bestMove(sctx, ai, pos, core.AIRequest{Nodes: b.Nodes, Depth: b.Depth, MoveTime: t, Seed: seed}, "the engine")
	if err != nil && ctx.Err() == nil && sctx.Err() != nil {
		err = nil // the position's time ran out: its best so far stands
	}
	return res, err == nil, err
}

// StartReview runs ReviewGame on its own goroutine (at a lower priority:
// the UI wins) and posts every progress, and the end, to the UI goroutine
// through post. stop cancels it at once; nothing is posted to the caller
// after stop returns (late posts are dropped on the UI goroutine). Call
// stop on the UI goroutine.
func StartReview(ai AI, post func(func()), h *core.History, seed int64, budget Budget,
	progress func(Analysis), done func(Analysis, error)) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	stopped := false
	// h is read here, on the UI goroutine; the goroutine gets the copy.
	r := newReviewer(h)
	go func() {
		lowerPriority()
		a, err := r.run(ctx, ai, seed, budget, func(a Analysis) {
			post(func() {
				if !stopped && progress != nil {
					progress(a)
				}
			})
		})
		post(func() {
			if !stopped && done != nil {
				done(a, err)
			}
		})
	}()
	return func() {
		stopped = true
		cancel()
	}
}

// run is ReviewGame on a reviewer made beforehand.
func (r *reviewer) run(ctx context.Context, ai AI, seed int64, budget Budget, progress func(Analysis)) (Analysis, error) {
	for i, pos := range r.positions {
		if err := ctx.Err(); err != nil {
			return r.snapshot(), err
		}
		res, searched, err := reviewSearch(ctx, ai, pos, seed+int64(i), budget)
		if err != nil {
			if ctx.Err() != nil {
				return r.snapshot(), ctx.Err()
			}
			return r.snapshot(), fmt.Errorf("position after %d moves: %w", i, err)
		}
		r.add(i, res, searched)
		if err := r.check(ctx, ai, seed, budget); err != nil {
			if ctx.Err() != nil {
				return r.snapshot(), ctx.Err()
			}
			return r.snapshot(), fmt.Errorf("the better move before position %d: %w", i, err)
		}
		if progress != nil {
			progress(r.snapshot())
		}
	}
	return r.snapshot(), nil
}
