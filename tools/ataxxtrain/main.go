// Command ataxxtrain trains the learned Ataxx evaluation (the n-tuple
// network of core/ataxx) from self-play, from scratch, reproducibly:
//
//	go run ./tools/ataxxtrain all            # both rule sets, writes core/ataxx/weights
//	go run ./tools/ataxxtrain gen -rules seed -games 4000 -out seed.dat
//	go run ./tools/ataxxtrain fit -rules seed -out w.bin seed.dat
//	go run ./tools/ataxxtrain gen -dir /data/std-r1 -chunks 120 -net w.bin
//	go run ./tools/ataxxtrain fitnn -hidden 128 -out nn.bin /data/std-r1
//	go run ./tools/ataxxtrain fitnn -init nn.bin -rate 0.0005 -out nn2.bin /data/std-r2
//	go run ./tools/ataxxtrain score a.bin b.bin -- /data/std-r3
//	go run ./tools/ataxxtrain foreign -out zataxx.bin net6.bin
//
// gen plays games from random openings (a few random plies from the start,
// kept when a short search scores them within three pieces), every move by
// a search of a fixed number of nodes with a fresh table, so a game depends
// only on its number and the seed; it records every position after the
// opening with the search's score and the game's result. fit trains the
// network's weights on those records by logistic regression (the target
// blends the result and the search score, both as win probabilities),
// holding one game in ten out, and prints the loss of the held-out
// positions after each epoch. all runs two rounds of both for each rule
// set: the first round's games are played with the hand-written
// evaluation, the second's with the first round's net. gen -dir plays a
// long run in chunks that a rerun continues (chunks.go); fitnn trains the
// hidden-layer net on records files and chunk directories, from random
// weights or from a net it carries on to new data (fitnn.go);
// score compares nets on fresh games (score.go); foreign reads another
// engine's net for measurements (foreign.go).
package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/search"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: ataxxtrain all|gen|fit|fitnn|score|import|foreign|phases [flags]")
		return 2
	}
	var err error
	switch args[0] {
	case "gen":
		err = genCmd(args[1:], stdout, stderr)
	case "fit":
		err = fitCmd(args[1:], stdout, stderr)
	case "fitnn":
		err = fitnnCmd(args[1:], stdout, stderr)
	case "all":
		err = allCmd(args[1:], stdout, stderr)
	case "score":
		err = scoreCmd(args[1:], stdout, stderr)
	case "import":
		err = importCmd(args[1:], stdout, stderr)
	case "foreign":
		err = foreignCmd(args[1:], stdout, stderr)
	case "phases":
		err = phasesCmd(args[1:], stdout, stderr)
	default:
		err = fmt.Errorf("unknown command %q (all, gen, fit, fitnn, score, import, foreign or phases)", args[0])
	}
	if errors.Is(err, flag.ErrHelp) {
		return 2
	}
	if err != nil {
		fmt.Fprintln(stderr, "ataxxtrain:", err)
		return 1
	}
	return 0
}

// record is one position: the side to move's pieces and the opponent's,
// the search's score for the side to move (hundredths of a piece), the
// game's result for the side to move (1 won, 0 drawn, -1 lost) and the
// game's number (the held-out games are chosen by it).
type record struct {
	us, them uint64
	score    int16
	result   int8
	game     uint32
}

const recordSize = 8 + 8 + 2 + 1 + 4

func (r record) append(b []byte) []byte {
	b = binary.LittleEndian.AppendUint64(b, r.us)
	b = binary.LittleEndian.AppendUint64(b, r.them)
	b = binary.LittleEndian.AppendUint16(b, uint16(r.score))
	b = append(b, byte(r.result))
	return binary.LittleEndian.AppendUint32(b, r.game)
}

func readRecords(path string) ([]record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return decodeRecords(path, data)
}

// decodeRecords parses the records of a file named path (for its errors).
func decodeRecords(path string, data []byte) ([]record, error) {
	if len(data)%recordSize != 0 {
		return nil, fmt.Errorf("%s: %d bytes is not a whole number of records", path, len(data))
	}
	out := make([]record, 0, len(data)/recordSize)
	for b := data; len(b) > 0; b = b[recordSize:] {
		out = append(out, record{
			us:     binary.LittleEndian.Uint64(b),
			them:   binary.LittleEndian.Uint64(b[8:]),
			score:  int16(binary.LittleEndian.Uint16(b[16:])),
			result: int8(b[18]),
			game:   binary.LittleEndian.Uint32(b[19:]),
		})
		r := out[len(out)-1]
		const board = 1<<ataxx.Squares - 1
		switch {
		case r.us&r.them != 0 || (r.us|r.them)&^board != 0:
			return nil, fmt.Errorf("%s: record %d is not a board", path, len(out)-1)
		case r.result < -1 || r.result > 1:
			return nil, fmt.Errorf("%s: record %d has result %d", path, len(out)-1, r.result)
		}
	}
	return out, nil
}

// genConfig says how gen plays.
type genConfig struct {
	rules     ataxx.Rules
	games     int
	nodes     int64
	seed      uint64
	workers   int
	net       *ataxx.Net // nil (and nn nil): the hand-written evaluation
	nn        *ataxx.NN  // a hidden-layer net instead
	randomMin int        // random plies of an opening
	randomMax int
	// fillNodes, when above 0, is the nodes a move from positions with
	// at most fillEmpties empty squares: the fill is a tempo fight that a
	// few thousand nodes misjudge, and its games' results teach the fill's
	// nets.
	fillNodes   int64
	fillEmpties int
}

// nodesAt is the nodes a move from p. Empty squares are counted as
// fitnn's -empties counts them.
func (c *genConfig) nodesAt(p *ataxx.Position) int64 {
	if c.fillNodes > 0 && ataxx.Squares-p.Count(0)-p.Count(1) <= c.fillEmpties {
		return c.fillNodes
	}
	return c.nodes
}

func genCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rules := fs.String("rules", "standard", "rule set: standard or seed")
	games := fs.Int("games", 2000, "games to play")
	nodes := fs.Int64("nodes", 4000, "nodes a move")
	seed := fs.Uint64("seed", 1, "seed of the openings")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	netPath := fs.String("net", "", "weights file to play with (default: the hand-written evaluation)")
	out := fs.String("out", "", "output file (records)")
	dir := fs.String("dir", "", "directory of a resumable run: -chunks files of -chunk-games games each; a rerun plays only the missing chunks")
	chunks := fs.Int("chunks", 0, "chunks of a run in -dir (instead of -games)")
	chunkGames := fs.Int("chunk-games", 500, "games in a chunk of a run in -dir")
	randomPlies := fs.String("random-plies", "4-10", "random plies of an opening, MIN-MAX (Zataxx plays 14-17)")
	fillNodes := fs.Int64("fill-nodes", 0, "nodes a move once at most -fill-empties squares are empty (default: -nodes throughout)")
	fillEmpties := fs.Int("fill-empties", 0, "empty squares from which -fill-nodes apply")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *fillNodes < 0 || *fillEmpties < 0 || (*fillNodes > 0) != (*fillEmpties > 0) {
		return fmt.Errorf("gen: -fill-nodes %d -fill-empties %d: give both above 0, or neither", *fillNodes, *fillEmpties)
	}
	randomMin, randomMax, err := parsePlyRange(*randomPlies)
	if err != nil {
		return err
	}
	if (*out == "") == (*dir == "") {
		return errors.New("gen: give either -out (one file) or -dir (a resumable run)")
	}
	if *dir != "" && *chunks < 1 {
		return errors.New("gen: -dir needs -chunks (at least 1)")
	}
	r, err := ataxx.ParseRules(*rules)
	if err != nil {
		return err
	}
	cfg := genConfig{rules: r, games: *games, nodes: *nodes, seed: *seed, workers: max(1, *workers), randomMin: randomMin, randomMax: randomMax,
		fillNodes: *fillNodes, fillEmpties: *fillEmpties}
	var weights []byte
	if *netPath != "" {
		if weights, err = os.ReadFile(*netPath); err != nil {
			return err
		}
		// A hidden-layer net plays the next round's games as well as an
		// n-tuple net does.
		if cfg.nn, err = ataxx.DecodeNN(weights); err != nil {
			if cfg.net, err = ataxx.DecodeNet(weights); err != nil {
				return fmt.Errorf("%s: neither a hidden-layer nor an n-tuple weights file: %v", *netPath, err)
			}
		}
	}
	if *dir != "" {
		settings := runSettings{Rules: r.String(), Nodes: cfg.nodes, Seed: cfg.seed, RandomMin: cfg.randomMin,
			RandomMax: cfg.randomMax, ChunkGames: *chunkGames, Net: netDigest(weights),
			FillNodes: cfg.fillNodes, FillEmpties: cfg.fillEmpties}
		return generateChunks(cfg, settings, *dir, *chunks, stdout)
	}
	return generate(cfg, *out, stdout)
}

// parsePlyRange reads "MIN-MAX" random plies: 0 ≤ MIN ≤ MAX ≤ 40 (past
// that most random games are over or one-sided).
func parsePlyRange(s string) (lo, hi int, err error) {
	lo, hi, err = parseRange(s)
	if err != nil || hi > 40 {
		return 0, 0, fmt.Errorf("gen: -random-plies %q: want MIN-MAX with 0 ≤ MIN ≤ MAX ≤ 40", s)
	}
	return lo, hi, nil
}

// parseRange reads "LO-HI", two whole numbers with 0 ≤ LO ≤ HI.
func parseRange(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, "-")
	if ok {
		lo, err = strconv.Atoi(a)
		if err == nil {
			hi, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil || lo < 0 || hi < lo {
		return 0, 0, fmt.Errorf("%q: want LO-HI with 0 ≤ LO ≤ HI", s)
	}
	return lo, hi, nil
}

// playedGame is game number n's records.
type playedGame struct {
	n    int
	recs []record
}

// play plays the games whose numbers come on jobs with cfg.workers
// searchers at once; the channel it returns closes once jobs is closed
// and its games are all played.
func play(cfg genConfig, jobs <-chan int) <-chan playedGame {
	results := make(chan playedGame, cfg.workers)
	var wg sync.WaitGroup
	for range cfg.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := newSearcher(cfg)
			for g := range jobs {
				results <- playedGame{g, playGame(s, cfg, g)}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	return results
}

// generate plays cfg.games games and writes their records to path.
func generate(cfg genConfig, path string, stdout io.Writer) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	start := time.Now()
	jobs := make(chan int)
	go func() {
		for g := range cfg.games {
			jobs <- g
		}
		close(jobs)
	}()
	results := play(cfg, jobs)
	// Games finish out of order; hold them until their turn so the file
	// does not depend on the number of workers.
	pending := map[int][]record{}
	next, positions := 0, 0
	var buf []byte
	for gm := range results {
		pending[gm.n] = gm.recs
		for {
			rs, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			for _, r := range rs {
				buf = r.append(buf[:0])
				if _, err := w.Write(buf); err != nil {
					f.Close()
					return err
				}
			}
			positions += len(rs)
			if next%500 == 0 {
				fmt.Fprintf(stdout, "%d games, %d positions, %s\n", next, positions, time.Since(start).Round(time.Second))
			}
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	fmt.Fprintf(stdout, "%s: %d games, %d positions, %s\n", path, cfg.games, positions, time.Since(start).Round(time.Second))
	return f.Close()
}

func newSearcher(cfg genConfig) *ataxx.Searcher {
	c := ataxx.SearchConfig(ataxx.DefaultWeights)
	if cfg.nn != nil {
		c = ataxx.NNSearchConfig(cfg.nn, ataxx.DefaultWeights)
	}
	if cfg.net != nil {
		c = ataxx.NetSearchConfig(cfg.net, ataxx.DefaultWeights)
	}
	return search.New[ataxx.Position, ataxx.Move, *ataxx.Position](c, 4)
}

// playGame plays game number g: a random opening, then searched moves.
func playGame(s *ataxx.Searcher, cfg genConfig, g int) []record {
	rng := rand.New(rand.NewPCG(cfg.seed, uint64(g)))
	var p ataxx.Position
	for tries := 0; ; tries++ {
		if tries == 20 {
			return nil
		}
		p = ataxx.New(cfg.rules)
		plies := cfg.randomMin + rng.IntN(cfg.randomMax-cfg.randomMin+1)
		var moves []ataxx.Move
		for i := 0; i < plies; i++ {
			moves = p.Moves(moves[:0])
			if len(moves) == 0 {
				break
			}
			p.Play(moves[rng.IntN(len(moves))])
		}
		if over, _ := p.Outcome(); over {
			continue
		}
		res := s.Search(context.Background(), p, search.Limits[ataxx.Move]{Nodes: cfg.nodes, Fresh: true})
		if res.OK && abs(res.Score) <= 300 {
			break
		}
	}
	var recs []record
	var movers []int
	for {
		over, winner := p.Outcome()
		if over {
			setResults(recs, movers, winner)
			return recs
		}
		res := s.Search(context.Background(), p, search.Limits[ataxx.Move]{Nodes: cfg.nodesAt(&p), Fresh: true})
		if !res.OK {
			return nil
		}
		if res.Move != ataxx.Pass {
			// A forced pass says nothing about the position's worth.
			score := max(-3000, min(3000, res.Score))
			recs = append(recs, record{us: p.Pieces(p.ToMove()), them: p.Pieces(1 - p.ToMove()), score: int16(score), game: uint32(g)})
			movers = append(movers, p.ToMove())
		}
		p.Play(res.Move)
	}
}

// setResults gives each position the game's result for the side that
// moved from it (movers[i] moved from recs[i]); winner < 0 is a draw.
func setResults(recs []record, movers []int, winner int) {
	for i := range recs {
		switch {
		case winner < 0:
			recs[i].result = 0
		case winner == movers[i]:
			recs[i].result = 1
		default:
			recs[i].result = -1
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func fitCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "weights file to write")
	cfg := defaultFit()
	fs.IntVar(&cfg.epochs, "epochs", cfg.epochs, "passes over the training positions")
	fs.Float64Var(&cfg.rate, "rate", cfg.rate, "step size (Adam), hundredths of a piece")
	fs.Float64Var(&cfg.wdl, "wdl", cfg.wdl, "weight of the game result in the target (the rest is the search score)")
	rules := fs.String("rules", "standard", "rule set of the records: standard or seed")
	fs.Float64Var(&cfg.scale, "scale", cfg.scale, "hundredths of a piece per unit of the logistic curve (0: fit it to the data)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var err error
	if cfg.rules, err = ataxx.ParseRules(*rules); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return errors.New("fit: -out and at least one records file are required")
	}
	var recs []record
	for _, path := range fs.Args() {
		rs, err := readRecords(path)
		if err != nil {
			return err
		}
		recs = append(recs, rs...)
	}
	net, err := fit(recs, cfg, stdout)
	if err != nil {
		return err
	}
	return writeFile(*out, net)
}

func writeFile(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func allCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("all", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", filepath.Join(os.TempDir(), "ataxxtrain"), "directory for the records")
	outDir := fs.String("weights", "core/ataxx/weights", "directory of the weights files")
	gamesList := fs.String("games", "16000,12000", "games of each round, comma-separated (one number a round)")
	nodes := fs.Int64("nodes", 4000, "nodes a move")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var games []int
	for _, f := range strings.Split(*gamesList, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 10 {
			return fmt.Errorf("all: -games %q: want numbers of games of at least 10, comma-separated", *gamesList)
		}
		games = append(games, n)
	}
	rounds := len(games)
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}
	for _, r := range []ataxx.Rules{ataxx.Standard, ataxx.SeedRules} {
		var net *ataxx.Net
		var files []string
		for round := 1; round <= rounds; round++ {
			path := filepath.Join(*dir, fmt.Sprintf("%s-%d.dat", r, round))
			fmt.Fprintf(stdout, "== %s rules, round %d: self-play\n", r, round)
			cfg := genConfig{rules: r, games: games[round-1], nodes: *nodes, seed: uint64(round), workers: *workers, net: net, randomMin: 4, randomMax: 10}
			if err := generate(cfg, path, stdout); err != nil {
				return err
			}
			files = append(files, path)
			var recs []record
			for _, f := range files {
				rs, err := readRecords(f)
				if err != nil {
					return err
				}
				recs = append(recs, rs...)
			}
			fmt.Fprintf(stdout, "== %s rules, round %d: fit on %d positions\n", r, round, len(recs))
			fc := defaultFit()
			fc.rules = r
			data, err := fit(recs, fc, stdout)
			if err != nil {
				return err
			}
			if net, err = ataxx.DecodeNet(data); err != nil {
				return err
			}
			if round == rounds {
				if err := writeFile(filepath.Join(*outDir, r.String()+".bin"), data); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
