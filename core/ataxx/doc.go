// Package ataxx is the Ataxx engine of Jumpers: a 7×7 bitboard position
// (one uint64 per side plus one for the gaps, a 48-byte value played by
// copy-make), the standard rules of the Ataxx engine community and the rules
// of seed 002, FEN and move notation as libataxx and UAI write them, a fast
// perft, the evaluation and move ordering that the shared search
// (core/search) uses, the core.Game adapter (registered as "ataxx"), and the
// seed's board-in, move-out program (SeedMove).
//
// # Notation
//
// Squares a1 to g7, file a on the left, rank 1 at the bottom; bit
// rank*7+file of a bitboard. FEN as libataxx: the ranks 7 down to 1 joined
// by '/', 'x' Black, 'o' White, '-' a gap, digits for runs of empty squares,
// then the side to move (x or o), the half-move clock and the full-move
// number ("x5o/7/7/7/7/7/o5x x 0 1"). Moves "f2" (a clone to f2), "g1e3"
// (the piece on g1 jumps to e3), "0000" (a pass).
//
// # Standard rules (libataxx)
//
// A piece clones to any of its 8 empty neighbours or jumps to an empty
// square at distance two (the 16 squares of the 5×5 ring; gaps block only
// the landing, never the way). The piece arriving converts every enemy piece
// next to its destination. A side with no move passes ("0000"), which is
// legal only then. The half-move clock counts plies and is reset by clones
// only (as in libataxx; conversions do not reset it); the full-move number
// grows after White's move, passes included. The game ends when a side has
// no pieces, or when no empty square is within reach of any piece (a full
// board included): then the side with more pieces wins, equal is a draw.
// It also ends, as a draw, when the half-move clock reaches 100; a win by
// pieces or blockade takes priority over that draw. A finished game has no
// moves; perft counts a forced pass as a move.
//
// # Seed rules (seed 002)
//
// A piece clones to its 8 neighbours, or jumps exactly two squares
// straight or diagonally, or exactly three squares straight (12 jump
// targets); the arriving piece converts the enemy pieces among the 8
// neighbours of its destination; a player with no legal move must pass. The
// game ends when the board is full, one colour has no pieces, or after 100
// turns (a turn is one move by each player); more pieces wins. What the seed
// leaves open is decided so:
//
//   - A pass is the passing player's move of the turn: it counts toward the
//     turn limit like any move. From the start the game thus lasts at most
//     200 plies, whatever they are.
//   - Turns map to the FEN's full-move number, which starts at 1 and grows
//     after White's move (or pass), as in the standard rules: it is the
//     number of the turn being played. The game ends when it passes 100,
//     that is once White has made its 100th move; a FEN whose number is
//     over 100 is a finished game. The half-move clock is kept as in the
//     standard rules but ends nothing.
//   - At the limit, as at every end, more pieces wins and equal pieces is a
//     draw.
//   - When neither side can move (no empty square in reach, which under the
//     seed rules can happen with empty squares left) the game ends at once:
//     passing until the limit would change nothing.
//   - Gaps (the seed has none) block landing, as in the standard rules.
//
// # Search
//
// The AI is the shared iterative-deepening PVS of core/search with this
// package's evaluation (material, the side to move's best immediate gain,
// the opponent's, safe pieces, clone mobility, holes) and move ordering
// (material gained, clones before jumps at equal gain, jumps penalised for
// the hole they leave; the search adds the TT move, killers and history by
// Move key). Quiet moves (no conversion) may be reduced by late move
// reductions.
package ataxx
