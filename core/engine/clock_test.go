package engine

import (
	"testing"
	"time"

	"pgregory.net/rapid"
)

func TestPlanNeverPassesTheLimit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		hard := time.Duration(rapid.Int64Range(0, int64(time.Hour)).Draw(t, "hard"))
		most := time.Duration(rapid.Int64Range(0, int64(time.Hour)).Draw(t, "most"))
		use := time.Duration(rapid.Int64Range(0, int64(most)).Draw(t, "use"))
		overhead := time.Duration(rapid.Int64Range(0, maxOverheadMS).Draw(t, "overheadMS")) * time.Millisecond
		p := planReply(limit{use: use, most: most, hard: hard}, overhead)
		if p.searchFor < 0 || p.searchFor > p.replyBy || p.replyBy < 0 {
			t.Fatalf("plan %+v out of order", p)
		}
		if p.replyBy > 0 && p.replyBy+replyMargin(hard)+overhead > hard {
			t.Fatalf("plan %+v answers too late for a hard limit of %v", p, hard)
		}
		if p.replyBy > max(most-replyMargin(most)-overhead, minThink) {
			t.Fatalf("plan %+v takes more than the most, %v", p, most)
		}
		if !p.quick && p.replyBy-p.searchFor < searchMargin(p.replyBy) {
			t.Fatalf("plan %+v leaves the search no time to unwind", p)
		}
		if p.soft < 0 || p.soft >= max(p.searchFor, 1) || (p.soft > 0 && p.soft > use) || (p.quick && p.soft != 0) {
			t.Fatalf("plan %+v: soft target out of place (use %v)", p, use)
		}
	})
}

// A clock move aims at a share of the time left and never takes more
// than a tenth of it.
func TestClockLimitKeepsNineTenths(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		clock := rapid.Int64Range(0, 10_000_000).Draw(t, "clock")
		inc := rapid.Int64Range(0, 100_000).Draw(t, "inc")
		mtg := rapid.Int64Range(0, 100).Draw(t, "movestogo")
		l := clockLimit(clock, inc, mtg)
		tenth := time.Duration(clock) * time.Millisecond / 10
		if l.use < 0 || l.use > l.most || l.most != tenth || l.hard != time.Duration(clock)*time.Millisecond {
			t.Fatalf("limit %+v of a %d ms clock", l, clock)
		}
		p := planReply(l, 0)
		if p.replyBy > max(tenth, minThink) {
			t.Fatalf("plan %+v replies after a tenth of a %d ms clock", p, clock)
		}
	})
}

// The two clocks of the Ataxx issue: 10 s + 0.1 s aims at a 27th of the
// clock plus most of the increment and may stretch to a tenth; the
// search is told both.
func TestClockPlanOfTenSecondsGame(t *testing.T) {
	p := planReply(clockLimit(10_000, 100, 0), 0)
	if p.soft < 350*time.Millisecond || p.soft > 445*time.Millisecond || p.searchFor < 900*time.Millisecond || p.replyBy > time.Second {
		t.Fatalf("10 s + 0.1 s: %+v", p)
	}
	p = planReply(clockLimit(1_000, 10, 0), 0)
	if p.soft < 25*time.Millisecond || p.soft > 45*time.Millisecond || p.replyBy > 100*time.Millisecond || p.searchFor < 80*time.Millisecond {
		t.Fatalf("1 s + 10 ms: %+v", p)
	}
	// A move time has no soft target: it is the time to use.
	if p := planReply(limit{use: time.Second, hard: time.Second}, 0); p.soft != 0 {
		t.Fatalf("movetime 1 s: %+v", p)
	}
}

func TestLittleTimeAnswersAtOnce(t *testing.T) {
	// 3 ms left, no increment: a depth-1 search, answered by 2 ms.
	p := planReply(clockLimit(3, 0, 0), 0)
	if !p.quick || p.replyBy > 2*time.Millisecond {
		t.Fatalf("3 ms left: %+v", p)
	}
	// Nothing left: answer at once with the best move known.
	if p := planReply(limit{hard: 0}, 0); p.replyBy != 0 {
		t.Fatalf("0 ms left: %+v", p)
	}
}
