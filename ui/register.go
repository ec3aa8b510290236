package ui

import (
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/board/ataxxboard"
	"github.com/jumpers-game/jumpers/ui/board/ccboard"
	"github.com/jumpers-game/jumpers/ui/board/cubeboard"
)

// The one file of the screens that names the games: each registers its UI,
// in the order of the home screen's cards.
func init() {
	board.Register(cubeboard.UI())
	board.Register(ataxxboard.UI())
	board.Register(ccboard.UI())
}
