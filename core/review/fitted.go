package review

// fittedScales are the scales fitted by tools/reviewfit (see scale.go and
// docs/app.md, "Game review: expected scores, verdicts, accuracy"). A
// player count not here takes the nearest one's. Chinese Checkers' are
// fitted per player count to games with slips (one move in ten random,
// all game long: reviewfit -noise 0.1): between engines alone the side
// ahead won every game and the fit fell to a step. A lead counts for
// less the more players there are (94, 119, 152, 244 for 2, 3, 4, 6).
var fittedScales = map[scaleKey]float64{
	{"ataxx", 0}:           303,
	{"chinesecheckers", 2}: 94,
	{"chinesecheckers", 3}: 119,
	{"chinesecheckers", 4}: 152,
	{"chinesecheckers", 6}: 244,
}

// perSide are the games whose scale grows with the board's side length:
// the cube's scores are in hundredths of a square and a lead of a square
// matters less on a bigger board. Its scale is 70 per side (350 on 5×5,
// 420 on 6×6), fitted on 5×5 and 6×6 together with the scores divided by
// the side length (log loss 0.467; the sizes fitted one by one, 447 and
// 362, 0.464). On 7×7 and larger, the fit at the review's budget finds no
// signal (Expert against Expert is near a coin toss whatever the lead: log
// loss 0.667 against a coin's 0.693), and the scale is carried over from
// the sizes where it has one.
var perSide = map[string]float64{
	"cube": 70,
}
