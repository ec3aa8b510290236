package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/engine"
	"github.com/jumpers-game/jumpers/core/search"
	"github.com/jumpers-game/jumpers/storage"
)

// State is where a game's controller stands. Every button asks the state
// what it may do, so "Undo while thinking" or "a tap while animating" has
// exactly one answer.
type State int

// The states of a game.
const (
	// Human: waiting for a human to move.
	Human State = iota
	// Thinking: a computer seat's search is running.
	Thinking
	// Animating: a move's cascade is being shown step by step; the history
	// already holds the move.
	Animating
	// PausedComputer: a computer seat is to move and waits for Go (the
	// "pause before each computer move" setting, after Stop, Undo, Redo, or
	// when a saved game is opened).
	PausedComputer
	// PausedStep: a cascade waits for Go before its next step.
	PausedStep
	// Over: the game has ended. Undo still works.
	Over
	// Coaching: a human's move is held back while the coach judges it,
	// then while the player answers its warning (coach.go).
	Coaching
)

var stateNames = [...]string{"human", "thinking", "animating", "paused-computer", "paused-step", "over", "coaching"}

func (s State) String() string {
	if s >= 0 && int(s) < len(stateNames) {
		return stateNames[s]
	}
	return fmt.Sprintf("state(%d)", int(s))
}

// AI finds a move. core.Game implements it; tests use fakes.
type AI interface {
	BestMove(ctx context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error)
}

// PassMove is the pass in every game's notation (Ataxx and Chinese
// Checkers, ../shared/CONTRACTS.md): legal only when the side to move has
// no other move. A human cannot tap a pass, so the controller plays a
// forced pass by itself and says so (see ForcedPass).
const PassMove = "0000"

// ForcedPass tells whether the only legal move at pos is the pass.
func ForcedPass(pos core.Position) bool {
	if pos.Result().Over {
		return false
	}
	ms := pos.Moves()
	return len(ms) == 1 && ms[0] == PassMove
}

// Step is one animation step of a move: each game has its own step type
// (the board of Jumping Cube draws a wave of a cascade, Ataxx a flip,
// Chinese Checkers a hop), and its board asserts that type back. The method
// is a marker: a tracer cannot hand the controller a value that is not
// meant to be a step.
type Step interface {
	AnimationStep()
}

// Tracer plays move on pos and returns the steps a board widget shows one
// after another (for Jumping Cube the waves of a cascade). It must agree
// with pos.Play: the controller still plays the move through the history,
// and the last thing shown is always the history's position. A game
// without animation leaves the tracer nil.
type Tracer func(pos core.Position, move string) (steps []Step, err error)

// Frame is the animation step on show.
type Frame struct {
	Steps []Step // the steps of the move being shown
	Index int    // the one shown
	// ID is new for every step shown (the next step of a move, or the
	// first of another move) and never 0, so a board starts a step's
	// motion once however often it redraws.
	ID uint64
}

// Config makes a Controller.
type Config struct {
	Game    core.Game
	History *core.History
	// Seats has one entry per player; missing entries are human.
	Seats []storage.Seat
	Seed  int64
	// Name and ID of the saved game this one came from ("" for a new game).
	Name, SaveID string
	Created      time.Time
	// Refused are the moves of the saved game that today's rules refuse
	// (storage.Refused; nil for most games): the game opens with a notice
	// that says so, and its saves keep them until a move is played.
	Refused *storage.Refused

	// AI defaults to Game.
	AI AI
	// Trace, if set, gives the animation steps of a move.
	Trace Tracer
	// Post runs f on the UI goroutine; default fyne.Do.
	Post func(f func())
	// After calls f on the UI goroutine after d and returns a function that
	// cancels the call; default time.AfterFunc + Post.
	After func(d time.Duration, f func()) (cancel func())
	// Settings returns the current settings; default DefaultSettings.
	Settings func() Settings
	// Deadline bounds a search by its time budget; default
	// context.WithTimeout. Tests whose fake AI answers on demand give one
	// without a clock, so a loaded machine cannot end a search for them.
	Deadline func(ctx context.Context, budget time.Duration) (context.Context, context.CancelFunc)
	// Autosave, if set, receives a snapshot after every change of the
	// history. It must not block (see Autosaver).
	Autosave func(storage.Save)
	// Now is the clock for save times; default time.Now.
	Now func() time.Time
	// Ended, if set, hears of every move that ends the game (the
	// statistics count it).
	Ended func(*Controller)
	// CoachBudget is the budget of each search of the coach, CoachTime
	// the cap of a whole judgement (through Deadline); defaults
	// DefaultCoachBudget and DefaultCoachTime.
	CoachBudget Budget
	CoachTime   time.Duration
}

// Controller runs one open game. All methods must be called on the UI
// goroutine (the Post goroutine in tests).
type Controller struct {
	game     core.Game
	hist     *core.History
	seats    []storage.Seat
	seed     int64
	name     string
	saveID   string
	created  time.Time
	ai       AI
	trace    Tracer
	post     func(func())
	after    func(time.Duration, func()) func()
	settings func() Settings
	deadline func(context.Context, time.Duration) (context.Context, context.CancelFunc)
	autosave func(storage.Save)
	now      func() time.Time
	ended    func(*Controller)

	coachBudget Budget
	coachTime   time.Duration
	coach       coaching // the move held back in the Coaching state

	state State
	// gen moves whenever pending asynchronous work (a search, a hint, an
	// animation timer) stops being wanted; each piece of work carries the
	// generation it was started in and is dropped if it no longer matches.
	gen      uint64
	cancel   context.CancelFunc // of the running search or hint
	stopping bool               // Stop was pressed; the search is winding down
	depth    int                // deepest completed iteration of the running search
	hold     bool               // pause before the next computer move (after Stop)

	anim      []Step // steps of the move being shown
	animIndex int
	animID    uint64 // Frame.ID of the step shown
	stopTimer func()
	hint      string
	hinting   bool
	notice    string
	// passNotice: the notice says who passed; it outlives the computer's
	// reply, so a human who was passed over sees why.
	passNotice bool
	lastMove   string
	view       viewing // a past position shown read-only (view.go)
	closed     bool
	listeners  map[int]func()
	nextListen int
	// refused are the saved game's moves today's rules refuse, kept in
	// its saves while its moves are refusedBase, the ones it was opened
	// with (undo and redo keep them; a move played drops them).
	refused     *storage.Refused
	refusedBase []string
}

// ErrClosed is the answer to anything asked of a closed controller.
var ErrClosed = errors.New("this game has been closed")

// NewController makes the controller of one game. It does nothing until
// Start.
func NewController(cfg Config) *Controller {
	c := &Controller{
		game: cfg.Game, hist: cfg.History, seed: cfg.Seed,
		name: cfg.Name, saveID: cfg.SaveID, created: cfg.Created,
		ai: cfg.AI, trace: cfg.Trace, post: cfg.Post, after: cfg.After,
		settings: cfg.Settings, deadline: cfg.Deadline, autosave: cfg.Autosave, now: cfg.Now, ended: cfg.Ended,
		coachBudget: cfg.CoachBudget, coachTime: cfg.CoachTime,
		listeners: map[int]func(){},
	}
	if c.coachBudget.Nodes <= 0 {
		c.coachBudget = DefaultCoachBudget
	}
	if c.coachTime <= 0 {
		c.coachTime = DefaultCoachTime
	}
	if c.ai == nil {
		c.ai = cfg.Game
	}
	if c.post == nil {
		c.post = fyne.Do
	}
	if c.after == nil {
		post := c.post
		c.after = func(d time.Duration, f func()) func() {
			t := time.AfterFunc(d, func() { post(f) })
			return func() { t.Stop() }
		}
	}
	if c.settings == nil {
		c.settings = DefaultSettings
	}
	if c.deadline == nil {
		c.deadline = context.WithTimeout
	}
	if c.now == nil {
		c.now = time.Now
	}
	if c.created.IsZero() {
		c.created = c.now()
	}
	n := c.hist.Start().Players()
	c.seats = make([]storage.Seat, n)
	for i := range c.seats {
		c.seats[i] = storage.Seat{Kind: storage.Human}
		if i < len(cfg.Seats) && cfg.Seats[i].Kind != "" {
			c.seats[i] = cfg.Seats[i]
		}
	}
	c.lastMove = c.hist.LastMove()
	if cfg.Refused != nil {
		c.refused = cfg.Refused
		c.refusedBase = c.hist.Record().Moves
		c.notice = c.refusedNotice()
	}
	return c
}

// refusedNotice says, on opening a game with refused moves, which move
// today's rules refuse, by which change, and where the game goes on:
// "Move 43 broke the anti-stalling rule added in rules version 2: the
// game ends at move 42 (stalled: ...)".
func (c *Controller) refusedNotice() string {
	r := c.refused
	change := RulesChangeText(c.game, r.RulesVersion)
	last := r.Move - 1
	if pos := c.hist.Position(last); errors.Is(r.Err, core.ErrGameOver) && pos.Result().Over {
		reason, _ := core.ReasonAs(pos, c.PlayerName)
		return fmt.Sprintf("Move %d broke %s: the game ends at move %d (%s)", r.Move, change, last, reason)
	}
	why := "refused"
	if r.Err != nil {
		why = core.RenamePlayers(r.Err, c.PlayerName)
	}
	from := fmt.Sprintf("move %d", last)
	if last == 0 {
		from = "the start"
	}
	return fmt.Sprintf("Move %d broke %s (%s); the game continues from %s", r.Move, change, why, from)
}

// RulesChangeText names the changes of g's rules since version from, for
// people: "the anti-stalling rule added in rules version 2".
func RulesChangeText(g core.Game, from int) string {
	var changes []string
	for v := from + 1; v <= g.RulesVersion(); v++ {
		if what := g.RulesChange(v); what != "" {
			changes = append(changes, fmt.Sprintf("%s added in rules version %d", what, v))
		}
	}
	switch len(changes) {
	case 0:
		return fmt.Sprintf("the rules of version %d", g.RulesVersion())
	case 1:
		return changes[0]
	}
	return "a change of the rules (" + strings.Join(changes, "; ") + ")"
}

// Start puts the controller in its first state. A computer to move
// starts thinking at once (unless the settings pause before computer
// moves), in a new game as in one opened again: a game carries on where
// it was left. hold makes a computer to move wait for Go instead: the
// player had paused the game (Stop, or the game was waiting at Go) when
// leaving it.
func (c *Controller) Start(hold bool) {
	// A game opened with refused moves waits too: the player reads the
	// notice before anything is played (a move drops the refused moves).
	if hold || c.refused != nil {
		c.hold = true
	}
	// The game on screen is the one Continue offers, from the first
	// moment on, not only after its first move.
	c.save()
	c.afterMove()
}

// Subscribe registers f to run after every change of what the game
// shows. It returns a function that removes f.
func (c *Controller) Subscribe(f func()) (unsubscribe func()) {
	id := c.nextListen
	c.nextListen++
	c.listeners[id] = f
	return func() { delete(c.listeners, id) }
}

func (c *Controller) changed() {
	for _, f := range c.listeners {
		f()
	}
}

// --- what the UI reads ---

// Game is the game being played.
func (c *Controller) Game() core.Game { return c.game }

// State is the current state.
func (c *Controller) State() State { return c.state }

// Position is the position the board shows: the history's (during an
// animation: the position after the move being shown), or the one viewed
// (see View; LivePosition is always the game's).
func (c *Controller) Position() core.Position {
	if c.view.on {
		return c.hist.Position(c.viewN())
	}
	return c.hist.Current()
}

// History gives read access to the game's history (do not change it).
func (c *Controller) History() *core.History { return c.hist }

// Seats returns a copy of the seats.
func (c *Controller) Seats() []storage.Seat { return append([]storage.Seat(nil), c.seats...) }

// Seat is the seat of player i.
func (c *Controller) Seat(i int) storage.Seat { return c.seats[i] }

// Seed is the game's seed for the AI's tie-breaks and noise.
func (c *Controller) Seed() int64 { return c.seed }

// LastMove is the move that led to the current position ("" at the
// start); while viewing, the move marked on the position shown.
func (c *Controller) LastMove() string {
	if c.view.on {
		n := c.viewN()
		switch {
		case c.view.marked && n < c.hist.Len():
			return c.hist.Move(n + 1)
		case !c.view.marked && n > 0:
			return c.hist.Move(n)
		}
		return ""
	}
	return c.lastMove
}

// HintMove is the move the hint AI suggests ("" when none is shown);
// while viewing a marked move, the engine's better move.
func (c *Controller) HintMove() string {
	if c.view.on {
		return c.view.better
	}
	return c.hint
}

// Hinting tells whether a hint is being computed.
func (c *Controller) Hinting() bool { return c.hinting }

// Depth is the deepest completed iteration of the running search.
func (c *Controller) Depth() int { return c.depth }

// Stopping tells whether Stop was pressed and the search winds down.
func (c *Controller) Stopping() bool { return c.stopping }

// Notice is a short message about the last thing that went wrong or was
// refused ("" when there is none).
func (c *Controller) Notice() string { return c.notice }

// Frame returns the animation step shown; ok is false when no animation
// runs.
func (c *Controller) Frame() (f Frame, ok bool) {
	if c.anim == nil || c.view.on {
		return Frame{}, false
	}
	return Frame{Steps: c.anim, Index: c.animIndex, ID: c.animID}, true
}

// Name is the saved game's name ("" until saved).
func (c *Controller) Name() string { return c.name }

// SaveID is the id of the saved game in the store ("" until saved).
func (c *Controller) SaveID() string { return c.saveID }

// SetSaved records that the game was saved under id with name.
func (c *Controller) SetSaved(id, name string) {
	c.saveID, c.name = id, name
	c.changed()
}

// IsComputer tells whether player i is played by the computer.
func (c *Controller) IsComputer(i int) bool {
	return i >= 0 && i < len(c.seats) && c.seats[i].Kind == storage.Computer
}

// WhyNoAnalysis says why the analysis of the live game is not open to the
// player ("" when it is): it is no help against the computer, so only a
// game without a computer player, or one that is over, is analysed.
func (c *Controller) WhyNoAnalysis() string {
	if c.hist.Current().Result().Over {
		return ""
	}
	for i := range c.seats {
		if c.IsComputer(i) {
			return "Not against the computer until the game is over"
		}
	}
	return ""
}

// againstComputer: at least one human and one computer seat. Then undo
// and redo step over the computer's moves to the human's turn.
func (c *Controller) againstComputer() bool {
	h, p := false, false
	for i := range c.seats {
		if c.IsComputer(i) {
			p = true
		} else {
			h = true
		}
	}
	return h && p
}

// Snapshot is the game as a save: the whole record (redo branch included),
// the cursor, the seats, the seed, the name and times.
func (c *Controller) Snapshot() storage.Save {
	sv := storage.NewSave(c.hist.Record(), c.hist.Cursor(), c.Seats(), c.now())
	sv.Seed = c.seed
	sv.Name = c.name
	sv.Created = c.created.UTC().Truncate(time.Second)
	if c.keepsRefused() {
		r := *c.refused
		sv.Refused = &r
	}
	return sv
}

// keepsRefused tells whether the game still keeps the refused moves it was
// opened with: no move was played since (undo and redo keep them).
func (c *Controller) keepsRefused() bool {
	return c.refused != nil && slices.Equal(c.hist.Record().Moves, c.refusedBase)
}

// --- input ---

// Tap is a human's move from the board. It returns "" when the move was
// played, or a short reason why nothing happened.
func (c *Controller) Tap(move string) string {
	if c.closed {
		return ErrClosed.Error()
	}
	if square, ok := strings.CutPrefix(move, pickPrefix); ok {
		return c.Pick(square)
	}
	if c.view.on {
		return c.viewTapRefusal()
	}
	if c.state == Human {
		play := c.play
		if c.CoachOn(c.hist.Current().ToMove()) {
			play = c.coachLook
		}
		if err := play(move); err != nil {
			return c.Explain(err)
		}
		return ""
	}
	return c.turnRefusal()
}

// pickPrefix marks a tap that picks up a piece (PickTap): no move of any
// game starts with it.
const pickPrefix = "pick "

// PickTap is the tap of a board on the piece on square that it may not
// pick up (Pick said why): Tap gives the reason, as for a refused move, so
// every screen shows the refusals of a board the same way.
func PickTap(square string) string { return pickPrefix + square }

// Pick says why the human to move may not pick up the piece on square (in
// notation) to move it: "" when they may. The boards of the games whose
// move starts with a picked piece (core.Picker) ask before they select
// one; the reason comes from the game's rules.
func (c *Controller) Pick(square string) string {
	if c.closed {
		return ErrClosed.Error()
	}
	if c.view.on {
		return c.viewTapRefusal()
	}
	if c.state != Human {
		return c.turnRefusal()
	}
	if pk, ok := c.hist.Current().(core.Picker); ok {
		if err := pk.WhyNotPick(square); err != nil {
			return c.Explain(err)
		}
	}
	return ""
}

// turnRefusal is why a tap does nothing when no human is to move.
func (c *Controller) turnRefusal() string {
	why := ""
	switch c.state {
	case Thinking:
		why = fmt.Sprintf("Wait: %s is thinking", c.playerName(c.hist.Current().ToMove()))
	case Animating:
		why = "Wait for the move to finish, or press Stop"
	case PausedComputer:
		why = fmt.Sprintf("Press Go: %s is to move", c.playerName(c.hist.Current().ToMove()))
	case PausedStep:
		why = "Press Go for the next step"
	case Over:
		why = "The game is over: undo, or start a new game"
	case Coaching:
		why = "Wait: the coach is looking at your move"
		if c.coach.warning != "" {
			why = "Play anyway, or take your move back"
		}
	}
	return why
}

func (c *Controller) playerName(i int) string {
	name := c.PlayerName(i)
	if c.IsComputer(i) {
		return name + " (computer)"
	}
	return name
}

// play plays move at the cursor: history, autosave, then either the
// animation or straight to what comes after the move.
func (c *Controller) play(move string) error {
	if c.closed {
		return ErrClosed
	}
	cur := c.hist.Current()
	var steps []Step
	if c.trace != nil {
		s, err := c.trace(cur, move)
		if err != nil {
			return err
		}
		steps = s
	}
	if err := c.hist.Play(move); err != nil {
		return err
	}
	c.interrupt()
	// A pass notice stays up over the computer's reply to the pass.
	keep := c.passNotice && c.lastMove == PassMove && c.IsComputer(cur.ToMove()) && move != PassMove
	c.lastMove = move
	if !keep {
		c.notice, c.passNotice = "", false
	}
	if move == PassMove {
		c.notice, c.passNotice = c.passText(cur.ToMove()), true
	}
	c.save()
	if c.ended != nil && c.hist.Current().Result().Over {
		c.ended(c)
	}
	st := c.settings()
	if len(steps) > 1 && (st.Animation != AnimNone || st.PauseStep) {
		c.anim, c.animIndex = steps, 0
		c.animID++
		c.runStep()
		c.changed()
		return nil
	}
	c.afterMove()
	return nil
}

// runStep shows the current step: waits for Go, or for the step time.
func (c *Controller) runStep() {
	if c.settings().PauseStep {
		c.state = PausedStep
		return
	}
	c.state = Animating
	c.startTimer()
}

func (c *Controller) startTimer() {
	gen := c.gen
	c.stopTimer = c.after(c.settings().StepTime, func() {
		if gen != c.gen || c.closed {
			return
		}
		c.stopTimer = nil
		c.advance()
	})
}

// advance goes to the next step of the animation, or ends it.
func (c *Controller) advance() {
	c.animIndex++
	if c.animIndex >= len(c.anim)-1 {
		c.finishAnimation()
		return
	}
	c.animID++
	c.runStep()
	c.changed()
}

func (c *Controller) finishAnimation() {
	c.gen++
	if c.stopTimer != nil {
		c.stopTimer()
		c.stopTimer = nil
	}
	c.anim = nil
	c.animIndex = 0
	c.afterMove()
}

// afterMove decides who moves next once a move is on the board.
func (c *Controller) afterMove() {
	pos := c.hist.Current()
	switch {
	case pos.Result().Over:
		c.state = Over
		c.hold = false
		if c.passNotice {
			// The result says it all now; who passed before is old news.
			c.notice, c.passNotice = "", false
		}
	case c.IsComputer(pos.ToMove()):
		if c.hold || c.settings().PauseComputer {
			c.state = PausedComputer
		} else {
			c.think()
		}
	case ForcedPass(pos) && c.hist.LastMove() != PassMove:
		// A human with no move passes by itself: there is nothing to tap.
		// (Two passes in a row cannot happen in a game that ends when
		// nobody can move; the check keeps a broken game from looping.)
		// A held game stays held: the computer's reply waits for Go.
		if err := c.play(PassMove); err != nil {
			c.hold = false
			c.state = Human
			c.notice = "The pass was refused: " + core.RenamePlayers(err, c.PlayerName)
			c.changed()
		}
		return
	default:
		c.state = Human
	}
	c.hold = false
	c.changed()
}

// passText is the notice of a pass by player i.
func (c *Controller) passText(i int) string {
	name := c.PlayerName(i)
	switch {
	case c.IsComputer(i):
		return fmt.Sprintf("%s (computer) has no move and passes", name)
	case c.againstComputer():
		return fmt.Sprintf("You (%s) have no move: your turn is passed", name)
	}
	return fmt.Sprintf("%s has no move and passes", name)
}

// skipped tells whether undo and redo step over the current position: a
// computer's turn against a human, or a human's forced pass (played by
// the controller, so stopping there would play it again and drop the redo
// branch).
func (c *Controller) skipped() bool {
	pos := c.hist.Current()
	if pos.Result().Over {
		return false
	}
	return (c.againstComputer() && c.IsComputer(pos.ToMove())) || (!c.IsComputer(pos.ToMove()) && ForcedPass(pos))
}

// interrupt drops everything pending: the search or hint (cancelled, its
// answer dropped by the generation check), the animation timer, the hint.
func (c *Controller) interrupt() {
	c.gen++
	if c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
	if c.stopTimer != nil {
		c.stopTimer()
		c.stopTimer = nil
	}
	c.stopping, c.depth = false, 0
	c.anim, c.animIndex = nil, 0
	c.hint, c.hinting = "", false
	c.coach = coaching{}
}

func (c *Controller) save() {
	if c.autosave != nil {
		c.autosave(c.Snapshot())
	}
}

// level returns the named level of the game, the strongest for "".
func (c *Controller) level(name string) core.Level {
	levels := c.game.Levels()
	if l, err := core.FindLevel(levels, name); err == nil {
		return l
	}
	if len(levels) == 0 {
		return core.Level{Budget: time.Second}
	}
	return levels[len(levels)-1]
}

// request is the AI request and context of one search.
func (c *Controller) request(levelName, style string, info func(core.SearchInfo)) (context.Context, context.CancelFunc, core.AIRequest) {
	lv := c.level(levelName)
	budget := lv.Budget
	if budget <= 0 {
		budget = time.Second
	}
	// A level's budget is the time the player waits, so the search ends
	// early enough for its answer to be on the board within it: the same
	// margins the engine keeps for a tournament manager's movetime.
	ctx, cancel := c.deadline(context.Background(), engine.SearchTime(budget))
	req := core.AIRequest{
		Level: lv.Name, Style: style,
		// The same game and position give the same answer: a reproducible
		// opponent, and a hint that does not change when asked twice.
		Seed: c.seed ^ int64(c.hist.Cursor())*0x9e3779b9,
		Info: info,
		// One thread unless the caller gives more: a hint never takes the
		// cores from the player's phone.
		Threads: 1,
	}
	return ctx, cancel, req
}

// runAI runs the search on its own goroutine and posts the answer back. A
// panic in the engine becomes an error instead of killing the app.
func (c *Controller) runAI(ctx context.Context, pos core.Position, req core.AIRequest, done func(core.AIResult, error)) {
	ai, post := c.ai, c.post
	go func() {
		lowerPriority()
		res, err := bestMove(ctx, ai, pos, req, "the computer player")
		post(func() { done(res, err) })
	}()
}

// think starts the computer's search for the side to move.
func (c *Controller) think() {
	pos := c.hist.Current()
	seat := c.seats[pos.ToMove()]
	c.gen++
	gen := c.gen
	post := c.post
	info := func(i core.SearchInfo) {
		post(func() {
			if gen == c.gen && c.state == Thinking && i.Depth > c.depth {
				c.depth = i.Depth
				c.changed()
			}
		})
	}
	ctx, cancel, req := c.request(seat.Level, seat.Style, info)
	// The computer's own moves may use the cores the settings give it;
	// the search takes them only for timed, noise-free levels.
	req.Threads = c.settings().Threads
	ctx = search.WithThreadStart(ctx, lowerPriority) // its helper threads yield to the UI too
	c.cancel = cancel
	c.state = Thinking
	c.stopping, c.depth = false, 0
	c.runAI(ctx, pos, req, func(res core.AIResult, err error) {
		cancel()
		if gen != c.gen || c.closed {
			return // stale: undo, new game or load came first
		}
		c.cancel = nil
		c.computerMoved(pos, res, err)
	})
}

func (c *Controller) computerMoved(pos core.Position, res core.AIResult, err error) {
	stopped := c.stopping
	c.stopping = false
	move := res.Move
	if (err != nil || move == "") && stopped {
		// Stopped before the first iteration finished: any legal move
		// keeps the promise that Stop plays a move.
		if ms := pos.Moves(); len(ms) > 0 {
			move, err = ms[0], nil
		}
	}
	if err == nil && move == "" {
		err = errors.New("no move found")
	}
	if err != nil {
		c.state = PausedComputer
		c.depth = 0
		c.notice = "The computer could not move: " + err.Error()
		c.changed()
		return
	}
	// After Stop, hold before the next computer move: the player asked
	// the computer to stop, and in a computer-vs-computer game that means
	// "stop the game".
	c.hold = stopped
	if err := c.play(move); err != nil {
		c.hold = false
		c.state = PausedComputer
		c.notice = "The computer's move was refused: " + core.RenamePlayers(err, c.PlayerName)
		c.changed()
	}
}

// --- buttons ---

// ButtonKind is the colour and meaning of the Stop/Go button.
type ButtonKind int

// Stop/Go button kinds (seed 004: red stop, green go, blue "your turn").
const (
	ButtonWait ButtonKind = iota // disabled: a human must act, or nothing to do
	ButtonStop                   // red: stop the search or the animation
	ButtonGo                     // green: start the computer's move or the next step
)

// Button is what the Stop/Go button shows.
type Button struct {
	Kind    ButtonKind
	Label   string
	Enabled bool
}

// Button returns the Stop/Go button for the current state.
func (c *Controller) Button() Button {
	switch c.state {
	case Thinking:
		if c.stopping {
			return Button{ButtonStop, "Stopping…", false}
		}
		return Button{ButtonStop, "Stop", true}
	case Animating:
		return Button{ButtonStop, "Stop animation", true}
	case PausedComputer:
		return Button{ButtonGo, "Go", true}
	case PausedStep:
		return Button{ButtonGo, "Next step", true}
	case Over:
		return Button{ButtonWait, "Game over", false}
	case Coaching:
		if c.coach.warning != "" {
			return Button{ButtonWait, "Answer the coach", false}
		}
		return Button{ButtonWait, "Coach is looking…", false}
	}
	if c.againstComputer() {
		return Button{ButtonWait, "Your turn", false}
	}
	return Button{ButtonWait, c.PlayerName(c.hist.Current().ToMove()) + "'s turn", false}
}

// Press is a tap on the Stop/Go button: stop the search (the computer
// plays its best move so far), jump to the end of the animation, or go on
// when paused. It does nothing when the button is disabled.
func (c *Controller) Press() {
	if c.closed || !c.Button().Enabled {
		return
	}
	switch c.state {
	case Thinking:
		c.Stop()
	case Animating:
		c.finishAnimation()
	case PausedComputer:
		c.notice = ""
		c.think()
		c.changed()
	case PausedStep:
		c.state = Animating
		c.startTimer()
		c.changed()
	}
}

// Stop cancels the running search; the AI answers with its best move so
// far, which is then played.
func (c *Controller) Stop() {
	if c.state != Thinking || c.stopping || c.cancel == nil {
		return
	}
	c.stopping = true
	c.cancel()
	c.changed()
}

// CanUndo tells whether Undo does something.
func (c *Controller) CanUndo() bool {
	return !c.closed && !c.view.on && (c.hist.CanUndo() || c.state == Coaching)
}

// CanRedo tells whether Redo does something.
func (c *Controller) CanRedo() bool { return !c.closed && !c.view.on && c.hist.CanRedo() }

// Undo takes back a move, cancelling the search or animation first.
// Against the computer it goes back to the human's previous turn (the
// computer's reply and the human's move). It also steps over a human's
// forced pass, which the controller plays by itself. Then a computer to
// move waits for Go.
func (c *Controller) Undo() {
	if !c.CanUndo() {
		return
	}
	if c.state == Coaching {
		// The last thing the player did is the move the coach holds.
		c.TakeBack()
		return
	}
	c.interrupt()
	c.hist.Undo()
	for c.hist.CanUndo() && c.skipped() {
		c.hist.Undo()
	}
	c.moved()
}

// Redo replays an undone move; against the computer it also replays the
// computer's reply, up to the human's next turn.
func (c *Controller) Redo() {
	if !c.CanRedo() {
		return
	}
	c.interrupt()
	c.hist.Redo()
	for c.hist.CanRedo() && c.skipped() {
		c.hist.Redo()
	}
	c.moved()
}

// moved settles after undo or redo.
func (c *Controller) moved() {
	c.lastMove = c.hist.LastMove()
	c.notice, c.passNotice = "", false
	c.save()
	c.hold = true
	c.afterMove()
}

// CanHint tells whether Hint does something: a human is to move and no
// hint is being computed.
func (c *Controller) CanHint() bool {
	return !c.closed && !c.view.on && c.state == Human && !c.hinting
}

// HintHelper is the level and style of the computer that gives player i
// its hints: the seat's own helper (set in the new game screen, as each
// computer player of KJumpingCube hints for its human), else the hint
// strength and default style of the settings (games saved before seats had
// helpers). A style the game does not have gives the game's default; a
// level it does not have, its strongest (see level).
func (c *Controller) HintHelper(i int) (level, style string) {
	st := c.settings()
	level, style = st.HintLevel, st.DefaultStyle
	if i >= 0 && i < len(c.seats) {
		if s := c.seats[i]; s.HintLevel != "" {
			level = s.HintLevel
		}
		if s := c.seats[i]; s.HintStyle != "" {
			style = s.HintStyle
		}
	}
	if style != "" && !slices.Contains(c.game.Styles(), style) {
		style = "" // the game's default style
	}
	return level, style
}

// Hint asks the hint helper of the player to move (HintHelper) for a move
// and marks it on the board; it is never played.
func (c *Controller) Hint() {
	if !c.CanHint() {
		return
	}
	pos := c.hist.Current()
	gen := c.gen
	level, style := c.HintHelper(pos.ToMove())
	ctx, cancel, req := c.request(level, style, nil)
	c.cancel = cancel
	c.hinting = true
	c.hint = ""
	c.runAI(ctx, pos, req, func(res core.AIResult, err error) {
		cancel()
		if gen != c.gen || c.closed {
			return
		}
		c.cancel = nil
		c.hinting = false
		if err != nil {
			c.notice = "No hint: " + err.Error()
		} else {
			c.hint = res.Move
		}
		c.changed()
	})
	c.changed()
}

// Close stops everything the controller runs; late answers are dropped.
func (c *Controller) Close() {
	if c.closed {
		return
	}
	c.interrupt()
	c.closed = true
	c.listeners = map[int]func(){}
}
