package startenv_test

import (
	"bytes"
	"log"
	"os"
	"os/exec"
	"strings"
	"testing"

	"fyne.io/fyne/v2/lang"

	"github.com/jumpers-game/jumpers/internal/startenv"
)

func TestDefaultLanguage(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string // LANGUAGE afterwards
	}{
		{map[string]string{"LANG": "C.UTF-8"}, "en"},
		{map[string]string{"LC_ALL": "POSIX.utf8", "LANG": "de_DE.UTF-8"}, "en"},
		{map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "fr"}, "fr"},
		{map[string]string{"LANG": "de_DE.UTF-8"}, ""},
		{map[string]string{"LANG": "C"}, ""}, // go-locale already knows plain C
		{map[string]string{}, ""},
		{map[string]string{"LC_MESSAGES": "nl_NL.UTF-8", "LANG": "C.UTF-8"}, ""},
	} {
		env := map[string]string{}
		for k, v := range tc.env {
			env[k] = v
		}
		startenv.DefaultLanguage(func(k string) string { return env[k] }, func(k, v string) error { env[k] = v; return nil })
		if env["LANGUAGE"] != tc.want {
			t.Errorf("%v: LANGUAGE %q, want %q", tc.env, env["LANGUAGE"], tc.want)
		}
	}
}

// TestFyneStartsQuietly: with LANG=C.UTF-8 and no LANGUAGE, Fyne's lang
// package complains when it reads the locale (shown here by making it
// read again without the fix); a process that imports startenv starts
// without the complaint (this test binary, run again as a child).
func TestFyneStartsQuietly(t *testing.T) {
	if os.Getenv("STARTENV_CHILD") == "1" {
		lang.L("Cancel")
		return
	}
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANGUAGE"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
	t.Setenv("LANG", "C.UTF-8")
	var buf bytes.Buffer
	log.SetOutput(&buf)
	_ = lang.AddTranslationsForLocale([]byte(`{}`), "en") // reads the locale again
	log.SetOutput(os.Stderr)
	if !strings.Contains(buf.String(), "Error parsing user locale") {
		t.Fatalf("Fyne no longer complains about C.UTF-8; the fix may be obsolete: %q", buf.String())
	}

	cmd := exec.Command(os.Args[0], "-test.run=^TestFyneStartsQuietly$", "-test.count=1")
	cmd.Env = append(os.Environ(), "STARTENV_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "locale") {
		t.Errorf("the app's start still complains:\n%s", out)
	}
}
