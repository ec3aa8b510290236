package board

// HasChoice lets the external tests (package board_test, which use
// ui/internal/uitest and so cannot be package board) reach hasChoice.
var HasChoice = hasChoice
