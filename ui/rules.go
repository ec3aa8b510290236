package ui

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
)

// ruleDiagram is a small read-only board in a position made through the
// game's engine, with what it shows.
type ruleDiagram struct {
	board   fyne.CanvasObject
	caption string
}

// ruleFigures are a game's diagrams: shown after the rules section named
// after, columns to a row.
type ruleFigures struct {
	after   string
	columns int
	make    func(s func() app.Settings) ([]ruleDiagram, error)
}

var ruleDiagrams = map[string]ruleFigures{
	cube.ID:  {after: "### Explosions", columns: 2, make: cubeDiagrams},
	ataxx.ID: {after: "### Conversions", columns: 2, make: ataxxDiagrams},
	cc.ID:    {after: "### Your move", columns: 1, make: ccDiagrams},
}

// rulesTab are the games' short names on the page buttons: three fit
// side by side on a 360 dp phone (each page starts with the full name).
var rulesTab = map[string]string{cube.ID: "Cube", ataxx.ID: "Ataxx", cc.ID: "Checkers"}

// rulesPages is the Rules screen: one page per game, chosen by a row of
// buttons at the top (id: the page shown first; "" the first game).
func (u *UI) rulesPages(id string) {
	var ids []string
	for _, hg := range homeGames {
		if gu, ok := gameUIs[hg.ID]; ok && gu.Rules != "" {
			ids = append(ids, hg.ID)
		}
	}
	if len(ids) == 0 {
		u.push(&screen{name: "rules", title: "Rules", content: widget.NewLabel("No rules yet.")})
		return
	}
	page := container.NewStack()
	buttons := make([]*widget.Button, len(ids))
	show := func(i int) {
		for k, b := range buttons {
			b.Importance = widget.MediumImportance
			if k == i {
				b.Importance = widget.HighImportance
			}
			b.Refresh()
		}
		page.Objects = []fyne.CanvasObject{container.NewVScroll(container.NewPadded(centredColumn(rulesPage(ids[i], u.env.Settings), 640)))}
		page.Refresh()
	}
	row := container.NewGridWithColumns(len(ids))
	first := 0
	for i, gid := range ids {
		name := rulesTab[gid]
		if name == "" {
			name = gid
			if g, err := core.Lookup(gid); err == nil {
				name = g.Name()
			}
		}
		if gid == id {
			first = i
		}
		buttons[i] = widget.NewButton(name, func() { show(i) })
		row.Add(minHeight(buttons[i], touchSize))
	}
	show(first)
	u.push(&screen{name: "rules", title: "Rules",
		content: container.NewBorder(container.NewPadded(row), nil, nil, nil, page)})
}

// rulesPage is one game's rules with its diagrams.
func rulesPage(id string, s func() app.Settings) fyne.CanvasObject {
	md := rulesText(id, s())
	fig, ok := ruleDiagrams[id]
	if !ok {
		return textView(md)
	}
	ds, err := fig.make(s)
	if err != nil {
		return textView(md)
	}
	// after the section: before the next heading
	cut := len(md)
	if i := strings.Index(md, fig.after); i >= 0 {
		if j := strings.Index(md[i+len(fig.after):], "\n### "); j >= 0 {
			cut = i + len(fig.after) + j + 1
		}
	}
	grid := container.NewGridWithColumns(fig.columns)
	for _, d := range ds {
		cap := widget.NewLabel(d.caption)
		cap.Wrapping = fyne.TextWrapWord
		cap.Alignment = fyne.TextAlignCenter
		grid.Add(container.NewBorder(nil, cap, nil, nil, d.board))
	}
	return container.NewVBox(textView(md[:cut]), grid, textView(md[cut:]))
}

// diagramSize is the smallest side of a diagram board: two fit side by
// side on a 360 dp phone.
const diagramSize = 150

// cubeDiagrams: a corner square overloads and explodes into its
// neighbours, before and after, on a 3×3 board.
func cubeDiagrams(s func() app.Settings) ([]ruleDiagram, error) {
	b, err := cube.NewBoard(3)
	if err != nil {
		return nil, err
	}
	for _, m := range []string{"1:1", "3:3"} {
		mv, err := cube.ParseMove(3, m)
		if err != nil {
			return nil, err
		}
		if err := b.Legal(mv); err != nil {
			return nil, err
		}
		b.Play(mv)
	}
	before := b
	corner, _ := cube.ParseMove(3, "1:1")
	if err := b.Legal(corner); err != nil {
		return nil, err
	}
	b.Play(corner)
	return []ruleDiagram{
		{minSized(newCubePreview(before, int(corner), s), diagramSize, diagramSize), "Before: the corner 1:1 holds 2 spots, all a corner can"},
		{minSized(newCubePreview(b, int(corner), s), diagramSize, diagramSize), "After a tap on 1:1: it explodes; 1:2 and 2:1 each get a spot and change side"},
	}, nil
}

// ataxxDiagrams: where a piece may go, a clone and a jump that converts.
func ataxxDiagrams(s func() app.Settings) ([]ruleDiagram, error) {
	start, err := ataxx.ParseFEN("x5o/7/7/3o3/7/7/o5x x 0 1", ataxx.Standard)
	if err != nil {
		return nil, err
	}
	from, _ := ataxx.ParseSquare("g1")
	pick := newAtaxxPreview(start, s)
	pick.view.sel = from
	pick.view.clones, pick.view.jumps = start.Targets(from)
	if pick.view.clones == 0 || pick.view.jumps == 0 {
		return nil, errors.New("no targets from g1")
	}
	after := func(move string) (*ataxxBoard, error) {
		m, err := ataxx.ParseMove(move)
		if err != nil {
			return nil, err
		}
		p, err := start.PlayMove(m)
		if err != nil {
			return nil, err
		}
		b := newAtaxxPreview(p, s)
		b.view.last = m
		return b, nil
	}
	clone, err := after("f2")
	if err != nil {
		return nil, err
	}
	jump, err := after("g1e3")
	if err != nil {
		return nil, err
	}
	return []ruleDiagram{
		{minSized(pick, diagramSize, diagramSize), "The piece on g1: clones to the dots, jumps to the rings"},
		{minSized(clone, diagramSize, diagramSize), "Clone f2: g1 stays, a new piece on f2"},
		{minSized(jump, diagramSize, diagramSize), "Jump g1e3: g1 is left empty; d4 beside e3 is converted"},
	}, nil
}

// ccDiagrams: a chain of hops, found by the engine from the two-player
// start.
func ccDiagrams(s func() app.Settings) ([]ruleDiagram, error) {
	p, path, move, err := ccChainExample()
	if err != nil {
		return nil, err
	}
	next, err := p.Play(move)
	if err != nil {
		return nil, err
	}
	after, ok := ccConcrete(next)
	if !ok {
		return nil, errors.New("not a Chinese Checkers position")
	}
	b := newCCPicture(after, s)
	b.view.path = path
	hops := len(path) - 1
	caption := "A chain of " + spell(hops) + " hops, " + cc.HoleName(path[0]) + " to " + cc.HoleName(path[hops]) + ": each over one piece into the empty hole behind it"
	// centred at its own size: upright (a wider box would turn the star)
	return []ruleDiagram{{container.NewCenter(minSized(b, 2*diagramSize, 2*diagramSize/b.Aspect())), caption}}, nil
}

// ccChainExample plays from the two-player start, each side taking its
// longest move, until player 1 has a chain of at least two hops.
func ccChainExample() (core.Position, []int, string, error) {
	var p core.Position
	p, err := cc.Game{}.Start(core.Options{}.WithInt(core.OptPlayers, 2))
	if err != nil {
		return nil, nil, "", err
	}
	for ply := 0; ply < 60; ply++ {
		best, bestPath := "", []int(nil)
		for _, m := range p.Moves() {
			if path, err := cc.MovePath(p, m); err == nil && len(path) > len(bestPath) {
				best, bestPath = m, path
			}
		}
		if best == "" {
			break
		}
		if len(bestPath) >= 3 && p.ToMove() == 0 {
			return p, bestPath, best, nil
		}
		if p, err = p.Play(best); err != nil {
			return nil, nil, "", err
		}
	}
	return nil, nil, "", errors.New("no chain of hops found")
}

// spell writes small numbers as words.
func spell(n int) string {
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}

// rulesText is a game's rules with its two players named as the boards
// draw them under s ("Orange moves first"): the games' own names ("Red",
// "Black") contradict the pieces on screen. One pass, so that a colour
// that is also a game's name ("Blue") is not renamed twice.
func rulesText(id string, s app.Settings) string {
	md := gameUIs[id].Rules
	g, err := core.Lookup(id)
	if err != nil {
		return md
	}
	names := map[string]string{}
	var alts []string
	for i := range 2 {
		if own := g.PlayerName(i); own != "" {
			names[own] = app.PlayerName(s, nil, i)
			alts = append(alts, regexp.QuoteMeta(own))
		}
	}
	if len(alts) == 0 {
		return md
	}
	re := regexp.MustCompile(`\b(` + strings.Join(alts, "|") + `)\b`)
	return re.ReplaceAllStringFunc(md, func(w string) string { return names[w] })
}
