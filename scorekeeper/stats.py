"""Across evenings (issue 26, item 6): games played and won per player name, per game
and overall, shared results and ties, and each game's average length, from the store's
finished games. Pure functions over the store's rows and each game's rules
(`rules.outcome`, `rules.status`); scorekeeper.stats_command reads the store and prints.

Definitions (README, "Across evenings"):
- A finished game is one whose `rules.outcome(state)` is not None; the others are only
  counted ("unfinished, left out").
- A player is a name matched across games as the score keeper matches names everywhere
  (scorekeeper.names.key: case, Unicode form and invisible joiners ignored: "ana" and
  "Ana" are one player), shown as spelt at their newest finished game.
- Each player's result in a finished game is one of RESULTS: "won", the only winner;
  "shared", one of two or more winners (a shared win, or a tie where the rules call it
  one: Outcome.tie); "lost", not a winner (also when everyone lost).
- The win rate is outright wins over games played; shared results are counted apart,
  never as part of a win.
- A game's length: `turns`, the common status key `turn` at the end (each game's own
  count: every player's turn in Hack Attack and Hack Back, a draw from the black pile
  in Not a Hack, a round on a points sheet), and minutes from its start (`new`) to the
  last row of its log.
"""

from __future__ import annotations

import csv
import io
import math
from datetime import datetime
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from pnp.core.records import NamedTuple
from pnp.core.sheet_cells import guarded
from scorekeeper.names import key
from scorekeeper.view import column_width, counted, padded

if TYPE_CHECKING:
    from scorekeeper.game import Game
    from scorekeeper.store import TableRow

#: A player's result in a finished game.
RESULTS = ("won", "shared", "lost")
#: The columns of `stats --csv`, one row per player per finished game.
COLUMNS = (
    "game",
    "game_id",
    "game_name",
    "started",
    "finished",
    "seat",
    "player",
    "result",
    "score",
    "turns",
    "minutes",
)


class Finished(NamedTuple):
    """One finished game as the statistics count it.

    `number`: its number in the store (what `--game` takes); `game`: its stored game id
    ("hack-attack", a points sheet's "sheet:dice-night"); `name`: the game's printed
    name; `started`: when `new` stored it and `finished`: the time of its log's last row
    (both ISO 8601 with their UTC offset, as the store writes them); `players`: the
    names in seating order; `winners` and `tie`: its Outcome's; `turns`: the status key
    `turn` at the end; `scores`: name -> the player's `total` in the status's
    `players`, None where the game keeps none (Hack Back counts VC per Hero).
    """

    number: int
    game: str
    name: str
    started: str
    finished: str
    players: tuple[str, ...]
    winners: tuple[str, ...]
    tie: bool
    turns: int
    scores: dict[str, Any]


def finished_game(row: TableRow, game: Game, state: Any, last: str | None) -> Finished | None:
    """The Finished record of the table `row` of `game` in `state`, or None while its
    game goes on (`rules.outcome` None). `last`: the time of its log's last row (None:
    it has none, and `row.created` stands in)."""
    outcome = game.rules.outcome(state)
    if outcome is None:
        return None
    status = game.rules.status(state)
    totals = {
        p.get("name"): p.get("total")
        for p in status.get("players") or ()
        if isinstance(p, dict) and type(p.get("total")) in (int, float)
    }
    return Finished(
        row.id,
        row.game,
        game.name,
        row.created,
        last or row.created,
        tuple(row.players),
        tuple(outcome.winners),
        outcome.tie,
        status["turn"],
        {name: totals.get(name) for name in row.players},
    )


def result(game: Finished, name: str) -> str:
    """`name`'s result in `game`, one of RESULTS."""
    if name not in game.winners:
        return "lost"
    return "won" if len(game.winners) == 1 else "shared"


def minutes(game: Finished) -> float:
    """The minutes from `game`'s start to its log's last row (0 if the clock went back)."""
    span = datetime.fromisoformat(game.finished) - datetime.fromisoformat(game.started)
    return max(0.0, span.total_seconds() / 60)


def player_rows(games: Iterable[Finished], only: str | None = None) -> list[dict]:
    """Per player (`names.key`; `only`: that key alone), JSON-ready: {"name", "played",
    "won", "shared", "lost", "win_rate"} (win_rate: won / played, to 4 places), the
    most outright wins first, then the most shared, the fewest games, the name. `games`
    oldest first, so a name is shown as spelt at its newest game."""
    counts: dict[str, list[int]] = {}
    shown: dict[str, str] = {}
    for game in games:
        for name in game.players:
            k = key(name)
            if only is not None and k != only:
                continue
            shown[k] = name
            tally = counts.setdefault(k, [0, 0, 0])
            tally[0] += 1
            outcome = result(game, name)
            if outcome != "lost":
                tally[1 + RESULTS.index(outcome)] += 1
    rows = [
        {
            "name": shown[k],
            "played": played,
            "won": won,
            "shared": shared,
            "lost": played - won - shared,
            "win_rate": round(won / played, 4),
        }
        for k, (played, won, shared) in counts.items()
    ]
    return sorted(rows, key=lambda r: (-r["won"], -r["shared"], r["played"], key(r["name"])))


def game_summary(games: Sequence[Finished], only: str | None = None) -> dict:
    """One game's finished tables (all of one stored id, oldest first), JSON-ready:
    {"game", "name" (as its newest table names it), "finished", "won" (tables with one
    winner), "shared" (two or more winners), "ties" (those the rules call a tie),
    "no_winner" (everyone lost), "average_turns", "average_minutes" (to 1 place),
    "players" (`player_rows`)}."""
    shared = [g for g in games if len(g.winners) > 1]
    return {
        "game": games[-1].game,
        "name": games[-1].name,
        "finished": len(games),
        "won": sum(len(g.winners) == 1 for g in games),
        "shared": len(shared),
        "ties": sum(g.tie for g in shared),
        "no_winner": sum(not g.winners for g in games),
        "average_turns": round(sum(g.turns for g in games) / len(games), 1),
        "average_minutes": round(sum(minutes(g) for g in games) / len(games), 1),
        "players": player_rows(games, only),
    }


def summary(
    games: Sequence[Finished], unfinished: int, of: str | None = None, player: str | None = None
) -> dict:
    """The whole statistics, JSON-ready (`stats --json`): {"finished", "unfinished"
    (counted, left out), "of" (the game id chosen, or None), "player" (the name chosen,
    or None), "players" (overall, `player_rows`), "games" (`game_summary` each, the most
    finished first, then by name)}. `games`: the finished tables chosen, oldest first;
    with `player`, only that player's numbers."""
    only = key(player) if player is not None else None
    by_game: dict[str, list[Finished]] = {}
    for game in games:
        by_game.setdefault(game.game, []).append(game)
    kinds = [game_summary(tables, only) for tables in by_game.values()]
    return {
        "finished": len(games),
        "unfinished": unfinished,
        "of": of,
        "player": player,
        "players": player_rows(games, only),
        "games": sorted(kinds, key=lambda g: (-g["finished"], key(g["name"]), g["game"])),
    }


def lines(stats: dict) -> list[str]:
    """`summary` as text for a terminal, rows short enough for a phone's 40 columns (with
    names up to 12 characters): a head line, the unfinished games left out, the
    players overall (when more than one game was played), then each game: its tables
    and how they ended, the average length, and its players."""
    head = counted(stats["finished"], "finished game")
    out = [f"{stats['player']}: {head}." if stats["player"] else f"{head}."]
    if stats["unfinished"]:
        out.append(f"{counted(stats['unfinished'], 'unfinished game')} left out.")
    if len(stats["games"]) > 1:
        out += ["", "Overall", *table(stats["players"])]
    for game in stats["games"]:
        out += ["", f"{game['name']} ({game['game']})", *game_lines(game), *table(game["players"])]
    return out


def game_lines(game: dict) -> list[str]:
    """How one game's tables ended, a clause that would pass 40 columns on a line of its
    own, and their average length: "  2 games: 1 won outright, 1 shared", "  Average:
    8.5 turns, 12 minutes"."""
    ended = [f"{game['won']:,} won outright"] if game["won"] else []
    if game["shared"]:
        ties = f" ({counted(game['ties'], 'tie')})" if game["ties"] else ""
        ended.append(f"{game['shared']:,} shared{ties}")
    if game["no_winner"]:
        ended.append(f"{game['no_winner']:,} with no winner")
    turns = game["average_turns"]
    shown_turns = f"{turns:,.1f}".removesuffix(".0") + (" turn" if turns == 1 else " turns")
    said = [f"  {counted(game['finished'], 'game')}: {ended[0]}"]
    for clause in ended[1:]:  # a clause is never broken
        if len(said[-1]) + len(clause) + 2 <= 40:
            said[-1] += f", {clause}"
        else:
            said[-1] += ","
            said.append(f"    {clause}")
    return [*said, f"  Average: {shown_turns}, {minutes_text(game['average_minutes'])}"]


def minutes_text(value: float) -> str:
    """ "under a minute", "1 minute", "12 minutes" (rounded half up)."""
    whole = math.floor(value + 0.5)
    return "under a minute" if whole < 1 else counted(whole, "minute")


def table(players: list[dict]) -> list[str]:
    """The players' rows under a header: name, games played, outright wins, shared
    results and the win rate in whole percent (rounded half up)."""
    width = column_width([p["name"] for p in players], 4)
    rows = [f"  {padded('Name', width)}  Played  Won  Shared  Win %"]
    for p in players:
        rate = f"{math.floor(100 * p['win_rate'] + 0.5)}%"
        rows.append(
            f"  {padded(p['name'], width)}  {p['played']:>6,}  {p['won']:>3,}"
            f"  {p['shared']:>6,}  {rate:>5}"
        )
    return rows


def spreadsheet_text(text: str) -> str:
    """`text` as a CSV cell a spreadsheet shows as text: with a "'" before it if it
    starts as a formula does (pnp.core.sheet_cells.guarded: a name such as
    "=HYPERLINK(...)" is never run as a formula). Numbers are written as numbers,
    never prefixed."""
    return guarded(text)


def csv_rows(games: Iterable[Finished], only: str | None = None) -> list[list]:
    """One row per player per finished game (COLUMNS), in game order, then seating
    order; `only`: the rows of that player (`names.key`) alone. Text cells are
    `spreadsheet_text`; an unknown score is an empty cell; minutes to 1 place."""
    rows = []
    for game in games:
        length = round(minutes(game), 1)
        for seat, name in enumerate(game.players, start=1):
            if only is not None and key(name) != only:
                continue
            score = game.scores.get(name)
            rows.append(
                [
                    game.number,
                    spreadsheet_text(game.game),
                    spreadsheet_text(game.name),
                    game.started,
                    game.finished,
                    seat,
                    spreadsheet_text(name),
                    result(game, name),
                    "" if score is None else score,
                    game.turns,
                    length,
                ]
            )
    return rows


def csv_text(rows: Iterable[Sequence], line_end: str = "\r\n") -> str:
    """The CSV text of COLUMNS and `rows`: commas, quotes only where needed, `line_end`
    after each row (CRLF, as spreadsheets write it, by default)."""
    text = io.StringIO(newline="")
    writer = csv.writer(text, lineterminator=line_end)
    writer.writerow(COLUMNS)
    writer.writerows(rows)
    return text.getvalue()
