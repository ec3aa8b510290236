package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/storage"
)

// TestBackWhileViewingGoesBackToTheGame: viewing a past move is a view
// over the game, as the enlarged board is: Back (the phone's key, Escape,
// the top bar's arrow) first goes back to the live position, and only the
// next one leaves the game. It left the game screen at once, so a player
// who stepped back through the moves lost the game screen with one Back.
func TestBackWhileViewingGoesBackToTheGame(t *testing.T) {
	for _, key := range []fyne.KeyName{mobile.KeyBack, fyne.KeyEscape, ""} {
		h := newHarness(t, "")
		gs := h.startGame(5, storage.Human, storage.Human)
		h.tapSquare(gs, 1, 1)
		h.tapSquare(gs, 5, 5)
		live := pos(gs)
		test.Tap(gs.moves.chips[1])
		if _, ok := gs.c.Viewing(); !ok {
			t.Fatal("a tap on move 1 did not view it")
		}
		h.u.goBack(key)
		if _, ok := gs.c.Viewing(); ok || pos(gs) != live || h.u.Screen() != "game" {
			t.Fatalf("Back %q while viewing: screen %q, still viewing %v", key, h.u.Screen(), ok)
		}
		h.u.goBack(key)
		if h.u.Screen() == "game" {
			t.Fatalf("the second Back %q stayed on the game", key)
		}
	}
}
