package ui

// The one file of the screens that names the games: each registers its UI,
// in the order of the home screen's cards.
func init() {
	Register(cubeUI())
	Register(ataxxUI())
	Register(ccUI())
}
