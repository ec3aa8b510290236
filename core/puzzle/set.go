package puzzle

import (
	"embed"
	"fmt"
	"sort"
	"strings"
	"sync"
)

// The shipped set: one file per game (data/GAME.txt), one puzzle a line,
// made by tools/puzzlegen and checked by its -verify mode (docs/puzzles.md).
//
//go:embed data/*.txt
var dataFS embed.FS

var (
	setOnce sync.Once
	setAll  []Puzzle
	setByID map[string]int
	setErr  error
)

func loadSet() {
	setByID = map[string]int{}
	files, err := dataFS.ReadDir("data")
	if err != nil {
		setErr = err
		return
	}
	names := make([]string, 0, len(files))
	for _, f := range files {
		names = append(names, f.Name())
	}
	sort.Slice(names, func(i, j int) bool { return gameRank(names[i]) < gameRank(names[j]) })
	for _, name := range names {
		data, err := dataFS.ReadFile("data/" + name)
		if err != nil {
			setErr = err
			return
		}
		ps, err := ParseSet(string(data))
		if err != nil {
			setErr = fmt.Errorf("data/%s: %v", name, err)
			return
		}
		for _, p := range ps {
			if _, dup := setByID[p.ID]; dup {
				setErr = fmt.Errorf("data/%s: puzzle %s twice", name, p.ID)
				return
			}
			setByID[p.ID] = len(setAll)
			setAll = append(setAll, p)
		}
	}
}

// gameRank orders the data files as the games are listed everywhere.
func gameRank(file string) string {
	switch strings.TrimSuffix(file, ".txt") {
	case "cube":
		return "0"
	case "ataxx":
		return "1"
	case "chinesecheckers":
		return "2"
	}
	return "3" + file
}

// ParseSet reads a data file: one puzzle a line, blank lines and lines
// starting with '#' skipped. An error names the line.
func ParseSet(text string) ([]Puzzle, error) {
	var out []Puzzle
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := Parse(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", i+1, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// All returns the shipped puzzles, cube first, then Ataxx, then Chinese
// Checkers, each game's in file order. The slice is the caller's.
func All() ([]Puzzle, error) {
	setOnce.Do(loadSet)
	if setErr != nil {
		return nil, setErr
	}
	return append([]Puzzle(nil), setAll...), nil
}

// OfGame returns the shipped puzzles of one game.
func OfGame(game string) ([]Puzzle, error) {
	all, err := All()
	if err != nil {
		return nil, err
	}
	var out []Puzzle
	for _, p := range all {
		if p.Game == game {
			out = append(out, p)
		}
	}
	return out, nil
}

// ByID finds a shipped puzzle.
func ByID(id string) (Puzzle, error) {
	setOnce.Do(loadSet)
	if setErr != nil {
		return Puzzle{}, setErr
	}
	i, ok := setByID[id]
	if !ok {
		return Puzzle{}, fmt.Errorf("unknown puzzle %q (see 'jumpers-cli puzzle list')", clip(id))
	}
	return setAll[i], nil
}
