package arena

import (
	"fmt"
	"strconv"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/record"
)

// GameRecord is game gr of the match as a game record, for record.Write
// (`jumpers-cli arena --record`): the seats named after the players (A's
// seat nameA, the others nameB) and the tags Round (the game's number,
// 1-based), PlayerA, PlayerB, SeatA (A's seat, 1-based), ScoreA (A's
// score: 1, 0.5, 0; by place with more players), Opening (the book's
// opening, "startpos" without one), and for a game the rules did not end a
// Termination saying how the match decided it (a forfeit, the match's move
// limit) with the match's result given as an adjudication (two players;
// with more the result stays "*").
func (m Match) GameRecord(gr GameResult, nameA, nameB string, date time.Time) (core.Record, record.Info) {
	rec := core.Record{Game: m.Game.ID(), Rules: m.Options.Text(core.OptRules), Start: gr.Start, Moves: gr.Moves}
	players := len(gr.Result.Places)
	if pos, err := m.Game.ParsePosition(gr.Start, m.Options.Text(core.OptRules)); err == nil {
		players = pos.Players()
	}
	names := make([]string, players)
	for i := range names {
		names[i] = nameB
	}
	if gr.ASeat < players {
		names[gr.ASeat] = nameA
	}
	opening := Opening{}
	if len(m.Book) > 0 {
		opening = m.Book[gr.Opening%len(m.Book)]
	}
	info := record.Info{Names: names, Date: date, Tags: []record.Tag{
		{Name: "Round", Value: strconv.Itoa(gr.Game + 1)},
		{Name: "PlayerA", Value: nameA},
		{Name: "PlayerB", Value: nameB},
		{Name: "SeatA", Value: strconv.Itoa(gr.ASeat + 1)},
		{Name: "ScoreA", Value: strconv.FormatFloat(gr.Score, 'f', -1, 64)},
		{Name: "Opening", Value: opening.String()},
	}}
	var termination string
	switch {
	case gr.Forfeit != "":
		termination = "forfeit: " + gr.Forfeit
	case !gr.Result.Over:
		termination = fmt.Sprintf("adjudication: a draw at the match's limit of %d plies", gr.Plies)
	}
	if termination != "" {
		info.Tags = append(info.Tags, record.Tag{Name: "Termination", Value: termination})
		if players == 2 {
			info.Result = adjudicated(gr.Result)
		}
	}
	return rec, info
}

// adjudicated is the match's result of a two-player game the rules did
// not end.
func adjudicated(r core.Result) string {
	switch {
	case !r.Over || r.Winner == core.NoPlayer:
		return record.Draw
	case r.Winner == 0:
		return record.FirstWon
	}
	return record.SecondWon
}
