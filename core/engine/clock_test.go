package engine

import (
	"testing"
	"time"

	"pgregory.net/rapid"
)

func TestPlanNeverPassesTheLimit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		hard := time.Duration(rapid.Int64Range(0, int64(time.Hour)).Draw(t, "hard"))
		use := time.Duration(rapid.Int64Range(0, int64(time.Hour)).Draw(t, "use"))
		overhead := time.Duration(rapid.Int64Range(0, maxOverheadMS).Draw(t, "overheadMS")) * time.Millisecond
		p := planReply(limit{use: use, hard: hard}, overhead)
		if p.searchFor < 0 || p.searchFor > p.replyBy || p.replyBy < 0 {
			t.Fatalf("plan %+v out of order", p)
		}
		if p.replyBy > 0 && p.replyBy+replyMargin(hard)+overhead > hard {
			t.Fatalf("plan %+v answers too late for a hard limit of %v", p, hard)
		}
		if p.replyBy > max(use-replyMargin(use)-overhead, minThink) {
			t.Fatalf("plan %+v uses more than the %v meant", p, use)
		}
		if !p.quick && p.replyBy-p.searchFor < searchMargin(p.replyBy) {
			t.Fatalf("plan %+v leaves the search no time to unwind", p)
		}
	})
}

func TestClockShareKeepsTwoThirds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		clock := rapid.Int64Range(0, 10_000_000).Draw(t, "clock")
		inc := rapid.Int64Range(0, 100_000).Draw(t, "inc")
		mtg := rapid.Int64Range(0, 100).Draw(t, "movestogo")
		share := clockShare(clock, inc, mtg)
		if share < 0 || share > time.Duration(clock)*time.Millisecond/3 {
			t.Fatalf("share %v of a %d ms clock", share, clock)
		}
	})
}

func TestLittleTimeAnswersAtOnce(t *testing.T) {
	// 3 ms left, no increment: a depth-1 search, answered by 2 ms.
	p := planReply(limit{use: clockShare(3, 0, 0), hard: 3 * time.Millisecond}, 0)
	if !p.quick || p.replyBy > 2*time.Millisecond {
		t.Fatalf("3 ms left: %+v", p)
	}
	// Nothing left: answer at once with the best move known.
	if p := planReply(limit{hard: 0}, 0); p.replyBy != 0 {
		t.Fatalf("0 ms left: %+v", p)
	}
}
