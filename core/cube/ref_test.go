package cube

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// ref is a deliberately naive engine, written straight from the seed's
// rules with 2-D slices and no incremental state, to check the fast one.
type ref struct {
	n     int
	spots [][]int
	owner [][]int // -1 neutral, 0 red, 1 blue
	side  int
}

func newRef(n int) *ref {
	r := &ref{n: n}
	r.spots = make([][]int, n)
	r.owner = make([][]int, n)
	for i := range r.spots {
		r.spots[i] = make([]int, n)
		r.owner[i] = make([]int, n)
		for j := range r.spots[i] {
			r.spots[i][j] = 1
			r.owner[i][j] = -1
		}
	}
	return r
}

func (r *ref) clone() *ref {
	c := &ref{n: r.n, side: r.side}
	for i := 0; i < r.n; i++ {
		c.spots = append(c.spots, append([]int(nil), r.spots[i]...))
		c.owner = append(c.owner, append([]int(nil), r.owner[i]...))
	}
	return c
}

// refFromText reads a position text with its own little parser.
func refFromText(text string) *ref {
	f := strings.Fields(text)
	rows := strings.Split(f[0], "/")
	r := &ref{n: len(rows)}
	if f[1] == "b" {
		r.side = 1
	}
	for _, row := range rows {
		var sp, ow []int
		num := ""
		for _, ch := range row {
			if ch >= '0' && ch <= '9' {
				num += string(ch)
				continue
			}
			v, _ := strconv.Atoi(num)
			num = ""
			sp = append(sp, v)
			ow = append(ow, map[rune]int{'r': 0, 'b': 1, '-': -1}[ch])
		}
		r.spots = append(r.spots, sp)
		r.owner = append(r.owner, ow)
	}
	return r
}

func (r *ref) text() string {
	var rows []string
	for i := 0; i < r.n; i++ {
		s := ""
		for j := 0; j < r.n; j++ {
			s += fmt.Sprint(r.spots[i][j]) + map[int]string{0: "r", 1: "b", -1: "-"}[r.owner[i][j]]
		}
		rows = append(rows, s)
	}
	return strings.Join(rows, "/") + " " + map[int]string{0: "r", 1: "b"}[r.side]
}

// neighbours in the order up, left, right, down.
func (r *ref) neighbours(i, j int) [][2]int {
	var out [][2]int
	for _, d := range [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
		a, b := i+d[0], j+d[1]
		if a >= 0 && a < r.n && b >= 0 && b < r.n {
			out = append(out, [2]int{a, b})
		}
	}
	return out
}

func (r *ref) overfull(i, j int) bool { return r.spots[i][j] > len(r.neighbours(i, j)) }

func (r *ref) winner() int {
	first := r.owner[0][0]
	if first < 0 {
		return -1
	}
	for i := 0; i < r.n; i++ {
		for j := 0; j < r.n; j++ {
			if r.owner[i][j] != first {
				return -1
			}
		}
	}
	return first
}

func (r *ref) moves() [][2]int {
	if r.winner() >= 0 {
		return nil
	}
	var out [][2]int
	for i := 0; i < r.n; i++ {
		for j := 0; j < r.n; j++ {
			if r.owner[i][j] != 1-r.side {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

func (r *ref) explode(i, j int) {
	for _, nb := range r.neighbours(i, j) {
		r.spots[i][j]--
		r.spots[nb[0]][nb[1]]++
		r.owner[nb[0]][nb[1]] = r.side
	}
}

// playAny plays (i, j) exploding overfull squares in the order pick
// chooses among all of them (nil: the first in reading order).
func (r *ref) playAny(i, j int, rng *rand.Rand) {
	r.spots[i][j]++
	r.owner[i][j] = r.side
	for r.winner() < 0 {
		var over [][2]int
		for a := 0; a < r.n; a++ {
			for b := 0; b < r.n; b++ {
				if r.overfull(a, b) {
					over = append(over, [2]int{a, b})
				}
			}
		}
		if len(over) == 0 {
			break
		}
		k := 0
		if rng != nil {
			k = rng.IntN(len(over))
		}
		r.explode(over[k][0], over[k][1])
	}
	r.side = 1 - r.side
}

// playFIFO plays (i, j) with the queue discipline the fast engine
// documents: first in, first out, each square queued at most once, a square
// still overfull after exploding queued again, the win checked after every
// explosion.
func (r *ref) playFIFO(i, j int) {
	r.spots[i][j]++
	r.owner[i][j] = r.side
	queue := [][2]int{{i, j}}
	queued := map[[2]int]bool{{i, j}: true}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		delete(queued, s)
		if !r.overfull(s[0], s[1]) {
			continue
		}
		r.explode(s[0], s[1])
		for _, nb := range r.neighbours(s[0], s[1]) {
			if r.overfull(nb[0], nb[1]) && !queued[nb] {
				queue = append(queue, nb)
				queued[nb] = true
			}
		}
		if r.overfull(s[0], s[1]) {
			queue = append(queue, s)
			queued[s] = true
		}
		if r.winner() >= 0 {
			break
		}
	}
	r.side = 1 - r.side
}

func (r *ref) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var total uint64
	for _, m := range r.moves() {
		c := r.clone()
		c.playAny(m[0], m[1], nil)
		total += c.perft(depth - 1)
	}
	return total
}

// randomSettled makes a random position that real play could hold: owned
// squares with 1..neighbours spots, neutral ones with one spot.
func randomSettled(rng *rand.Rand, n int, fullBias float64) *ref {
	r := newRef(n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			o := rng.IntN(3) - 1
			r.owner[i][j] = o
			if o < 0 {
				continue
			}
			d := len(r.neighbours(i, j))
			if rng.Float64() < fullBias {
				r.spots[i][j] = d
			} else {
				r.spots[i][j] = 1 + rng.IntN(d)
			}
		}
	}
	r.side = rng.IntN(2)
	if r.winner() >= 0 { // keep the game going
		r.owner[0][0] = 1 - r.owner[0][0]
	}
	return r
}
