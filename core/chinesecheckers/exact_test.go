package chinesecheckers

import (
	"context"
	"testing"
)

// Along a plan of the beam, the exact race finds finishes no longer than
// what is left of the plan, proves nothing shorter exists, and its plans
// replay through the rules to a finished race.
func TestFinishInIsShortest(t *testing.T) {
	for _, rules := range []string{"default", "seed"} {
		r, err := ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		p := SolitaireStart(r)
		plan := planRace(context.Background(), &p, 64, 64, 27)
		if len(plan) < 10 {
			t.Fatalf("%s: a plan of %d moves", rules, len(plan))
		}
		for i, m := range plan {
			left := len(plan) - i
			if left <= 5 {
				got, found, complete := FinishIn(&p, left, 0)
				if !found || !complete || len(got) > left {
					t.Fatalf("%s, %d moves left: found %v complete %v in %d", rules, left, found, complete, len(got))
				}
				if _, shorter, complete := FinishIn(&p, len(got)-1, 0); shorter || !complete {
					t.Fatalf("%s: a shortest plan of %d moves, and one of fewer", rules, len(got))
				}
				q := p
				for _, x := range got {
					if err := q.PlayChecked(x); err != nil {
						t.Fatalf("%s: the plan %v does not replay: %v", rules, got, err)
					}
				}
				if done, _ := q.Finished(0); !done {
					t.Fatalf("%s: the plan %v does not finish", rules, got)
				}
			}
			p.Play(m)
		}
		// Ten pieces at home need ten moves at least: refused at once.
		start := SolitaireStart(r)
		if _, found, complete := FinishIn(&start, 9, 1); found || !complete {
			t.Fatalf("%s: the start finishes in 9 (found %v, complete %v)", rules, found, complete)
		}
	}
}
