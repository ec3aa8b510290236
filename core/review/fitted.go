package review

// fittedScales are the scales fitted by tools/reviewfit (see scale.go and
// docs/app.md, "Game review: expected scores, verdicts, accuracy"). A
// size or player count not here takes the nearest one's: the 4×4 cube's
// fit had 11 positions (its games end before the random stretch does),
// too few to trust.
var fittedScales = map[scaleKey]float64{
	{"ataxx", 0}:           264,
	{"cube", 5}:            388,
	{"cube", 6}:            467,
	{"cube", 7}:            1517,
	{"chinesecheckers", 2}: 47,
}
