// Package startenv fixes the process environment before Fyne reads it.
// It imports nothing but the standard library, so Go initialises it before
// Fyne's packages (a package is initialised once its imports are, and
// Fyne's lang package needs far more); main imports it first.
//
// The fix: Fyne reads the locale through go-locale, which takes the first
// of LC_ALL, LC_MESSAGES and LANG. go-locale knows that "C" and "POSIX"
// name no language, but not "C.UTF-8", the default of Debian and of most
// containers: there it hands Fyne "C" as a language, and Fyne's lang
// package prints "Error parsing user locale C" while it initialises, at
// every start. For such a locale go-locale reads LANGUAGE (the gettext
// list of languages) first, so setting LANGUAGE to English, the app's only
// language, when it is unset silences it without touching LANG or LC_*,
// which C libraries read.
package startenv

import (
	"os"
	"strings"
)

func init() {
	DefaultLanguage(os.Getenv, os.Setenv)
}

// DefaultLanguage sets LANGUAGE to "en" when it is unset and the locale
// in effect is C or POSIX with a codeset ("C.UTF-8").
func DefaultLanguage(getenv func(string) string, setenv func(k, v string) error) {
	if getenv("LANGUAGE") != "" {
		return
	}
	loc := ""
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if loc = getenv(k); loc != "" {
			break
		}
	}
	lang, _, _ := strings.Cut(loc, ".")
	lang, _, _ = strings.Cut(lang, "@")
	if loc != lang && (lang == "C" || lang == "POSIX") {
		_ = setenv("LANGUAGE", "en")
	}
}
