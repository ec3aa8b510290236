// Command icongen draws Icon.png, the app icon: a 3×3 Jumping Cube board
// in mid-game on a dark rounded square, in the Okabe–Ito colours the app
// uses, with Red's round spots and Blue's square spots as on the board.
//
//	go run ./tools/icongen -o Icon.png
//
// Shapes are signed-distance rounded rectangles, sampled 4×4 per pixel for
// smooth edges; no dependency beyond the standard library.
package main

import (
	"flag"
	"image"
	"image/png"
	"log"
	"math"
	"os"
)

const ss = 4 // samples per pixel along each axis

type rgba struct{ r, g, b, a float64 } // premultiplied, 0..1

func hex(v uint32) rgba {
	return rgba{float64(v>>16&0xFF) / 255, float64(v>>8&0xFF) / 255, float64(v&0xFF) / 255, 1}
}

// canvas holds premultiplied colour per pixel.
type canvas struct {
	n   int
	pix []rgba
}

// roundRect returns the coverage function of a rounded rectangle.
func roundRect(x0, y0, x1, y1, rad float64) func(x, y float64) bool {
	cx, cy := (x0+x1)/2, (y0+y1)/2
	hx, hy := (x1-x0)/2-rad, (y1-y0)/2-rad
	return func(x, y float64) bool {
		dx := math.Max(math.Abs(x-cx)-hx, 0)
		dy := math.Max(math.Abs(y-cy)-hy, 0)
		return dx*dx+dy*dy <= rad*rad
	}
}

// fill paints colour c (with opacity) where inside is true, within the
// bounding box, supersampled.
func (cv *canvas) fill(bx0, by0, bx1, by1 float64, inside func(x, y float64) bool, shade func(x, y float64) rgba) {
	x0, y0 := max(0, int(bx0)-1), max(0, int(by0)-1)
	x1, y1 := min(cv.n, int(bx1)+2), min(cv.n, int(by1)+2)
	for py := y0; py < y1; py++ {
		for px := x0; px < x1; px++ {
			hits := 0
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					if inside(float64(px)+(float64(sx)+.5)/ss, float64(py)+(float64(sy)+.5)/ss) {
						hits++
					}
				}
			}
			if hits == 0 {
				continue
			}
			cov := float64(hits) / (ss * ss)
			c := shade(float64(px)+.5, float64(py)+.5)
			a := c.a * cov
			d := &cv.pix[py*cv.n+px]
			d.r = c.r*a + d.r*(1-a)
			d.g = c.g*a + d.g*(1-a)
			d.b = c.b*a + d.b*(1-a)
			d.a = a + d.a*(1-a)
		}
	}
}

func flat(c rgba) func(x, y float64) rgba { return func(float64, float64) rgba { return c } }

func main() {
	out := flag.String("o", "Icon.png", "output file")
	size := flag.Int("size", 1024, "icon size in pixels")
	flag.Parse()
	n := *size
	s := float64(n) / 1024 // design units are for 1024 px
	cv := &canvas{n: n, pix: make([]rgba, n*n)}

	// Background: a rounded square, a vertical gradient of deep blue.
	top, bot := hex(0x2B3F66), hex(0x141D33)
	cv.fill(0, 0, float64(n), float64(n), roundRect(0, 0, float64(n), float64(n), 200*s), func(x, y float64) rgba {
		t := y / float64(n)
		return rgba{top.r*(1-t) + bot.r*t, top.g*(1-t) + bot.g*t, top.b*(1-t) + bot.b*t, 1}
	})

	const (
		red     = 0
		blue    = 1
		neutral = 2
	)
	type cell struct{ owner, spots int }
	board := [3][3]cell{
		{{red, 2}, {red, 3}, {neutral, 1}},
		{{blue, 3}, {red, 4}, {red, 2}},
		{{blue, 2}, {blue, 3}, {blue, 2}},
	}
	fillCol := [3]rgba{hex(0xD55E00), hex(0x0072B2), hex(0xD9DEE6)}
	pipCol := [3]rgba{hex(0xFFFFFF), hex(0xFFFFFF), hex(0x7A8294)}
	faces := [7][][2]float64{
		{}, {{.5, .5}},
		{{.27, .27}, {.73, .73}},
		{{.27, .27}, {.5, .5}, {.73, .73}},
		{{.27, .27}, {.73, .27}, {.27, .73}, {.73, .73}},
		{{.27, .27}, {.73, .27}, {.5, .5}, {.27, .73}, {.73, .73}},
		{{.27, .25}, {.73, .25}, {.27, .5}, {.73, .5}, {.27, .75}, {.73, .75}},
	}
	origin, pitch, tile := 150*s, 246*s, 222*s
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			cl := board[r][c]
			x, y := origin+float64(c)*pitch, origin+float64(r)*pitch
			// Soft shadow, then the tile.
			sh := rgba{0, 0, 0, .35}
			cv.fill(x, y+10*s, x+tile, y+tile+10*s, roundRect(x, y+10*s, x+tile, y+tile+10*s, 40*s), flat(sh))
			cv.fill(x, y, x+tile, y+tile, roundRect(x, y, x+tile, y+tile, 40*s), flat(fillCol[cl.owner]))
			// The last move: a bright ring around the centre tile.
			if r == 1 && c == 1 {
				ring := roundRect(x-14*s, y-14*s, x+tile+14*s, y+tile+14*s, 50*s)
				inner := roundRect(x-4*s, y-4*s, x+tile+4*s, y+tile+4*s, 42*s)
				cv.fill(x-14*s, y-14*s, x+tile+14*s, y+tile+14*s, func(px, py float64) bool {
					return ring(px, py) && !inner(px, py)
				}, flat(hex(0xF0E442)))
			}
			pip := 46 * s
			rad := pip / 2
			if cl.owner == blue {
				rad = 8 * s
			}
			for _, f := range faces[cl.spots] {
				px, py := x+f[0]*tile-pip/2, y+f[1]*tile-pip/2
				cv.fill(px, py, px+pip, py+pip, roundRect(px, py, px+pip, py+pip, rad), flat(pipCol[cl.owner]))
			}
		}
	}

	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	for i, p := range cv.pix {
		if p.a == 0 {
			continue
		}
		img.Pix[i*4+0] = uint8(math.Round(p.r / p.a * 255))
		img.Pix[i*4+1] = uint8(math.Round(p.g / p.a * 255))
		img.Pix[i*4+2] = uint8(math.Round(p.b / p.a * 255))
		img.Pix[i*4+3] = uint8(math.Round(p.a * 255))
	}
	f, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}
