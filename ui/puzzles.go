package ui

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/puzzle"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// The Puzzles screens (issue 51, docs/puzzles.md "The app"): a game's
// puzzles (rating, streak, the next puzzle, the daily puzzle, the puzzles
// from the player's games) and one puzzle on its board. A puzzle's board
// reads a controller of its own whose seats are all human and that saves
// nothing: a tap the puzzle takes is played on it, the replies of the
// solution are played by the screen after replyPause. Whether a move is
// right is core/puzzle.Check's word; the rating is app.PuzzleProgress's.

// replyPause is the wait before the app plays a reply of the solution,
// or the next move of a solution shown: long enough to see the move made.
var replyPause = 700 * time.Millisecond

// puzzleTimer runs f on the UI goroutine after d; nil: UI.after. Tests
// hold the timers and fire them when they choose.
var puzzleTimer func(d time.Duration, f func())

// puzzleEntry is Home's way to the puzzles: one button a game.
func (u *UI) puzzleEntry() fyne.CanvasObject {
	head := widget.NewLabelWithStyle("Puzzles", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	var buttons []fyne.CanvasObject
	for _, gu := range board.Registered() {
		_, g, ok := board.Lookup(gu.ID)
		if ps, err := puzzle.OfGame(gu.ID); !ok || err != nil || len(ps) == 0 {
			continue
		}
		name := gu.ShortName
		if name == "" {
			name = g.Name()
		}
		id := gu.ID
		// No icons: three names side by side fit a 360 dp phone.
		_, b := kit.TouchButton(name, nil, func() { u.puzzles(id) })
		buttons = append(buttons, b)
	}
	if len(buttons) == 0 {
		return container.NewVBox()
	}
	return container.NewVBox(head, container.NewGridWithColumns(len(buttons), buttons...))
}

// --- a game's puzzles ---

// puzzles shows game's puzzles: the rating and streak, the next puzzle,
// the daily one and the ones from the player's games (looked for while
// the screen is open, off the UI goroutine).
func (u *UI) puzzles(game string) (refresh func()) {
	_, g, ok := board.Lookup(game)
	if !ok {
		u.showError("No puzzles", fmt.Errorf("the app cannot show %q games", game))
		return func() {}
	}
	prog := u.env.Puzzles
	var fill func() // shows the progress and the puzzles from the games
	rating := widget.NewLabel("")
	rating.Wrapping = fyne.TextWrapWord
	own := container.NewVBox()
	ownNote := widget.NewLabel("")
	ownNote.Wrapping = fyne.TextWrapWord
	_, next := kit.TouchButton("Solve a puzzle", theme.MediaPlayIcon(), func() {
		pz, err := prog.NextPuzzle(game, rand.Int64(), "")
		if err != nil {
			u.showError("No puzzle", err)
			return
		}
		u.openPuzzle(pz, puzzleRated, fill)
	})
	dailyB, daily := kit.TouchButton("Daily puzzle", theme.CalendarIcon(), func() {
		pz, err := app.DailyPuzzle(game, prog.Now())
		if err != nil {
			u.showError("No puzzle", err)
			return
		}
		u.openPuzzle(pz, puzzleDaily, fill)
	})
	mining := false
	fill = func() {
		r := prog.Rating(game)
		text := fmt.Sprintf("Your rating %s · streak %d", ratingText(r), prog.Streak(game))
		if err := prog.Err(); err != nil {
			text += "\nYour puzzles " + err.Error()
			rating.Importance = widget.WarningImportance
		}
		rating.SetText(text)
		dailyB.SetText("Daily puzzle")
		if prog.DailySolved(game) {
			dailyB.SetText("Daily puzzle: solved ✓")
		}
		var rows []fyne.CanvasObject
		for _, pz := range prog.OwnPuzzles(game) {
			pz := pz
			_, b := kit.TouchButton(ownPuzzleLabel(pz), nil, func() { u.openPuzzle(pz, puzzleOwn, fill) })
			rows = append(rows, b)
		}
		own.Objects = rows
		own.Refresh()
		switch {
		case !app.MinesPuzzles(game):
			ownNote.SetText(g.Name() + " puzzles are races of one player alone: none come from your games.")
		case mining && len(rows) == 0:
			ownNote.SetText("Looking through your finished games for your mistakes…")
		case mining:
			ownNote.SetText("Looking through your finished games for more…")
		case len(rows) == 0:
			ownNote.SetText("None yet: finish a game against the computer, and the positions where you went wrong become puzzles here.")
		default:
			ownNote.SetText("Positions of your games where the review marked your mistake: find the move you missed.")
		}
	}
	s := &screen{name: "puzzles", title: g.Name() + " puzzles"}
	if app.MinesPuzzles(game) {
		mining = true
		stop := u.env.MineOwnPuzzles(app.OwnPuzzleBudget, fill, func(err error) {
			mining = false
			if err != nil && err != context.DeadlineExceeded {
				ownNote.SetText("Your games could not be looked through: " + err.Error())
				return
			}
			fill()
		})
		s.leave = stop
	}
	fill()
	box := container.NewVBox(rating, next, daily, kit.SectionTitle("From your games"), ownNote, own)
	s.content = kit.ScrollPage(box, 560)
	u.push(s)
	return fill
}

// ratingText is a rating as lichess shows it: "1512", "1512?" while
// provisional (its deviation over 110: a few puzzles move it a lot).
func ratingText(r puzzle.Rating) string {
	if r.RD > 110 {
		return fmt.Sprintf("%d?", int(r.R+0.5))
	}
	return strconv.Itoa(int(r.R + 0.5))
}

// ownPuzzleLabel names a puzzle from the player's games: where it comes
// from and what to find.
func ownPuzzleLabel(pz puzzle.Puzzle) string {
	return ownPuzzleWhere(pz) + ": " + puzzleGoal(pz)
}

// ownPuzzleWhere is the game's date (from its save's ID) and the move:
// "20 Nov 2026 · move 12".
func ownPuzzleWhere(pz puzzle.Puzzle) string {
	rest := strings.TrimPrefix(pz.ID, "own-")
	i := strings.LastIndex(rest, "-")
	move, _ := strconv.Atoi(rest[i+1:])
	when := ""
	if len(rest) >= 15 {
		if t, err := time.Parse("20060102-150405", rest[:15]); err == nil {
			when = t.Format("2 Jan 2006") + " · "
		}
	}
	return fmt.Sprintf("%smove %d", when, move)
}

// --- one puzzle ---

// puzzleKind is where a puzzle came from: what Next opens.
type puzzleKind int

const (
	puzzleRated puzzleKind = iota
	puzzleDaily
	puzzleOwn
)

// puzzleState is where the player is in a puzzle.
type puzzleState int

const (
	pzSolving  puzzleState = iota // the player is to find a move
	pzReplying                    // the app is about to play the reply
	pzWrong                       // a wrong move is on the board
	pzShowing                     // the solution is being played
	pzSolved                      // solved
	pzShown                       // the solution was shown to its end
)

type puzzleScreen struct {
	u      *UI
	gu     *board.GameUI
	pz     puzzle.Puzzle
	kind   puzzleKind
	c      *app.Controller
	board  board.Board
	screen *screen

	prompt, rating, feedback *widget.Label
	hintB, solutionB         *widget.Button
	retryB, nextB            *widget.Button

	state puzzleState
	// played are the moves of the attempt on the board: the solver's
	// right moves and the replies.
	played []string
	// recorded: the attempt's result is kept (the first wrong move, the
	// hint or the solution asked for, or solving it).
	recorded bool
	// gen moves when a pending reply or step is no longer wanted.
	gen    int
	closed bool
	// left refreshes the screen below (the game's puzzles) on leaving.
	left     func()
	relayout func()
}

// openPuzzle shows pz over the game's puzzles (a puzzle shown is
// replaced); left tells that screen to show what changed.
func (u *UI) openPuzzle(pz puzzle.Puzzle, kind puzzleKind, left func()) *puzzleScreen {
	gu, g, ok := board.Lookup(pz.Game)
	if !ok {
		u.showError("This puzzle cannot be shown", fmt.Errorf("the app cannot show %q games", pz.Game))
		return nil
	}
	start, err := puzzle.Start(pz)
	if err != nil {
		u.showError("This puzzle cannot be shown", err)
		return nil
	}
	if s := u.top(); s != nil && s.name == "puzzle" {
		u.popTo(len(u.stack) - 1)
	}
	ps := &puzzleScreen{u: u, gu: gu, pz: pz, kind: kind, left: left}
	ps.c = app.NewController(app.Config{
		Game: g, History: core.NewHistory(start, pz.Rules), Trace: gu.Trace,
		AI: hintAI{ps}, Post: u.env.Post, After: u.env.After, Deadline: u.env.Deadline, Settings: u.env.Settings,
	})
	ps.board = gu.NewBoard(ps.c, u.env.Settings, ps.tap)
	ps.prompt = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	ps.prompt.Wrapping = fyne.TextWrapWord
	ps.rating = widget.NewLabel("")
	ps.rating.Wrapping = fyne.TextWrapWord
	ps.feedback = widget.NewLabel("")
	ps.feedback.Wrapping = fyne.TextWrapWord
	var hintBox, solBox, retryBox, nextBox fyne.CanvasObject
	ps.hintB, hintBox = kit.TouchButton("Hint", theme.SearchIcon(), ps.hint)
	ps.solutionB, solBox = kit.TouchButton("Solution", theme.VisibilityIcon(), ps.showSolution)
	ps.retryB, retryBox = kit.TouchButton("Retry", theme.MediaReplayIcon(), ps.retry)
	ps.nextB, nextBox = kit.TouchButton("Next", theme.NavigateNextIcon(), ps.next)
	info := container.NewVBox(ps.prompt, ps.rating, ps.feedback)
	buttons := container.NewGridWithColumns(2, hintBox, solBox, retryBox, nextBox)
	content := container.New(&puzzleLayout{info: info, board: ps.board, buttons: buttons}, info, ps.board, buttons)
	// A text of another length changes the room the board has.
	ps.relayout = func() { relayout(content) }
	title := g.Name() + " puzzle"
	switch kind {
	case puzzleDaily:
		title = "Daily " + title
	case puzzleOwn:
		title = "From your games"
	}
	ps.screen = &screen{name: "puzzle", title: title, content: content, leave: ps.leave}
	ps.c.Subscribe(ps.update)
	ps.c.Start(false)
	ps.prompt.SetText(ps.promptText())
	ps.feedback.SetText("")
	if kind == puzzleOwn {
		ps.feedback.SetText("From your game of " + ownPuzzleWhere(pz) + ": find the move you missed.")
	}
	ps.update()
	u.push(ps.screen)
	if puzzleOpened != nil {
		puzzleOpened(ps)
	}
	return ps
}

// puzzleOpened, when set (tests), hears of every puzzle opened.
var puzzleOpened func(*puzzleScreen)

// puzzleGoal is what a puzzle asks, without who is to move.
func puzzleGoal(pz puzzle.Puzzle) string {
	n := pz.SolverMoves()
	switch pz.Game {
	case "chinesecheckers":
		n = len(pz.Solution)
		return fmt.Sprintf("fill your arm in %d moves", n)
	case "ataxx":
		return "find the best move"
	}
	if n == 1 {
		return "win in 1 move"
	}
	return fmt.Sprintf("win in %d", n)
}

// promptText is the question: "Red to move: win in 3", "Fill your arm
// in 4 moves", "Ataxx: find the best move".
func (ps *puzzleScreen) promptText() string {
	goal := puzzleGoal(ps.pz)
	start := ps.c.History().Start()
	if start.Players() == 1 {
		return strings.ToUpper(goal[:1]) + goal[1:]
	}
	return fmt.Sprintf("%s to move: %s", ps.c.PlayerName(start.ToMove()), goal)
}

// leave stops what the screen waits for and closes its controller.
func (ps *puzzleScreen) leave() {
	ps.closed = true
	ps.gen++
	ps.c.Close()
	if ps.left != nil {
		ps.left() // the rating and streak this puzzle left
	}
}

// update follows the controller and the state into the board, the rating
// line and the buttons.
func (ps *puzzleScreen) update() {
	if ps.closed {
		return
	}
	ps.board.Update()
	r := ps.u.env.Puzzles.Rating(ps.pz.Game)
	line := fmt.Sprintf("Your rating %s · streak %d", ratingText(r), ps.u.env.Puzzles.Streak(ps.pz.Game))
	switch {
	case app.IsOwnPuzzle(ps.pz):
		line += " · practice, not rated"
	case ps.u.env.Puzzles.Seen(ps.pz) && !ps.recorded:
		line += " · tried before, not rated"
	}
	if line != ps.rating.Text {
		ps.rating.SetText(line)
		ps.relayout()
	}
	setEnabled(ps.hintB, ps.state == pzSolving)
	setEnabled(ps.solutionB, ps.state == pzSolving || ps.state == pzWrong)
	setEnabled(ps.retryB, ps.state == pzWrong || ps.state == pzShown || ps.state == pzSolved)
	setEnabled(ps.nextB, ps.state != pzShowing)
}

// say puts text in the feedback line.
func (ps *puzzleScreen) say(text string) {
	ps.feedback.SetText(text)
	ps.feedback.Importance = widget.MediumImportance
	ps.feedback.Refresh()
	ps.relayout()
}

// tap is a move from the board (or "" while viewing, or a refused pick).
func (ps *puzzleScreen) tap(move string) {
	if ps.closed || move == "" {
		return
	}
	switch ps.state {
	case pzReplying:
		ps.say("Wait for the reply")
		return
	case pzShowing:
		ps.say("Wait: the solution is being shown")
		return
	case pzWrong:
		ps.say("Tap Retry to try again, or Solution to see the answer")
		return
	case pzSolved, pzShown:
		ps.say("Tap Next for another puzzle, or Retry to play this one again")
		return
	}
	if strings.HasPrefix(move, app.PickTap("")) {
		ps.say(ps.c.Tap(move)) // why the piece may not be picked up
		return
	}
	if _, err := ps.c.Position().Play(move); err != nil {
		ps.say(ps.c.Explain(err))
		return
	}
	verdict, err := puzzle.Check(ps.pz, append(append([]string(nil), ps.played...), move))
	if err != nil {
		ps.say(err.Error())
		return
	}
	if why := ps.c.Tap(move); why != "" {
		ps.say(why)
		return
	}
	switch verdict {
	case puzzle.Incorrect:
		ps.state = pzWrong
		text := fmt.Sprintf("Wrong: %s is not the answer.", move)
		if res, ok := ps.record(false); ok && res.Rated {
			text += fmt.Sprintf(" Rating %s (%s).", ratingText(res.After), res.Change())
		}
		ps.say(text + " Retry, or see the solution.")
		ps.feedback.Importance = widget.DangerImportance
		ps.feedback.Refresh()
	case puzzle.Correct:
		ps.played = append(ps.played, move)
		ps.state = pzSolved
		text := "Solved!"
		if res, ok := ps.record(true); ok {
			if res.Rated {
				text += fmt.Sprintf(" Rating %s (%s), streak %d.", ratingText(res.After), res.Change(), res.Streak)
			} else {
				text += fmt.Sprintf(" Streak %d.", res.Streak)
			}
		}
		ps.say(text)
		ps.feedback.Importance = widget.SuccessImportance
		ps.feedback.Refresh()
	default:
		ps.played = append(ps.played, move)
		ps.state = pzReplying
		ps.say("Right! Now the reply…")
		ps.feedback.Importance = widget.SuccessImportance
		ps.feedback.Refresh()
		ps.later(ps.reply)
	}
	ps.update()
}

// record keeps the attempt's result once; ok is false when it was kept
// before (a retry, a hint taken earlier).
func (ps *puzzleScreen) record(solved bool) (app.PuzzleResult, bool) {
	if ps.recorded {
		return app.PuzzleResult{}, false
	}
	ps.recorded = true
	res, err := ps.u.env.Puzzles.Record(ps.pz, solved)
	if err != nil {
		fyne.LogError("puzzles", err)
	}
	return res, true
}

// later runs f after replyPause unless the screen moved on meanwhile.
func (ps *puzzleScreen) later(f func()) {
	ps.gen++
	gen := ps.gen
	timer := puzzleTimer
	if timer == nil {
		timer = ps.u.after
	}
	timer(replyPause, func() {
		if gen != ps.gen || ps.closed {
			return
		}
		f()
	})
}

// reply plays the solution's reply to the player's right move, once the
// move's animation is over.
func (ps *puzzleScreen) reply() {
	if ps.c.State() != app.Human {
		ps.later(ps.reply) // still animating
		return
	}
	i := len(ps.played)
	if i >= len(ps.pz.Solution) {
		ps.state = pzSolving
		ps.update()
		return
	}
	reply := ps.pz.Solution[i]
	if why := ps.c.Tap(reply); why != "" {
		ps.say("The reply could not be played: " + why)
		return
	}
	ps.played = append(ps.played, reply)
	ps.state = pzSolving
	ps.say(fmt.Sprintf("%s played %s. Your move.", ps.c.PlayerName(ps.c.History().Position(len(ps.played)-1).ToMove()), reply))
	ps.update()
}

// hint marks the piece to move (or the square to play on) for the move to
// find; the puzzle then counts as missed.
func (ps *puzzleScreen) hint() {
	if ps.closed || ps.state != pzSolving {
		return
	}
	i := len(ps.played)
	if i >= len(ps.pz.Solution) {
		return
	}
	sq, piece := puzzle.Hint(ps.pz, ps.pz.Solution[i])
	text := "Hint: the square to play is marked."
	if piece {
		ps.board.TapSquare(sq) // picked up, as a finger would: its moves show
		text = "Hint: the piece to move is picked up."
	} else {
		ps.c.Hint() // the board marks hintAI's move
	}
	if res, ok := ps.record(false); ok && res.Rated {
		text += fmt.Sprintf(" With a hint the puzzle counts as missed: rating %s (%s).", ratingText(res.After), res.Change())
	}
	ps.say(text)
	ps.update()
}

// hintAI is the controller's "AI" for the hint: the solution's next move.
type hintAI struct{ ps *puzzleScreen }

func (h hintAI) BestMove(ctx context.Context, pos core.Position, _ core.AIRequest) (core.AIResult, error) {
	// Called on another goroutine: only the puzzle (never changed) and
	// the position handed over are read.
	return core.AIResult{Move: hintMoveFor(h.ps.pz, pos)}, ctx.Err()
}

// hintMoveFor is the solution's move at pos: found by replaying the line
// (the controller gives the position, not the move number).
func hintMoveFor(pz puzzle.Puzzle, pos core.Position) string {
	cur, err := puzzle.Start(pz)
	if err != nil {
		return ""
	}
	for _, m := range pz.Solution {
		if cur.String() == pos.String() {
			sq, _ := puzzle.Hint(pz, m)
			return sq
		}
		if cur, err = cur.Play(m); err != nil {
			return ""
		}
	}
	return ""
}

// retry takes the wrong move back (or starts again after the end).
func (ps *puzzleScreen) retry() {
	if ps.closed {
		return
	}
	switch ps.state {
	case pzWrong:
		ps.c.Undo()
	case pzSolved, pzShown:
		ps.rewind()
	default:
		return
	}
	ps.state = pzSolving
	ps.say("Try again.")
	ps.update()
}

// rewind takes every move back to the puzzle's start.
func (ps *puzzleScreen) rewind() {
	ps.gen++
	for ps.c.CanUndo() {
		ps.c.Undo()
	}
	ps.played = nil
}

// showSolution plays the solution from the start, a move at a time; the
// puzzle then counts as missed.
func (ps *puzzleScreen) showSolution() {
	if ps.closed || (ps.state != pzSolving && ps.state != pzWrong) {
		return
	}
	text := "The solution:"
	if res, ok := ps.record(false); ok && res.Rated {
		text = fmt.Sprintf("Rating %s (%s). The solution:", ratingText(res.After), res.Change())
	}
	ps.rewind()
	ps.state = pzShowing
	ps.say(text)
	ps.update()
	ps.later(ps.step)
}

// step plays the solution's next move.
func (ps *puzzleScreen) step() {
	if ps.c.State() != app.Human && ps.c.State() != app.Over {
		ps.later(ps.step)
		return
	}
	i := len(ps.played)
	if i >= len(ps.pz.Solution) {
		ps.state = pzShown
		ps.say(ps.feedback.Text + " (end)")
		ps.update()
		return
	}
	m := ps.pz.Solution[i]
	if why := ps.c.Tap(m); why != "" {
		ps.say("The solution could not be played: " + why)
		ps.state = pzShown
		ps.update()
		return
	}
	ps.played = append(ps.played, m)
	ps.say(ps.feedback.Text + " " + m)
	ps.update()
	ps.later(ps.step)
}

// next opens another puzzle of the same kind: near the rating, or the
// next one of the player's games.
func (ps *puzzleScreen) next() {
	if ps.closed {
		return
	}
	prog := ps.u.env.Puzzles
	if ps.kind == puzzleOwn {
		own := prog.OwnPuzzles(ps.pz.Game)
		for i, pz := range own {
			if pz.ID == ps.pz.ID && i+1 < len(own) {
				ps.u.openPuzzle(own[i+1], puzzleOwn, ps.left)
				return
			}
		}
	}
	pz, err := prog.NextPuzzle(ps.pz.Game, rand.Int64(), ps.pz.ID)
	if err != nil {
		ps.u.showError("No puzzle", err)
		return
	}
	ps.u.openPuzzle(pz, puzzleRated, ps.left)
}

// puzzleLayout: portrait, the question and feedback on top, the board,
// the buttons at the bottom; landscape, the board on the left as high as
// the window, the rest in a column on the right.
type puzzleLayout struct {
	info    *fyne.Container
	board   board.Board
	buttons fyne.CanvasObject
}

func (l *puzzleLayout) infoHeight(w float32) float32 {
	l.info.Resize(fyne.NewSize(w, l.info.Size().Height))
	return l.info.MinSize().Height
}

func (l *puzzleLayout) Layout(_ []fyne.CanvasObject, sz fyne.Size) {
	pad := theme.Padding()
	bh := l.buttons.MinSize().Height
	if kit.Landscape(sz) {
		colW := max(l.buttons.MinSize().Width, min(sz.Width*0.45, 360))
		bw, bhh := l.board.Fit(sz.Width-colW-3*pad, sz.Height-2*pad)
		l.board.Move(fyne.NewPos(pad, (sz.Height-bhh)/2))
		l.board.Resize(fyne.NewSize(bw, bhh))
		x := bw + 2*pad
		w := sz.Width - x - pad
		ih := l.infoHeight(w)
		l.info.Move(fyne.NewPos(x, pad))
		l.info.Resize(fyne.NewSize(w, ih))
		l.buttons.Move(fyne.NewPos(x, sz.Height-bh-pad))
		l.buttons.Resize(fyne.NewSize(w, bh))
		return
	}
	w := sz.Width - 2*pad
	ih := l.infoHeight(w)
	l.info.Move(fyne.NewPos(pad, pad))
	l.info.Resize(fyne.NewSize(w, ih))
	l.buttons.Move(fyne.NewPos(pad, sz.Height-bh-pad))
	l.buttons.Resize(fyne.NewSize(w, bh))
	top := ih + 2*pad
	bw, bhh := l.board.Fit(w, sz.Height-top-bh-2*pad)
	l.board.Move(fyne.NewPos((sz.Width-bw)/2, top+(sz.Height-top-bh-2*pad-bhh)/2))
	l.board.Resize(fyne.NewSize(bw, bhh))
}

func (l *puzzleLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	// Not the texts' height: beside the board in landscape they need less
	// than above it, and a window's least size must fit both.
	b := l.buttons.MinSize()
	return fyne.NewSize(b.Width, b.Height+kit.TouchSize*3)
}

// debugPuzzle opens the screens of JUMPERS_SCREEN=puzzles (the puzzles of
// JUMPERS_GAME) and JUMPERS_SCREEN=puzzle (JUMPERS_PUZZLE: a puzzle ID,
// "daily", "own" for the first from the player's games, "" the next near
// the rating), then taps JUMPERS_TAP's squares on its board (scripted
// screenshots).
func (u *UI) debugPuzzle(d app.Debug) {
	game := d.Game
	if game == "" {
		game = "cube"
	}
	if pz, err := puzzle.ByID(d.Puzzle); err == nil {
		game = pz.Game
	}
	fill := u.puzzles(game)
	if d.Screen != "puzzle" {
		return
	}
	open := func(pz puzzle.Puzzle, kind puzzleKind) {
		ps := u.openPuzzle(pz, kind, fill)
		for _, sq := range strings.Fields(d.Tap) {
			if ps != nil {
				ps.board.TapSquare(sq)
			}
		}
	}
	prog := u.env.Puzzles
	switch d.Puzzle {
	case "daily":
		if pz, err := app.DailyPuzzle(game, prog.Now()); err == nil {
			open(pz, puzzleDaily)
		}
	case "own":
		// The search for them started with the screen below: open the
		// first one when it has found one.
		var wait func()
		tries := 0
		wait = func() {
			if own := prog.OwnPuzzles(game); len(own) > 0 {
				open(own[0], puzzleOwn)
				return
			}
			if tries++; tries < 200 {
				u.after(100*time.Millisecond, wait)
			}
		}
		wait()
	case "":
		if pz, err := prog.NextPuzzle(game, 1, ""); err == nil {
			open(pz, puzzleRated)
		}
	default:
		if pz, err := puzzle.ByID(d.Puzzle); err == nil {
			open(pz, puzzleRated)
		} else if pz, ok := prog.OwnPuzzle(d.Puzzle); ok {
			open(pz, puzzleOwn)
		} else {
			u.afterShown(func() { u.showError("No such puzzle", err) })
		}
	}
}
