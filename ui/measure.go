package ui

import (
	"log"
	"time"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/app"
)

// measureLoop (JUMPERS_MEASURE_LOOP=1) runs an endless animation, whose
// Tick the driver calls once a frame on the UI goroutine, and logs the
// longest gap between two frames while the computer was thinking: the
// proof that a search never stalls the UI.
func (u *UI) measureLoop() {
	var last time.Time
	var worst time.Duration
	var frames int
	thinking := false
	a := fyne.NewAnimation(time.Second, func(float32) {
		now := time.Now()
		busy := u.game != nil && u.game.c.State() == app.Thinking
		if busy && thinking && !last.IsZero() {
			frames++
			worst = max(worst, now.Sub(last))
		}
		if thinking && !busy && frames > 0 {
			log.Printf("measure: search ended: %d frames, longest gap between frames %.1f ms", frames, float64(worst)/float64(time.Millisecond))
			worst, frames = 0, 0
		}
		thinking = busy
		last = now
	})
	a.RepeatCount = fyne.AnimationRepeatForever
	a.Curve = fyne.AnimationLinear
	a.Start()
}
