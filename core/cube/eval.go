package cube

import "github.com/jumpers-game/jumpers/core/search"

// Evaluation. Scores are from the side to move's point of view, in
// hundredths of a square (a square owned is worth about 100).
//
// Both styles read the board through one scan (scan below): for every
// square its owner, spots and need (spots still to add before it explodes:
// 1 = full), and the chains of full squares. A chain explodes as a whole
// once any of its squares gets a spot, and every square in it or next to it
// becomes the exploder's: its "blast". So a chain that holds a square of the
// side to move is a capture it can make now, and one that holds a square of
// the opponent is a capture the opponent threatens next turn.

// weights tune one style: Kepler's terms (below), or Newton's material
// and played-out explosions.
type weights struct {
	terms   [numTerms]int // Kepler
	square  int           // per square owned
	spot    int           // per spot on an owned square
	class   [3]int        // extra per square owned: inner, edge, corner
	neutral int           // per neutral square in the side to move's best blast
	threat  int           // per own square in the opponent's best blast
	sim     int           // play out this many of the best explosions of the side to move (Newton)
	reply   int           // after a simulated explosion: per own square in the opponent's best blast
}

// class of a square: 0 inner, 1 edge, 2 corner (by neighbour count).
func classOf(deg uint8) int { return int(4 - deg) }

// scan is the per-evaluation view of the board.
type scan struct {
	need  [MaxSquares]uint8 // spots to add before the square explodes
	comp  [MaxSquares]uint8 // chain id + 1 for full owned squares, 0 otherwise
	stamp [MaxSquares]uint8 // chain id + 1 that last counted the square in a blast
	chains
}

// chains is what a scan finds out about the chains of full squares.
type chains struct {
	// best blasts: enemy and neutral squares taken by the best chain of
	// each player.
	bestEnemy   [2]int
	bestNeutral [2]int
	// the best chains of each player by blast, each by its highest square
	// of that player, best first
	cand  [2][maxCand]uint8
	candV [2][maxCand]int
	nCand [2]int
}

const maxCand = 4

// fill computes the scan of b.
func (sc *scan) fill(b *Board) {
	n := int(b.n)
	nn := n * n
	g := &geo[n]
	for s := 0; s < nn; s++ {
		sc.need[s] = g.deg[s] + 1 - min(b.spots[s], g.deg[s])
		sc.comp[s] = 0
		sc.stamp[s] = 0
	}
	sc.bestEnemy = [2]int{}
	sc.bestNeutral = [2]int{}
	sc.nCand = [2]int{}
	var stack [MaxSquares]uint8
	var members [MaxSquares]uint8
	id := uint8(0)
	for s0 := 0; s0 < nn; s0++ {
		if sc.need[s0] != 1 || sc.comp[s0] != 0 || b.owner[s0] == neutral {
			continue
		}
		id++
		top, cnt := 0, 0
		stack[top] = uint8(s0)
		top++
		sc.comp[s0] = id
		var owners uint8
		var blast [3]int
		for top > 0 {
			top--
			s := int(stack[top])
			members[cnt] = uint8(s)
			cnt++
			owners |= 1 << b.owner[s]
			if sc.stamp[s] != id {
				sc.stamp[s] = id
				blast[b.owner[s]]++
			}
			for _, t8 := range g.nbr[s][:g.deg[s]] {
				t := int(t8)
				if sc.stamp[t] != id {
					sc.stamp[t] = id
					blast[b.owner[t]]++
				}
				if sc.need[t] == 1 && sc.comp[t] == 0 && b.owner[t] != neutral {
					sc.comp[t] = id
					stack[top] = t8
					top++
				}
			}
		}
		for p := 0; p < 2; p++ {
			if owners&(1<<p) == 0 {
				continue
			}
			e, ne := blast[p^1], blast[neutral]
			if 2*e+ne > 2*sc.bestEnemy[p]+sc.bestNeutral[p] {
				sc.bestEnemy[p], sc.bestNeutral[p] = e, ne
			}
			if e > 0 {
				var rep uint8
				for i := 0; i < cnt; i++ {
					if b.owner[members[i]] == uint8(p) {
						rep = max(rep, members[i])
					}
				}
				sc.addCand(p, rep, 2*e+ne)
			}
		}
	}
}

// addCand keeps the best maxCand chains of player p, best first.
func (sc *chains) addCand(p int, sq uint8, v int) {
	k := sc.nCand[p]
	if k == maxCand {
		if v <= sc.candV[p][k-1] {
			return
		}
		k--
	} else {
		sc.nCand[p]++
	}
	for k > 0 && sc.candV[p][k-1] < v {
		sc.cand[p][k], sc.candV[p][k] = sc.cand[p][k-1], sc.candV[p][k-1]
		k--
	}
	sc.cand[p][k], sc.candV[p][k] = sq, v
}

// material is squares, spots and places of player p against the other.
func material(b *Board, w *weights, p uint8) int {
	g := &geo[b.n]
	var score [3]int
	for s := 0; s < int(b.n)*int(b.n); s++ {
		o := b.owner[s]
		score[o] += w.square + w.spot*int(b.spots[s]) + w.class[classOf(g.deg[s])]
	}
	return score[p] - score[p^1]
}

// evalSim is Newton's evaluation: material after the best of the side to
// move's explosions, played out for real, against standing pat.
func evalSim(b *Board, w *weights) int {
	var sc scan
	sc.fill(b)
	return evalSimScanned(b, w, &sc)
}

// evalSimScanned is evalSim for a board already scanned into sc.
func evalSimScanned(b *Board, w *weights, sc *scan) int {
	me := b.side
	opp := me ^ 1
	best := material(b, w, me) - w.threat*sc.bestEnemy[opp] + w.neutral*sc.bestNeutral[me]
	var sc2 scan
	for i := 0; i < min(sc.nCand[me], w.sim); i++ {
		c := *b
		c.Play(Move(sc.cand[me][i]))
		if over, _ := c.Outcome(); over {
			return search.MaxEval / 2
		}
		sc2.fill(&c)
		v := material(&c, w, me) - w.reply*sc2.bestEnemy[opp]
		best = max(best, v)
	}
	return best
}

// evaluate scores b for the side to move with weights w.
func evaluate(b *Board, w *weights) int {
	if w.sim > 0 {
		return evalSim(b, w)
	}
	var t keplerTerms
	var ch chains
	t.fillAny(b, &ch)
	return t.dot(&w.terms)
}

// evalTactical is evaluate and tactical from one scan of b: the
// quiescence search needs both at most of its nodes.
func evalTactical(b *Board, w *weights, dst []Move) (int, []Move) {
	if w.sim > 0 {
		var sc scan
		sc.fill(b)
		return evalSimScanned(b, w, &sc), sc.appendTactical(b.side, dst)
	}
	var t keplerTerms
	var ch chains
	t.fillAny(b, &ch)
	return t.dot(&w.terms), ch.appendTactical(b.side, dst)
}

// Kepler's evaluation is a weighted sum of terms of the board: each
// square a player owns by its place and spots, by its arms race with its
// enemy neighbours (a square needing fewer spots than all of them wins
// its races; one with no enemy neighbour is safe territory; one that
// loses or ties a race is likely lost), and the best chains of both
// sides. The square terms are the side to move's minus the opponent's.
// The weights are in tenths of a hundredth of a square: a square is 1000.
//
// A tied race counts as lost for both squares, whoever is to move: giving
// it to the side to move made the score swing by several squares between
// odd and even depths. Who moves first in a race of full squares is
// counted by the tempo and threat terms and played out by the quiescence
// search (57% over 200 games at 100 ms on 7x7 against ties to the mover;
// docs/benchmarks-cube.md).
const (
	tSquares     = iota // squares owned
	tSpots              // spots on them
	tEdges              // edge squares owned
	tCorners            // corner squares owned
	tSafe               // squares with no enemy neighbour
	tLoaded             // full squares that are safe or win their races
	tBeaten             // enemy neighbours beaten in races
	tLost               // squares that lose or tie a race
	tLostSpots          // their spots
	tLostEdges          // their edges
	tLostCorners        // their corners
	tTempo              // enemy squares in the side to move's best chain's blast
	tNeutral            // neutral squares in it
	tThreat             // own squares in the opponent's best chain's blast
	numTerms
)

type keplerTerms [numTerms]int

// termNames name the terms for the tuning tool and its output.
var termNames = [numTerms]string{"squares", "spots", "edges", "corners", "safe", "loaded", "beaten", "lost", "lostSpots", "lostEdges", "lostCorners", "tempo", "neutral", "threat"}

// fill computes the terms of b (sc is scratch space).
func (t *keplerTerms) fill(b *Board, sc *scan) {
	sc.fill(b)
	n := int(b.n)
	nn := n * n
	g := &geo[n]
	me := b.side
	var per [2][tLostCorners + 1]int
	for s := 0; s < nn; s++ {
		o := b.owner[s]
		if o == neutral {
			continue
		}
		p := &per[o]
		class := classOf(g.deg[s])
		spots := int(b.spots[s])
		p[tSquares]++
		p[tSpots] += spots
		if class == 1 {
			p[tEdges]++
		} else if class == 2 {
			p[tCorners]++
		}
		enemies := 0
		minNeed := uint8(9)
		need := sc.need[s]
		for _, nb := range g.nbr[s][:g.deg[s]] {
			if b.owner[nb] == o^1 {
				enemies++
				minNeed = min(minNeed, sc.need[nb])
			}
		}
		switch {
		case enemies == 0:
			p[tSafe]++
			if need == 1 {
				p[tLoaded]++
			}
		case need < minNeed:
			p[tBeaten] += enemies
			if need == 1 {
				p[tLoaded]++
			}
		default:
			p[tLost]++
			p[tLostSpots] += spots
			if class == 1 {
				p[tLostEdges]++
			} else if class == 2 {
				p[tLostCorners]++
			}
		}
	}
	for i := range per[0] {
		t[i] = per[me][i] - per[me^1][i]
	}
	t[tTempo] = sc.bestEnemy[me]
	t[tNeutral] = sc.bestNeutral[me]
	t[tThreat] = sc.bestEnemy[me^1]
}

// fillAny computes the terms and chains of b: on bit sets when b fits a
// word, else square by square.
func (t *keplerTerms) fillAny(b *Board, ch *chains) {
	if t.fillBits(b, ch) {
		return
	}
	var sc scan
	t.fill(b, &sc)
	*ch = sc.chains
}

// dot is the evaluation the terms give with weights w, in hundredths of a
// square.
func (t *keplerTerms) dot(w *[numTerms]int) int {
	v := 0
	for i, x := range t {
		v += x * w[i]
	}
	return v / 10
}

// keplerWeights: positional. Every square is judged by its place (corners,
// then edges), its safety in the arms race with its enemy neighbours, and
// whether it is quiet territory; the chains on the board are estimated, not
// played out. A square that loses its race keeps a fifth of its value.
var keplerWeights = weights{terms: [numTerms]int{
	tSquares: 1000, tSpots: 80, tEdges: 150, tCorners: 400,
	tSafe: 100, tLoaded: 150, tBeaten: 400,
	tLost: -800, tLostSpots: -64, tLostEdges: -120, tLostCorners: -320,
	tTempo: 600, tNeutral: 200, tThreat: -300,
}}

// newtonWeights: tactical. Material (squares and spots), and the side to
// move's best explosions played out for real: the position is worth the
// best of standing pat under the opponent's threat and each capture
// followed by the opponent's best reply blast.
var newtonWeights = weights{
	square: 100, spot: 15, class: [3]int{0, 0, 10},
	neutral: 30, threat: 50, sim: 2, reply: 100,
}

// order gives each move a static score, best first: explosions by what they
// take, then moves that win their arms races, corners and edges; moves that
// hand an enemy neighbour the race come last.
func order(b *Board, moves []Move, scores []int32) {
	g := &geo[b.n]
	opp := b.side ^ 1
	for i, m := range moves {
		s := int(m)
		d := g.deg[s]
		sp := b.spots[s]
		var v int32
		if sp >= d {
			v = 1000
			for _, t := range g.nbr[s][:d] {
				full := b.spots[t] >= g.deg[t]
				switch {
				case b.owner[t] == opp && full:
					v += 200
				case b.owner[t] == opp:
					v += 100
				case full:
					v += 30
				}
			}
		} else {
			after := d - sp // need after this move
			for _, t := range g.nbr[s][:d] {
				if b.owner[t] == opp {
					if after < g.deg[t]+1-b.spots[t] {
						v += 40
					} else {
						v -= 80
					}
				}
			}
			v += [3]int32{0, 10, 30}[classOf(d)]
		}
		scores[i] = v
	}
}

// quiet tells the search which moves late move reductions may cut short:
// those that explode nothing.
func quiet(b *Board, m Move) bool {
	return b.spots[m] < geo[b.n].deg[m]
}

// tactical lists the side to move's explosions that take enemy squares,
// one square of each of its best chains, best first: the moves the
// quiescence search plays out before a leaf is scored.
func tactical(b *Board, dst []Move) []Move {
	var ch chains
	ch.fillChainsOf(b)
	return ch.appendTactical(b.side, dst)
}

// appendTactical appends to dst one square of each of p's best chains.
func (sc *chains) appendTactical(p uint8, dst []Move) []Move {
	for i := 0; i < sc.nCand[p]; i++ {
		dst = append(dst, Move(sc.cand[p][i]))
	}
	return dst
}

// KeplerTerms are the terms of Kepler's evaluation of b for its side to
// move, for the tuning tool (tools/cubetune): the evaluation is their dot
// product with KeplerWeights, divided by 10.
func KeplerTerms(b *Board) []int {
	var t keplerTerms
	var ch chains
	t.fillAny(b, &ch)
	return t[:]
}

// KeplerTermNames names the terms of KeplerTerms.
func KeplerTermNames() []string { return termNames[:] }

// KeplerWeights are Kepler's weights of its terms.
func KeplerWeights() []int { return append([]int(nil), keplerWeights.terms[:]...) }
