// Package arena plays AI-vs-AI matches for any game and sums them up:
// wins, draws and losses, the Elo difference with its 95% interval, and for
// games of more than two players the places per seat. It is what
// `jumpers-cli arena` runs, and the benchmark figures come from it.
package arena

import (
	"context"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// Player chooses moves. A player that also implements Restarter is
// restarted after it failed (crashed, timed out, played an illegal move),
// and one that implements io.Closer is closed when the match ends.
type Player interface {
	Name() string
	NewGame() error
	Move(ctx context.Context, pos core.Position, seed int64) (string, error)
}

// HistoryPlayer is a Player that wants the whole game, not only the
// position: an external engine is sent "position fen START moves ...", so
// that rules which look back (repetitions) see what happened.
type HistoryPlayer interface {
	Player
	MoveAfter(ctx context.Context, start core.Position, moves []string, pos core.Position, seed int64) (string, error)
}

// Restarter is a Player that can start afresh after a failure.
type Restarter interface {
	Restart() error
}

// AI is one of our own levels as a player. The games' BestMove is safe to
// call from several goroutines, so one AI may serve every game slot.
type AI struct {
	Game     core.Game
	Level    string
	Style    string
	MoveTime time.Duration // 0 = the level's budget
	Depth    int           // 0 = the level's depth cap
	Nodes    int64         // 0 = no node limit
	Threads  int           // search threads (core.AIRequest.Threads); 0 = one
}

func (a AI) Name() string {
	if a.Style != "" {
		return a.Level + "/" + a.Style
	}
	return a.Level
}

func (a AI) NewGame() error { return nil }

func (a AI) Move(ctx context.Context, pos core.Position, seed int64) (string, error) {
	res, err := a.Game.BestMove(ctx, pos, core.AIRequest{Level: a.Level, Style: a.Style, MoveTime: a.MoveTime, Depth: a.Depth, Nodes: a.Nodes, Seed: seed, Threads: a.Threads})
	return res.Move, err
}

// Match describes a match: player A against player B over Games games.
// With two players, colours alternate: A moves first in even games. With
// more, A takes seat (game mod players) and B fills the other seats. With a
// book, the games of one round of seats start from the same opening: with
// two players each opening is played twice, colours swapped.
type Match struct {
	Game    core.Game
	Options core.Options
	A, B    Player
	Games   int
	Seed    int64
	// Book holds the openings, used in turn (nil = the start position).
	Book []Opening
	// Concurrency is the number of games played at once (0 = 1).
	Concurrency int
	// NewSlot makes the players of concurrent game slot 1, 2, ...; slot 0
	// plays A and B. nil = all slots share A and B (fine for AI).
	NewSlot func(slot int) (a, b Player, err error)
	// SPRT, if set, is tested after every game; the match stops early
	// (after the games already started) once it accepts H0 or H1.
	SPRT *SPRT
	// MaxPlies adjudicates a game that runs this long as a draw (0 = 2000).
	MaxPlies int
	// Clock, if set, plays every game on this time control: both players
	// must be ClockPlayers, and a side that runs out of time loses.
	Clock *Clock
	// Progress, if set, is called after each game with its number
	// (1-based) and result, in the order games finish. Calls never overlap.
	Progress func(game int, r GameResult)
	// Tally, if set, is called after each game with the number of games
	// finished and the summary so far (do not keep it). Calls never overlap.
	Tally func(done int, s Summary)
}

// GameResult is one game from A's point of view.
type GameResult struct {
	Game    int // 0-based number in the match
	Opening int // index in the book
	ASeat   int
	Result  core.Result
	Plies   int
	Score   float64 // 1 win, 0.5 draw, 0 loss for A (multi-player: by place)
	// Forfeit says why a side lost by failing (crash, timeout, illegal
	// move); "" for a game played out.
	Forfeit string
	// Start is the text of the position the game started from (the
	// match's start, or the opening's position) and Moves every move
	// played from it, the opening's first: Start and Moves replay the game
	// (a game record is written from them). Plies counts only the moves
	// after the opening.
	Start string
	Moves []string
	// ClockA and ClockB are how A and B used their clocks (a match with a
	// Clock).
	ClockA, ClockB ClockUse
}

// Summary is the outcome of a match.
type Summary struct {
	// Wins, Draws, Losses count A's wins, draws and losses; with more than
	// two players its first, middle and last places.
	Wins, Draws, Losses int
	// Games are the games played, in the order of their numbers.
	Games   []GameResult
	Players int
	// PlaceCount[seat][place-1] counts A's finishing places per seat.
	PlaceCount [][]int
	// SPRT is the test run, if any; LLR its log-likelihood ratio (by pairs
	// with two players and a book, else by games) and Verdict "H0", "H1" or
	// "" (undecided).
	SPRT    *SPRT
	LLR     float64
	Verdict string
	// Forfeits counts games lost by a side that failed.
	Forfeits int
	// Stopped tells that the SPRT ended the match before all its games.
	Stopped bool
}

// slot is the players of one concurrent game slot.
type slot struct{ a, b Player }

// Play runs the match. An error is returned for what makes the match
// meaningless (the start position, a player that cannot be restarted,
// ctx cancelled); a player failing in a game loses that game.
func (m Match) Play(ctx context.Context) (Summary, error) {
	start, err := m.Game.Start(m.Options)
	if err != nil {
		return Summary{}, err
	}
	n := start.Players()
	sum := Summary{Players: n, PlaceCount: make([][]int, n), SPRT: m.SPRT}
	if m.Clock != nil {
		if n != 2 {
			return sum, fmt.Errorf("clock games are for two players (this game has %d)", n)
		}
		for _, p := range []Player{m.A, m.B} {
			if _, ok := p.(ClockPlayer); !ok {
				return sum, fmt.Errorf("%s cannot play on a clock: give an engine command", p.Name())
			}
		}
	}
	for i := range sum.PlaceCount {
		sum.PlaceCount[i] = make([]int, n)
	}
	book := m.Book
	if len(book) == 0 {
		book = []Opening{{}}
	}
	for i, o := range book {
		if _, _, err := o.resolve(m.Game, m.Options); err != nil {
			return sum, fmt.Errorf("opening %d (%s): %v", i+1, o, err)
		}
	}
	workers := m.Concurrency
	if workers < 1 {
		workers = 1
	}
	if workers > m.Games {
		workers = m.Games
	}
	slots := []slot{{m.A, m.B}}
	for s := 1; s < workers; s++ {
		if m.NewSlot == nil {
			slots = append(slots, slot{m.A, m.B})
			continue
		}
		a, b, err := m.NewSlot(s)
		if err != nil {
			closeSlots(slots[1:])
			return sum, err
		}
		slots = append(slots, slot{a, b})
	}
	// Slot 0 belongs to the caller, who closes A and B.
	defer closeSlots(slots[1:])

	// ctx ends the games at once (an error, the caller); dispatch ends
	// only the handing out of new ones (the SPRT decided).
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	dispatch, stopDispatch := context.WithCancel(ctx)
	defer stopDispatch()
	next := make(chan int)
	go func() {
		defer close(next)
		for g := 0; g < m.Games; g++ {
			select {
			case next <- g:
			case <-dispatch.Done():
				return
			}
		}
	}()
	var (
		mu       sync.Mutex
		firstErr error
		done     int
		stopped  bool
		wg       sync.WaitGroup
	)
	record := func(gr GameResult) {
		mu.Lock()
		defer mu.Unlock()
		sum.add(gr)
		done++
		if m.SPRT != nil {
			sum.LLR = sum.llr()
			if v := m.SPRT.Verdict(sum.LLR); v != "" && sum.Verdict == "" {
				sum.Verdict = v
				if done < m.Games {
					stopped = true
					stopDispatch()
				}
			}
		}
		if m.Progress != nil {
			m.Progress(gr.Game+1, gr)
		}
		if m.Tally != nil {
			m.Tally(done, sum)
		}
	}
	for w := range slots {
		wg.Add(1)
		go func(sl *slot) {
			defer wg.Done()
			for g := range next {
				mu.Lock()
				quit := stopped || firstErr != nil
				mu.Unlock()
				if quit {
					continue
				}
				gr, err := m.playGame(ctx, sl, g, n, book)
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel()
					continue
				}
				record(gr)
			}
		}(&slots[w])
	}
	wg.Wait()
	sort.Slice(sum.Games, func(i, j int) bool { return sum.Games[i].Game < sum.Games[j].Game })
	sum.Stopped = stopped
	if firstErr != nil {
		return sum, firstErr
	}
	if err := ctx.Err(); err != nil {
		return sum, err
	}
	return sum, nil
}

func closeSlots(slots []slot) {
	for _, s := range slots {
		for _, p := range []Player{s.a, s.b} {
			if c, ok := p.(io.Closer); ok {
				_ = c.Close()
			}
		}
	}
}

// playGame plays game g on a slot. A player that fails loses the game and
// is restarted; only a failed restart or a cancelled ctx is an error.
func (m Match) playGame(ctx context.Context, sl *slot, g, n int, book []Opening) (out GameResult, err error) {
	aSeat := g % n
	opening := (g / n) % len(book)
	gr := GameResult{Game: g, Opening: opening, ASeat: aSeat}
	base, pos, err := book[opening].resolve(m.Game, m.Options)
	if err != nil {
		return gr, err
	}
	moves := append([]string(nil), book[opening].Moves...)
	gr.Start = base.String()
	// Every return, a forfeit too, carries the moves played so far.
	defer func() { out.Moves = moves }()
	maxPlies := m.MaxPlies
	if maxPlies == 0 {
		maxPlies = 2000
	}
	forfeit := func(p Player, seatIsA bool, why string) (GameResult, error) {
		gr.Forfeit = fmt.Sprintf("game %d: %s (%s) loses: %s", g+1, p.Name(), sideName(seatIsA), why)
		gr.Result = core.Result{Over: true, Winner: core.NoPlayer, Reason: "forfeit"}
		if seatIsA {
			gr.Score = 0
			if n == 2 {
				gr.Result.Winner = 1 - aSeat
			}
		} else {
			gr.Score = 1
			gr.Result.Winner = aSeat
		}
		if r, ok := p.(Restarter); ok {
			if err := r.Restart(); err != nil {
				return gr, fmt.Errorf("%s: cannot restart after %s: %v", p.Name(), why, err)
			}
		}
		return gr, nil
	}
	for _, p := range []Player{sl.a, sl.b} {
		if err := p.NewGame(); err != nil {
			return forfeit(p, p == sl.a, err.Error())
		}
	}
	var left []time.Duration
	if m.Clock != nil {
		left = make([]time.Duration, n)
		for i := range left {
			left[i] = m.Clock.Base
		}
	}
	for !pos.Result().Over && gr.Plies < maxPlies {
		if err := ctx.Err(); err != nil {
			return gr, err
		}
		p, isA := sl.b, false
		if pos.ToMove() == aSeat {
			p, isA = sl.a, true
		}
		seed := m.Seed*7919 + int64(g)*1000003 + int64(gr.Plies)
		var mv string
		var took time.Duration
		if cp, ok := p.(ClockPlayer); ok && left != nil {
			mv, took, err = cp.MoveOnClock(ctx, base, moves, pos, left, m.Clock.Inc)
		} else if hp, ok := p.(HistoryPlayer); ok {
			mv, err = hp.MoveAfter(ctx, base, moves, pos, seed)
		} else {
			mv, err = p.Move(ctx, pos, seed)
		}
		if err != nil {
			if ctx.Err() != nil {
				return gr, ctx.Err()
			}
			return forfeit(p, isA, fmt.Sprintf("ply %d: %v", gr.Plies+1, err))
		}
		if left != nil {
			seat := pos.ToMove()
			took = took.Truncate(time.Millisecond) // a manager charges whole milliseconds
			use := &gr.ClockB
			if isA {
				use = &gr.ClockA
			}
			use.add(took, left[seat])
			if took > left[seat] {
				return forfeit(p, isA, fmt.Sprintf("ply %d: flagged: the move took %v with %v left", gr.Plies+1, took, left[seat]))
			}
			left[seat] += m.Clock.Inc - took
		}
		next, err := pos.Play(mv)
		if err != nil {
			return forfeit(p, isA, fmt.Sprintf("ply %d: illegal move %q: %v", gr.Plies+1, mv, err))
		}
		pos = next
		moves = append(moves, mv)
		gr.Plies++
	}
	gr.Result = pos.Result()
	gr.Score = scoreFor(gr.Result, aSeat, n)
	return gr, nil
}

func sideName(isA bool) string {
	if isA {
		return "A"
	}
	return "B"
}

// add counts one game.
func (s *Summary) add(gr GameResult) {
	switch {
	case gr.Score == 1:
		s.Wins++
	case gr.Score == 0:
		s.Losses++
	default:
		s.Draws++
	}
	if gr.Forfeit != "" {
		s.Forfeits++
	}
	res, n := gr.Result, s.Players
	if gr.Forfeit == "" && res.Places != nil && res.Places[gr.ASeat] > 0 {
		s.PlaceCount[gr.ASeat][res.Places[gr.ASeat]-1]++
	} else if n == 2 && res.Over && res.Winner != core.NoPlayer {
		place := 2
		if res.Winner == gr.ASeat {
			place = 1
		}
		s.PlaceCount[gr.ASeat][place-1]++
	}
	s.Games = append(s.Games, gr)
}

// Pairs counts the finished colour-swapped pairs of a two-player match by
// their total score for A (index k = k/2 points of 2): the pentanomial
// outcome. Games whose partner is not finished are left out.
func (s Summary) Pairs() (pairs [5]int) {
	if s.Players != 2 {
		return pairs
	}
	byGame := map[int]float64{}
	for _, g := range s.Games {
		byGame[g.Game] = g.Score
	}
	for g, score := range byGame {
		if g%2 != 0 {
			continue
		}
		if other, ok := byGame[g+1]; ok {
			pairs[int(math.Round(2*(score+other)))]++
		}
	}
	return pairs
}

// llr is the SPRT's LLR: pentanomial over pairs with two players, by games
// (trinomial, or the spread of places) with more.
func (s Summary) llr() float64 {
	if s.SPRT == nil {
		return 0
	}
	if s.Players == 2 {
		return s.SPRT.Pentanomial(s.Pairs())
	}
	values := map[float64]int{}
	for _, g := range s.Games {
		values[g.Score]++
	}
	var x []float64
	var counts []int
	for v, c := range values {
		x = append(x, v)
		counts = append(counts, c)
	}
	return s.SPRT.llr(x, counts)
}

// scoreFor scores a game for seat: win 1, draw ½, loss 0. With more than
// two players a place scores linearly from 1 (first) to 0 (last).
func scoreFor(r core.Result, seat, players int) float64 {
	if !r.Over {
		return 0.5 // adjudicated
	}
	if players > 2 && r.Places != nil && r.Places[seat] > 0 {
		return float64(players-r.Places[seat]) / float64(players-1)
	}
	switch r.Winner {
	case core.NoPlayer:
		return 0.5
	case seat:
		return 1
	}
	return 0
}

// Score is A's mean score.
func (s Summary) Score() float64 {
	if len(s.Games) == 0 {
		return 0
	}
	t := 0.0
	for _, g := range s.Games {
		t += g.Score
	}
	return t / float64(len(s.Games))
}

// Elo returns the Elo difference A−B implied by the score and its 95%
// confidence interval (from the games' variance). Scores of 0 or 1 give
// infinite bounds.
func (s Summary) Elo() (elo, lo, hi float64) {
	n := float64(len(s.Games))
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	p := s.Score()
	v := 0.0
	for _, g := range s.Games {
		v += (g.Score - p) * (g.Score - p)
	}
	se := math.Sqrt(v/n) / math.Sqrt(n)
	return eloOf(p), eloOf(p - 1.96*se), eloOf(p + 1.96*se)
}

func eloOf(p float64) float64 {
	if p <= 0 {
		return math.Inf(-1)
	}
	if p >= 1 {
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}

// Report writes the summary for people.
func (s Summary) Report(a, b string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s vs %s: %d games\n", a, b, len(s.Games))
	if s.Players > 2 {
		// With more players a game scores by place: first 1, last 0.
		fmt.Fprintf(&sb, "first places %d, middle places %d, last places %d (score %.1f%% for %s)\n", s.Wins, s.Draws, s.Losses, 100*s.Score(), a)
	} else {
		fmt.Fprintf(&sb, "wins %d, draws %d, losses %d (score %.1f%% for %s)\n", s.Wins, s.Draws, s.Losses, 100*s.Score(), a)
	}
	elo, lo, hi := s.Elo()
	fmt.Fprintf(&sb, "elo %s [%s, %s] (95%%)\n", fmtElo(elo), fmtElo(lo), fmtElo(hi))
	if s.Players > 2 {
		for seat, counts := range s.PlaceCount {
			parts := make([]string, len(counts))
			for i, c := range counts {
				parts[i] = fmt.Sprintf("%d", c)
			}
			score, games := 0.0, 0
			for _, g := range s.Games {
				if g.ASeat == seat {
					score += g.Score
					games++
				}
			}
			if games > 0 {
				score /= float64(games)
			}
			fmt.Fprintf(&sb, "%s in seat %d: %d games, places 1..%d = %s, score %.2f\n", a, seat+1, games, s.Players, strings.Join(parts, " "), score)
		}
		placed, sumPlaces := 0, 0
		for _, counts := range s.PlaceCount {
			for i, c := range counts {
				placed += c
				sumPlaces += (i + 1) * c
			}
		}
		if placed > 0 {
			fmt.Fprintf(&sb, "average place of %s %.2f over %d placed games (fair %.1f)\n", a, float64(sumPlaces)/float64(placed), placed, float64(s.Players+1)/2)
		}
	}
	if s.Players == 2 && s.SPRT != nil {
		p := s.Pairs()
		fmt.Fprintf(&sb, "pairs by score 0, 1/2, 1, 3/2, 2: %d %d %d %d %d\n", p[0], p[1], p[2], p[3], p[4])
	}
	if s.Forfeits > 0 {
		fmt.Fprintf(&sb, "forfeits %d (a side crashed, timed out or played an illegal move)\n", s.Forfeits)
	}
	sb.WriteString(clockReport(s.Games, a, b))
	if s.SPRT != nil {
		sb.WriteString(s.SPRTLine() + "\n")
	}
	return sb.String()
}

// SPRTLine is the test's state for people: its hypotheses, the LLR within
// its bounds and the verdict.
func (s Summary) SPRTLine() string {
	if s.SPRT == nil {
		return ""
	}
	lo, hi := s.SPRT.Bounds()
	model := "pentanomial"
	if s.Players != 2 {
		model = "by games"
	}
	verdict := "undecided"
	switch s.Verdict {
	case "H1":
		verdict = fmt.Sprintf("H1 accepted (A is at least %g Elo better)", s.SPRT.Elo1)
	case "H0":
		verdict = fmt.Sprintf("H0 accepted (A is at most %g Elo better)", s.SPRT.Elo0)
	}
	if s.Stopped {
		verdict += ", stopped early"
	}
	return fmt.Sprintf("sprt elo0 %g elo1 %g alpha %g beta %g (%s): llr %.2f [%.2f, %.2f], %s",
		s.SPRT.Elo0, s.SPRT.Elo1, s.SPRT.Alpha, s.SPRT.Beta, model, s.LLR, lo, hi, verdict)
}

// Progress is a one-line running total for people.
func (s Summary) Progress() string {
	elo, lo, hi := s.Elo()
	line := fmt.Sprintf("after %d games: +%d =%d -%d, score %.1f%%, elo %s [%s, %s]", len(s.Games), s.Wins, s.Draws, s.Losses, 100*s.Score(), fmtElo(elo), fmtElo(lo), fmtElo(hi))
	if s.SPRT != nil {
		lo, hi := s.SPRT.Bounds()
		line += fmt.Sprintf(", llr %.2f [%.2f, %.2f]", s.LLR, lo, hi)
	}
	return line
}

// Line is the summary as one machine-readable line of key=value fields:
// result games= wins= draws= losses= score= elo= elo_lo= elo_hi= forfeits=
// and, with an SPRT, llr= llr_lo= llr_hi= verdict= (H0, H1 or none), with
// two players also penta= (the pair counts, comma-separated).
func (s Summary) Line() string {
	elo, lo, hi := s.Elo()
	line := fmt.Sprintf("result games=%d wins=%d draws=%d losses=%d score=%.4f elo=%s elo_lo=%s elo_hi=%s forfeits=%d",
		len(s.Games), s.Wins, s.Draws, s.Losses, s.Score(), fmtEloFine(elo), fmtEloFine(lo), fmtEloFine(hi), s.Forfeits)
	if s.SPRT != nil {
		lo, hi := s.SPRT.Bounds()
		verdict := s.Verdict
		if verdict == "" {
			verdict = "none"
		}
		line += fmt.Sprintf(" llr=%.3f llr_lo=%.3f llr_hi=%.3f verdict=%s", s.LLR, lo, hi, verdict)
	}
	if s.Players == 2 {
		p := s.Pairs()
		line += fmt.Sprintf(" penta=%d,%d,%d,%d,%d", p[0], p[1], p[2], p[3], p[4])
	}
	return line
}

func fmtEloFine(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	}
	return fmt.Sprintf("%.1f", e+0) // +0 turns -0 into 0
}

func fmtElo(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", math.Round(e)+0) // +0 turns -0 into 0
}
