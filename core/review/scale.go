package review

import (
	"math"

	"github.com/jumpers-game/jumpers/core"
)

// A search score s of the side to move becomes its expected score
// 1/(1+e^(−s/scale)): the logistic fitted to game results by
// tools/reviewfit (docs/app.md, "Game review"), one scale per game and
// per board size (the cube) or player count (Chinese Checkers), since a
// square of a 4×4 board is worth more than one of a 12×12.

// scaleKey is what a fitted scale depends on: the game, and its board
// size or player count (0 when the game's scale does not depend on it).
type scaleKey struct {
	game string
	n    int
}

// sized is a position whose board size matters to its scale (the cube).
type sized interface{ BoardSize() int }

// keyOf is the scale key of pos: the board size of a cube, the player
// count of Chinese Checkers, nothing more for Ataxx.
func keyOf(pos core.Position) scaleKey {
	k := scaleKey{game: pos.Game()}
	if s, ok := pos.(sized); ok {
		k.n = s.BoardSize()
	} else if pos.Players() > 2 || pos.Game() == "chinesecheckers" {
		k.n = pos.Players()
	}
	return k
}

// DefaultScale is the scale of a game the table does not know.
const DefaultScale = 300

// Scale is the fitted scale of pos's game: its per-side scale times its
// board's side length for a game fitted so (the cube), else the entry of
// its size or player count, else the game's entry of the nearest size fitted (sizes
// between those fitted are rare, and their scales change slowly), else
// DefaultScale.
func Scale(pos core.Position) float64 {
	k := keyOf(pos)
	if per, ok := perSide[k.game]; ok && k.n > 0 {
		return per * float64(k.n)
	}
	if s, ok := fittedScales[k]; ok {
		return s
	}
	best, bestD := 0.0, math.MaxInt
	for fk, s := range fittedScales {
		if fk.game != k.game {
			continue
		}
		d := abs(fk.n - k.n)
		if d < bestD || d == bestD && s < best {
			best, bestD = s, d
		}
	}
	if bestD == math.MaxInt {
		return DefaultScale
	}
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Expected turns a search result at pos into the side to move's expected
// score; ok is false when the engine gave no score (no nodes searched).
func Expected(pos core.Position, info core.SearchInfo) (e float64, ok bool) {
	switch {
	case info.Mate > 0:
		return OpenShare(pos), true
	case info.Mate < 0:
		return 0, true
	case info.Nodes == 0:
		return 0, false
	}
	return OpenShare(pos) * Logistic(float64(info.Score), Scale(pos)), true
}

// OpenShare is the most the side to move of pos can still score: 1 with
// two players; with n players once k have finished, (n−k−1)/(n−1), the
// score of the next place (ResultStanding's). A search of more than two
// players scores the race for the next place among those still racing
// (Chinese Checkers: a finish is a win, the others' lead is measured
// against those still racing), so the logistic of its score is a share
// of that place, not of the first: an Expert sure of third place of four
// was 1.00 there, and a move that made it less sure was a blunder of 20
// points where third place is worth a third.
func OpenShare(pos core.Position) float64 {
	n := pos.Players()
	if n <= 2 {
		return 1
	}
	k := 0
	for _, p := range pos.Result().Places {
		if p > 0 {
			k++
		}
	}
	return float64(max(0, n-k-1)) / float64(n-1)
}

// Logistic is 1/(1+e^(−s/scale)), the expected score of a search score.
func Logistic(s, scale float64) float64 { return 1 / (1 + math.Exp(-s/scale)) }

// ResultStanding is each seat's expected score in a finished game: the
// winner 1, a draw 0.5; with more than two players a place p of n counts
// (n−p)/(n−1), a seat not placed 0.
func ResultStanding(r core.Result, players int) []float64 {
	out := make([]float64, players)
	for i := range out {
		switch {
		case len(r.Places) == players && players > 2 && r.Places[i] > 0:
			out[i] = float64(players-r.Places[i]) / float64(players-1)
		case len(r.Places) == players && players > 2:
			out[i] = 0 // not placed when the game ended: last
		case r.Winner == core.NoPlayer:
			out[i] = 0.5
		case r.Winner == i:
			out[i] = 1
		}
	}
	return out
}
