package main

import (
	"errors"
	"fmt"
	"math"

	"github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/record"
)

// The race fit: how many of its own moves a player still needed to get
// home, against where its pieces stood. For every position of a game in
// which a player who got home is to move, it regresses those moves on the
// number of its pieces at each distance from its target's tip (a table
// f(d), d = 0..16) and on the distance of its rearmost piece (a table
// B(b), 0 for b up to 4), by least squares:
//
//	moves still to play ≈ Σ over pieces f(d) + B(rearmost)
//
// An evaluation in race distance (the sum of d) says f is a straight line;
// the fit shows where that is wrong (issue 10, docs/benchmarks-
// chinesecheckers.md): the steps just outside the target arm cost most,
// a far piece costs less per hole than a near one, and the rearmost piece
// costs extra.

const (
	fitMaxDist = 16 // the farthest hole from a tip is 16 holes away
	fitBackMin = 5  // B(b) is fitted for b from here on, 0 below
)

// fitReport is the fitted tables, with the error of the fit and of the
// straight line (moves ≈ a + c·race distance) for comparison.
type fitReport struct {
	samples, games int
	piece          [fitMaxDist + 1]float64
	back           [fitMaxDist + 1]float64
	counts         [fitMaxDist + 1]int  // samples whose rearmost piece is at b
	pieceSeen      [fitMaxDist + 1]bool // some sample had a piece at d
	rmse, lineRMSE float64
}

// fitSample is one position of one player: its pieces per distance, its
// rearmost piece's distance, its race distance, and the own moves it
// still played.
type fitSample struct {
	perDist [fitMaxDist + 1]float64
	back    int
	toGo    int
	moves   float64
}

func (s *fitSample) features() []float64 {
	x := append([]float64(nil), s.perDist[:]...)
	for b := fitBackMin; b <= fitMaxDist; b++ {
		v := 0.0
		if s.back == b {
			v = 1
		}
		x = append(x, v)
	}
	return x
}

// tipOf is the tip of arm a: the only hole of the arm with two neighbours.
func tipOf(a chinesecheckers.Arm) (int, error) {
	for h := 0; h < chinesecheckers.NumHoles; h++ {
		if arm, ok := chinesecheckers.ArmOf(h); ok && arm == a && len(chinesecheckers.Neighbours(h)) == 2 {
			return h, nil
		}
	}
	return 0, fmt.Errorf("arm %v has no tip", a)
}

// raceFit replays every game and fits the tables.
func raceFit(games []record.Game) (fitReport, error) {
	var rep fitReport
	var samples []fitSample
	for k, g := range games {
		where := fmt.Sprintf("game %d (line %d)", k+1, g.Line)
		if g.Record.Game != chinesecheckers.ID {
			return rep, fmt.Errorf("%s: a game of %s, not Chinese Checkers", where, g.Record.Game)
		}
		positions, err := g.Record.Replay()
		if err != nil {
			return rep, fmt.Errorf("%s: %v", where, err)
		}
		n := g.Final.Players()
		tips := make([]int, n)
		own := make([]int, n)
		homeAt := make([]int, n)
		mine := make([][]fitSample, n) // per player: its samples, moves counted from the start
		for i := range homeAt {
			homeAt[i] = -1
		}
		for ply, pos := range positions {
			p, err := chinesecheckers.Concrete(pos)
			if err != nil {
				return rep, fmt.Errorf("%s: %v", where, err)
			}
			if ply == 0 {
				for i := range tips {
					if tips[i], err = tipOf(p.Target(i)); err != nil {
						return rep, err
					}
				}
			}
			for i := 0; i < n; i++ {
				if done, _ := p.Finished(i); done && homeAt[i] < 0 {
					homeAt[i] = own[i]
				}
			}
			if ply == len(positions)-1 {
				break
			}
			i := p.ToMove()
			if homeAt[i] < 0 {
				s := fitSample{toGo: p.ToGo(i), moves: float64(own[i])}
				for _, h := range p.Pieces(i) {
					d := min(chinesecheckers.Distance(h, tips[i]), fitMaxDist)
					s.perDist[d]++
					s.back = max(s.back, d)
				}
				mine[i] = append(mine[i], s)
			}
			own[i]++
		}
		for i := range mine {
			if homeAt[i] < 0 {
				continue // never home: its moves to go are unknown
			}
			for _, s := range mine[i] {
				s.moves = float64(homeAt[i]) - s.moves
				samples = append(samples, s)
				rep.counts[s.back]++
				for d, c := range s.perDist {
					rep.pieceSeen[d] = rep.pieceSeen[d] || c > 0
				}
			}
		}
		rep.games++
	}
	if len(samples) == 0 {
		return rep, errors.New("no position of a player who got home")
	}
	rep.samples = len(samples)
	w, rmse := leastSquares(samples, (*fitSample).features)
	copy(rep.piece[:], w[:fitMaxDist+1])
	copy(rep.back[fitBackMin:], w[fitMaxDist+1:])
	rep.rmse = rmse
	_, rep.lineRMSE = leastSquares(samples, func(s *fitSample) []float64 {
		return []float64{1, float64(s.toGo)}
	})
	return rep, nil
}

// leastSquares fits y ≈ w·x over the samples (normal equations, Gaussian
// elimination with partial pivoting; a tiny ridge term keeps the columns
// no sample uses at 0) and returns w and the root mean square error.
func leastSquares(samples []fitSample, features func(*fitSample) []float64) ([]float64, float64) {
	k := len(features(&samples[0]))
	a := make([][]float64, k)
	for i := range a {
		a[i] = make([]float64, k+1)
		a[i][i] = 1e-9
	}
	for si := range samples {
		x := features(&samples[si])
		for i := range x {
			for j := range x {
				a[i][j] += x[i] * x[j]
			}
			a[i][k] += x[i] * samples[si].moves
		}
	}
	for c := 0; c < k; c++ {
		piv := c
		for r := c + 1; r < k; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		a[c], a[piv] = a[piv], a[c]
		for r := 0; r < k; r++ {
			if r == c || a[r][c] == 0 {
				continue
			}
			f := a[r][c] / a[c][c]
			for j := c; j <= k; j++ {
				a[r][j] -= f * a[c][j]
			}
		}
	}
	w := make([]float64, k)
	for i := range w {
		w[i] = a[i][k] / a[i][i]
	}
	se := 0.0
	for si := range samples {
		x := features(&samples[si])
		pred := 0.0
		for i := range x {
			pred += w[i] * x[i]
		}
		se += (pred - samples[si].moves) * (pred - samples[si].moves)
	}
	return w, math.Sqrt(se / float64(len(samples)))
}

func (r fitReport) cells() [][]string {
	rows := [][]string{{"distance to the tip", "f: moves a piece there costs", "B: extra moves when the rearmost is there", "positions with the rearmost there"}}
	for d := 0; d <= fitMaxDist; d++ {
		// "-": no position to fit it from (the fit leaves it at 0).
		f, b := "-", "0"
		if r.pieceSeen[d] {
			f = fmt.Sprintf("%.2f", r.piece[d])
		}
		if d >= fitBackMin {
			b = "-"
			if r.counts[d] > 0 {
				b = fmt.Sprintf("%+.2f", r.back[d])
			}
		}
		rows = append(rows, []string{fmt.Sprint(d), f, b, fmt.Sprint(r.counts[d])})
	}
	return rows
}

func (r fitReport) footer() string {
	return fmt.Sprintf("%d positions of players who got home, from %d games. Root mean square error in own moves: %.3f (the straight line in race distance: %.3f).\n",
		r.samples, r.games, r.rmse, r.lineRMSE)
}

func (r fitReport) text() string     { return tableText(r.cells(), r.footer()) }
func (r fitReport) markdown() string { return tableMarkdown(r.cells(), r.footer()) }
