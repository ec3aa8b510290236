package ataxxboard

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core/ataxx"
)

func TestAtaxxCardArtIsAGame(t *testing.T) {
	test.NewTempApp(t)
	b := cardArt(app.DefaultSettings).(*Board)
	if b.View.Pos.Count(ataxx.Black) < 5 {
		t.Fatalf("card art shows %s", b.View.Pos.FEN())
	}
}
