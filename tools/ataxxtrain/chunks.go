package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// A chunked run keeps its records in a directory, one file per chunk of
// games, so a long generation can be stopped at any time and continued:
// a chunk is written to a temporary name and renamed when whole, and a
// rerun plays only the chunks that are missing. Game g's record depends
// only on g and the run's settings, so a resumed run writes the same
// bytes as one that never stopped. The settings are kept in run.json and
// a rerun with other settings is refused rather than mixing two kinds of
// data in one directory.

// runSettings are what a chunked run's data depends on.
type runSettings struct {
	Rules      string `json:"rules"`
	Nodes      int64  `json:"nodes"`
	Seed       uint64 `json:"seed"`
	RandomMin  int    `json:"random_min"`
	RandomMax  int    `json:"random_max"`
	ChunkGames int    `json:"chunk_games"`
	// Net is the SHA-256 of the weights file the games were played with,
	// "" for the hand-written evaluation.
	Net string `json:"net"`
	// The fill's nodes; omitted when off, so runs made before they
	// existed resume.
	FillNodes   int64 `json:"fill_nodes,omitempty"`
	FillEmpties int   `json:"fill_empties,omitempty"`
}

func chunkPath(dir string, c int) string {
	return filepath.Join(dir, fmt.Sprintf("chunk-%05d.dat", c))
}

func netDigest(weights []byte) string {
	if weights == nil {
		return ""
	}
	sum := sha256.Sum256(weights)
	return hex.EncodeToString(sum[:])
}

// checkRun writes dir's run.json on a first run and refuses a directory
// whose run.json names other settings.
func checkRun(dir string, s runSettings) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	want, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	want = append(want, '\n')
	path := filepath.Join(dir, "run.json")
	have, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return writeFile(path, want)
	case err != nil:
		return err
	case !bytes.Equal(have, want):
		return fmt.Errorf("%s was made with other settings:\n%s\nthis run's:\n%s", path, have, want)
	}
	return nil
}

// generateChunks plays the games of the chunks 0…chunks-1 of dir that are
// not on disk yet and writes each chunk when its games are all played.
func generateChunks(cfg genConfig, settings runSettings, dir string, chunks int, stdout io.Writer) error {
	if settings.ChunkGames < 1 {
		return errors.New("gen: a chunk needs at least one game")
	}
	if err := checkRun(dir, settings); err != nil {
		return err
	}
	var todo []int
	for c := range chunks {
		if _, err := os.Stat(chunkPath(dir, c)); errors.Is(err, os.ErrNotExist) {
			todo = append(todo, c)
		} else if err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "%s: %d of %d chunks of %d games to play\n", dir, len(todo), chunks, settings.ChunkGames)
	if len(todo) == 0 {
		return nil
	}
	per := settings.ChunkGames
	jobs := make(chan int)
	stop := make(chan struct{})
	go func() {
		defer close(jobs)
		for _, c := range todo {
			for g := c * per; g < (c+1)*per; g++ {
				select {
				case jobs <- g:
				case <-stop:
					return
				}
			}
		}
	}()
	results := play(cfg, jobs)
	start := time.Now()
	pending := map[int][][]record{} // chunk → its games' records by game
	left := map[int]int{}
	done, positions := 0, 0
	var failed error
	for gm := range results {
		if failed != nil {
			continue // drain so the workers can stop
		}
		c := gm.n / per
		if pending[c] == nil {
			pending[c] = make([][]record, per)
			left[c] = per
		}
		pending[c][gm.n-c*per] = gm.recs
		left[c]--
		if left[c] > 0 {
			continue
		}
		var buf []byte
		n := 0
		for _, rs := range pending[c] {
			for _, r := range rs {
				buf = r.append(buf)
				n++
			}
		}
		delete(pending, c)
		delete(left, c)
		if err := writeFile(chunkPath(dir, c), buf); err != nil {
			failed = err
			close(stop)
			continue
		}
		done++
		positions += n
		fmt.Fprintf(stdout, "chunk %d: %d positions; %d of %d chunks this run, %d positions, %s\n",
			c, n, done, len(todo), positions, time.Since(start).Round(time.Second))
	}
	return failed
}
