package main

import (
	"bytes"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core/ataxx"
)

// gen writes whole games: every record's side to move has pieces, the
// results are ±1 or 0 and the same game's records alternate sides (a
// side's result is the other's negated, bar passes), and the file does
// not depend on the number of workers.
func TestGenRecordsGames(t *testing.T) {
	dir := t.TempDir()
	var files [2][]byte
	for i, workers := range []int{1, 2} {
		path := filepath.Join(dir, "g.dat")
		cfg := genConfig{rules: ataxx.Standard, games: 6, nodes: 300, seed: 3, workers: workers, randomMin: 4, randomMax: 10}
		var out bytes.Buffer
		if err := generate(cfg, path, &out); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files[i] = data
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Fatal("one worker and two wrote different files")
	}
	recs, err := readRecords(filepath.Join(dir, "g.dat"))
	if err != nil {
		t.Fatal(err)
	}
	games := map[uint32]int{}
	for _, r := range recs {
		games[r.game]++
		if r.us == 0 || r.us&r.them != 0 || r.result < -1 || r.result > 1 {
			t.Fatalf("bad record %+v", r)
		}
	}
	if len(games) != 6 {
		t.Fatalf("%d games recorded, want 6", len(games))
	}
	// The last record of a game is a position one move from its end: the
	// side to move there either won or lost (or drew); the material after
	// its move decides, so a side far ahead did not lose.
	for i, r := range recs {
		if i+1 < len(recs) && recs[i+1].game == r.game {
			continue
		}
		d := bits.OnesCount64(r.us) - bits.OnesCount64(r.them)
		if d > 10 && r.result != 1 || d < -10 && r.result != -1 {
			t.Errorf("game %d ends %d pieces ahead with result %d", r.game, d, r.result)
		}
	}
}

// fit learns from records: the held-out loss falls below a constant's,
// and the weights file it writes loads.
func TestFitLearns(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.dat")
	var out bytes.Buffer
	if err := generate(genConfig{rules: ataxx.Standard, games: 40, nodes: 300, seed: 5, workers: 2, randomMin: 4, randomMax: 10}, path, &out); err != nil {
		t.Fatal(err)
	}
	recs, err := readRecords(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg := defaultFit()
	cfg.epochs = 3
	data, err := fit(recs, cfg, &out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ataxx.DecodeNet(data); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "held out after symmetry") {
		t.Fatalf("no report:\n%s", out.String())
	}
}

// Bad input is refused with a message, not a crash.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	short := filepath.Join(dir, "short.dat")
	if err := os.WriteFile(short, make([]byte, recordSize+3), 0o644); err != nil {
		t.Fatal(err)
	}
	both := filepath.Join(dir, "both.dat")
	if err := os.WriteFile(both, record{us: 1, them: 1}.append(nil), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		nil,
		{"nope"},
		{"gen"},
		{"gen", "-rules", "chess", "-out", filepath.Join(dir, "x")},
		{"fit", "-out", filepath.Join(dir, "w.bin")},
		{"fit", "-out", filepath.Join(dir, "w.bin"), short},
		{"fit", "-out", filepath.Join(dir, "w.bin"), both},
		{"fit", "-out", filepath.Join(dir, "w.bin"), filepath.Join(dir, "missing.dat")},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code == 0 || stderr.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}

func FuzzReadRecords(f *testing.F) {
	f.Add(record{us: 3, them: 1 << 40, score: -20, result: 1, game: 7}.append(nil))
	f.Add([]byte{1, 2, 3})
	// Decoded in memory: writing each input to a temporary file stalled
	// the fuzzer past its deadline (CI, 5 Dec 2026).
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := decodeRecords("r.dat", data)
		if err != nil {
			return
		}
		var again []byte
		for _, r := range recs {
			again = r.append(again)
		}
		if !bytes.Equal(again, data) {
			t.Fatal("records do not write back as read")
		}
	})
}

// all writes a loadable net for each rule set (a tiny run: two rounds of
// a few games each).
func TestAllWritesBothNets(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"all", "-dir", dir, "-weights", dir, "-games", "20,20", "-nodes", "200"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, name := range []string{"standard.bin", "seed.bin"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ataxx.DecodeNet(data); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if !strings.Contains(stdout.String(), "round 2: fit") {
		t.Fatalf("no second round:\n%s", stdout.String())
	}
}

// A chunked run stopped part-way and continued writes the same bytes as
// one run that never stopped, and a rerun with other settings is refused.
func TestChunkedRunResumesToTheSameData(t *testing.T) {
	cfg := genConfig{rules: ataxx.Standard, nodes: 300, seed: 5, workers: 2, randomMin: 4, randomMax: 10}
	settings := runSettings{Rules: "standard", Nodes: 300, Seed: 5, RandomMin: 4, RandomMax: 10, ChunkGames: 2}
	whole, parts := t.TempDir(), t.TempDir()
	var out bytes.Buffer
	if err := generateChunks(cfg, settings, whole, 3, &out); err != nil {
		t.Fatal(err)
	}
	// The stopped run: one chunk done, one left half written under its
	// temporary name (as a kill leaves it), one not begun.
	if err := generateChunks(cfg, settings, parts, 1, &out); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(chunkPath(parts, 1)+".tmp", []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(chunkPath(parts, 0))
	if err != nil {
		t.Fatal(err)
	}
	cfg.workers = 1
	if err := generateChunks(cfg, settings, parts, 3, &out); err != nil {
		t.Fatal(err)
	}
	for c := range 3 {
		a, errA := os.ReadFile(chunkPath(whole, c))
		b, errB := os.ReadFile(chunkPath(parts, c))
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Fatalf("chunk %d: %d bytes in one run, %d resumed (equal: %v)", c, len(a), len(b), bytes.Equal(a, b))
		}
	}
	if after, _ := os.ReadFile(chunkPath(parts, 0)); !bytes.Equal(before, after) {
		t.Fatal("the resumed run rewrote a finished chunk")
	}
	other := settings
	other.Nodes = 400
	if err := generateChunks(cfg, other, parts, 4, &out); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Fatalf("a rerun with other settings: %v", err)
	}
	if _, err := os.Stat(chunkPath(parts, 3)); !os.IsNotExist(err) {
		t.Fatal("the refused run wrote a chunk")
	}
}

// gen plays with a hidden-layer net file as with an n-tuple one (each
// round's net plays the next round's games), and refuses a file that is
// neither.
func TestGenPlaysWithAHiddenLayerNet(t *testing.T) {
	dir := t.TempDir()
	params := ataxx.NewNNParams(8, 1, 300)
	for i := range params.W1 {
		params.W1[i] = float32(i%7-3) / 10
	}
	for i := range params.W2 {
		params.W2[i] = float32(i%5-2) / 2
	}
	data, err := ataxx.EncodeNN(params)
	if err != nil {
		t.Fatal(err)
	}
	netPath := filepath.Join(dir, "nn.bin")
	if err := os.WriteFile(netPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	gen := func(extra ...string) []byte {
		out := filepath.Join(dir, "out.dat")
		args := append([]string{"gen", "-games", "2", "-nodes", "300", "-seed", "4", "-workers", "1", "-out", out}, extra...)
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if withNet, without := gen("-net", netPath), gen(); len(withNet) == 0 || bytes.Equal(withNet, without) {
		t.Fatalf("the net's games (%d bytes) are the hand-written evaluation's", len(withNet))
	}
	bad := filepath.Join(dir, "bad.bin")
	if err := os.WriteFile(bad, []byte("ATXH nothing"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"gen", "-games", "1", "-out", filepath.Join(dir, "x.dat"), "-net", bad}, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), "neither") {
		t.Fatalf("a bad net file: exit %d, %q", code, stderr.String())
	}
}

func TestParsePlyRange(t *testing.T) {
	for in, want := range map[string][2]int{"4-10": {4, 10}, "14-17": {14, 17}, "0-0": {0, 0}, "40-40": {40, 40}} {
		lo, hi, err := parsePlyRange(in)
		if err != nil || lo != want[0] || hi != want[1] {
			t.Errorf("%q: %d, %d, %v; want %v", in, lo, hi, err, want)
		}
	}
	for _, in := range []string{"", "4", "10-4", "-1-3", "3-41", "a-b", "4-", "-4"} {
		if lo, hi, err := parsePlyRange(in); err == nil {
			t.Errorf("%q: read as %d-%d", in, lo, hi)
		}
	}
}

// With -fill-nodes the games are the plain ones up to the first position
// of the fill and searched further from there.
func TestGenFillNodes(t *testing.T) {
	dir := t.TempDir()
	base := genConfig{rules: ataxx.Standard, games: 4, nodes: 300, seed: 7, workers: 2, randomMin: 4, randomMax: 10}
	fill := base
	fill.fillNodes, fill.fillEmpties = 5000, 16
	var recs [2][]record
	for i, cfg := range []genConfig{base, fill} {
		path := filepath.Join(dir, "g.dat")
		var out bytes.Buffer
		if err := generate(cfg, path, &out); err != nil {
			t.Fatal(err)
		}
		var err error
		if recs[i], err = readRecords(path); err != nil {
			t.Fatal(err)
		}
	}
	byGame := func(rs []record) map[uint32][]record {
		m := map[uint32][]record{}
		for _, r := range rs {
			m[r.game] = append(m[r.game], r)
		}
		return m
	}
	plain, deep := byGame(recs[0]), byGame(recs[1])
	inFill := func(r record) bool { return ataxx.Squares-bits.OnesCount64(r.us|r.them) <= fill.fillEmpties }
	differ := 0
	for g, ps := range plain {
		ds := deep[g]
		for i, p := range ps {
			if i >= len(ds) {
				t.Fatalf("game %d: the fill's game ends after %d positions, before the fill", g, len(ds))
			}
			if inFill(p) {
				if ds[i].us != p.us || ds[i].them != p.them || ds[i].score != p.score {
					differ++
				}
				break
			}
			d := ds[i]
			d.result = p.result // the game's end may differ
			if d != p {
				t.Fatalf("game %d, position %d before the fill: %+v, plain %+v", g, i, ds[i], p)
			}
		}
	}
	if differ == 0 {
		t.Fatal("no game searched its first fill position differently with 5,000 nodes than with 300")
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"gen", "-games", "1", "-out", filepath.Join(dir, "x.dat"), "-fill-nodes", "9000"}, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), "fill-empties") {
		t.Fatalf("-fill-nodes alone: exit %d, %q", code, stderr.String())
	}
}
