"""Player-aid cards, shared by every game: a title and the game's turn in order, one
line each, printed once for each player at the game's largest table (game.toml
`players.max`). They sit in each game's aids.toml as `[[aid]]` tables, are read and
checked with the game's other tables (TableSpec `AID_SPEC`) and validated and laid out
like any other card. Source: each game's rules file, as the lines quote it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pnp.data.art import ART_FIELD, ArtSpec
from pnp.data.models import Source
from pnp.data.schema import Field, length_range
from pnp.data.tables import Entry, TableSpec

MAX_LINES = 10
MAX_LINE = 90  # characters in one line


def _lines_problem(lines: list) -> str | None:
    """What is wrong with an aid's lines: too few or too many, or one too long."""
    problem = length_range(2, MAX_LINES, "lines")(lines)
    if problem:
        return problem
    for i, line in enumerate(lines):
        if not 1 <= len(line) <= MAX_LINE:
            return f"line {i + 1} has {len(line)} characters; a line holds 1..{MAX_LINE}"
    return None


AID_FIELDS = (
    Field("id", "id", 'a kebab-case id such as "aid-turn"'),
    Field("name", "str", "the aid's title, 1..28 characters", check=length_range(1, 28)),
    Field(
        "lines",
        "list",
        f"the turn in order, 2..{MAX_LINES} lines of 1..{MAX_LINE} characters",
        check=_lines_problem,
    ),
    ART_FIELD,
)
AID_SPEC = TableSpec("aid", "aids.toml", AID_FIELDS, kind="Player aid")


@dataclass(frozen=True)
class AidCard:
    """A player-aid card: `name` (its title), `lines` (the turn, in order) and `count`,
    the copies printed (one per player at the largest table)."""

    id: str
    name: str
    lines: tuple[str, ...]
    count: int
    source: Source
    art: ArtSpec | None = None  # the card's picture (pnp.data.art), if any
    kind = "Player aid"


def aid_cards(entries: Sequence[Entry], players_max: int) -> tuple[AidCard, ...]:
    """The aid cards of a game's checked `[[aid]]` entries, `players_max` copies each."""
    return tuple(
        AidCard(
            e.values["id"],
            e.values["name"],
            tuple(e.values["lines"]),
            players_max,
            e.source,
            e.values.get("art"),
        )
        for e in entries
        if e.spec.table == "aid" and e.complete
    )
