// Package board is the contract between the screens and each game's
// board: GameUI (what a game registers: its board, setup panel, tracer,
// words, previews, rule diagrams), Board (every ability the screens use,
// checked by the compiler for each game) and Setup, with Base and
// SetupBase giving each optional ability its default, so a game writes
// only what it changes. It also holds what the boards share: the renderer
// base, typed animation steps, square geometry and hit-testing, the
// coordinate frame, the magnifier and the default setup built from a
// game's option specs. Games live in the packages below it; screens above.
package board
