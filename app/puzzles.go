package app

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"log"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/puzzle"
	"github.com/jumpers-game/jumpers/storage"
)

// PuzzlesFile is the puzzles' file under the app's storage root: the
// player's rating, streak and puzzles seen, and the puzzles made from the
// player's own games (docs/puzzles.md, "The app").
const PuzzlesFile = "puzzles.json"

// puzzlesData is the file.
type puzzlesData struct {
	Version int                     `json:"version"`
	Games   map[string]*gamePuzzles `json:"games"` // by game ID
	// Mined are the saved games looked through for puzzles, by save ID:
	// not looked through again while their length stays.
	Mined map[string]minedGame `json:"mined"`
}

// gamePuzzles is the player's record in one game's puzzles.
type gamePuzzles struct {
	Rating puzzle.Rating `json:"rating"`
	Streak int           `json:"streak"` // puzzles solved in a row
	// Daily is the day (2006-01-02) of the last daily puzzle solved.
	Daily  string   `json:"daily,omitempty"`
	Seen   []string `json:"seen,omitempty"` // tried at least once: rated once
	Solved []string `json:"solved,omitempty"`
}

// minedGame is what one saved game gave.
type minedGame struct {
	Moves   int      `json:"moves"`             // the game's moves when looked through
	Puzzles []string `json:"puzzles,omitempty"` // puzzle lines (puzzle.Parse)
}

// PuzzleProgress is the player's puzzles (issue 51): a Glicko-2 rating per
// game, the streak, the puzzles seen and solved, the daily puzzle solved,
// and the puzzles made from the player's games. All methods run on the UI
// goroutine; the file is written on a goroutine of its own (keptFile).
type PuzzleProgress struct {
	*keptFile
	data puzzlesData
	// Now is the clock of the daily puzzle (tests set it).
	Now func() time.Time
}

// OpenPuzzleProgress reads the progress at path ("" = in memory only), as
// OpenLessonProgress does: missing is a new player, damaged is put aside,
// unreadable or newer is left alone and not written this session.
func OpenPuzzleProgress(path string) *PuzzleProgress {
	p := &PuzzleProgress{data: newPuzzlesData(), Now: time.Now}
	p.keptFile = openKept(path, "puzzles", "they are not kept", func(raw []byte) error {
		var d puzzlesData
		if err := json.Unmarshal(raw, &d); err != nil {
			return err
		}
		if d.Version != 1 {
			return newerFileError{d.Version}
		}
		fresh := newPuzzlesData()
		if d.Games == nil {
			d.Games = fresh.Games
		}
		if d.Mined == nil {
			d.Mined = fresh.Mined
		}
		for id, g := range d.Games {
			if g == nil || g.Rating.RD <= 0 || g.Rating.Sigma <= 0 {
				return fmt.Errorf("game %q: no rating", id)
			}
		}
		p.data = d
		return nil
	})
	return p
}

func newPuzzlesData() puzzlesData {
	return puzzlesData{Version: 1, Games: map[string]*gamePuzzles{}, Mined: map[string]minedGame{}}
}

// game is the record of game, made on first use.
func (p *PuzzleProgress) game(game string) *gamePuzzles {
	g := p.data.Games[game]
	if g == nil {
		g = &gamePuzzles{Rating: puzzle.NewPlayer}
		p.data.Games[game] = g
	}
	return g
}

// Rating is the player's rating in game's puzzles.
func (p *PuzzleProgress) Rating(game string) puzzle.Rating {
	if g := p.data.Games[game]; g != nil {
		return g.Rating
	}
	return puzzle.NewPlayer
}

// Streak is how many of game's puzzles the player solved in a row.
func (p *PuzzleProgress) Streak(game string) int {
	if g := p.data.Games[game]; g != nil {
		return g.Streak
	}
	return 0
}

// Seen tells whether the player tried pz before.
func (p *PuzzleProgress) Seen(pz puzzle.Puzzle) bool {
	g := p.data.Games[pz.Game]
	return g != nil && slices.Contains(g.Seen, pz.ID)
}

// Solved tells whether the player solved pz once.
func (p *PuzzleProgress) Solved(pz puzzle.Puzzle) bool {
	g := p.data.Games[pz.Game]
	return g != nil && slices.Contains(g.Solved, pz.ID)
}

// PuzzleResult is what one attempt changed.
type PuzzleResult struct {
	// Rated: the attempt moved the rating (a first attempt at a shipped
	// puzzle; a puzzle tried again, or made from the player's games, is
	// practice).
	Rated         bool
	Before, After puzzle.Rating
	Streak        int
}

// Change is the rating's change, rounded ("+12", "−8"; "" when unrated).
func (r PuzzleResult) Change() string {
	if !r.Rated {
		return ""
	}
	d := int(r.After.R+0.5) - int(r.Before.R+0.5)
	if d < 0 {
		return fmt.Sprintf("−%d", -d)
	}
	return fmt.Sprintf("+%d", d)
}

// Record keeps the end of an attempt at pz: solved, or not (a wrong move,
// the solution asked for). The first attempt at a shipped puzzle is rated
// (puzzle.Attempt, as lichess); every attempt moves the streak. The error
// says why it will not be kept (the file must not be written).
func (p *PuzzleProgress) Record(pz puzzle.Puzzle, solved bool) (PuzzleResult, error) {
	g := p.game(pz.Game)
	res := PuzzleResult{Before: g.Rating, After: g.Rating}
	if !p.Seen(pz) && !IsOwnPuzzle(pz) {
		res.Rated = true
		res.After, _ = puzzle.Attempt(g.Rating, puzzle.NewPuzzle(pz.Rating), solved)
		g.Rating = res.After
	}
	if !p.Seen(pz) {
		g.Seen = append(g.Seen, pz.ID)
	}
	if solved {
		g.Streak++
		if !p.Solved(pz) {
			g.Solved = append(g.Solved, pz.ID)
		}
		if day := p.Now(); DailyPuzzleID(pz.Game, day) == pz.ID {
			g.Daily = dayKey(day)
		}
	} else {
		g.Streak = 0
	}
	res.Streak = g.Streak
	return res, p.write()
}

// nearest is how many of the puzzles nearest the player's rating Next
// chooses among.
const nearest = 12

// NextPuzzle chooses game's next puzzle near the player's rating: among
// the puzzles not tried yet (when all were, not solved yet; when all were,
// any), one of the nearest few in rating, by seed (the same seed and
// progress give the same puzzle). except is not chosen when another is
// left (the puzzle just shown).
func (p *PuzzleProgress) NextPuzzle(game string, seed int64, except string) (puzzle.Puzzle, error) {
	all, err := puzzle.OfGame(game)
	if err != nil {
		return puzzle.Puzzle{}, err
	}
	if len(all) == 0 {
		return puzzle.Puzzle{}, fmt.Errorf("no puzzles of %q", game)
	}
	pick := all
	for _, keep := range []func(puzzle.Puzzle) bool{
		func(pz puzzle.Puzzle) bool { return !p.Seen(pz) && pz.ID != except },
		func(pz puzzle.Puzzle) bool { return !p.Solved(pz) && pz.ID != except },
		func(pz puzzle.Puzzle) bool { return pz.ID != except },
	} {
		var left []puzzle.Puzzle
		for _, pz := range all {
			if keep(pz) {
				left = append(left, pz)
			}
		}
		if len(left) > 0 {
			pick = left
			break
		}
	}
	r := p.Rating(game).R
	slices.SortStableFunc(pick, func(a, b puzzle.Puzzle) int {
		da, db := abs(float64(a.Rating)-r), abs(float64(b.Rating)-r)
		return cmp.Or(cmp.Compare(da, db), cmp.Compare(a.ID, b.ID))
	})
	pick = pick[:min(nearest, len(pick))]
	rng := rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15))
	return pick[rng.IntN(len(pick))], nil
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func dayKey(day time.Time) string { return day.Format("2006-01-02") }

// DailyPuzzleID is the ID of game's puzzle of the day: the same for every
// player on that date (the date as written, whatever the time zone), from
// the shipped set; "" when the set cannot be read.
func DailyPuzzleID(game string, day time.Time) string {
	all, err := puzzle.OfGame(game)
	if err != nil || len(all) == 0 {
		return ""
	}
	h := fnv.New64a()
	h.Write([]byte(game + "/" + dayKey(day)))
	return all[h.Sum64()%uint64(len(all))].ID
}

// DailyPuzzle is game's puzzle of the day.
func DailyPuzzle(game string, day time.Time) (puzzle.Puzzle, error) {
	id := DailyPuzzleID(game, day)
	if id == "" {
		return puzzle.Puzzle{}, fmt.Errorf("no puzzles of %q", game)
	}
	return puzzle.ByID(id)
}

// DailySolved tells whether the player solved game's puzzle of today.
func (p *PuzzleProgress) DailySolved(game string) bool {
	g := p.data.Games[game]
	return g != nil && g.Daily == dayKey(p.Now())
}

// ownPrefix starts the ID of a puzzle made from the player's games.
const ownPrefix = "own-"

// IsOwnPuzzle tells whether pz was made from the player's games.
func IsOwnPuzzle(pz puzzle.Puzzle) bool { return strings.HasPrefix(pz.ID, ownPrefix) }

// OwnPuzzles are the puzzles made from the player's games of game, in
// the order of the games (oldest first) and of their moves.
func (p *PuzzleProgress) OwnPuzzles(game string) []puzzle.Puzzle {
	ids := make([]string, 0, len(p.data.Mined))
	for id := range p.data.Mined {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var out []puzzle.Puzzle
	for _, id := range ids {
		for _, line := range p.data.Mined[id].Puzzles {
			pz, err := puzzle.Parse(line)
			if err != nil {
				log.Printf("puzzles: a puzzle of game %s: %v", id, err)
				continue
			}
			if pz.Game == game {
				out = append(out, pz)
			}
		}
	}
	return out
}

// OwnPuzzle finds a puzzle made from the player's games by ID.
func (p *PuzzleProgress) OwnPuzzle(id string) (puzzle.Puzzle, bool) {
	for _, m := range p.data.Mined {
		for _, line := range m.Puzzles {
			if pz, err := puzzle.Parse(line); err == nil && pz.ID == id {
				return pz, true
			}
		}
	}
	return puzzle.Puzzle{}, false
}

// mined tells whether the saved game e was looked through at its length.
func (p *PuzzleProgress) mined(e storage.Entry) bool {
	m, ok := p.data.Mined[e.ID]
	return ok && m.Moves == e.Moves
}

// addMined keeps what the saved game id of moves moves gave.
func (p *PuzzleProgress) addMined(id string, moves int, found []puzzle.Puzzle) error {
	m := minedGame{Moves: moves}
	for _, pz := range found {
		m.Puzzles = append(m.Puzzles, pz.String())
	}
	p.data.Mined[id] = m
	return p.write()
}

// write queues the progress for the writer goroutine.
func (p *PuzzleProgress) write() error {
	return p.putJSON(p.data)
}

// --- puzzles from the player's games ---

// OwnPuzzleID names the puzzle made before move ply of saved game saveID.
func OwnPuzzleID(saveID string, ply int) string {
	id := saveID
	if len(id) > 28 || strings.Trim(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != "" {
		h := fnv.New32a()
		h.Write([]byte(saveID))
		id = fmt.Sprintf("%08x", h.Sum32())
	}
	return fmt.Sprintf("%s%s-%d", ownPrefix, id, ply)
}

// GamePuzzles makes the puzzles of one saved game: the game is reviewed
// as the review screen does (core/review with ai, ReviewSeed, budget), and
// at each move of a human seat the review marks (a mistake or a blunder)
// the position before it becomes a puzzle whose answer is the engine's
// move there, kept only when v verifies it by the rules of the shipped set
// (puzzle.Verifier.FromGame). It runs on the caller's goroutine; err is
// ctx's when cancelled, or the review's.
func GamePuzzles(ctx context.Context, v *puzzle.Verifier, ai AI, saveID string, sv storage.Save, h *core.History, budget Budget) ([]puzzle.Puzzle, error) {
	an, err := ReviewGame(ctx, ai, h, ReviewSeed, budget, nil)
	if err != nil {
		return nil, err
	}
	rules := h.Record().Rules
	var out []puzzle.Puzzle
	for _, mv := range an.Moves {
		if !mv.Class.Marked() || mv.Best == "" || mv.Mover < 0 || mv.Mover >= len(sv.Seats) || sv.Seats[mv.Mover].Kind != storage.Human {
			continue
		}
		pos := h.Position(mv.Index - 1)
		r := rules
		if r == "" {
			r = "standard"
		}
		pz, ok, err := v.FromGame(ctx, pos, r, mv.Best)
		if err != nil {
			return out, err
		}
		if !ok {
			continue
		}
		pz.ID = OwnPuzzleID(saveID, mv.Index)
		pz.Themes = append(pz.Themes, "from-your-games")
		out = append(out, pz)
	}
	return out, nil
}

// OwnPuzzleBudget bounds the search for puzzles in the player's games
// each time the Puzzles screen opens: no game is started after it (the
// game being looked through is finished); what is not done then is done
// the next time (each game is kept once looked through).
const OwnPuzzleBudget = 20 * time.Second

// MineOwnPuzzles looks through the finished saved games not looked
// through yet for puzzles (GamePuzzles), off the UI goroutine and at a
// lower priority, starting none after budget; each game's puzzles are kept in the
// progress as soon as it is done (not redone on the next call).
// progress hears on the UI goroutine after each game, done at the end
// (err: why it stopped early). stop cancels it; nothing is called after
// stop returns. Call it on the UI goroutine.
func (e *Env) MineOwnPuzzles(budget time.Duration, progress func(), done func(err error)) (stop func()) {
	st, why := e.storage()
	if st == nil {
		if done != nil {
			done(why)
		}
		return func() {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	until := time.Now().Add(budget)
	stopped := false
	prog := e.Puzzles
	// The list of what is mined is read here, on the UI goroutine.
	already := map[string]int{}
	for id, m := range prog.data.Mined {
		already[id] = m.Moves
	}
	ai := e.AI
	post := e.Post
	go func() {
		lowerPriority()
		err := mineStore(ctx, st, already, until, ai, func(id string, moves int, found []puzzle.Puzzle) {
			post(func() {
				if stopped {
					return
				}
				if err := prog.addMined(id, moves, found); err != nil {
					log.Printf("puzzles: %v", err)
				}
				if progress != nil {
					progress()
				}
			})
		})
		post(func() {
			if !stopped && done != nil {
				done(err)
			}
		})
	}()
	return func() {
		stopped = true
		cancel()
	}
}

// mineStore looks through st's finished games of the games with puzzles
// that already does not hold at their length, newest first, starting no
// game after until (a game started is finished: one cut short would be
// started again from its first move next time, and a long one never
// done).
func mineStore(ctx context.Context, st *storage.Store, already map[string]int, until time.Time, ai AI, found func(id string, moves int, pz []puzzle.Puzzle)) error {
	entries, err := st.List()
	if err != nil {
		return err
	}
	v := puzzle.NewVerifier()
	for _, en := range entries {
		if err := ctx.Err(); err != nil {
			return err
		}
		if time.Now().After(until) {
			return context.DeadlineExceeded
		}
		if en.Err != nil || !en.Over || !hasHuman(en.Seats) || !MinesPuzzles(en.Game) {
			continue
		}
		if n, ok := already[en.ID]; ok && n == en.Moves {
			continue
		}
		sv, h, err := st.Load(en.ID)
		if err != nil {
			continue
		}
		gameAI := ai
		if gameAI == nil {
			g, err := core.Lookup(sv.Game)
			if err != nil {
				continue
			}
			gameAI = g
		}
		pz, err := GamePuzzles(ctx, v, gameAI, en.ID, sv, h, DefaultReviewBudget)
		if err != nil {
			return err
		}
		found(en.ID, h.Cursor(), pz)
	}
	return nil
}

// MinesPuzzles tells whether the player's games of game give puzzles:
// Chinese Checkers' puzzles are races of one player alone, not
// positions of a game (puzzle.Verifier.FromGame).
func MinesPuzzles(game string) bool { return game == "cube" || game == "ataxx" }

func hasHuman(seats []storage.Seat) bool {
	for _, s := range seats {
		if s.Kind == storage.Human {
			return true
		}
	}
	return false
}
