package chinesecheckers

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/jumpers-game/jumpers/core"
)

// MaxPlayers is the most players a board holds: one per arm.
const MaxPlayers = 6

// PiecesPerPlayer is the size of each player's set.
const PiecesPerPlayer = 10

// Move is a (from, to) pair of hole indices: a step or a whole hop chain
// (the path is not part of the move). PassMove is the pass.
type Move struct{ From, To uint8 }

// PassMove is the pass, written 0000: legal only when the player to move
// has no other move.
var PassMove = Move{255, 255}

// IsPass tells whether m is the pass.
func (m Move) IsPass() bool { return m == PassMove }

// String is the notation of m: "d1e5", or "0000" for the pass.
func (m Move) String() string {
	if m.IsPass() {
		return "0000"
	}
	return HoleName(int(m.From)) + HoleName(int(m.To))
}

// ParseMove reads a move in notation ("d1e5", "0000"). It checks the holes
// exist, not that the move is legal anywhere.
func ParseMove(s string) (Move, error) {
	if s == "0000" {
		return PassMove, nil
	}
	from, n := parseHolePrefix(s)
	if n == 0 {
		return Move{}, fmt.Errorf("bad move %q (from-hole then to-hole, like d1e5, or 0000)", s)
	}
	if from < 0 {
		return Move{}, fmt.Errorf("bad move %q: no hole %q on the board", s, s[:n])
	}
	to, k := parseHolePrefix(s[n:])
	if k == 0 || n+k != len(s) {
		return Move{}, fmt.Errorf("bad move %q (from-hole then to-hole, like d1e5, or 0000)", s)
	}
	if to < 0 {
		return Move{}, fmt.Errorf("bad move %q: no hole %q on the board", s, s[n:])
	}
	if from == to {
		return Move{}, fmt.Errorf("bad move %q: a move must end on another hole", s)
	}
	return Move{uint8(from), uint8(to)}, nil
}

// Position is a game position: the board, the seats, whose turn it is, who
// has finished, the rule profile and the moves played (for the move limit).
// It is a value of a few hundred bytes; copy it freely.
type Position struct {
	occ    bitboard
	owner  [NumHoles]uint8                    // 0 empty, else player+1
	pieces [MaxPlayers][PiecesPerPlayer]uint8 // hole of each piece, per player
	seats  [MaxPlayers]Arm
	hash   uint64
	rules  Rules
	ply    uint16 // moves played since the start (or since parsing)
	n      uint8  // players
	toMove uint8
	// finished is the set of players who have finished (bit p); place[p]
	// is their 1-based finishing place (0 = not placed).
	finished uint8
	place    [MaxPlayers]uint8
	nPlaced  uint8
	first    int8 // the first player to finish, -1 if none
	last     int8 // the player who finished most recently, -1 if none
	passes   uint8
	over     bool
	winner   int8
	reason   uint8
	// base is the number of finished players at the root of a search: for
	// the search a multi-player game "ends" when one more player finishes,
	// since each race for the next place is a game of its own.
	base uint8
	// recent holds the board hashes (low 32 bits) of the positions before
	// the last moves, latest first, nRecent of them: the search sees a
	// shuffle as a repetition (Repeated).
	recent  [recentPlies]uint32
	nRecent uint8
	// The stall rule (stall.go): best[i] is the least distance to go
	// player i has had (at the start or after its own moves), stall[i]
	// how many of its own moves in a row have not gone below it. Eight
	// bytes each (two unused) so that Hash reads each as one word.
	best  [8]uint8
	stall [8]uint8
}

// recentPlies is how far back Repeated looks: a shuffle of every one of
// six players, each moving away and back, repeats after 12 moves.
const recentPlies = 12

// Repeated tells whether the board and the player to move are those of
// one of the last recentPlies positions of the game.
func (p *Position) Repeated() bool {
	h := uint32(p.hash)
	for _, r := range p.recent[:p.nRecent] {
		if r == h {
			return true
		}
	}
	return false
}

// Reasons a game ends.
const (
	reasonNone = iota
	reasonFinished
	reasonLimit
	reasonStuck
	reasonStalled
)

// Seats lists the arms of the players for each player count, in player
// order (CONTRACTS.md). Player 1 sits in S and moves first.
func Seats(players int) ([]Arm, error) {
	switch players {
	case 1:
		return []Arm{S}, nil
	case 2:
		return []Arm{S, N}, nil
	case 3:
		return []Arm{S, NW, NE}, nil
	case 4:
		return []Arm{S, SW, N, NE}, nil
	case 6:
		return []Arm{S, SW, NW, N, NE, SE}, nil
	}
	return nil, fmt.Errorf("%d players: Chinese Checkers is played by 2, 3, 4 or 6", players)
}

// NewPosition is the start position with players seated in arms (in player
// order; at most one per arm) under rules: every player's ten pieces fill
// its home arm, player 1 to move.
func NewPosition(seats []Arm, rules Rules) (Position, error) {
	var p Position
	if len(seats) < 1 || len(seats) > MaxPlayers {
		return p, fmt.Errorf("%d seats: a game has 1 to 6", len(seats))
	}
	var used [6]bool
	for i, a := range seats {
		if a > SE {
			return p, fmt.Errorf("seat %d: no arm %d", i+1, a)
		}
		if used[a] {
			return p, fmt.Errorf("arm %s is taken twice", a)
		}
		used[a] = true
		p.seats[i] = a
	}
	p.n = uint8(len(seats))
	p.rules = rules
	p.first, p.last, p.winner = -1, -1, -1
	for i := range seats {
		k := 0
		armMask[p.seats[i]].each(func(h int) {
			p.owner[h] = uint8(i + 1)
			p.pieces[i][k] = uint8(h)
			k++
			p.occ.set(h)
		})
	}
	p.hash = p.computeHash()
	p.resetProgress()
	return p, nil
}

// Start is the start position for 1, 2, 3, 4 or 6 players.
func Start(players int, rules Rules) (Position, error) {
	seats, err := Seats(players)
	if err != nil {
		return Position{}, err
	}
	return NewPosition(seats, rules)
}

// Players is the number of seated players.
func (p *Position) Players() int { return int(p.n) }

// ToMove is the player to move (0 = player 1).
func (p *Position) ToMove() int { return int(p.toMove) }

// Seat is the home arm of player i (S for a player not seated).
func (p *Position) Seat(i int) Arm {
	if i < 0 || i >= int(p.n) {
		return S
	}
	return p.seats[i]
}

// Target is the target arm of player i.
func (p *Position) Target(i int) Arm { return p.Seat(i).Opposite() }

// Rules is the position's rule profile.
func (p *Position) Rules() Rules { return p.rules }

// Ply is the number of moves played since the start or since parsing.
func (p *Position) Ply() int { return int(p.ply) }

// Owner is the player on hole h (0-based), or -1 when it is empty.
func (p *Position) Owner(h int) int {
	if h < 0 || h >= NumHoles {
		return -1
	}
	return int(p.owner[h]) - 1
}

// Pieces lists the holes of player i's pieces.
func (p *Position) Pieces(i int) []int {
	if i < 0 || i >= int(p.n) {
		return nil
	}
	out := make([]int, PiecesPerPlayer)
	for k, h := range p.pieces[i] {
		out[k] = int(h)
	}
	return out
}

// Finished tells whether player i has finished, and its place.
func (p *Position) Finished(i int) (bool, int) {
	if i < 0 || i >= int(p.n) {
		return false, 0
	}
	return p.finished>>uint(i)&1 != 0, int(p.place[i])
}

// Hash is the Zobrist hash of the board and the player to move, mixed
// with the moves played, the passes in a row and, once a stall end is near
// (stallNear), the stall rule's counts and bests: all decide how the game
// can still end (the move limit, everybody passing, everybody stalling),
// so the search must not take one for the other.
func (p *Position) Hash() uint64 {
	h := core.Mix64(uint64(p.ply)<<8 | uint64(p.passes))
	if p.stallNear() {
		h = core.Mix64(h ^ binary.LittleEndian.Uint64(p.stall[:]))
		h = core.Mix64(h ^ binary.LittleEndian.Uint64(p.best[:]))
	}
	return p.hash ^ h
}

// BoardHash is the Zobrist hash of the board and the player to move only:
// what the position text says (it carries no move count).
func (p *Position) BoardHash() uint64 { return p.hash }

var zobrist [MaxPlayers][NumHoles]uint64
var zobristTurn [MaxPlayers]uint64

func init() {
	x := uint64(0x0c4ec4e55)
	next := func() uint64 {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	for i := range zobrist {
		for h := range zobrist[i] {
			zobrist[i][h] = next()
		}
		zobristTurn[i] = next()
	}
}

func (p *Position) computeHash() uint64 {
	var h uint64
	for i := 0; i < NumHoles; i++ {
		if o := p.owner[i]; o != 0 {
			h ^= zobrist[o-1][i]
		}
	}
	return h ^ zobristTurn[p.toMove]
}

// finishedNow tells whether player i meets the finishing condition of the
// rules on the current board.
func (p *Position) finishedNow(i int) bool {
	target := armMask[p.seats[i].Opposite()]
	if p.rules.AntiBlock {
		if p.occ.and(target) != target {
			return false
		}
		for _, h := range p.pieces[i] {
			if target.has(int(h)) {
				return true
			}
		}
		return false
	}
	for _, h := range p.pieces[i] {
		if !target.has(int(h)) {
			return false
		}
	}
	return true
}

// toGo is the race distance player i still has to go: the sum of its
// pieces' distances to the tip of its target arm, less that of a full arm
// (so 0 exactly when its ten pieces fill the target).
func (p *Position) toGo(i int) int {
	t := &tipDist[p.seats[i].Opposite()]
	s := 0
	for _, h := range p.pieces[i] {
		s += int(t[h])
	}
	return s - packedSum
}

// ToGo is the race distance player i still has to go (0 = its ten pieces
// fill its target arm).
func (p *Position) ToGo(i int) int {
	if i < 0 || i >= int(p.n) {
		return 0
	}
	return p.toGo(i)
}

func (p *Position) activeCount() int {
	c := 0
	for i := 0; i < int(p.n); i++ {
		if p.finished>>uint(i)&1 == 0 {
			c++
		}
	}
	return c
}

// Play plays m, which must be legal (Moves returned it, or Check accepted
// it); the search and perft call it on their copies.
func (p *Position) Play(m Move) {
	pl := int(p.toMove)
	copy(p.recent[1:], p.recent[:recentPlies-1])
	p.recent[0] = uint32(p.hash)
	p.nRecent = min(p.nRecent+1, recentPlies)
	if m.IsPass() {
		p.passes++
		p.addStall(pl)
	} else {
		p.passes = 0
		from, to := int(m.From), int(m.To)
		p.owner[from], p.owner[to] = 0, uint8(pl+1)
		p.occ.clr(from)
		p.occ.set(to)
		for k := range p.pieces[pl] {
			if p.pieces[pl][k] == m.From {
				p.pieces[pl][k] = m.To
				break
			}
		}
		p.hash ^= zobrist[pl][from] ^ zobrist[pl][to]
		p.progress(pl)
		// Only the mover can finish by its move (Sturtevant's convention:
		// the test runs right after a player's own move).
		if p.finishedNow(pl) {
			p.finish(pl)
		}
	}
	p.ply++
	p.hash ^= zobristTurn[p.toMove]
	p.advance()
	p.hash ^= zobristTurn[p.toMove]
	p.checkEnd()
}

func (p *Position) finish(pl int) {
	p.finished |= 1 << uint(pl)
	p.nPlaced++
	p.place[pl] = p.nPlaced
	if p.first < 0 {
		p.first = int8(pl)
	}
	p.last = int8(pl)
}

// advance passes the turn to the next player who has not finished.
func (p *Position) advance() {
	for k := 1; k <= int(p.n); k++ {
		q := (int(p.toMove) + k) % int(p.n)
		if p.finished>>uint(q)&1 == 0 {
			p.toMove = uint8(q)
			return
		}
	}
}

// checkEnd ends the game when it is decided, the move limit is reached,
// every player passed in a row or every player has stalled (stall.go).
func (p *Position) checkEnd() {
	if p.over {
		return
	}
	active := p.activeCount()
	switch {
	case p.nPlaced > 0 && (p.n <= 2 || active <= 1):
		p.over, p.reason, p.winner = true, reasonFinished, p.first
		p.rankRest()
	case p.rules.MoveLimit > 0 && int(p.ply) >= p.rules.MoveLimit*int(p.n):
		p.over, p.reason = true, reasonLimit
		p.rankRest()
	case active > 0 && int(p.passes) >= active:
		p.over, p.reason = true, reasonStuck
		p.rankRest()
	case active > 0 && p.allStalled():
		p.over, p.reason = true, reasonStalled
		p.rankRest()
	}
}

// rankRest places the players who have not finished by the distance they
// still have to go, fewest first; equal distances go against the player
// who has gone longer without progress (its stall count), and only then is
// a place shared. It sets the winner if nobody had finished: the one clear
// leader, else nobody (a draw).
func (p *Position) rankRest() {
	var rest [MaxPlayers]int
	k := 0
	for i := 0; i < int(p.n); i++ {
		if p.finished>>uint(i)&1 == 0 {
			rest[k] = i
			k++
		}
	}
	// Insertion sort: at most six players.
	for a := 1; a < k; a++ {
		for b := a; b > 0 && p.ranksBefore(rest[b], rest[b-1]); b-- {
			rest[b], rest[b-1] = rest[b-1], rest[b]
		}
	}
	base := p.nPlaced
	for j := 0; j < k; j++ {
		i := rest[j]
		pl := base + uint8(j) + 1
		if j > 0 && !p.ranksBefore(rest[j-1], i) {
			pl = p.place[rest[j-1]]
		}
		p.place[i] = pl
	}
	if p.first < 0 && k > 0 {
		if k == 1 || p.ranksBefore(rest[0], rest[1]) {
			p.winner = int8(rest[0])
		}
	}
}

// ranksBefore tells whether unfinished player a ranks strictly before b
// when a game ends by a rule: less to go, or as much and fewer moves
// stalled.
func (p *Position) ranksBefore(a, b int) bool {
	da, db := p.toGo(a), p.toGo(b)
	if da != db {
		return da < db
	}
	return p.stall[a] < p.stall[b]
}

// Over tells whether the game is over, and who won (-1 for a draw or none).
func (p *Position) Over() (bool, int) { return p.over, int(p.winner) }

// Places is the 1-based finishing place of each player (0 = not placed).
func (p *Position) Places() []int {
	out := make([]int, p.n)
	for i := range out {
		out[i] = int(p.place[i])
	}
	return out
}

// Outcome is the search's view: over when the game is over or, in a
// multi-player game, when one more player has finished than at the root of
// the search (see SetSearchRoot); the winner is then that player.
func (p *Position) Outcome() (bool, int) {
	if p.over {
		return true, int(p.winner)
	}
	if p.nPlaced > p.base {
		return true, int(p.last)
	}
	return false, -1
}

// SetSearchRoot marks p as the root of a search (see Outcome).
func (p *Position) SetSearchRoot() { p.base = p.nPlaced }

// Moves appends the legal moves of the player to move to dst: none when
// the game is over (for the search: see Outcome), the pass alone when the
// player has no other move.
func (p *Position) Moves(dst []Move) []Move {
	if over, _ := p.Outcome(); over {
		return dst
	}
	return p.genMoves(dst)
}

// LegalMoves lists the legal moves of the player to move; none when the
// game is over.
func (p *Position) LegalMoves() []Move {
	if p.over {
		return nil
	}
	return p.genMoves(nil)
}

func (p *Position) genMoves(dst []Move) []Move {
	n0 := len(dst)
	pl := int(p.toMove)
	for _, h := range p.pieces[pl] {
		dests := p.reach(pl, int(h))
		for w := 0; w < 2; w++ {
			x := dests[w]
			for x != 0 {
				i := trailingZeros(x)
				x &= x - 1
				dst = append(dst, Move{h, uint8(w*64 + i)})
			}
		}
	}
	if len(dst) == n0 {
		dst = append(dst, PassMove)
	}
	return dst
}

// landMask is where player pl's pieces may land under the rules.
func (p *Position) landMask(pl int) bitboard {
	if !p.rules.Closed {
		return allMask
	}
	home := p.seats[pl]
	return centre.or(armMask[home]).or(armMask[home.Opposite()])
}

// reach is the set of holes the piece on h (of player pl) can move to: its
// empty neighbours, and every hole a chain of hops lands on (the origin
// excluded: a chain that ends where it started is no move).
func (p *Position) reach(pl, h int) bitboard {
	target := armMask[p.seats[pl].Opposite()]
	return reachFrom(p.occ, h, p.landMask(pl), target, p.rules.Locked)
}

// reachFrom is reach on a bare occupancy: land is where the piece may land,
// target its target arm (for goal locking when locked).
func reachFrom(occ bitboard, h int, land, target bitboard, locked bool) bitboard {
	if locked && target.has(h) {
		land = land.and(target)
	}
	free := land.andNot(occ)
	out := free.and(nbMask[h])
	// Hop chains: a depth-first walk over landing holes. The origin stays
	// occupied in occ, so no chain lands on it; a chain can never hop over
	// it either (landings keep the origin's parity on the lattice, the
	// origin's neighbours do not have it).
	var seen bitboard
	var stack [NumHoles]uint8
	sp := 0
	stack[sp] = uint8(h)
	sp++
	lockedFree := free.and(target)
	for sp > 0 {
		sp--
		c := int(stack[sp])
		f := free
		if locked && target.has(c) {
			f = lockedFree
		}
		f = f.andNot(seen)
		hs := &hops[c]
		for k := 0; k < int(nHops[c]); k++ {
			hp := hs[k]
			if !f.has(int(hp.land)) || !occ.has(int(hp.mid)) {
				continue
			}
			seen.set(int(hp.land))
			f.clr(int(hp.land))
			stack[sp] = hp.land
			sp++
		}
	}
	return out.or(seen)
}

// Reach lists the holes the piece on hole h can move to now, for the board
// widget: empty when h holds no piece of the player to move or the game is
// over.
func (p *Position) Reach(h int) []int {
	var out []int
	if p.over || h < 0 || h >= NumHoles || int(p.owner[h]) != int(p.toMove)+1 {
		return out
	}
	p.reach(int(p.toMove), h).each(func(i int) { out = append(out, i) })
	return out
}

// Path is one way to play m, for drawing: the holes visited from m.From to
// m.To (two holes for a step; for a hop chain every landing, the fewest
// hops). It is nil when m is no legal move here.
func (p *Position) Path(m Move) []int {
	if m.IsPass() || p.over || int(m.From) >= NumHoles || int(m.To) >= NumHoles {
		return nil
	}
	pl := int(p.toMove)
	from, to := int(m.From), int(m.To)
	if int(p.owner[from]) != pl+1 || !p.reach(pl, from).has(to) {
		return nil
	}
	for d := 0; d < 6; d++ {
		if int(step[from][d]) == to {
			return []int{from, to}
		}
	}
	// Breadth-first over hops under the same landing rules as reach.
	land := p.landMask(pl)
	target := armMask[p.seats[pl].Opposite()]
	var prev [NumHoles]int16
	for i := range prev {
		prev[i] = -1
	}
	prev[from] = int16(from)
	queue := []int{from}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == to {
			break
		}
		f := land.andNot(p.occ)
		if p.rules.Locked && target.has(c) {
			f = f.and(target)
		}
		for d := 0; d < 6; d++ {
			j := int(jump[c][d])
			if j < 0 || !f.has(j) || prev[j] >= 0 || !p.occ.has(int(step[c][d])) {
				continue
			}
			prev[j] = int16(c)
			queue = append(queue, j)
		}
	}
	if prev[to] < 0 {
		return nil
	}
	var path []int
	for c := to; c != from; c = int(prev[c]) {
		path = append(path, c)
	}
	path = append(path, from)
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// playerWord names a player in messages as the notation numbers them
// ("player 1").
func playerWord(i int) string { return fmt.Sprintf("player %d", i+1) }

// Check tells why m is not legal here, or returns nil.
func (p *Position) Check(m Move) error {
	if p.over {
		return core.ErrGameOver
	}
	pl := int(p.toMove)
	if m.IsPass() {
		if ms := p.genMoves(nil); !ms[0].IsPass() {
			return core.PlayerErrorf(playerWord, "%v cannot pass: a pass is only legal without any other move", core.Player(pl))
		}
		return nil
	}
	from, to := int(m.From), int(m.To)
	if from >= NumHoles || to >= NumHoles {
		return fmt.Errorf("no such hole")
	}
	fn, tn := HoleName(from), HoleName(to)
	switch o := int(p.owner[from]) - 1; {
	case o < 0:
		return fmt.Errorf("%s is empty", fn)
	case o != pl:
		return core.PlayerErrorf(playerWord, "%s holds a piece of %v, and %v is to move", fn, core.Player(o), core.Player(pl))
	}
	if p.owner[to] != 0 {
		return core.PlayerErrorf(playerWord, "%s is taken by a piece of %v", tn, core.Player(p.owner[to]-1))
	}
	if p.reach(pl, from).has(to) {
		return nil
	}
	target := armMask[p.seats[pl].Opposite()]
	if p.rules.Locked && target.has(from) && !target.has(to) {
		return core.PlayerErrorf(playerWord, "%s is in %v's target arm, and under the locked rules a piece never leaves it", fn, core.Player(pl))
	}
	if p.rules.Closed && !p.landMask(pl).has(to) {
		return core.PlayerErrorf(playerWord, "%s is in arm %s, which is closed to %v (neither its home nor its target)", tn, Arm(armOf[to]), core.Player(pl))
	}
	return fmt.Errorf("%s cannot be reached from %s: not a step to a neighbour nor a chain of hops", tn, fn)
}

// WhyNotPick says why the player to move cannot start a move from hole h;
// nil when it can.
func (p *Position) WhyNotPick(h int) error {
	if p.over {
		return core.ErrGameOver
	}
	if h < 0 || h >= NumHoles {
		return fmt.Errorf("no such hole")
	}
	name, pl := HoleName(h), int(p.toMove)
	switch o := int(p.owner[h]) - 1; {
	case o < 0:
		return core.PlayerErrorf(playerWord, "%s is empty: tap one of %v's pieces, then where it goes", name, core.Player(pl))
	case o != pl:
		return core.PlayerErrorf(playerWord, "%s is a piece of %v, and %v is to move", name, core.Player(o), core.Player(pl))
	}
	if p.reach(pl, h).empty() {
		return fmt.Errorf("the piece on %s has no move now: no free neighbour and no hop", name)
	}
	return nil
}

// PlayChecked plays m if it is legal, else returns why not; p is unchanged
// on error.
func (p *Position) PlayChecked(m Move) error {
	if err := p.Check(m); err != nil {
		return err
	}
	p.Play(m)
	return nil
}

// String is the position text of CONTRACTS.md: the holes row by row from q
// down to a, '/' between rows, '.' for an empty hole or the 1-based number
// of the player on it; then the player to move (1-based) and the seats.
func (p *Position) String() string {
	var b strings.Builder
	b.Grow(160)
	for row := 16; row >= 0; row-- {
		for h := rowStart[row]; h < rowStart[row+1]; h++ {
			if o := p.owner[h]; o == 0 {
				b.WriteByte('.')
			} else {
				b.WriteByte('0' + o)
			}
		}
		if row > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteByte('1' + p.toMove)
	b.WriteByte(' ')
	for i := 0; i < int(p.n); i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(p.seats[i].String())
	}
	return b.String()
}

// Parse reads a position text (see String) under rules. Every seated player
// must have exactly ten pieces. Players who meet the finishing condition
// are taken as finished, the most recent mover first; the move count starts
// at 0.
func Parse(text string, rules Rules) (Position, error) {
	var p Position
	fields := strings.Fields(text)
	if len(fields) != 3 {
		return p, fmt.Errorf("bad position %q: want the board, the player to move and the seats, separated by spaces", clip(text))
	}
	var seats []Arm
	for _, s := range strings.Split(fields[2], ",") {
		a, err := ParseArm(s)
		if err != nil {
			return p, fmt.Errorf("bad seats %q: %v", clip(fields[2]), err)
		}
		seats = append(seats, a)
	}
	p, err := NewPosition(seats, rules)
	if err != nil {
		return Position{}, fmt.Errorf("bad seats %q: %v", clip(fields[2]), err)
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 17 {
		return Position{}, fmt.Errorf("bad board: %d rows, want 17 (q down to a, separated by /)", len(rows))
	}
	p.occ = bitboard{}
	p.owner = [NumHoles]uint8{}
	var count [MaxPlayers]int
	for k, text := range rows {
		row := 16 - k
		if len(text) != rowSizes[row] {
			return Position{}, fmt.Errorf("bad board: row %c has %d holes, not %d", 'a'+row, rowSizes[row], len(text))
		}
		for i := 0; i < len(text); i++ {
			h := rowStart[row] + i
			c := text[i]
			switch {
			case c == '.':
			case c >= '1' && c <= '0'+byte(p.n):
				pl := int(c - '1')
				if count[pl] == PiecesPerPlayer {
					return Position{}, fmt.Errorf("bad board: player %d has more than %d pieces", pl+1, PiecesPerPlayer)
				}
				p.pieces[pl][count[pl]] = uint8(h)
				count[pl]++
				p.owner[h] = uint8(pl + 1)
				p.occ.set(h)
			default:
				return Position{}, fmt.Errorf("bad board: %q at %s (want '.' or a player 1..%d)", c, HoleName(h), p.n)
			}
		}
	}
	for i := 0; i < int(p.n); i++ {
		if count[i] != PiecesPerPlayer {
			return Position{}, fmt.Errorf("bad board: player %d has %d pieces, not %d", i+1, count[i], PiecesPerPlayer)
		}
	}
	tm := fields[1]
	if len(tm) != 1 || tm[0] < '1' || tm[0] > '0'+byte(p.n) {
		return Position{}, fmt.Errorf("bad player to move %q (1..%d)", clip(tm), p.n)
	}
	p.toMove = tm[0] - '1'
	// Finished players: the most recent mover is the player before the one
	// to move, so walk backwards from there. The player to move is never
	// one: only a player's own move finishes it (Play), and others' moves
	// may fill its target arm before its turn.
	for k := 1; k < int(p.n); k++ {
		q := (int(p.toMove) - k + 2*int(p.n)) % int(p.n)
		if p.finishedNow(q) {
			p.finish(q)
			if p.n <= 2 {
				break
			}
		}
	}
	p.resetProgress()
	p.checkEnd()
	if !p.over && p.finished>>p.toMove&1 != 0 {
		return Position{}, fmt.Errorf("bad position: player %d is to move but has already finished", p.toMove+1)
	}
	p.hash = p.computeHash()
	return p, nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
