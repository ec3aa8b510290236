package ui

import (
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/storage"
)

// TestReviewTapAtTheEndOffersNoDisabledButton: a tap on the review's board
// points to Continue here only where that button works; at the end of a
// finished game it is off, and the notice sent the player to it all the
// same.
func TestReviewTapAtTheEndOffersNoDisabledButton(t *testing.T) {
	h := newHarness(t, "")
	gs := h.finishGame(storage.Human, storage.Human)
	rs := reviewOf(t, h, gs)
	rs.show(rs.last())
	rs.tap("1:1")
	if !rs.contB.Disabled() || strings.Contains(rs.notice.Text, "Continue here") {
		t.Fatalf("at the end: Continue here disabled %v, notice %q", rs.contB.Disabled(), rs.notice.Text)
	}
	rs.show(1)
	rs.tap("1:1")
	if rs.contB.Disabled() || !strings.Contains(rs.notice.Text, "Continue here") {
		t.Fatalf("at move 1: Continue here disabled %v, notice %q", rs.contB.Disabled(), rs.notice.Text)
	}
}
