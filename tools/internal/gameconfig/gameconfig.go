// Package gameconfig is how the measuring tools (reviewfit, reviewcheck)
// name the configurations of a game they measure: the cube per board
// size, Chinese Checkers per player count, another game per rule set or
// as it starts.
package gameconfig

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jumpers-game/jumpers/core"
)

// Config is one configuration: its options, its board size or player
// count (0 when the game has neither), and a label for the output.
type Config struct {
	Opts  core.Options
	N     int
	Label string
}

// Parse makes g's configurations from the comma-separated sizes (the
// cube) or player counts (Chinese Checkers); any other game gives one
// configuration per rule set when perRules, else one with no options.
func Parse(g core.Game, sizes, players string, perRules bool) ([]Config, error) {
	var out []Config
	switch g.ID() {
	case "cube":
		ns, err := ints("-sizes", sizes)
		for _, n := range ns {
			out = append(out, Config{core.Options{}.WithInt(core.OptSize, n), n, fmt.Sprintf("cube %d×%d", n, n)})
		}
		return out, err
	case "chinesecheckers":
		ns, err := ints("-players", players)
		for _, n := range ns {
			out = append(out, Config{core.Options{}.WithInt(core.OptPlayers, n), n, fmt.Sprintf("chinesecheckers %d players", n)})
		}
		return out, err
	}
	if !perRules {
		return []Config{{Label: g.ID()}}, nil
	}
	for _, rules := range g.RuleSets() {
		out = append(out, Config{core.Options{}.With(core.OptRules, rules), 0, g.ID() + " " + rules})
	}
	return out, nil
}

func ints(flag, list string) ([]int, error) {
	var out []int
	for _, s := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", flag, err)
		}
		out = append(out, n)
	}
	return out, nil
}
