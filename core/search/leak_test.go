package search

import (
	"testing"

	"go.uber.org/goleak"
)

// No test of the search may leave a goroutine behind: the app runs one
// search after another for hours, so a leak per search adds up.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
