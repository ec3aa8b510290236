package app

import (
	"context"
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/review"
	"github.com/jumpers-game/jumpers/storage"
)

// The coach: for a human seat that has it on (storage.Seat.Coach), a
// move tapped is judged by the review's own code (review.JudgeMove: the
// mover's expected score with the engine's best play against after the
// move, a marked move checked against the engine's better move) before it
// is played. Only a blunder (review.BlunderLoss: 15 points of expected
// score) stops it with a warning the player answers with Play anyway or
// Take it back; anything else, and a judgement that runs out of its
// budget, lets the move be played at once. The judgement runs off the UI
// goroutine; the controller waits in the Coaching state meanwhile.

// DefaultCoachBudget is the budget of each of the coach's searches: the
// review's node cap (the fitted scales are for scores at it, so the
// coach's verdict is the review's), with a time cap for a slow phone (a
// search cut by it keeps its best so far). A judgement takes two
// searches, or five for a move the first two mark (the review's check,
// two of them at twice the budget): at most 7 × DefaultNodes nodes, and
// 7 × the time cap.
var DefaultCoachBudget = Budget{Nodes: review.DefaultNodes, Time: 150 * time.Millisecond}

// DefaultCoachTime caps a whole judgement: past it the move is played as
// if the coach had said nothing, so a phone too slow for the review's
// budget never keeps the player waiting longer. It leaves room for every
// search to run to its own cap (7 × 150 ms) and for the rest of the work,
// so that a blunder, the judgement with the most searches, is not the one
// the cap cuts.
const DefaultCoachTime = 1500 * time.Millisecond

// CoachWarns is the verdict the coach warns of: a blunder only. A mistake
// (10 points) is often a move a beginner cannot tell apart from the best
// one at their level; stopping them at every one would turn the game into
// a lecture.
const CoachWarns = review.Blunder

// CoachByDefault tells whether a new game's human seats have the coach
// on before the player chooses: when a computer seat plays at Beginner or
// Novice (a player who picks those is learning).
func CoachByDefault(seats []storage.Seat) bool {
	for _, s := range seats {
		if s.Kind == storage.Computer && (s.Level == core.Beginner || s.Level == core.Novice) {
			return true
		}
	}
	return false
}

// CoachOn tells whether player i is a human seat with the coach on.
func (c *Controller) CoachOn(i int) bool {
	return i >= 0 && i < len(c.seats) && c.seats[i].Kind != storage.Computer && c.seats[i].Coach
}

// coaching is a human's move held back for the coach.
type coaching struct {
	move    string
	warning string // "" while the coach is looking
}

// CoachWarning is the coach's warning about the move held back ("" when
// none is on show: no move held, or the coach still looking).
func (c *Controller) CoachWarning() string {
	if c.state != Coaching {
		return ""
	}
	return c.coach.warning
}

// CoachMove is the move held back for the coach ("" when none).
func (c *Controller) CoachMove() string {
	if c.state != Coaching {
		return ""
	}
	return c.coach.move
}

// coachLook holds move back and has the coach judge it off the UI
// goroutine; the answer comes back through post.
func (c *Controller) coachLook(move string) error {
	cur := c.hist.Current()
	if _, err := cur.Play(move); err != nil {
		return err
	}
	if len(cur.Moves()) < 2 {
		return c.play(move) // nothing else to play: nothing to warn of
	}
	c.interrupt()
	gen := c.gen
	ctx, cancel := c.deadline(context.Background(), c.coachTime)
	c.cancel = cancel
	c.state = Coaching
	c.coach = coaching{move: move}
	search, b, post := searchFunc(c.ai), c.coachBudget, c.post
	go func() {
		lowerPriority()
		j, err := review.JudgeMove(ctx, search, cur, move, ReviewSeed, b)
		post(func() {
			cancel()
			if gen != c.gen || c.closed {
				return // stale: the player undid, or the game changed
			}
			c.cancel = nil
			c.coachJudged(cur, j, err)
		})
	}()
	c.changed()
	return nil
}

// coachJudged takes the coach's judgement of the move held back: a
// warning, or the move played.
func (c *Controller) coachJudged(pos core.Position, j review.Judgement, err error) {
	if err == nil && j.Known && j.Class >= CoachWarns {
		c.coach.warning = CoachText(pos, j, c.PlayerName)
		c.changed()
		return
	}
	// Not a blunder, or the coach ran out of time or failed: the move is
	// played as if there were no coach.
	c.PlayAnyway()
}

// PlayAnyway plays the move held back for the coach (the warning's Play
// anyway; also what the coach does when it says nothing).
func (c *Controller) PlayAnyway() {
	if c.closed || c.state != Coaching {
		return
	}
	move := c.coach.move
	c.endCoaching()
	if err := c.play(move); err != nil {
		c.notice = c.Explain(err)
		c.changed()
	}
}

// TakeBack drops the move held back for the coach: the game is as it was
// before the tap, the same player to move.
func (c *Controller) TakeBack() {
	if c.closed || c.state != Coaching {
		return
	}
	c.endCoaching()
	c.changed()
}

// endCoaching stops the coach (a judgement still running is cancelled
// and dropped) and gives the turn back to the human.
func (c *Controller) endCoaching() {
	c.interrupt()
	c.state = Human
}

// CoachText is the warning about move j.Played at pos, in the game's own
// terms where the engine's lines tell them: the game lost by force, the
// pieces or squares the next player takes at once; else the expected
// score lost, in words. name names the players.
func CoachText(pos core.Position, j review.Judgement, name func(int) string) string {
	next := "your opponent"
	if j.Reply.Seat >= 0 && j.Reply.Seat < pos.Players() {
		next = name(j.Reply.Seat)
	}
	if j.Reply.Known && j.Reply.Mate > 0 && j.Reply.Seat != j.Mover && pos.Players() == 2 {
		return fmt.Sprintf("This loses the game: %s can win in %s.", next, countWord((j.Reply.Mate+1)/2, "move"))
	}
	if n, unit, ok := takenNext(pos, j); ok {
		return fmt.Sprintf("This lets %s take %s next move.", next, countWord(n, unit))
	}
	before := j.Before
	if j.Checked {
		before = j.Better
	}
	return fmt.Sprintf("This throws away your chances: about %d%% with the best move, %d%% after this one.",
		percent(before), percent(j.After))
}

// takenNext is how many of the mover's pieces (Ataxx) or squares (cube)
// the next player's best answer takes after the move played, when that
// is more than the best move would have let it take: the rules' own
// counts, on the positions the rules play.
func takenNext(pos core.Position, j review.Judgement) (n int, unit string, ok bool) {
	taken := func(m string, reply review.Eval) (int, string, bool) {
		// After forced moves (a pass) the reply is not the next move.
		if !reply.Known || reply.Best == "" || reply.Forced {
			return 0, "", false
		}
		after, err := pos.Play(m)
		if err != nil {
			return 0, "", false
		}
		answered, err := after.Play(reply.Best)
		if err != nil {
			return 0, "", false
		}
		a, unit, ok1 := held(after, j.Mover)
		b, _, ok2 := held(answered, j.Mover)
		return a - b, unit, ok1 && ok2
	}
	n, unit, ok = taken(j.Played, j.Reply)
	if !ok || n < 2 {
		return 0, "", false
	}
	if j.Checked {
		if m, _, ok := taken(j.Best, j.BetterReply); ok && m >= n {
			return 0, "", false // the best move lets it take as many: not the point
		}
	}
	return n, unit, true
}

// held is how much of the board player holds at pos, and its unit, in
// the games whose moves take the other's pieces.
func held(pos core.Position, player int) (int, string, bool) {
	if p, err := ataxx.Concrete(pos); err == nil {
		return p.Count(player), "pieces", true
	}
	if b, err := cube.Concrete(pos); err == nil {
		return b.Count(player), "squares", true
	}
	return 0, "", false
}

// countWord is "1 move", "3 moves".
func countWord(n int, unit string) string {
	if n == 1 {
		switch unit {
		case "pieces":
			unit = "piece"
		case "squares":
			unit = "square"
		}
		return "1 " + unit
	}
	if unit == "move" {
		unit = "moves"
	}
	return fmt.Sprintf("%d %s", n, unit)
}

func percent(e float64) int { return int(math.Round(100 * e)) }

// LearnPosition is one of a player's worst moves of a game, as a position
// to learn from: the position before it, what was played there, what the
// engine would have played, and what it cost.
type LearnPosition struct {
	Move     int // 1-based number of the move in the game (plies)
	Position core.Position
	Played   string
	Best     string
	Loss     float64 // expected score lost (0..1)
	Class    Class
}

// LearnFromThis is the review a's three worst moves of player seat in
// the game h (whose moves a reviewed), worst first: its inaccuracies,
// mistakes and blunders by the expected score they lost (the engine's
// own moves and forced ones are never among them). Fewer when the player
// made fewer.
func LearnFromThis(a Analysis, h *core.History, seat int) []LearnPosition {
	var out []LearnPosition
	for _, m := range a.Moves {
		if m.Index == 0 || m.Mover != seat || !m.Known || m.Class < Inaccuracy || m.Index > h.Len() {
			continue
		}
		out = append(out, LearnPosition{Move: m.Index, Position: h.Position(m.Index - 1), Played: m.Played,
			Best: m.Best, Loss: m.Loss, Class: m.Class})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Loss > out[j].Loss })
	return out[:min(3, len(out))]
}
