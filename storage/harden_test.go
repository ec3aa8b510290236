package storage_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/jumpers-game/jumpers/core"
	_ "github.com/jumpers-game/jumpers/core/ataxx"
	_ "github.com/jumpers-game/jumpers/core/chinesecheckers"
	_ "github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
)

func TestOpenRemovesOnlyStaleTempFiles(t *testing.T) {
	root := t.TempDir()
	saves := filepath.Join(root, "saves")
	os.MkdirAll(saves, 0o755)
	keep := []string{"game.json", ".hidden", ".notes.txt.tmp-1", ".autosave-a.json.tmp-fresh"}
	stale := []string{".autosave-a.json.tmp-123", ".20261126-x.json.tmp-9"}
	old := time.Now().Add(-2 * time.Hour)
	for _, name := range append(append([]string(nil), keep...), stale...) {
		p := filepath.Join(saves, name)
		if err := os.WriteFile(p, []byte("{"), 0o644); err != nil {
			t.Fatal(err)
		}
		if name != ".autosave-a.json.tmp-fresh" {
			os.Chtimes(p, old, old)
		}
	}
	if _, err := storage.Open(root); err != nil {
		t.Fatal(err)
	}
	for _, name := range keep {
		if _, err := os.Stat(filepath.Join(saves, name)); err != nil {
			t.Errorf("%s was removed", name)
		}
	}
	for _, name := range stale {
		if _, err := os.Stat(filepath.Join(saves, name)); err == nil {
			t.Errorf("stale %s was left", name)
		}
	}
}

func TestSavesAreReadableByAll(t *testing.T) {
	st, err := storage.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "cli.json")
	if err := storage.WriteFile(path, sampleSave([]string{"1"}, 1)); err != nil {
		t.Fatal(err)
	}
	if err := st.Put("g", sampleSave([]string{"1"}, 1)); err != nil {
		t.Fatal(err)
	}
	if err := st.Autosave(sampleSave([]string{"1"}, 1)); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.json"))
	more, _ := filepath.Glob(filepath.Join(st.Dir(), "*.json"))
	for _, f := range append(files, more...) {
		info, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if runtime.GOOS != "windows" && info.Mode().Perm() != 0o644 {
			t.Errorf("%s has mode %v, want 0644", filepath.Base(f), info.Mode().Perm())
		}
	}
}

func TestSchemaLimitsOnNames(t *testing.T) {
	good, _ := storage.Encode(sampleSave([]string{"1"}, 1))
	cases := map[string]struct{ data, want string }{
		"900 KB name":   {strings.Replace(string(good), `"name": "sample"`, `"name": "`+strings.Repeat("x", 900_000)+`"`, 1), "name is 900000 bytes long (at most 80)"},
		"81-byte name":  {strings.Replace(string(good), `"name": "sample"`, `"name": "`+strings.Repeat("é", 40)+`x"`, 1), "at most 80"},
		"two lines":     {strings.Replace(string(good), `"name": "sample"`, `"name": "a\nb"`, 1), "not one line"},
		"seat name":     {strings.Replace(string(good), `"name": "Ann"`, `"name": "`+strings.Repeat("A", 81)+`"`, 1), "seat 1 name"},
		"long kind":     {strings.Replace(string(good), `"kind": "human"`, `"kind": "`+strings.Repeat("r", 5000)+`"`, 1), "seat 1"},
		"long format":   {strings.Replace(string(good), `"format": "jumpers-save"`, `"format": "`+strings.Repeat("f", 5000)+`"`, 1), "not a Jumpers"},
		"80-byte name ": {strings.Replace(string(good), `"name": "sample"`, `"name": "`+strings.Repeat("é", 40)+`"`, 1), ""},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, _, err := storage.Decode([]byte(c.data))
			if c.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), c.want) || len(err.Error()) > 300 {
				t.Fatalf("error %.300q does not say %q briefly", err, c.want)
			}
		})
	}
}

// What the app or the CLI hands over is cleaned, so nothing written is
// refused on reading.
func TestWriteCleansNames(t *testing.T) {
	st, _ := storage.Open(t.TempDir())
	sv := sampleSave([]string{"1"}, 1)
	sv.Name = strings.Repeat("名前", 30) + "\n\tend"
	sv.Seats[0].Name = strings.Repeat("Ann ", 40)
	if err := st.Put("long", sv); err != nil {
		t.Fatal(err)
	}
	got, _, err := st.Load("long")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Name) > storage.MaxNameLen || !utf8.ValidString(got.Name) || strings.ContainsAny(got.Name, "\n\t") {
		t.Fatalf("name %q", got.Name)
	}
	if len(got.Seats[0].Name) > storage.MaxNameLen {
		t.Fatalf("seat name %q", got.Seats[0].Name)
	}
	if sv.Seats[0].Name == got.Seats[0].Name {
		t.Fatal("the caller's seats were changed or not cleaned")
	}
}

// realSaves are files written by jumpers-cli apply --save for every game.
func realSaves(t testing.TB) map[string][]byte {
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no saves in testdata: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = data
	}
	return out
}

func TestRealSavesOfEveryGame(t *testing.T) {
	games := map[string]bool{}
	for name, data := range realSaves(t) {
		sv, h, err := storage.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		games[sv.Game] = true
		again, _ := storage.Encode(sv)
		sv2, h2, err := storage.Decode(again)
		if err != nil || h2.Current().String() != h.Current().String() || sv2.Cursor != sv.Cursor || len(sv2.Moves) != len(sv.Moves) {
			t.Fatalf("%s does not survive encode/decode: %v", name, err)
		}
	}
	for _, g := range core.Games() {
		if g.ID() != "takeaway" && g.ID() != "oddpile" && !games[g.ID()] { // the test games
			t.Errorf("no real save of %s in testdata", g.ID())
		}
	}
}
