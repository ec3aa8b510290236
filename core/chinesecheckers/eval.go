package chinesecheckers

import (
	"fmt"
	"strings"
)

// The evaluation, in units of a tenth of a hole of race distance.
//
//   - progress: the race distance each player still has to go (tipDist:
//     the sum of its pieces' distances to the tip of its target arm, 0 when
//     the arm is full). Measuring to the tip, not to the nearest target
//     hole, makes pieces that arrived move on to the back of the arm and
//     leave the front holes free for the others.
//   - stragglers: a piece far behind the rest of its side has nobody to hop
//     over and finishes the race alone, one step at a time.
//   - spread (two players): the sum of the squared distances, so a step of
//     a piece far from the target is worth more than the same step of one
//     near it (at 16 holes about twice as much), and the army moves up
//     together instead of leaving pieces at the back: without it our home
//     emptied at ply 58 where clysto's emptied at 30 (issue 10).
//   - hop chains: the best single-move gain each side has now (a one-move
//     look-ahead for the quiet leaves of the search): the side to move will
//     play its best chain, the other side's chain is a threat for later.
//   - centre: pieces off the line from home to target, on their way
//     between the two arms, pay for the offset: ladders run along that
//     line, and a piece out on the flank has fewer pieces to hop over and
//     a longer way round the other side's army (clysto's engine weights
//     the centre too). With three and four players, against the others'
//     average.

const (
	wProgress   = 10
	wStraggler  = 6
	stragSlack  = 3 // holes behind the average before a piece straggles
	wGainToMove = 7
	wGainOther  = 3
	// wSquare/64 per squared hole of distance: 16 gained 81 Elo, 32 gained
	// 104 and 64 nothing more over 32 (200 games each at 20,000 nodes a
	// move, docs/benchmarks-chinesecheckers.md).
	wSquare = 32
	// wSquareMulti is wSquare with more than two players: 32 gained
	// +86 Elo with 3 players, and 16 or 64 were no better (99 games each
	// at 20,000 nodes a move).
	wSquareMulti = 32
	// wCentre per unit of centreOffset (half a column) of each piece
	// between its home and its target: 2 gained +92 Elo in 200 games at
	// 20,000 nodes a move and +67 [+19, +118] in 200 at 250 ms
	// (docs/benchmarks-chinesecheckers.md).
	wCentre = 2
	// wCentreMulti is wCentre with three and four players: 2 gained +83
	// Elo with 3 players (150 games) and +113 with 4 (100 games) at 30,000
	// Monte-Carlo iterations a move; at 250 ms +85 with 3 (150 games) and
	// +30 [-22, +84] with 4 (100 games). With six, every arm is somebody's
	// home or target and the way between is crowded from all sides: 100
	// games gave no more first places than a fair share, so six go without.
	wCentreMulti      = 2
	centreMostPlayers = 4
)

// centreOffsets sums player i's pieces' offsets from its axis.
func (p *Position) centreOffsets(i int) int {
	t := &centreOffset[p.seats[i]]
	sum := 0
	for _, h := range p.pieces[i] {
		sum += int(t[h])
	}
	return sum
}

// Styles of the AI. The first is the default. "Paranoid", "BestReply" and
// "MonteCarlo" are Balanced with the multi-player search algorithm forced
// (with two players they are Balanced); Balanced uses the one measured
// stronger (useMCTS, useBestReply).
var styleNames = []string{"Balanced", "Racer", "Paranoid", "BestReply", "MonteCarlo"}

type style uint8

const (
	styleBalanced style = iota
	styleRacer          // pure race: progress and stragglers only
)

// multiBestReply is the algorithm of the Balanced and Racer styles with
// more than two players (see docs/benchmarks-chinesecheckers.md).
var multiBestReply = true

func parseStyle(name string) (style, error) {
	if name == "" {
		return styleBalanced, nil
	}
	for i, s := range styleNames {
		if strings.EqualFold(s, name) {
			if i == 1 {
				return styleRacer, nil
			}
			return styleBalanced, nil
		}
	}
	return 0, fmt.Errorf("unknown style %q (one of %v)", name, styleNames)
}

func useBestReply(name string) bool {
	switch {
	case isStyle(name, "Paranoid"):
		return false
	case isStyle(name, "BestReply"):
		return true
	}
	return multiBestReply
}

// isStyle tells whether a requested style name is the style want.
func isStyle(name, want string) bool { return strings.EqualFold(name, want) }

// sideStats gives the race distance of player i, its straggler penalty
// and the sum of its pieces' squared distances.
func (p *Position) sideStats(i int) (dist, strag, squares int) {
	t := &tipDist[p.seats[i].Opposite()]
	sum, back := 0, 0
	for _, h := range p.pieces[i] {
		d := int(t[h])
		sum += d
		squares += d * d
		back = max(back, d)
	}
	// back - average, in tenths, against the slack.
	over := back*10 - sum - stragSlack*10
	if over > 0 {
		strag = over * wStraggler / 10
	}
	return sum - packedSum, strag, squares
}

// bestGain is the largest race gain (distance to the target tip) one move
// of player i can make now.
func (p *Position) bestGain(i int) int {
	t := &tipDist[p.seats[i].Opposite()]
	land := p.landMask(i)
	target := armMask[p.seats[i].Opposite()]
	best := 0
	for _, h := range p.pieces[i] {
		from := int(t[h])
		if from <= best {
			continue // this piece cannot gain more than its distance
		}
		if best >= 1 && p.occ.and(nbMask[h]).empty() {
			continue // nothing to hop over: a step gains 1 at most
		}
		r := reachFrom(p.occ, int(h), land, target, p.rules.Locked)
		r.each(func(to int) {
			if g := from - int(t[to]); g > best {
				best = g
			}
		})
	}
	return best
}

// eval scores p for player pov (positive = good for pov).
func eval(p *Position, pov int, st style) int {
	if p.n == 2 {
		v := eval2(p, st)
		if pov != 0 {
			return -v
		}
		return v
	}
	return evalMulti(p, pov, st)
}

// eval2 is the two-player evaluation from player 1's point of view; it is
// zero-sum as the search needs.
func eval2(p *Position, st style) int {
	d0, s0, q0 := p.sideStats(0)
	d1, s1, q1 := p.sideStats(1)
	v := (d1-d0)*wProgress - s0 + s1 + (q1-q0)*wSquare/64
	if st == styleRacer {
		return v
	}
	v += (p.centreOffsets(1) - p.centreOffsets(0)) * wCentre
	g0, g1 := p.bestGain(0), p.bestGain(1)
	if p.toMove == 0 {
		v += g0*wGainToMove - g1*wGainOther
	} else {
		v += g0*wGainOther - g1*wGainToMove
	}
	return v
}

// evalMulti scores pov against the players still racing: its race
// standing (raceStats.standing) and, on its move, its best hop chain.
func evalMulti(p *Position, pov int, st style) int {
	stats := p.racingStats()
	if stats.racing>>uint(pov)&1 == 0 { // scored once finished too
		stats.dist[pov], stats.strag[pov], stats.squares[pov] = p.sideStats(pov)
	}
	v := stats.standing(pov)
	if st != styleRacer {
		v += stats.centreEdge(pov)
		if int(p.toMove) == pov {
			v += p.bestGain(pov) * wGainToMove
		}
	}
	return v
}

// raceStats holds every racing player's sideStats (racing: not finished).
type raceStats struct {
	racing               uint8 // bit i: player i still racing
	dist, strag, squares [MaxPlayers]int
	centre               [MaxPlayers]int // offsets from the axis (centreOffset), 0 past centreMostPlayers
}

func (p *Position) racingStats() raceStats {
	var r raceStats
	for i := 0; i < int(p.n); i++ {
		if p.finished>>uint(i)&1 == 0 {
			r.racing |= 1 << uint(i)
			r.dist[i], r.strag[i], r.squares[i] = p.sideStats(i)
			if p.n <= centreMostPlayers {
				r.centre[i] = p.centreOffsets(i)
			}
		}
	}
	return r
}

// standing scores player i's race against the others still racing: its
// distance and spread against the mean of the leader's and the average
// opponent's (the search assumes they all play against i anyway).
func (r *raceStats) standing(i int) int {
	minO, sumO, nO := 1<<30, 0, 0
	minQ, sumQ := 1<<30, 0
	for j := 0; j < MaxPlayers; j++ {
		if j == i || r.racing>>uint(j)&1 == 0 {
			continue
		}
		minO = min(minO, r.dist[j])
		sumO += r.dist[j]
		minQ = min(minQ, r.squares[j])
		sumQ += r.squares[j]
		nO++
	}
	ref, refQ := 0, r.squares[i]
	if nO > 0 {
		ref = (minO*nO + sumO) / (2 * nO)
		refQ = (minQ*nO + sumQ) / (2 * nO)
	}
	// >> 6 rounds down (where / 64 would round towards 0, scoring
	// squares ±1 apart alike).
	return (ref-r.dist[i])*wProgress - r.strag[i] + (refQ-r.squares[i])*wSquareMulti>>6
}

// centreEdge is player i's centre term against the average of the others
// still racing.
func (r *raceStats) centreEdge(i int) int {
	sum, n := 0, 0
	for j := 0; j < MaxPlayers; j++ {
		if j != i && r.racing>>uint(j)&1 != 0 {
			sum += r.centre[j]
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum*wCentreMulti/n - r.centre[i]*wCentreMulti
}

// moveGain is the race gain of m for the player to move.
func (p *Position) moveGain(m Move) int { return p.gainOf(int(p.toMove), m) }

// gainOf is the race gain of m for player pl (Best-Reply Search's
// opponents' layer holds moves of several players: pl is the owner).
func (p *Position) gainOf(pl int, m Move) int {
	if m.IsPass() {
		return 0
	}
	t := &tipDist[p.seats[pl].Opposite()]
	return int(t[m.From]) - int(t[m.To])
}

// orderMoves scores moves for the search: the biggest race gain first, and
// among equal gains the piece farther behind first.
func orderMoves(p *Position, moves []Move, scores []int32) {
	for i, m := range moves {
		if !m.IsPass() {
			scores[i] = int32(p.raceOrder(int(p.toMove), m))
		}
	}
}

// raceOrder ranks player pl's move m: its race gain, then how far behind
// its piece was.
func (p *Position) raceOrder(pl int, m Move) int {
	return raceRank(p.gainOf(pl, m), int(tipDist[p.seats[pl].Opposite()][m.From]))
}

// raceRank orders moves by gain, then by the distance of the piece moved.
func raceRank(gain, fromDist int) int { return gain*64 + fromDist }
