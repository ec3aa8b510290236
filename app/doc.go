// Package app is the part of Jumpers between the screens and the rules: one
// Controller per open game (a small explicit state machine over a
// core.History and its seats), the AI runner (one goroutine per request,
// with a context deadline and a generation number), the autosaver, the
// settings model backed by Fyne preferences, and Run, which creates the Fyne
// app and its lifecycle hooks.
//
// Dependencies point one way: main → app and main → ui, ui → app → core and
// storage. app never imports ui. Run takes the window builder as a function
// (main.go passes ui.Build), so the screens can use the controllers while
// the wiring of the process (app ID, storage root, autosave on leaving the
// foreground) stays here, testable without a window.
//
// Threading: every method of Controller runs on the Fyne UI goroutine. The
// AI runs on its own goroutine and never touches the controller; its answer
// comes back through the injectable Post function (fyne.Do by default) and
// is applied only if the controller's generation has not moved since the
// request was made. Undo, redo, a new move and Close move the generation,
// so a late answer for a position that is no longer current is dropped.
// Tests inject a poster that queues functions, so they run the state
// machine step by step on the test goroutine.
package app
