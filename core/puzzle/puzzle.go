// Package puzzle holds the puzzles of the three games: the model, the set
// the app ships (embedded, one puzzle a line), the judge of an answer and
// the Glicko-2 ratings of players and puzzles. It imports no Fyne: the CLI
// (jumpers-cli puzzle) and the app's puzzle screen share it.
//
// A puzzle line is the line of `jumpers-cli puzzle list` (CONTRACTS.md,
// "Puzzles"): seven tab-separated fields
//
//	ID GAME RULES RATING POSITION SOLUTION THEMES
//
// SOLUTION is the moves of the solution separated by commas: the solver's
// moves and, between them, the replies the app plays. THEMES is a comma
// list of words. Lines that are blank or start with '#' are comments in
// the data files.
package puzzle

import (
	"fmt"
	"strconv"
	"strings"
)

// Puzzle is one puzzle.
type Puzzle struct {
	ID       string   // unique in the set: game prefix and number ("cube-0042")
	Game     string   // the game's ID ("cube")
	Rules    string   // the rule set, as --rules takes it
	Rating   int      // Glicko-2 rating the puzzle starts from
	Position string   // the game's position text; the solver is to move
	Solution []string // the solver's moves and the replies between them
	Themes   []string // words: "win-in-3", "take-the-most", ...
}

// Limits of a puzzle line, so that a bad data file or a fuzzer cannot
// make one puzzle hold megabytes.
const (
	MaxLine     = 4096
	MaxSolution = 64
	MinRating   = 400
	MaxRating   = 3500
)

// String is the puzzle's line.
func (p Puzzle) String() string {
	return strings.Join([]string{p.ID, p.Game, p.Rules, strconv.Itoa(p.Rating), p.Position,
		strings.Join(p.Solution, ","), strings.Join(p.Themes, ",")}, "\t")
}

// SolverMoves is how many moves the solver makes in a two-player line (the
// replies not counted).
func (p Puzzle) SolverMoves() int { return (len(p.Solution) + 1) / 2 }

// HasTheme tells whether the puzzle has theme t.
func (p Puzzle) HasTheme(t string) bool {
	for _, x := range p.Themes {
		if x == t {
			return true
		}
	}
	return false
}

// Parse reads one puzzle line. It checks the form only (the fields, the
// words, the rating's range); Verify checks a puzzle against the rules.
func Parse(line string) (Puzzle, error) {
	if len(line) > MaxLine {
		return Puzzle{}, fmt.Errorf("puzzle line of %d bytes (at most %d)", len(line), MaxLine)
	}
	f := strings.Split(strings.TrimRight(line, "\r\n"), "\t")
	if len(f) != 7 {
		return Puzzle{}, fmt.Errorf("puzzle line has %d tab-separated fields, want 7 (ID GAME RULES RATING POSITION SOLUTION THEMES)", len(f))
	}
	p := Puzzle{ID: f[0], Game: f[1], Rules: f[2], Position: f[4]}
	if !isWord(p.ID) {
		return Puzzle{}, fmt.Errorf("bad puzzle ID %q (letters, digits, '-' and '_')", clip(p.ID))
	}
	if !isWord(p.Game) {
		return Puzzle{}, fmt.Errorf("puzzle %s: bad game %q", p.ID, clip(p.Game))
	}
	if p.Rules == "" || strings.ContainsAny(p.Rules, " \t,") {
		return Puzzle{}, fmt.Errorf("puzzle %s: bad rules %q", p.ID, clip(p.Rules))
	}
	r, err := strconv.Atoi(f[3])
	if err != nil || r < MinRating || r > MaxRating {
		return Puzzle{}, fmt.Errorf("puzzle %s: bad rating %q (a whole number from %d to %d)", p.ID, clip(f[3]), MinRating, MaxRating)
	}
	p.Rating = r
	if strings.TrimSpace(p.Position) != p.Position || p.Position == "" {
		return Puzzle{}, fmt.Errorf("puzzle %s: bad position %q", p.ID, clip(p.Position))
	}
	p.Solution, err = SplitMoves(f[5])
	if err != nil {
		return Puzzle{}, fmt.Errorf("puzzle %s: solution: %v", p.ID, err)
	}
	if f[6] != "" {
		for _, t := range strings.Split(f[6], ",") {
			if !isWord(t) {
				return Puzzle{}, fmt.Errorf("puzzle %s: bad theme %q", p.ID, clip(t))
			}
			p.Themes = append(p.Themes, t)
		}
	}
	return p, nil
}

// SplitMoves reads a comma list of moves: at least one, at most
// MaxSolution, none blank or holding spaces.
func SplitMoves(text string) ([]string, error) {
	if strings.TrimSpace(text) == "" {
		return nil, fmt.Errorf("no moves")
	}
	parts := strings.Split(text, ",")
	if len(parts) > MaxSolution {
		return nil, fmt.Errorf("%d moves (at most %d)", len(parts), MaxSolution)
	}
	for i, m := range parts {
		m = strings.TrimSpace(m)
		if m == "" {
			return nil, fmt.Errorf("move %d is blank (moves are separated by single commas)", i+1)
		}
		if strings.ContainsAny(m, " \t\r\n") || len(m) > 32 {
			return nil, fmt.Errorf("move %d %q is not a move", i+1, clip(m))
		}
		parts[i] = m
	}
	return parts, nil
}

// isWord: a non-empty name of at most 40 letters, digits, '-' and '_'.
func isWord(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// clip shortens input quoted in an error.
func clip(s string) string {
	if len(s) <= 40 {
		return strings.ToValidUTF8(s, "?")
	}
	return strings.ToValidUTF8(s[:40], "?") + "…"
}
