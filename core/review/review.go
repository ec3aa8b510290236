// Package review is the game review of the app's review screen and of
// jumpers-cli review: the engine looks at every position of a game at a
// fixed budget and says who stood better when, how each move was, and
// how accurate each player was. It imports no Fyne: the app and the CLI
// run exactly this code.
//
// Scores are put on one scale for all three games: the expected score of
// a seat (1 = sure win, 0 = sure loss, 0.5 = even), from the search score
// of the side to move through a logistic fitted to game results
// (scale.go, fitted.go). A forced result (Mate) is 1 or 0; a finished
// game is its result (ResultStanding).
//
// A move's loss is the mover's expected score before it (the engine's best
// play) minus the mover's expected score after it: at the next position in
// a two-player game, at the mover's next turn (or the end) with more
// players, since a search scores only the side to move. The verdict
// (Classify) comes from the loss: an inaccuracy from InaccuracyLoss, a
// mistake from MistakeLoss, a blunder from BlunderLoss, and only when the
// engine preferred another move. Positions whose score the engine does
// not know (the Chinese Checkers race played by its own rule: no nodes
// searched) keep the standing of the position before and leave the moves
// around them unscored; a position with one legal move is judged by the
// position after it, and its move is "forced".
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
// move played. A search is not symmetric (at one budget it may find the
// forced loss after one corner of a board and miss it after the
// mirror-image corner), so a move still marked has both positions, after
// the better move and after the move played, searched again at twice the
// budget (four times with more than two players: deeperFactor), and the
// loss is the difference of these two. With more than
// two players the others' answers (the engine's, in each line) may differ
// after the two moves, and a search more or less changes them: the two
// moves are also compared under the same answers, the answers to the move
// played and those to the better move, and the loss is the least of these
// ways. Only these candidates cost extra searches.
//
// Every search of one review uses the same seed, and a node-limited
// search forgets earlier ones: the same position is judged alike wherever
// it stands, in the review and in the analysis mode's evaluation bar.
package review

import (
	"context"
	"fmt"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// The verdict thresholds, in expected score (0..1) lost by a move:
// lichess's, which calls a move an inaccuracy, a mistake or a blunder
// when the mover's winning chances on its −1..1 scale drop by 0.1, 0.2
// or 0.3, that is 5, 10 or 15 points of expected score (docs/app.md,
// "Game review"). This is their one place.
const (
	InaccuracyLoss = 0.05
	MistakeLoss    = 0.10
	BlunderLoss    = 0.15
)

// Class is the review's verdict on a move.
type Class int

// Verdicts; the marked ones (mistake, blunder) last.
const (
	Unscored Class = iota // no standing could be computed around it
	Forced                // the only legal move
	Best                  // the engine's own choice
	Good                  // another move, losing less than an inaccuracy
	Inaccuracy
	Mistake
	Blunder
)

// String is the verdict's word in jumpers-cli review's output.
func (c Class) String() string {
	if c < Unscored || c > Blunder {
		return fmt.Sprintf("Class(%d)", int(c))
	}
	return [...]string{"unscored", "forced", "best", "good", "inaccuracy", "mistake", "blunder"}[c]
}

// Marked tells whether the verdict is a mistake or a blunder: the moves
// the review screen marks on its graph.
func (c Class) Marked() bool { return c >= Mistake }

// Classify is the verdict on a scored move by its loss in expected score:
// the engine's own choice is best whatever the loss (the horizon's).
func Classify(loss float64, played, best string) Class {
	switch {
	case best == "" || played == best:
		return Best
	case loss >= BlunderLoss:
		return Blunder
	case loss >= MistakeLoss:
		return Mistake
	case loss >= InaccuracyLoss:
		return Inaccuracy
	}
	return Good
}

// MoveReview is the engine's word on one move.
type MoveReview struct {
	Index  int    // 1-based move number (plies)
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
	Known   bool // both scores are known (the class is not Unscored)
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
	// Evals[i] is the engine's word on position i, as the analysis
	// mode's evaluation bar shows it.
	Evals []Eval
	// Moves[k-1] is the review of move k, filled once the position after
	// it (and, with more players, the mover's next turn) is analysed.
	Moves []MoveReview
	// Done is the number of positions analysed, of Total.
	Done, Total int
}

// Reviewer is the state of one review run. It takes a copy of the game
// at NewReviewer: the caller may go on changing its history.
type Reviewer struct {
	players   int
	positions []core.Position
	moves     []string
	an        Analysis
	// toCheck are the moves judge just marked, for check to search.
	toCheck []int
}

// NewReviewer prepares the review of h's moves up to its cursor.
func NewReviewer(h *core.History) *Reviewer {
	h = asRecorded(h)
	n := h.Cursor()
	r := &Reviewer{players: h.Start().Players()}
	for i := 0; i <= n; i++ {
		r.positions = append(r.positions, h.Position(i))
	}
	for i := 1; i <= n; i++ {
		r.moves = append(r.moves, h.Move(i))
	}
	r.an = Analysis{Players: r.players, Total: n + 1, Moves: make([]MoveReview, n)}
	return r
}

// asRecorded is h as its record reads back (its start's text and its
// moves: what a save, an export and jumpers-cli review read), when that
// gives the same positions. A position reached by play and the same
// position read from its text may keep its pieces in another order (a
// Chinese Checkers position lists each player's pieces as they moved),
// and the order is the order a search tries the moves in: the same game
// got another review in the app just after it was played than once
// reopened or through jumpers-cli review (an Expert's move marked a
// blunder in one and an inaccuracy in the other).
func asRecorded(h *core.History) *core.History {
	rh, err := core.HistoryFromRecord(h.Record(), h.Cursor())
	if err != nil || rh.Len() != h.Len() {
		return h
	}
	for i := 0; i <= h.Len(); i++ {
		if rh.Position(i).String() != h.Position(i).String() {
			return h
		}
	}
	return rh
}

// Run analyses every position with search at budget, calling progress
// (when set) after each position with a copy of the review so far. It
// returns when done or when ctx is cancelled (with ctx.Err()), on the
// caller's goroutine.
func (r *Reviewer) Run(ctx context.Context, search SearchFunc, seed int64, budget Budget, progress func(Analysis)) (Analysis, error) {
	for i, pos := range r.positions {
		if err := ctx.Err(); err != nil {
			return r.snapshot(), err
		}
		ev, err := Evaluate(ctx, search, pos, seed, budget, nil)
		if err != nil {
			if ctx.Err() != nil {
				return r.snapshot(), ctx.Err()
			}
			return r.snapshot(), fmt.Errorf("position after %d moves: %w", i, err)
		}
		r.add(i, ev)
		if err := r.check(ctx, search, seed, budget); err != nil {
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

// Game reviews h (see Reviewer.Run).
func Game(ctx context.Context, search SearchFunc, h *core.History, seed int64, budget Budget, progress func(Analysis)) (Analysis, error) {
	return NewReviewer(h).Run(ctx, search, seed, budget, progress)
}

// add takes the evaluation of position i (the next one).
func (r *Reviewer) add(i int, ev Eval) {
	st := make([]float64, r.players)
	if i > 0 {
		copy(st, r.an.Standing[i-1])
	} else {
		for k := range st {
			st[k] = 0.5
		}
	}
	if ev.Known {
		if ev.Seat < 0 || r.players == 2 {
			copy(st, ev.Standing)
		} else {
			st[ev.Seat] = ev.Standing[ev.Seat]
		}
	}
	r.an.Standing = append(r.an.Standing, st)
	r.an.Known = append(r.an.Known, ev.Known)
	r.an.Evals = append(r.an.Evals, ev)
	r.an.Done = i + 1
	r.judge(i)
}

// judge fills the reviews of the moves that position i completes: the
// move that led to it (two players), or every earlier move whose mover is
// to move here (more players), and all of them at the end.
func (r *Reviewer) judge(i int) {
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
		before := r.an.Evals[k-1]
		*mr = MoveReview{Index: k, Mover: mover, Played: r.moves[k-1], Best: before.Best, PV: before.PV}
		if r.an.Known[k-1] && r.an.Known[i] {
			mr.Before = r.an.Standing[k-1][mover]
			mr.After = r.an.Standing[i][mover]
			mr.Loss = max(0, mr.Before-mr.After)
			mr.Known = true
			mr.Class = Classify(mr.Loss, mr.Played, mr.Best)
			if mr.Class > Good {
				r.toCheck = append(r.toCheck, k)
			}
		}
		if before.Forced {
			// One legal move: nothing to judge, whatever the scores.
			mr.Class, mr.Best, mr.Loss = Forced, mr.Played, 0
		}
	}
}

// check searches the position after the engine's better move for each
// move judge just marked and judges it again by that (see package text).
func (r *Reviewer) check(ctx context.Context, search SearchFunc, seed int64, b Budget) error {
	for _, k := range r.toCheck {
		mr := &r.an.Moves[k-1]
		if mr.Class == Forced {
			continue
		}
		if _, err := checkMove(ctx, search, r.positions[k-1], mr, len(r.positions), seed, b); err != nil {
			return err
		}
	}
	r.toCheck = r.toCheck[:0]
	return nil
}

// checked is what checkMove's last searches saw: the engine's evaluation
// of the position after the move played and after the better move (at
// the mover's next turn with more players), as far as searched.
type checked struct {
	after, better Eval
}

// checkMove judges the marked move mr made at before again by the
// position after the engine's better move, and a move still marked by
// both positions searched at a deeper budget (deeperFactor; see package
// text). limit
// bounds the moves followed to the mover's next turn.
func checkMove(ctx context.Context, search SearchFunc, before core.Position, mr *MoveReview, limit int, seed int64, b Budget) (checked, error) {
	var seen checked
	pos, err := before.Play(mr.Best)
	if err != nil {
		return seen, nil // not a move here: the first judgement stands
	}
	better, ev, ok, err := moverScore(ctx, search, pos, mr.Mover, limit, seed, b)
	if err != nil || !ok {
		return seen, err
	}
	seen.better = ev
	mr.Better, mr.Checked = better, true
	mr.Loss = max(0, better-mr.After)
	mr.Class = Classify(mr.Loss, mr.Played, mr.Best)
	if mr.Class <= Good {
		return seen, nil
	}
	// Still marked: the two moves' positions are searched again, both
	// at a deeper budget, and compared with each other. A search is
	// not symmetric: at one budget it may find the forced loss after
	// one corner of a board and miss it after the mirror-image corner.
	played, err := before.Play(mr.Played)
	if err != nil {
		return seen, nil
	}
	deeper := b
	f := deeperFactor(before.Players())
	deeper.Nodes, deeper.Time = f*b.Nodes, time.Duration(f)*b.Time
	better2, ev1, ok1, betterReplies, err := moverScoreLine(ctx, search, pos, mr.Mover, limit, seed, deeper)
	if err != nil {
		return seen, err
	}
	after2, ev2, ok2, playedReplies, err := moverScoreLine(ctx, search, played, mr.Mover, limit, seed, deeper)
	if err != nil {
		return seen, err
	}
	if !ok1 || !ok2 {
		return seen, nil
	}
	seen.better, seen.after = ev1, ev2
	// Two players: the two positions compared at one depth, the
	// shallower one's (each by its mean of that depth and the one
	// before): a node budget takes one position a ply deeper than
	// the other, and a score a ply deeper is another score.
	if d := min(ev1.Depth, ev2.Depth); before.Players() == 2 {
		if b, okB := ev1.moverShareAt(d, mr.Mover); okB {
			if a, okA := ev2.moverShareAt(d, mr.Mover); okA {
				better2, after2 = b, a
			}
		}
	}
	loss := better2 - after2
	if before.Players() > 2 && loss >= InaccuracyLoss {
		// More players: the others answer each move as the engine
		// would, and their answers differ from one search to the next
		// (a Chinese Checkers Expert's move lost 19 points because the
		// next player stepped into its ladder after it and not after
		// the better move, and at 480,000 nodes it no longer did). The
		// move is judged by what it changes: both moves are also
		// compared under the same answers, those to the move played
		// and those to the better move, and the loss is the least of
		// the ways (a move that loses whatever the others do is still
		// marked).
		if e, ok, err := moverScoreAlong(ctx, search, pos, mr.Mover, playedReplies, seed, deeper); err != nil {
			return seen, err
		} else if ok {
			loss = min(loss, e-after2)
		}
		if e, ok, err := moverScoreAlong(ctx, search, played, mr.Mover, betterReplies, seed, deeper); err != nil {
			return seen, err
		} else if ok {
			loss = min(loss, better2-e)
		}
	}
	mr.Better = better2
	mr.Loss = max(0, loss)
	mr.Class = Classify(mr.Loss, mr.Played, mr.Best)
	return seen, nil
}

// deeperFactor is how many times the review's budget the two positions
// of a move still marked are searched at: twice with two players, four
// times with more. A search of more than two players (Chinese Checkers'
// Monte-Carlo tree search) estimates a race for the next place, and the
// others' answers with it, roughly at the review's budget: an Expert's
// move of four players that changed nothing (the same places followed
// it and the engine's move in every game played out from both) lost 12
// points compared at 120,000 nodes a search, 9 at 240,000 and under 1
// at 960,000 (docs/app.md, "Game review"). Two players keep twice, the
// budget their figures were measured at.
func deeperFactor(players int) int64 {
	if players > 2 {
		return 4
	}
	return 2
}

// moverScoreAlong is mover's expected score at its next turn after pos
// when the others play replies (the engine's answers in another line);
// ok is false when a reply is not legal here or the replies end first.
func moverScoreAlong(ctx context.Context, search SearchFunc, pos core.Position, mover int, replies []string, seed int64, b Budget) (e float64, ok bool, err error) {
	for _, m := range replies {
		if pos.Result().Over || pos.ToMove() == mover {
			break
		}
		if pos, err = pos.Play(m); err != nil {
			return 0, false, nil
		}
	}
	if !pos.Result().Over && pos.ToMove() != mover {
		return 0, false, nil
	}
	ev, err := Evaluate(ctx, search, pos, seed, b, nil)
	if err != nil || !ev.Known || ev.Seat >= 0 && ev.Seat != mover {
		return 0, false, err
	}
	return ev.Standing[mover], true, nil
}

// moverScore is mover's expected score at pos, judged as a move played
// is: at pos with two players, at mover's next turn (the engine playing
// for the others) or the end with more; first is the evaluation of pos
// itself (its Best is the next player's best answer). ok is false when
// the engine gives no score there. limit bounds the moves followed.
func moverScore(ctx context.Context, search SearchFunc, pos core.Position, mover, limit int, seed int64, b Budget) (e float64, first Eval, ok bool, err error) {
	e, first, ok, _, err = moverScoreLine(ctx, search, pos, mover, limit, seed, b)
	return e, first, ok, err
}

// moverScoreLine is moverScore with the others' moves it followed.
func moverScoreLine(ctx context.Context, search SearchFunc, pos core.Position, mover, limit int, seed int64, b Budget) (e float64, first Eval, ok bool, replies []string, err error) {
	players := pos.Players()
	for i := range limit + maxForced {
		ev, err := Evaluate(ctx, search, pos, seed, b, nil)
		if err != nil {
			return 0, first, false, replies, err
		}
		if i == 0 {
			first = ev
		}
		if players == 2 || ev.Seat < 0 || ev.Seat == mover {
			if !ev.Known {
				return 0, first, false, replies, nil
			}
			return ev.Standing[mover], first, true, replies, nil
		}
		// Another player's turn: only its move is needed, not its
		// score. A player racing home by the engine's own rule (Chinese
		// Checkers: the race planner) gets no score, and the check
		// stopped there: the first judgement stood unchecked, and an
		// Expert's move that let the next player hop was a blunder.
		if pos, err = pos.Play(ev.Best); err != nil {
			return 0, first, false, replies, nil
		}
		replies = append(replies, ev.Best)
	}
	return 0, first, false, replies, nil
}

// snapshot is a copy the caller may keep while the review goes on.
func (r *Reviewer) snapshot() Analysis {
	a := r.an
	a.Standing = append([][]float64(nil), r.an.Standing...)
	a.Known = append([]bool(nil), r.an.Known...)
	a.Evals = append([]Eval(nil), r.an.Evals...)
	a.Moves = append([]MoveReview(nil), r.an.Moves...)
	return a
}
