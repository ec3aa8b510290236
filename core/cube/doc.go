// Package cube is Jumping Cube (KJumpingCube, seeds 000, 001 and 004): the
// rules engine, its notation, and its AI on the generic search of
// core/search. It registers itself with core as game "cube".
//
// # Rules
//
// An N×N board, N from 2 to 15; every square starts neutral with one spot.
// Red (player 0) moves first, Blue is player 1. A move adds a spot to a
// square that is not the opponent's and colours it the mover's. A square
// with more spots than neighbours (corner 2, edge 3, inner 4) is overfull:
// it gives one spot to each neighbour and colours each neighbour the
// mover's, repeatedly. Whoever owns every square wins; a won position has
// no moves. Spots are conserved: a position holds N² spots plus one per
// move played.
//
// The cascade explodes overfull squares in first-in first-out order (each
// square queued at most once, neighbours queued up, left, right, down), so
// it is deterministic. The win check is inside the loop, after every
// explosion: a board can hold at most 4N(N-1) spots settled (the sum of the
// neighbour counts), so once a game has more, a cascade never settles on
// its own and only the win ends it; the board is then left as it stood,
// overfull squares and all, as seed 000 allows. When nobody wins the order
// does not matter (the abelian sandpile property; the tests check it
// against random orders), so FIFO only decides where a winning cascade
// stops.
//
// # Representation
//
// Board is a value of fixed-size arrays (225 spot counts, 225 owners, the
// size, the side to move, the number of squares each side owns and the
// Zobrist hash: 464 bytes), with no slices or pointers: the search
// copies it for every ply (copy-make), and the UI keeps its own copy while
// the AI thinks. Neighbour tables for every size are built once; the owner
// counts and the hash are kept incrementally through the cascade. Move is a
// square index, row*N + column.
//
// PlayTraced plays a move like Play and returns the cascade as steps for
// animation: the spot being added, then one step per wave of explosions
// (the squares that were queued when the previous wave ended), each with
// the board after it. The last step's board is exactly what Play gives.
//
// # Notation (CONTRACTS.md)
//
// A square is "r:c", 1-based, row 1 at the top; "r c" is accepted too, as
// typed at a terminal. A position is its rows top to bottom separated by
// "/", each cell its spot count and owner (r, b or -), then a space and
// the side to move: the 3x3 start is "1-1-1-/1-1-1-/1-1-1- r". ParseBoard
// rejects what real play cannot hold: a square without spots, a neutral
// square with other than one spot (any spot a square gets colours it), and
// an overfull square while nobody has won (it would still have to explode).
// It accepts either side to move whatever the spot count, so set-up
// positions such as the seeds' figures can be entered.
//
// # AI
//
// BestMove runs iterative-deepening alpha-beta (core/search) with a
// transposition table (16 MB unless the request says otherwise), move
// ordering and late move reductions. Each call takes its own searcher from
// a small pool (cleared first, so a request with a seed and a depth or node
// limit always gives the same move), so BestMove is safe to call from
// several goroutines at once.
//
// No leaf is scored in the middle of a chain reaction: below the leaves a
// quiescence search (4 plies) lets the side to move stand pat or set off
// one of its best chains that take enemy squares, then the opponent the
// same, so races of full squares are played out, not guessed. Evaluations
// are cached per thread (64 k entries): iterative deepening visits most
// leaves again.
//
// Only Expert (and a request without a level: the engine protocol, the
// arena) uses the quiescence search and the endgame solver; the levels
// below keep the plain search, so that Expert is a real step above Strong.
//
// The endgame solver: on a board with at least half its squares full, the
// request first spends a quarter of its budget (or of its nodes) on
// core/search's Prover, an AND/OR search on the rules alone that proves a
// forced win of 1, 3, 5, … plies, keeping what it proved for the next
// move and testing wins at once without playing them (winsAtOnce, which
// must agree with Play: a test holds them together); a proven win is played at once
// (the fastest one) and reported as a mate. Otherwise the search runs with
// what is left, and finds mates of its own (scored by distance, carried
// through the table, reported as `score mate N`). A level's search that
// has settled (the same move three iterations in a row, the score within
// half a square) stops at half its budget; the budget stays the ceiling.
//
// Both styles read the board through one scan: for each square its need
// (spots still to add before it explodes; 1 = full), and the chains of
// full squares. A chain explodes as a whole once any of its squares gets a
// spot, and takes every square in it or next to it: its blast. The side to
// move can set off any chain holding one of its squares; the opponent's
// chains are threats, one move away (whoever moves next wins such races).
// On boards up to 8x8 Kepler's scan works on bit sets of one word (every
// count a population count), and boards up to 6x6 search with a small
// table and no evaluation cache: there a miss costs more than a scan.
//
// Kepler (the default) is positional. Each square is worth a base value
// plus its spots, more in corners and on edges (they explode with fewer
// spots and have fewer attackers). Then the arms race: a square next to
// enemy squares wins the race if it needs fewer spots than all of them (a
// tie is lost for both, whoever is to move, so the score does not swing
// between odd and even depths); a winner earns a bonus per enemy neighbour
// it beats, a loser loses most of its value. Squares with no enemy
// neighbour count as territory, and full squares that are not in danger as
// loaded guns. The chains add the side to move's best blast and take off
// part of the opponent's.
//
// Newton is tactical. It counts material (squares and spots) and then plays
// out for real the side to move's best two chain explosions (ranked by the
// enemy and neutral squares in their blasts): the position is worth the
// best of standing pat, with the opponent's best blast as a threat, and of
// each explosion, after which the opponent, now to move, can set off its
// best remaining chain. It is a one-ply capture search inside the
// evaluation, which keeps the search from stopping in the middle of an
// exchange.
//
// Move ordering (both styles): moves that explode first, by the enemy
// squares next to them (full ones most); then moves that win their arms
// races, corners and edges; moves that hand a neighbour the race last. The
// history heuristic keys on the square. Moves that explode nothing may be
// reduced by one ply when late in the list.
//
// Levels are a time budget, a depth cap and noise on the evaluation (in
// hundredths of a square):
//
//	Beginner  0.2 s  depth 2  noise 400
//	Novice    0.2 s  depth 2  noise 120
//	Average   0.25 s depth 4  noise 20
//	Strong    0.5 s  no cap
//	Expert    1 s    no cap
//
// The search never adds noise to a finished game, so even Beginner takes
// a win in one and avoids a move that loses at once when another move does
// not.
package cube
