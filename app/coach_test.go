package app

import (
	"context"
	"fmt"

	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/app/apptest"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/review"
	"github.com/jumpers-game/jumpers/storage"
)

func coached() storage.Seat { return storage.Seat{Kind: storage.Human, Coach: true} }

// coachRig is a controller of a real game whose searches are the real
// engine's, on the test's queue.
type coachRig struct {
	t *testing.T
	c *Controller
	q *apptest.Queue
}

func newCoachRig(t *testing.T, g core.Game, text string, ai AI, seats ...storage.Seat) *coachRig {
	t.Helper()
	pos, err := g.ParsePosition(text, g.RuleSets()[0])
	if err != nil {
		t.Fatal(err)
	}
	r := &coachRig{t: t, q: apptest.NewQueue()}
	if ai == nil {
		ai = g
	}
	r.c = NewController(Config{
		Game: g, History: core.NewHistory(pos, g.RuleSets()[0]), Seats: seats, Seed: 1,
		AI: ai, Post: r.q.Post, After: (&timers{}).after,
		// the review's node cap without the phone's time cap: the same
		// verdict on a loaded machine
		CoachBudget: Budget{Nodes: DefaultCoachBudget.Nodes},
		Settings:    func() Settings { s := DefaultSettings(); s.Animation = AnimNone; return s },
		// no clock: a loaded machine must not cut the judgement short
		Deadline: func(ctx context.Context, _ time.Duration) (context.Context, context.CancelFunc) {
			return context.WithCancel(ctx)
		},
	})
	r.c.Start(false)
	return r
}

// judged taps move and runs what the coach posts back: the warning, or
// "" when the move was played.
func (r *coachRig) judged(move string) string {
	r.t.Helper()
	before := r.c.History().Cursor()
	if why := r.c.Tap(move); why != "" {
		r.t.Fatalf("tap %s refused: %s", move, why)
	}
	if r.c.State() != Coaching || r.c.History().Cursor() != before || r.c.CoachMove() != move {
		r.t.Fatalf("tap %s: state %v, cursor %d (was %d), held %q: not held back for the coach", move, r.c.State(), r.c.History().Cursor(), before, r.c.CoachMove())
	}
	if b := r.c.Button(); b.Enabled || !strings.Contains(b.Label, "Coach is looking") {
		r.t.Fatalf("button while the coach looks: %+v", b)
	}
	r.await()
	return r.c.CoachWarning()
}

// await runs the coach's answer once it is posted: the real engine at
// the review's node cap, which under the race detector takes longer
// than a queue's usual wait (a safety net, not a measure).
func (r *coachRig) await() {
	r.t.Helper()
	for wait := 0; r.q.Len() == 0; wait++ {
		if wait > 3000 {
			r.t.Fatal("the coach never answered")
		}
		time.Sleep(100 * time.Millisecond)
	}
	r.q.RunOne(r.t)
}

// The coach's positions: a move of each that hands the opponent the
// game, and the warning's words for it.
var coachBlunders = []struct {
	g           core.Game
	text        string
	blunder     string
	says        string
	takeBackPos string
}{
	// Ataxx: Vermillion's 3×3 block with Blue two squares from its
	// centre; jumping out of the centre lets Blue jump in and take the
	// eight around it.
	{ataxx.Game{}, "5oo/6o/7/3o3/xxx4/xxx4/xxx4 x 0 1", "b2d2", "This lets Blue take 8 pieces next move.", ""},
	// Jumping Cube: Vermillion's full squares next to Blue's full edge
	// square; a quiet move far away lets Blue overflow first and take
	// the whole region in one chain.
	{cube.Game{}, "2r3r3r3r2r/3r4r4r4r3r/3b1-1-1-1-/1-1-1-1-1b/1-1-1-1-2b r", "5:1", "This lets Blue take 10 squares next move.", ""},
	// Chinese Checkers: a race position where a step sideways loses it.
	{cc.Game{}, "./../.../.2../....2.2.2..../...12......./....2....../...21.1.../....12.../........../..1..21..../...1..2...../.......11..../..../.../.1/. 1 S,N",
		// (its figures follow the fitted scale: the words are checked,
		// and that the chances fall by a blunder's 15 points at least)
		"j5j6", "This throws away your chances: about %d%% with the best move, %d%% after this one.", ""},
}

// The coach warns before a blunder in each game, in the game's terms,
// and the move waits: Take it back leaves the game as it was, Play
// anyway plays it.
func TestCoachWarnsBeforeABlunder(t *testing.T) {
	for _, tc := range coachBlunders {
		t.Run(tc.g.ID(), func(t *testing.T) {
			r := newCoachRig(t, tc.g, tc.text, nil, coached(), human())
			start := r.c.Snapshot()
			got := r.judged(tc.blunder)
			if strings.Contains(tc.says, "%d") {
				var before, after int
				if n, err := fmt.Sscanf(got, tc.says, &before, &after); n != 2 || err != nil || before-after < 15 {
					t.Fatalf("warning %q, want %q with a fall of 15 points or more", got, tc.says)
				}
			} else if got != tc.says {
				t.Fatalf("warning %q, want %q", got, tc.says)
			}
			if r.c.State() != Coaching || r.c.History().Cursor() != 0 {
				t.Fatalf("warned, yet state %v at cursor %d", r.c.State(), r.c.History().Cursor())
			}
			if why := r.c.Tap(tc.blunder); !strings.Contains(why, "Play anyway") {
				t.Fatalf("a tap over the warning: %q", why)
			}
			r.c.TakeBack()
			after := r.c.Snapshot()
			if r.c.State() != Human || after.Cursor != start.Cursor || len(after.Moves) != len(start.Moves) ||
				r.c.Position().String() != tc.text && r.c.Position().String() != start.Start {
				t.Fatalf("take it back: state %v, position %s, moves %v", r.c.State(), r.c.Position(), after.Moves)
			}
		})
	}
}

// Play anyway plays the move the coach warned of, and the game goes on.
func TestCoachPlayAnyway(t *testing.T) {
	c, q := newRaceCoach(t, newScriptAI(false), nil, Budget{Nodes: 100})
	c.Tap("2")
	q.RunOne(t)
	if c.CoachWarning() == "" || c.History().Cursor() != 0 {
		t.Fatalf("no warning held the scripted blunder: %q at %d", c.CoachWarning(), c.History().Cursor())
	}
	if b := c.Button(); b.Enabled || b.Label != "Answer the coach" {
		t.Fatalf("button over the warning: %+v", b)
	}
	c.PlayAnyway()
	if c.History().Cursor() != 1 || c.History().Move(1) != "2" || c.State() != Human || c.CoachWarning() != "" {
		t.Fatalf("play anyway: cursor %d, state %v", c.History().Cursor(), c.State())
	}
	c.PlayAnyway() // nothing held: nothing happens
	c.TakeBack()
	if c.History().Cursor() != 1 || c.State() != Human {
		t.Fatalf("answers with nothing held changed the game: cursor %d, state %v", c.History().Cursor(), c.State())
	}
}

// The engine's own move is never warned of: it is played as soon as the
// coach has looked.
func TestCoachSilentOnTheBestMove(t *testing.T) {
	for _, tc := range coachBlunders {
		t.Run(tc.g.ID(), func(t *testing.T) {
			pos, _ := tc.g.ParsePosition(tc.text, tc.g.RuleSets()[0])
			ev, err := review.Evaluate(context.Background(), tc.g.BestMove, pos, ReviewSeed, Budget{Nodes: DefaultCoachBudget.Nodes}, nil)
			if err != nil || ev.Best == "" {
				t.Fatal(ev, err)
			}
			r := newCoachRig(t, tc.g, tc.text, nil, coached(), human())
			if w := r.judged(ev.Best); w != "" {
				t.Fatalf("warned of the engine's own move %s: %q", ev.Best, w)
			}
			if r.c.History().Cursor() != 1 || r.c.History().Move(1) != ev.Best || r.c.State() != Human {
				t.Fatalf("the best move was not played: cursor %d, state %v", r.c.History().Cursor(), r.c.State())
			}
		})
	}
}

// scriptAI answers the race game by position: its best move and score
// there, as a search of req.Nodes nodes would; it records every request,
// and with a gate it waits for the test before answering.
type scriptAI struct {
	mu     sync.Mutex
	reqs   []core.AIRequest
	gate   chan struct{}
	asked  chan struct{}
	scores map[string]int
}

func newScriptAI(gated bool) *scriptAI {
	a := &scriptAI{asked: make(chan struct{}, 100), scores: map[string]int{
		// Vermillion at 0: "2" leaves Blue a winning position, "1" is even.
		"0/10/0": 0, "1/10/1": 0, "2/10/1": 600,
	}}
	if gated {
		a.gate = make(chan struct{})
	}
	return a
}

func (a *scriptAI) BestMove(ctx context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error) {
	a.mu.Lock()
	a.reqs = append(a.reqs, req)
	a.mu.Unlock()
	a.asked <- struct{}{}
	if a.gate != nil {
		select {
		case <-a.gate:
		case <-ctx.Done():
			return core.AIResult{}, ctx.Err()
		}
	}
	return core.AIResult{Move: "1", Info: core.SearchInfo{Depth: 3, Score: a.scores[pos.String()], Nodes: max(1, req.Nodes), PV: []string{"1"}}}, nil
}

func (a *scriptAI) requests() []core.AIRequest {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]core.AIRequest(nil), a.reqs...)
}

func newRaceCoach(t *testing.T, ai AI, deadline func(context.Context, time.Duration) (context.Context, context.CancelFunc), budget Budget) (*Controller, *apptest.Queue) {
	q := apptest.NewQueue()
	start, _ := raceGame{}.Start(core.Options{}.WithInt(core.OptSize, 10))
	if deadline == nil {
		deadline = func(ctx context.Context, _ time.Duration) (context.Context, context.CancelFunc) {
			return context.WithCancel(ctx)
		}
	}
	c := NewController(Config{
		Game: raceGame{}, History: core.NewHistory(start, ""), Seats: []storage.Seat{coached(), human()}, Seed: 1,
		AI: ai, Post: q.Post, After: (&timers{}).after, Deadline: deadline, CoachBudget: budget,
		Settings: func() Settings { s := DefaultSettings(); s.Animation = AnimNone; return s },
	})
	c.Start(false)
	return c, q
}

// The coach's judgement is within its budget, counted in nodes: every
// search asks for the coach's node cap (twice it for the review's
// deeper check), at most seven searches, and the whole judgement is
// bounded by the coach's time through the controller's deadline.
func TestCoachBudget(t *testing.T) {
	ai := newScriptAI(false)
	var capAsked time.Duration
	deadline := func(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
		capAsked = d
		return context.WithCancel(ctx)
	}
	b := Budget{Nodes: 1234, Time: 0}
	c, q := newRaceCoach(t, ai, deadline, b)
	c.Tap("2")
	q.RunOne(t)
	if c.CoachWarning() == "" {
		t.Fatal("no warning for the scripted blunder")
	}
	var total int64
	reqs := ai.requests()
	for _, req := range reqs {
		if req.Nodes != b.Nodes && req.Nodes != 2*b.Nodes {
			t.Fatalf("a search of %d nodes (the coach's cap is %d)", req.Nodes, b.Nodes)
		}
		if req.Seed != ReviewSeed {
			t.Fatalf("seed %d, not the review's", req.Seed)
		}
		total += req.Nodes
	}
	if len(reqs) > 7 || total > 7*b.Nodes {
		t.Fatalf("%d searches, %d nodes: over the budget of 7 × %d", len(reqs), total, b.Nodes)
	}
	if capAsked != DefaultCoachTime {
		t.Fatalf("the judgement's time cap %v, want %v", capAsked, DefaultCoachTime)
	}
	// Every search run to its own time cap (three at it, two at twice
	// it) still ends within the judgement's: a blunder is never the
	// judgement cut short.
	if worst := 7 * DefaultCoachBudget.Time; worst >= DefaultCoachTime || DefaultCoachBudget.Nodes != review.DefaultNodes {
		t.Fatalf("searches may take %v of the judgement's %v; nodes %d", worst, DefaultCoachTime, DefaultCoachBudget.Nodes)
	}
	// A good move costs two searches only.
	ai2 := newScriptAI(false)
	c2, q2 := newRaceCoach(t, ai2, nil, b)
	c2.Tap("1")
	q2.RunOne(t)
	if n := len(ai2.requests()); n != 2 || c2.History().Cursor() != 1 {
		t.Fatalf("a good move: %d searches, cursor %d", n, c2.History().Cursor())
	}
}

// When the budget runs out (the deadline ends the judgement) the move is
// simply played, as if there were no coach.
func TestCoachOutOfTimePlaysTheMove(t *testing.T) {
	ai := newScriptAI(true)
	var end context.CancelFunc
	deadline := func(ctx context.Context, _ time.Duration) (context.Context, context.CancelFunc) {
		ctx, end = context.WithCancel(ctx)
		return ctx, end
	}
	c, q := newRaceCoach(t, ai, deadline, Budget{Nodes: 100})
	c.Tap("2")
	<-ai.asked
	end() // the time is up
	q.RunOne(t)
	if c.History().Cursor() != 1 || c.History().Move(1) != "2" || c.State() != Human || c.CoachWarning() != "" {
		t.Fatalf("out of time: cursor %d, state %v, warning %q", c.History().Cursor(), c.State(), c.CoachWarning())
	}
}

// A judgement that comes back after the player undid (or tapped another
// move) is dropped: it neither warns nor plays, nor answers for the move
// held since.
func TestCoachStaleJudgementDropped(t *testing.T) {
	ai := newScriptAI(true)
	c, q := newRaceCoach(t, ai, nil, Budget{Nodes: 100})
	c.Tap("2")
	<-ai.asked
	if !c.CanUndo() {
		t.Fatal("no undo while the coach looks")
	}
	c.Undo() // the held move goes back
	if c.State() != Human || c.History().Cursor() != 0 {
		t.Fatalf("undo while coaching: %v at %d", c.State(), c.History().Cursor())
	}
	// Another move held before the first judgement's answer is in.
	c.Tap("1")
	<-ai.asked
	q.RunOne(t) // the first judgement's answer (cancelled by the undo)
	if c.State() != Coaching || c.History().Cursor() != 0 || c.CoachWarning() != "" || c.CoachMove() != "1" {
		t.Fatalf("stale judgement used: %v at %d, %q", c.State(), c.History().Cursor(), c.CoachWarning())
	}
	close(ai.gate)
	q.RunOne(t)
	if c.History().Cursor() != 1 || c.History().Move(1) != "1" || c.State() != Human {
		t.Fatalf("the new move: cursor %d, state %v", c.History().Cursor(), c.State())
	}
	if q.Len() != 0 {
		t.Fatalf("%d posts left", q.Len())
	}
}

// Closing the game while the coach looks drops its answer.
func TestCoachClosedGameDropsTheJudgement(t *testing.T) {
	ai := newScriptAI(true)
	c, q := newRaceCoach(t, ai, nil, Budget{Nodes: 100})
	c.Tap("2")
	<-ai.asked
	c.Close()
	q.RunOne(t)
	if c.History().Cursor() != 0 {
		t.Fatal("a closed game played the held move")
	}
}

// Without the coach a move is played at once and nothing is searched; a
// computer seat never has one.
func TestNoCoachNoJudgement(t *testing.T) {
	ai := newScriptAI(false)
	q := apptest.NewQueue()
	start, _ := raceGame{}.Start(core.Options{}.WithInt(core.OptSize, 10))
	c := NewController(Config{Game: raceGame{}, History: core.NewHistory(start, ""), Seats: []storage.Seat{human(), human()},
		AI: ai, Post: q.Post, After: (&timers{}).after})
	c.Start(false)
	c.Tap("2")
	if c.History().Cursor() != 1 || len(ai.requests()) != 0 {
		t.Fatalf("cursor %d, %d searches", c.History().Cursor(), len(ai.requests()))
	}
	if (&Controller{seats: []storage.Seat{{Kind: storage.Computer, Coach: true}}}).CoachOn(0) {
		t.Fatal("a computer seat coached")
	}
}

// An illegal tap is refused at once, as without the coach.
func TestCoachRefusesIllegalTapsAtOnce(t *testing.T) {
	c, _ := newRaceCoach(t, newScriptAI(false), nil, Budget{Nodes: 100})
	if why := c.Tap("3"); !strings.Contains(why, "not 1 or 2") || c.State() != Human {
		t.Fatalf("illegal tap: %q, state %v", why, c.State())
	}
}

// The coach is part of the seat in the save: a reopened game keeps it.
func TestCoachSurvivesTheSave(t *testing.T) {
	c, _ := newRaceCoach(t, newScriptAI(false), nil, Budget{Nodes: 100})
	data, err := storage.Encode(c.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	sv, _, err := storage.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if !sv.Seats[0].Coach || sv.Seats[1].Coach {
		t.Fatalf("seats after the save: %+v", sv.Seats)
	}
}

func TestCoachByDefault(t *testing.T) {
	for _, tc := range []struct {
		seats []storage.Seat
		want  bool
	}{
		{[]storage.Seat{human(), computer(core.Beginner)}, true},
		{[]storage.Seat{human(), computer(core.Novice)}, true},
		{[]storage.Seat{human(), computer(core.Average)}, false},
		{[]storage.Seat{human(), computer(core.Expert), computer(core.Novice)}, true},
		{[]storage.Seat{human(), human()}, false},
	} {
		if got := CoachByDefault(tc.seats); got != tc.want {
			t.Errorf("%+v: %v", tc.seats, got)
		}
	}
}

// LearnFromThis gives a player's three worst moves, worst first, with
// the position before each; the other player's moves, the engine's own
// and forced ones are not among them.
func TestLearnFromThis(t *testing.T) {
	start, _ := raceGame{}.Start(core.Options{}.WithInt(core.OptSize, 30))
	h := core.NewHistory(start, "")
	for range 10 {
		if err := h.Play("1"); err != nil {
			t.Fatal(err)
		}
	}
	mv := func(k, mover int, loss float64, c Class) MoveReview {
		return MoveReview{Index: k, Mover: mover, Played: "1", Best: "2", Loss: loss, Class: c, Known: true}
	}
	a := Analysis{Players: 2, Moves: []MoveReview{
		mv(1, 0, 0.3, Blunder), mv(2, 1, 0.9, Blunder), mv(3, 0, 0.06, Inaccuracy), mv(4, 1, 0, Best),
		mv(5, 0, 0.5, Blunder), mv(6, 1, 0, Good), mv(7, 0, 0.12, Mistake), mv(8, 1, 0, Best),
		mv(9, 0, 0.01, Good), {Index: 10, Mover: 1},
	}}
	got := LearnFromThis(a, h, 0)
	if len(got) != 3 || got[0].Move != 5 || got[1].Move != 1 || got[2].Move != 7 {
		t.Fatalf("worst moves %+v", got)
	}
	if got[0].Position.String() != h.Position(4).String() || got[0].Best != "2" || got[0].Loss != 0.5 || got[0].Class != Blunder {
		t.Fatalf("first: %+v", got[0])
	}
	if n := len(LearnFromThis(a, h, 1)); n != 1 {
		t.Fatalf("seat 1: %d positions, want its one blunder", n)
	}
	if n := len(LearnFromThis(Analysis{}, h, 0)); n != 0 {
		t.Fatalf("no review: %d", n)
	}
}

// BenchmarkCoachJudgement is one judgement of the coach's blunder (the
// longest kind: the check's searches too) and of the engine's own move
// in each game, at the coach's node cap without its time cap: the
// searches, the nodes and the time a judgement takes (docs/app.md,
// "Coach").
func BenchmarkCoachJudgement(b *testing.B) {
	for _, tc := range coachBlunders {
		pos, err := tc.g.ParsePosition(tc.text, tc.g.RuleSets()[0])
		if err != nil {
			b.Fatal(err)
		}
		budget := Budget{Nodes: DefaultCoachBudget.Nodes}
		ev, err := review.Evaluate(context.Background(), tc.g.BestMove, pos, ReviewSeed, budget, nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range []struct{ kind, move string }{{"blunder", tc.blunder}, {"best", ev.Best}} {
			b.Run(tc.g.ID()+"-"+m.kind, func(b *testing.B) {
				var searches, nodes int64
				search := func(ctx context.Context, p core.Position, req core.AIRequest) (core.AIResult, error) {
					res, err := tc.g.BestMove(ctx, p, req)
					searches++
					nodes += res.Info.Nodes
					return res, err
				}
				for range b.N {
					if _, err := review.JudgeMove(context.Background(), search, pos, m.move, ReviewSeed, budget); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(searches)/float64(b.N), "searches/op")
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			})
		}
	}
}

// The warning's words: a forced loss by the reply's mate, a capture only
// when the best move would not let as much be taken, else the chances.
func TestCoachText(t *testing.T) {
	name := func(i int) string { return []string{"Orange", "Sky blue"}[i] }
	g := ataxx.Game{}
	pos, err := g.ParsePosition("5oo/6o/7/3o3/xxx4/xxx4/xxx4 x 0 1", g.RuleSets()[0])
	if err != nil {
		t.Fatal(err)
	}
	j := review.Judgement{MoveReview: review.MoveReview{Mover: 0, Played: "b2d2", Best: "c4", Before: 0.7, After: 0.1, Known: true, Class: review.Blunder}}
	j.Reply = review.Eval{Known: true, Seat: 1, Mate: 5, Best: "d4b2"}
	if got := CoachText(pos, j, name); got != "This loses the game: Sky blue can win in 3 moves." {
		t.Fatalf("mate: %q", got)
	}
	j.Reply.Mate = 0
	if got := CoachText(pos, j, name); got != "This lets Sky blue take 8 pieces next move." {
		t.Fatalf("capture: %q", got)
	}
	// When the better move lets the reply take as many, the capture is
	// not the point: the chances are.
	j.Checked, j.Better, j.Best = true, 0.6, "b2d2"
	j.BetterReply = review.Eval{Known: true, Seat: 1, Best: "d4b2"}
	if got := CoachText(pos, j, name); got != "This throws away your chances: about 60% with the best move, 10% after this one." {
		t.Fatalf("as many after the best move: %q", got)
	}
	j.Checked = false
	j.Reply.Best = ""
	if got := CoachText(pos, j, name); got != "This throws away your chances: about 70% with the best move, 10% after this one." {
		t.Fatalf("chances: %q", got)
	}
}
