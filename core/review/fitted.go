package review

// fittedScales are the scales fitted by tools/reviewfit (see scale.go).
var fittedScales = map[scaleKey]float64{
	{"ataxx", 0}:           300,
	{"cube", 6}:            150,
	{"chinesecheckers", 2}: 50,
}
