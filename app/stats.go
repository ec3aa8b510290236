package app

import (
	"encoding/json"
	"fmt"
	"log"
	"sort"
	"strings"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/record"
)

// StatsFile is the statistics' file under the app's storage root.
const StatsFile = "stats.json"

// maxCounted bounds the games remembered as counted: far more than a
// player keeps undoing into, and the file stays a few KiB.
const maxCounted = 500

// Outcomes of a game against the computer, for the human.
const (
	Won = iota
	Lost
	Drawn
)

// StatsRow is the tally of one kind of game against the computer: a game,
// a level and a board (size, layout or number of players).
type StatsRow struct {
	Game   string `json:"game"`
	Level  string `json:"level"`
	Board  string `json:"board"`
	Played int    `json:"played"`
	Won    int    `json:"won"`
	Lost   int    `json:"lost"`
	Drawn  int    `json:"drawn"`
}

// statsData is the file: the rows, the streaks, and the games already
// counted.
type statsData struct {
	Version int        `json:"version"`
	Rows    []StatsRow `json:"rows"`
	// Streak is the human's current run of wins; Best the longest.
	Streak int `json:"streak"`
	Best   int `json:"best"`
	// Counted holds the keys of the games counted, oldest first.
	Counted []string `json:"counted,omitempty"`
}

// Stats are the player's results against the computer. A game counts
// once, when a move ends it: the first ending is the one that counts. A
// game undone after its end and finished again (won this time, or lost)
// is not counted again, nor is a finished game opened from the store, and
// redo to the end plays no move. So undo cannot turn a loss into a win in
// the statistics, and no game is counted twice. Games between humans or
// between computers are not counted. Against several computers (Chinese
// Checkers), a human who finishes first has won.
//
// All methods run on the UI goroutine; the file is written on a goroutine
// of its own (keptFile), newest wins. Err says why the statistics are not
// being kept, to follow "The statistics ": the file could not be read at
// start, a newer app wrote it, or the last write failed; nil when all is
// well. Flush waits for the writes queued so far.
type Stats struct {
	*keptFile
	data statsData
}

// OpenStats reads the statistics at path ("" = none, in memory). A
// missing file is no statistics yet. A damaged one (not JSON) is put
// aside under a name of its own (path.damaged, .damaged-2, ...: an earlier
// one is never replaced) and the statistics start again. A file that
// cannot be read now, or that a newer version of the app wrote, is left
// as it is: the results shown start empty and are not written this
// session, and Err says why.
func OpenStats(path string) *Stats {
	s := &Stats{data: statsData{Version: 1}}
	s.keptFile = openKept(path, "statistics", "they are not counted", func(raw []byte) error {
		var d statsData
		if err := json.Unmarshal(raw, &d); err != nil {
			return err
		}
		if d.Version != 1 {
			return newerFileError{d.Version}
		}
		s.data = d
		return nil
	})
	return s
}

// Rows lists the tallies: by game (in the games' order), level (weakest
// first) and board.
func (s *Stats) Rows() []StatsRow {
	rows := append([]StatsRow(nil), s.data.Rows...)
	order := map[string]int{}
	for i, g := range core.Games() {
		order[g.ID()] = i
	}
	levelOrder := func(r StatsRow) int {
		g, err := core.Lookup(r.Game)
		if err != nil {
			return 0
		}
		for i, l := range g.Levels() {
			if l.Name == r.Level {
				return i
			}
		}
		return len(g.Levels())
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.Game != b.Game {
			return order[a.Game] < order[b.Game]
		}
		if levelOrder(a) != levelOrder(b) {
			return levelOrder(a) < levelOrder(b)
		}
		return a.Board < b.Board
	})
	return rows
}

// Streak is the current run of wins and the longest run.
func (s *Stats) Streak() (current, best int) { return s.data.Streak, s.data.Best }

// Reset forgets every result (the games already counted stay counted:
// finishing one of them again after a reset does not bring it back). It
// waits for the write, to say whether it held: a rare, asked-for act.
func (s *Stats) Reset() error {
	s.data = statsData{Version: 1, Counted: s.data.Counted}
	if err := s.write(); err != nil {
		return err
	}
	s.Flush()
	return s.Err()
}

// Count records the game of c if a move just ended it against the
// computer and it was not counted before. The controller calls it.
func (s *Stats) Count(c *Controller) {
	if s == nil {
		return
	}
	pos := c.Position()
	res := pos.Result()
	if !res.Over {
		return
	}
	humans, computerLevel := false, ""
	for i := range c.seats {
		if c.IsComputer(i) {
			if computerLevel == "" {
				computerLevel = c.level(c.seats[i].Level).Name
			}
		} else {
			humans = true
		}
	}
	if !humans || computerLevel == "" {
		return
	}
	outcome := Drawn
	switch {
	case res.Winner == core.NoPlayer:
	case c.IsComputer(res.Winner):
		outcome = Lost
	default:
		outcome = Won
	}
	h := c.hist
	key := fmt.Sprintf("%s|%d|%s", c.game.ID(), c.created.Unix(), h.Start().String())
	if s.add(key, c.game.ID(), computerLevel, boardName(c.game, h.Rules(), h.Start()), outcome) {
		if err := s.write(); err != nil {
			log.Printf("statistics: %v", err)
		}
	}
}

// add tallies one game; false when key was counted already.
func (s *Stats) add(key, game, level, board string, outcome int) bool {
	for _, k := range s.data.Counted {
		if k == key {
			return false
		}
	}
	s.data.Counted = append(s.data.Counted, key)
	if n := len(s.data.Counted); n > maxCounted {
		s.data.Counted = append([]string(nil), s.data.Counted[n-maxCounted:]...)
	}
	i := -1
	for j, r := range s.data.Rows {
		if r.Game == game && r.Level == level && r.Board == board {
			i = j
		}
	}
	if i < 0 {
		s.data.Rows = append(s.data.Rows, StatsRow{Game: game, Level: level, Board: board})
		i = len(s.data.Rows) - 1
	}
	r := &s.data.Rows[i]
	r.Played++
	switch outcome {
	case Won:
		r.Won++
		s.data.Streak++
		s.data.Best = max(s.data.Best, s.data.Streak)
	case Lost:
		r.Lost++
		s.data.Streak = 0
	default:
		r.Drawn++
		s.data.Streak = 0
	}
	return true
}

// write queues the statistics for the writer goroutine, replacing a
// queued older copy; it refuses when the file must not be written.
func (s *Stats) write() error {
	return s.putJSON(s.data)
}

// boardName names the board a game was played on, for people: "5×5",
// "3 players", "standard layout", with the rule set when it is not the
// game's default; "other start" for a start no options make.
func boardName(g core.Game, rules string, start core.Position) string {
	opts, ok := record.StandardOptions(g, rules, start)
	if !ok {
		return "other start"
	}
	var parts []string
	rulesPart := ""
	for _, spec := range g.OptionSpecs() {
		v := spec.Value(opts)
		switch spec.Name {
		case core.OptSize:
			parts = append(parts, v+"×"+v)
		case core.OptPlayers:
			parts = append(parts, v+" players")
		case core.OptLayout:
			parts = append(parts, v+" layout")
		case core.OptRules:
			if v != spec.Default {
				rulesPart = v + " rules"
			}
		}
	}
	if rulesPart != "" {
		parts = append(parts, rulesPart)
	}
	return strings.Join(parts, ", ")
}
