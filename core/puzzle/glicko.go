package puzzle

import "math"

// Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), as lichess
// rates puzzles: each attempt is a game between the player and the
// puzzle, a rating period of its own, and both ratings move.

// Rating is a Glicko-2 rating on the Glicko scale.
type Rating struct {
	R     float64 // rating (1500 = an average player)
	RD    float64 // rating deviation: how unsure the rating is
	Sigma float64 // volatility: how erratic the player's results are
}

// Outcome is one game of a rating period: the opponent and the score
// (1 a win, 0.5 a draw, 0 a loss).
type Outcome struct {
	Opponent Rating
	Score    float64
}

// Settings as lichess's (lila's glicko2 package): the system constant,
// the bounds it keeps a deviation and a volatility within, and where a
// new player starts.
const (
	Tau          = 0.75
	MinRD        = 45
	MaxRD        = 500
	MaxSigma     = 0.1
	glickoScale  = 173.7178
	convergeTol  = 0.000001
	maxIteration = 1000
)

// NewPlayer is the rating a player starts from.
var NewPlayer = Rating{R: 1500, RD: 500, Sigma: 0.09}

// NewPuzzle is the rating a shipped puzzle starts from: its estimated
// rating, fairly sure (the estimate is from search effort, not from
// players).
func NewPuzzle(r int) Rating { return Rating{R: float64(r), RD: 150, Sigma: 0.09} }

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expected(mu, muJ, phiJ float64) float64 { return 1 / (1 + math.Exp(-g(phiJ)*(mu-muJ))) }

// Update is the paper's steps 2 to 8: p's rating after one rating period
// with the given games, under system constant tau. With no games only the
// deviation grows (step 6).
func Update(p Rating, games []Outcome, tau float64) Rating {
	mu := (p.R - 1500) / glickoScale
	phi := p.RD / glickoScale
	if len(games) == 0 {
		return Rating{R: p.R, RD: math.Sqrt(phi*phi+p.Sigma*p.Sigma) * glickoScale, Sigma: p.Sigma}
	}
	// Step 3 and 4: the estimated variance v and improvement delta.
	var invV, sum float64
	for _, o := range games {
		muJ := (o.Opponent.R - 1500) / glickoScale
		phiJ := o.Opponent.RD / glickoScale
		gj := g(phiJ)
		e := expected(mu, muJ, phiJ)
		invV += gj * gj * e * (1 - e)
		sum += gj * (o.Score - e)
	}
	v := 1 / invV
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	a := math.Log(p.Sigma * p.Sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 && k < maxIteration {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > convergeTol && i < maxIteration; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	sigma := math.Exp(A / 2)
	// Steps 6 to 8.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Rating{R: muNew*glickoScale + 1500, RD: phiNew * glickoScale, Sigma: sigma}
}

// Attempt rates one attempt at a puzzle as lichess does: a rating period
// of one game between the player and the puzzle, won by the player when
// solved. Both new ratings are returned, their deviations kept within
// [MinRD, MaxRD] and volatilities at most MaxSigma.
func Attempt(player, puzzle Rating, solved bool) (newPlayer, newPuzzle Rating) {
	s := 0.0
	if solved {
		s = 1
	}
	newPlayer = bounded(Update(player, []Outcome{{Opponent: puzzle, Score: s}}, Tau))
	newPuzzle = bounded(Update(puzzle, []Outcome{{Opponent: player, Score: 1 - s}}, Tau))
	return newPlayer, newPuzzle
}

func bounded(r Rating) Rating {
	r.RD = min(max(r.RD, MinRD), MaxRD)
	r.Sigma = min(r.Sigma, MaxSigma)
	return r
}
