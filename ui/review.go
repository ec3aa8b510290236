package ui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// reviewSpeeds are the auto-play intervals offered, slowest last.
var reviewSpeeds = []struct {
	label string
	every time.Duration
}{
	{"0.5 s", 500 * time.Millisecond},
	{"1 s", time.Second},
	{"2 s", 2 * time.Second},
}

// reviewScreen replays one game: step forward and back, auto-play, jump
// to the start or the end, the move list, and "Continue from here". Its
// board reads a controller of its own that never plays: it is always
// viewing (app.Controller.View) a position of its copy of the game, so
// nothing here can change the reviewed game or its save.
type reviewScreen struct {
	u      *UI
	gu     *board.GameUI
	sv     storage.Save
	c      *app.Controller
	board  board.Board
	moves  *moveList
	screen *screen

	status                            *widget.Label
	ending                            *widget.Label // why the game ended, at its end (the end panel's text)
	notice                            *widget.Label
	startB, prevB, playB, nextB, endB *widget.Button
	speed                             *kit.DropDown
	contB                             *widget.Button

	// live is the game screen whose game is reviewed (nil: a saved game).
	live *gameScreen

	every   time.Duration // auto-play interval
	playing bool
	playGen int // a tick of an older auto-play is dropped
	closed  bool

	an       *reviewAnalysis // the engine's review (analysis_ui.go)
	relayout func()          // lays the screen out again (the graph shown)
}

// review opens the review screen of sv, a saved game or the game on
// screen (its snapshot), over the screen shown. h is the game's history;
// the review replays its own copy of the moves up to the cursor (a redo
// branch is not part of the game as it stands).
func (u *UI) review(sv storage.Save, h *core.History) {
	gu, g, ok := board.Lookup(sv.Game)
	if !ok || h == nil {
		u.showError("This game cannot be reviewed", fmt.Errorf("the app cannot show %q games", sv.Game))
		return
	}
	rec := h.Record()
	rec.Moves = rec.Moves[:h.Cursor()]
	own, err := core.HistoryFromRecord(rec, -1)
	if err != nil {
		u.showError("This game cannot be reviewed", err)
		return
	}
	rs := &reviewScreen{u: u, gu: gu, sv: sv, every: reviewSpeeds[1].every}
	if u.game != nil && u.game.c.History() == h {
		rs.live = u.game
	}
	rs.c = app.NewController(app.Config{
		Game: g, History: own, Seats: sv.Seats, Seed: sv.Seed, Name: sv.Name,
		AI: u.env.AI, Post: u.env.Post, After: u.env.After, Settings: u.env.Settings,
	})
	rs.board = gu.NewBoard(rs.c, u.env.Settings, rs.tap)
	rs.moves = newMoveList(rs.c.History, rs.c.History().Len, rs.c.ShownCursor, rs.show, u.env.Settings, gu.FullMove)

	rs.status = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	// Wrapped, never cut: with long colour names the line is longer than
	// a phone ("… · Reddish purple w…").
	rs.status.Wrapping = fyne.TextWrapWord
	rs.ending = widget.NewLabel("")
	rs.ending.Wrapping = fyne.TextWrapWord
	rs.ending.Hide()
	rs.notice = widget.NewLabel("")
	rs.notice.Importance = widget.WarningImportance
	rs.notice.Wrapping = fyne.TextWrapWord

	var startBox, prevBox, playBox, nextBox, endBox fyne.CanvasObject
	rs.startB, startBox = kit.TouchButton("", theme.MediaSkipPreviousIcon(), func() { rs.stopPlay(); rs.show(0) })
	rs.prevB, prevBox = kit.TouchButton("", theme.NavigateBackIcon(), func() { rs.stopPlay(); rs.step(-1) })
	rs.playB, playBox = kit.TouchButton("", theme.MediaPlayIcon(), rs.togglePlay)
	rs.nextB, nextBox = kit.TouchButton("", theme.NavigateNextIcon(), func() { rs.stopPlay(); rs.step(1) })
	rs.endB, endBox = kit.TouchButton("", theme.MediaSkipNextIcon(), func() { rs.stopPlay(); rs.show(rs.last()) })
	labels := make([]string, len(reviewSpeeds))
	for i, s := range reviewSpeeds {
		labels[i] = s.label
	}
	rs.speed = kit.NewDropDown(labels, func(l string) {
		for _, s := range reviewSpeeds {
			if s.label == l {
				rs.every = s.every
			}
		}
	})
	rs.speed.SetSelected(reviewSpeeds[1].label)
	var contBox fyne.CanvasObject
	rs.contB, contBox = kit.TouchButton("Continue here", theme.MediaPlayIcon(), rs.continueHere)

	rs.an = newReviewAnalysis(rs)
	// read, not tapped: compact, as the game screen's status
	status := kit.Compact(container.NewVBox(rs.status, rs.ending, rs.notice))
	graph := kit.Compact(rs.an.graphBox)
	ctl := &reviewControlsLayout{}
	controls := container.New(ctl,
		container.NewGridWithColumns(5, startBox, prevBox, playBox, nextBox, endBox),
		kit.MinHeight(kit.Compact(rs.speed), kit.TouchSize), contBox, rs.an.controls)
	content := container.New(&reviewLayout{status: status, graph: graph, board: rs.board, controls: controls,
		ctl: ctl, moves: rs.moves, graphShown: rs.an.graphBox.Visible}, status, graph, rs.board, controls, rs.moves)
	rs.relayout = func() { relayout(content) }
	rs.moves.relayout = rs.relayout
	title := "Review: " + g.Name()
	if sv.Name != "" {
		title = "Review: " + sv.Name
	}
	rs.screen = &screen{name: "review", title: title, content: content, leave: rs.leave}
	rs.c.Subscribe(rs.update)
	if err := rs.c.View(rs.last()); err != nil {
		u.showError("This game cannot be reviewed", err)
		rs.c.Close()
		return
	}
	u.push(rs.screen)
	u.reviewing = rs
	if reviewOpened != nil {
		reviewOpened(rs)
	}
}

// reviewOpened, when set (tests), hears of every review screen opened.
var reviewOpened func(*reviewScreen)

// leave stops everything the screen runs: auto-play, the engine.
func (rs *reviewScreen) leave() {
	if rs.u.reviewing == rs {
		rs.u.reviewing = nil
	}
	rs.closed = true
	rs.stopPlay()
	rs.an.stop()
	rs.c.Close()
}

// last is the number of moves of the game.
func (rs *reviewScreen) last() int { return rs.c.History().Len() }

// shown is the number of moves of the position shown.
func (rs *reviewScreen) shown() int { return rs.c.ShownCursor() }

// show views the position after n moves.
func (rs *reviewScreen) show(n int) {
	if rs.closed {
		return
	}
	if err := rs.c.View(min(max(n, 0), rs.last())); err != nil {
		rs.notice.SetText(err.Error())
	}
}

func (rs *reviewScreen) step(d int) { rs.show(rs.shown() + d) }

// tap on the board: nothing is played here.
func (rs *reviewScreen) tap(string) {
	// At the end of a finished game Continue here is off: no pointing to it.
	if rs.contB.Disabled() {
		rs.notice.SetText("This is a replay of a finished game: step back to play on from an earlier move")
		return
	}
	rs.notice.SetText("This is a replay: “Continue here” plays on from this position")
}

// --- auto-play ---

func (rs *reviewScreen) togglePlay() {
	if rs.playing {
		rs.stopPlay()
		return
	}
	if rs.shown() >= rs.last() {
		rs.show(0) // from the start again
	}
	rs.playing = true
	rs.playGen++
	rs.schedule()
	rs.update()
}

func (rs *reviewScreen) stopPlay() {
	if !rs.playing {
		return
	}
	rs.playing = false
	rs.playGen++
	rs.update()
}

// schedule steps forward after the chosen interval; a stop, a jump or
// leaving the screen drops the pending step (playGen).
func (rs *reviewScreen) schedule() {
	gen := rs.playGen
	rs.u.after(rs.every, func() {
		if gen != rs.playGen || rs.closed || !rs.playing {
			return
		}
		rs.tick()
	})
}

// tick is one step of auto-play.
func (rs *reviewScreen) tick() {
	if rs.shown() >= rs.last() {
		rs.stopPlay()
		return
	}
	rs.step(1)
	if rs.shown() >= rs.last() {
		rs.stopPlay()
		return
	}
	rs.schedule()
}

// --- continue from here ---

// continueHere starts a new game from the position shown, with the moves
// that led to it (so Undo works) and the reviewed game's seats. It is
// saved at once under a name of its own: the reviewed game is kept as it
// was.
func (rs *reviewScreen) continueHere() {
	rs.stopPlay()
	u := rs.u
	n := rs.shown()
	rec := rs.c.History().Record()
	rec.Moves = rec.Moves[:n]
	h, err := core.HistoryFromRecord(rec, n)
	if err != nil {
		u.showError("Cannot continue from here", err)
		return
	}
	if h.Current().Result().Over {
		rs.notice.SetText("The game is over here: step back to continue from an earlier move")
		return
	}
	if !rs.keepLive() {
		return
	}
	sv := storage.NewSave(rec, n, rs.sv.Seats, time.Now())
	sv.Seed = rs.sv.Seed
	base := rs.sv.Name
	if base == "" {
		base = rs.c.Game().Name()
	}
	// numbered as the move list numbers the last move shown
	sv.Name = fmt.Sprintf("%s, from move %d", base, moveNumber(rs.gu.FullMove, rs.c.History(), n))
	id, err := u.env.KeepNew(sv)
	if err != nil {
		u.showError("Cannot continue from here", err)
		return
	}
	u.openSave(sv, h, id)
}

// keepLive writes the reviewed game on screen to the store before a new
// game takes the screen (every game is kept; this makes sure its last
// move is on disk). False when that write failed (said).
func (rs *reviewScreen) keepLive() bool {
	u, gs := rs.u, rs.live
	if gs == nil || u.game != gs || u.env.Store == nil {
		return true
	}
	if err := u.env.KeepNow(); err != nil {
		u.showError("The game was not kept, so nothing changed", err)
		return false
	}
	return true
}

// --- drawing ---

func (rs *reviewScreen) update() {
	if rs.closed {
		return
	}
	c := rs.c
	n, total := rs.shown(), rs.last()
	pos := c.Position()
	var text string
	h, full := c.History(), rs.gu.FullMove
	if n == 0 {
		moves := total
		if total > 0 {
			moves = moveNumber(full, h, total) - moveNumber(full, h, 1) + 1
		}
		text = fmt.Sprintf("Start · %d moves", moves)
	} else {
		mover := h.Position(n - 1).ToMove()
		text = fmt.Sprintf("Move %d of %d · %s played %s", moveNumber(full, h, n), moveNumber(full, h, total), c.PlayerName(mover), h.Move(n))
	}
	rs.ending.Hide()
	if r := pos.Result(); r.Over {
		text += " · " + app.ResultText(rs.u.env.Settings(), rs.c.Seats(), pos)
		if why := strings.Join(endSummary(c, rs.gu), " · "); why != "" {
			rs.ending.SetText(why)
			rs.ending.Show()
		}
	}
	rs.status.SetText(text)
	rs.notice.SetText("")
	setEnabled(rs.startB, n > 0)
	setEnabled(rs.prevB, n > 0)
	setEnabled(rs.nextB, n < total)
	setEnabled(rs.endB, n < total)
	setEnabled(rs.contB, !pos.Result().Over)
	if rs.playing {
		rs.playB.SetIcon(theme.MediaPauseIcon())
	} else {
		rs.playB.SetIcon(theme.MediaPlayIcon())
	}
	rs.moves.update()
	rs.an.update()
	rs.board.Update()
}

// reviewSaved opens the review of the saved game id (the Saved games
// screen's replay button).
func (u *UI) reviewSaved(id string) {
	if u.env.Store == nil {
		u.showError("Saved games are not available", u.env.StoreErr)
		return
	}
	sv, h, err := u.env.Store.Load(id)
	if err != nil {
		u.showError("This saved game cannot be reviewed", err)
		return
	}
	u.review(sv, h)
}

// debugReview opens the review of the game opened by JUMPERS_OPEN
// (JUMPERS_SCREEN=review), and with analyse starts the engine's review
// three seconds later (JUMPERS_SCREEN=review-analysis: the frame-gap
// measure of tools/measure/review.sh, with an idle stretch before it);
// with mark it then shows the worst move found (review-mark, for
// screenshots).
func (u *UI) debugReview(analyse, mark bool) {
	if u.game == nil {
		return
	}
	u.review(u.game.c.Snapshot(), u.game.c.History())
	rs := u.reviewing
	if rs == nil || !analyse {
		return
	}
	if mark {
		rs.an.afterDone = rs.an.showWorst
	}
	u.after(3*time.Second, func() {
		if u.reviewing == rs {
			rs.an.start()
		}
	})
}
