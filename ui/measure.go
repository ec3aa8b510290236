package ui

import (
	"log"
	"time"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/app"
)

// measureLoop (JUMPERS_MEASURE_LOOP=1) runs an endless animation, whose
// Tick the driver calls once a frame on the UI goroutine, and logs the
// longest gap between two frames while the computer thinks (or a game
// review analyses, logged as a search too), next to the
// same figure while it does not: a stall caused by a search would show as
// a difference between the two.
func (u *UI) measureLoop() {
	var last time.Time
	var worst [2]time.Duration
	var frames [2]int
	var worstAt [2]int
	var later [2]time.Duration // the longest gap after the first frame
	thinking := false
	a := fyne.NewAnimation(time.Second, func(float32) {
		now := time.Now()
		busy := (u.game != nil && u.game.c.State() == app.Thinking) ||
			(u.reviewing != nil && u.reviewing.an.running)
		k := 0
		if busy {
			k = 1
		}
		if busy == thinking && !last.IsZero() {
			frames[k]++
			if now.Sub(last) > worst[k] {
				worstAt[k] = frames[k]
			}
			if frames[k] > 1 {
				later[k] = max(later[k], now.Sub(last))
			}
			worst[k] = max(worst[k], now.Sub(last))
		}
		if thinking && !busy && frames[1] > 0 {
			// The frame of the longest gap tells a slow first frame (a
			// screen laid out again) from a stall in the middle.
			log.Printf("measure: search: %d frames, longest gap %.1f ms (frame %d; after the first frame %.1f ms); before it, not thinking: %d frames, longest gap %.1f ms",
				frames[1], ms(worst[1]), worstAt[1], ms(later[1]), frames[0], ms(worst[0]))
			worst, frames, later = [2]time.Duration{}, [2]int{}, [2]time.Duration{}
		}
		thinking = busy
		last = now
	})
	a.RepeatCount = fyne.AnimationRepeatForever
	a.Curve = fyne.AnimationLinear
	a.Start()
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
