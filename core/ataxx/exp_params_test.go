package ataxx

import (
	"os"
	"strconv"
	"strings"

	"github.com/jumpers-game/jumpers/core/search"
)

// applyExp sets the experiment's weights from ATAXX_EXP ("Safe=40,Tempo=30")
// and the base's from ATAXX_BASE.
func applyExp(w *Weights) { setWeights(w, os.Getenv("ATAXX_EXP")) }

func applyBase(w *Weights) { setWeights(w, os.Getenv("ATAXX_BASE")) }

func setWeights(w *Weights, spec string) {
	for _, kv := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		n, _ := strconv.Atoi(v)
		switch k {
		case "Piece":
			w.Piece = n
		case "Threat":
			w.Threat = n
		case "Exposure":
			w.Exposure = n
		case "Safe":
			w.Safe = n
		case "Mobility":
			w.Mobility = n
		case "Hole":
			w.Hole = n
		case "HoleMin":
			w.HoleMin = n
		case "Tempo":
			w.Tempo = n
		case "Guarded":
			w.Guarded = n
		case "Edge":
			w.Edge = n
		}
	}
}

// applyPrune sets pruning from a spec like "F=100,FD=3,L=6,LD=3,R=2.0".
func applyPrune(c *search.Config[Position, Move], spec string) {
	if spec == "none" {
		c.Prune = search.Pruning{}
		return
	}
	for _, kv := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		n, _ := strconv.Atoi(v)
		f, _ := strconv.ParseFloat(v, 64)
		switch k {
		case "F":
			c.Prune.FutilityMargin = n
		case "FD":
			c.Prune.FutilityDepth = n
		case "L":
			c.Prune.LateMoves = n
		case "LD":
			c.Prune.LateMoveDepth = n
		case "R":
			c.Prune.ReductionDivisor = f
		}
	}
}

func applyExpConfig(c *search.Config[Position, Move]) {
	applyPrune(c, os.Getenv("ATAXX_PRUNE"))
	switch os.Getenv("ATAXX_REDUCE") {
	case "all":
		c.Reduce = func(p *Position, m Move) bool { return true }
	case "weak":
		// Jumps converting at most one, clones converting nothing.
		c.Reduce = func(p *Position, m Move) bool {
			if m == Pass {
				return true
			}
			caps := popcount(neighbours[m.To()] & p.pieces[p.turn^1])
			return caps == 0 || (m.IsJump() && caps <= 1)
		}
	}
}

func applyBaseConfig(c *search.Config[Position, Move]) { applyPrune(c, os.Getenv("ATAXX_BASE_PRUNE")) }
