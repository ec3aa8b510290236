package main

import (
	"strings"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/puzzle"
)

// raceRules are the rule sets of the mined games, in turn.
var raceRules = []string{"default", "seed"}

// raceMaxMoves is the longest race a puzzle asks for.
const raceMaxMoves = 6

// mineRace plays a two-player game gi and, at each move of the late game,
// lifts each player's pieces onto an empty board (a race of one player:
// "fill your target in N") and keeps those whose shortest finish the exact
// race search proves and whose first move is needed.
func mineRace(m *miner, gi int) error {
	g, _ := core.Lookup(chinesecheckers.ID)
	rules := raceRules[gi%len(raceRules)]
	pos, err := g.Start(core.Options{}.With(core.OptRules, rules).With(core.OptPlayers, "2"))
	if err != nil {
		return err
	}
	pos = randomOpening(pos, 2, gameRNG(m.o, gi))
	// A race kept is not asked again two moves later, one move shorter.
	last := [2]int{-100, -100}
	for ply := 0; !pos.Result().Over && ply < 600; ply++ {
		for pl := 0; pl < 2; pl++ {
			alone, ok := aloneText(pos.String(), pl)
			if !ok || ply-last[pl] < 6 {
				continue
			}
			if p, ok := racePuzzle(g, alone, rules, m.o.mineNodes); ok && m.keep(p) {
				last[pl] = ply
			}
		}
		mv, err := engineMove(pos, gi, ply, m.o)
		if err != nil {
			return err
		}
		if pos, err = pos.Play(mv); err != nil {
			return err
		}
	}
	return nil
}

// aloneText is the position text of player pl's pieces alone, seated where
// they were (S for player 1, N for player 2), when the player has 2 to 5
// pieces left to bring home: the late race, where a shortest finish can be
// proven.
func aloneText(text string, pl int) (string, bool) {
	f := strings.Fields(text)
	if len(f) != 3 {
		return "", false
	}
	me, other := byte('1'+pl), byte('2'-pl)
	board := []byte(f[0])
	for i, c := range board {
		switch c {
		case other:
			board[i] = '.'
		case me:
			board[i] = '1'
		}
	}
	seat := strings.Split(f[2], ",")[pl]
	return string(board) + " 1 " + seat, true
}

// racePuzzle proves the shortest finish of the race alone and makes the
// puzzle when its first move is needed.
func racePuzzle(g core.Game, text, rules string, nodes int64) (puzzle.Puzzle, bool) {
	pos, err := g.ParsePosition(text, rules)
	if err != nil || pos.Result().Over {
		return puzzle.Puzzle{}, false
	}
	cp, _ := chinesecheckers.Concrete(pos)
	plan, found, _ := chinesecheckers.FinishIn(&cp, raceMaxMoves, nodes)
	if !found || len(plan) < 2 {
		return puzzle.Puzzle{}, false
	}
	line := make([]string, len(plan))
	for i, mv := range plan {
		line[i] = mv.String()
	}
	themes := []string{puzzle.FillTheme(len(plan))}
	path, err := chinesecheckers.MovePath(pos, line[0])
	if err == nil && len(path) >= 4 {
		themes = append(themes, "long-hop")
	}
	return puzzle.Puzzle{Game: chinesecheckers.ID, Rules: rules, Position: text, Solution: line, Themes: themes,
		Rating: puzzle.MinRating}, true // rated once verified
}
