package puzzle

import (
	"math"
	"testing"

	"pgregory.net/rapid"
)

// The worked example of Glickman's "Example of the Glicko-2 system": a
// player of 1500/200/0.06 beats a 1400/30 and loses to a 1550/100 and a
// 1700/300, with tau = 0.5.
func TestUpdatePaperExample(t *testing.T) {
	p := Rating{R: 1500, RD: 200, Sigma: 0.06}
	games := []Outcome{
		{Opponent: Rating{R: 1400, RD: 30}, Score: 1},
		{Opponent: Rating{R: 1550, RD: 100}, Score: 0},
		{Opponent: Rating{R: 1700, RD: 300}, Score: 0},
	}
	got := Update(p, games, 0.5)
	if math.Abs(got.R-1464.06) > 0.01 || math.Abs(got.RD-151.52) > 0.01 || math.Abs(got.Sigma-0.05999) > 0.00001 {
		t.Fatalf("got %.2f / %.2f / %.5f, want 1464.06 / 151.52 / 0.05999", got.R, got.RD, got.Sigma)
	}
}

// A period without games only widens the deviation (the paper's step 6):
// 200 and 0.06 give sqrt(200² + (0.06·173.7178)²).
func TestUpdateNoGames(t *testing.T) {
	got := Update(Rating{R: 1500, RD: 200, Sigma: 0.06}, nil, 0.5)
	want := math.Sqrt(200*200 + math.Pow(0.06*173.7178, 2))
	if got.R != 1500 || math.Abs(got.RD-want) > 1e-9 || got.Sigma != 0.06 {
		t.Fatalf("got %+v, want 1500 / %.4f / 0.06", got, want)
	}
}

// Solving a puzzle raises the player and lowers the puzzle, failing does
// the opposite; the deviations stay within lichess's bounds, and the
// numbers stay finite whatever the ratings.
func TestAttemptProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		player := Rating{R: rapid.Float64Range(400, 3500).Draw(t, "r"), RD: rapid.Float64Range(MinRD, MaxRD).Draw(t, "rd"), Sigma: rapid.Float64Range(0.01, MaxSigma).Draw(t, "s")}
		puzzle := Rating{R: rapid.Float64Range(400, 3500).Draw(t, "pr"), RD: rapid.Float64Range(MinRD, MaxRD).Draw(t, "prd"), Sigma: rapid.Float64Range(0.01, MaxSigma).Draw(t, "ps")}
		solved := rapid.Bool().Draw(t, "solved")
		np, nz := Attempt(player, puzzle, solved)
		for _, r := range []Rating{np, nz} {
			if math.IsNaN(r.R) || math.IsInf(r.R, 0) || r.RD < MinRD || r.RD > MaxRD || r.Sigma <= 0 || r.Sigma > MaxSigma {
				t.Fatalf("out of bounds: %+v", r)
			}
		}
		if solved != (np.R > player.R) || solved != (nz.R < puzzle.R) {
			t.Fatalf("solved=%v: player %.1f -> %.1f, puzzle %.1f -> %.1f", solved, player.R, np.R, puzzle.R, nz.R)
		}
	})
}
