package search

// The settings a game gives the search: its hooks (Config) and its
// selective-search settings (Pruning).

// Config is what a game gives the search besides the position type.
type Config[P any, M comparable] struct {
	// Players is the number of players; more than two selects the paranoid
	// search. 0 means 2.
	Players int
	// Eval scores p for player pov, positive when good for pov, |score| <
	// MaxEval. For two players it must be zero-sum: Eval(p, a) = -Eval(p, b).
	Eval func(p *P, pov int) int
	// Order, if set, gives each move a static ordering score (higher first):
	// captures, threats. It is called once per node.
	Order func(p *P, moves []M, scores []int32)
	// MoveKey, if set, maps a move to 0..MoveKeys-1 for the history
	// heuristic and killer moves.
	MoveKey  func(m M) int
	MoveKeys int
	// Reduce, if set, reports moves that late move reductions may search one
	// ply shallower (quiet moves). nil = no reductions.
	Reduce func(p *P, m M) bool
	// ReduceAll says every move is one Reduce reports (Reduce is then not
	// called): late move pruning then ends a node's first stage at once
	// instead of passing over each pruned move, and the moves past its
	// limit are never put in order.
	ReduceAll bool
	// Prune, if set, turns on selective search at non-PV nodes. The zero
	// value prunes nothing and reduces by one ply, as before.
	Prune Pruning
	// Aspiration > 0 searches from depth 4 (Pruning.AspirationFrom) on
	// inside a window of this half-width around the previous iteration's
	// score, widening it (doubling, Pruning.AspirationGrowth) on the side
	// that fails. 0 searches every iteration with
	// a full window: right for evaluations that swing from depth to depth.
	Aspiration int
	// Repeated, if set, tells whether p repeats a position of the game or
	// of the search path with the same player to move. Below the root the
	// search scores a repetition as a draw: a side that is ahead avoids
	// it and makes progress, instead of shuffling in games where nothing
	// else ends a repetition (Chinese Checkers).
	Repeated func(p *P) bool
	// Tactical, if set, appends to dst the moves that a quiescence search
	// plays out below the leaves of a two-player search (captures, chain
	// reactions), best first: a leaf in the middle of an exchange is not
	// scored as it stands. QuiescenceDepth bounds those plies.
	Tactical        func(p *P, dst []M) []M
	QuiescenceDepth int
	// EvalTactical, if set, is Eval and Tactical at once: the quiescence
	// search asks it for a leaf it has not scored yet, so a game whose
	// evaluation and tactical moves come from one costly scan of the
	// board (Jumping Cube's chains) scans it once. It must agree with them.
	EvalTactical func(p *P, pov int, dst []M) (int, []M)
	// Weak, if set, reports moves that are almost never best (see
	// Pruning.WeakFrom).
	Weak func(p *P, m M) bool
	// Null, if set, passes the turn on p (a null move) where the game
	// allows null-move pruning, and reports whether it did; see
	// Pruning.NullMoveDepth. Two-player searches only.
	Null func(p *P) bool
	// Playable, if set, tells whether m (a move from the table, which may
	// belong to another position with the same key) is legal in p, which
	// is not over. The search then plays the table's move before it
	// generates the others: when that move is cut off, as it mostly is,
	// the node never generates or orders its moves.
	Playable func(p *P, m M) bool
	// Candidates, if set with Weak and Playable, appends to dst the moves
	// of Moves that Weak does not call weak (in any order). Where weak
	// move pruning applies (below the root, Pruning.WeakFrom > 0), a node
	// then generates, scores and sorts only those (and the table's move);
	// the weak ones follow only when fewer than WeakFrom moves came first
	// or every move so far loses. A game with many weak moves (Ataxx's
	// jumps that convert nothing, half of a middle game's moves) stops
	// paying for moves it almost never searches; the weak moves that
	// killers or history would have put first are not searched first any
	// more (in Ataxx that did not matter: 50.0% over 400 games).
	Candidates func(p *P, dst []M) []M
	// EvalCache > 0 keeps the last evaluations in a table of that many
	// entries (rounded up to a power of two) per thread: for games whose
	// evaluation costs more than a probe (Jumping Cube's, Ataxx's net),
	// the leaves that iterative deepening visits again are not evaluated
	// again. Keep it small: a table that evicts the evaluation's own data
	// from the cache costs more than it saves.
	EvalCache int
	// Exact, if set, makes a thread's exact solver (Ataxx: its last empty
	// squares). Below the root, every node asks it first: a solver that
	// takes the node (within Pruning.ExactLimit, in the game's own
	// measure of how near the end it is) returns its score, fail-soft
	// within (alpha, beta) as the search's own, and the search goes no
	// deeper there. Its nodes count as the search's (node limits stay
	// fair between configurations); it gives up after maxNodes, or when
	// stop says so, and then the search goes on as without it.
	Exact func() ExactSolver[P]
}

// ExactSolver solves positions exactly (Config.Exact). Solve returns p's
// score for the side to move and true when it takes p (within limit, at
// depth, the plies the search has left there: a solve costs more than a
// shallow search, and the first iterations must finish) and the solve
// finished within maxNodes (and stop, polled now and then, did not end
// it); nodes is what it searched either way (0: it did not try). Scores
// of won positions stay inside ±MaxEval but above any evaluation: a
// proven win by a margin, not a mate in a number of plies. Clear forgets
// what earlier solves learnt (a fresh search's answer depends on nothing
// before it).
type ExactSolver[P any] interface {
	Solve(p *P, limit, depth, alpha, beta int, maxNodes int64, stop func() bool) (score int, nodes int64, ok bool)
	Clear()
}

// Pruning are the selective-search settings of a Config. Games with many
// moves per node and a cheap evaluation (Ataxx) gain much from them; each
// is off at its zero value.
type Pruning struct {
	// FutilityMargin > 0 turns on reverse futility pruning: a non-PV node
	// at depth <= FutilityDepth whose static evaluation beats beta by
	// FutilityMargin per ply of depth returns the evaluation unsearched.
	FutilityMargin int
	FutilityDepth  int
	// FutilityFirstDepth: to this depth reverse futility is tried before
	// the transposition table is probed.
	FutilityFirstDepth int
	// LateMoves > 0 turns on late move pruning: at a non-PV node at depth
	// d <= LateMoveDepth, the quiet moves (Reduce) after the first
	// LateMoves + d*d are not searched.
	LateMoves     int
	LateMoveDepth int
	// ReductionDivisor > 0 makes late move reductions grow with depth and
	// move number, ln(depth)·ln(move number)/ReductionDivisor plies (at
	// least one, leaving at least one), instead of one ply.
	ReductionDivisor float64
	// ReductionFrom > 0 is the first move (counting from 0) that late move
	// reductions may reduce; 0 means 4.
	ReductionFrom int
	// ReductionBase is added to the grown reduction before it is rounded
	// down (with ReductionDivisor).
	ReductionBase float64
	// ReducePV lets late move reductions reduce in PV nodes too, one ply
	// less than elsewhere.
	ReducePV bool
	// ReduceRoot lets late move reductions reduce the root's late moves
	// too, as in PV nodes (one ply less than elsewhere): with ~60 root
	// moves in a crowded Ataxx middle game, each searched to full depth,
	// the root's tail is a large share of an iteration.
	ReduceRoot bool
	// MoveFutility > 0 turns on futility pruning: at a non-PV node at depth
	// d <= MoveFutilityDepth whose static evaluation plus MoveFutility +
	// MoveFutilityPerPly·d cannot reach alpha, the moves after the first
	// three are not searched (they come in order of what they gain).
	MoveFutility       int
	MoveFutilityPerPly int
	MoveFutilityDepth  int
	// WeakFrom > 0 turns on weak move pruning: below the root, the moves
	// the game's Weak hook calls weak (Ataxx: a jump that converts
	// nothing) are not searched once WeakFrom moves have been, at any
	// depth and in PV nodes too. They come last in a good order, and a
	// game with many of them (up to ~100 moves a node) spends most of its
	// tree on them otherwise.
	WeakFrom int
	// IIRDepth > 0 turns on internal iterative reduction: a node at depth
	// >= IIRDepth that the table knows no best move for is searched one
	// ply shallower (its move ordering is poor; the next iteration,
	// which will find its move in the table, searches it fully).
	IIRDepth int
	// NullMoveDepth > 0 turns on null-move pruning: at a non-PV node at
	// depth >= NullMoveDepth whose static evaluation reaches beta, the
	// side to move passes (Config.Null) and the opponent's reply is
	// searched NullMoveReduction + 1 plies shallower with a null window;
	// if even then the score reaches beta, so does the node. It is sound
	// where moving is better than passing, which the game's Null decides.
	NullMoveDepth     int
	NullMoveReduction int
	// HistoryMalus makes a cutoff also lower the history of the moves
	// searched before the one that cut, by as much as it raises that one:
	// the history then says which moves fail, not only which succeed.
	HistoryMalus bool
	// HistoryGravity keeps the history as the strong Ataxx engines do
	// instead of counting: an entry per side to move and move, within
	// ±gravityLimit, moved by gravityBonus a ply of depth (at most five
	// plies' worth) toward the limit, less as it nears it; a cutoff raises
	// the move that cut and lowers the moves searched before it by as
	// much. Such an entry is far below a game's order unit (Ataxx's
	// 1<<16), so it only orders moves the game scores alike.
	HistoryGravity bool
	// HistoryReduction > 0 reduces a late move by one ply less for each
	// HistoryReduction of its gravity history (rounded), and by more for
	// a history below zero.
	HistoryReduction int
	// HistoryKeep carries the history whole from one search to the next
	// of a game, as Zataxx does; otherwise each search starts from an
	// eighth of it.
	HistoryKeep bool
	// NoKillers leaves killer moves out of the order.
	NoKillers bool
	// AspirationFrom is the first depth searched inside an aspiration
	// window (0: 4); AspirationGrowth widens a failed window's side by
	// this factor (0: 2). AspirationShrink searches again a ply shallower
	// after a fail high, and moves beta to the middle of the failed
	// window after a fail low.
	AspirationFrom   int
	AspirationGrowth float64
	AspirationShrink bool
	// SingularDepth > 0 turns on singular extensions: at a node at depth
	// >= SingularDepth whose table entry (a lower bound or exact, at most
	// three plies shallower) gives a move and a score, the other moves are
	// searched at half the depth against that score less SingularMargin
	// a ply. If none reaches it, the table's move is singular and is
	// searched a ply deeper; if that bound already reaches beta, several
	// moves do and the node returns it (multi-cut); if the table's score
	// reaches beta, the move is searched a ply shallower.
	SingularDepth  int
	SingularMargin int
	// SingularNonPV keeps singular extensions out of PV nodes, as Zataxx
	// does.
	SingularNonPV bool
	// ExactLimit > 0 lets Config.Exact solve the positions within it (its
	// meaning is the game's: Ataxx counts empty squares); ExactNodes caps
	// one solve (0 = 200,000 nodes).
	ExactLimit int
	ExactNodes int
}
