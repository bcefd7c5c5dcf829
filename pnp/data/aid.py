"""Player-aid cards, shared by every game: a title and the game's turn in order, one
line each, printed once for each player at the game's largest table (game.toml
`players.max`). They sit in each game's aids.toml as `[[aid]]` tables, are read and
checked with the game's other tables (TableSpec `AID_SPEC`) and validated and laid out
like any other card. Source: each game's rules file, as the lines quote it.

A line is a step, numbered when printed (1, 2, 3 ... through its phase) and led by a
bold lead: the words between `**` at its start ("**Draw** two cards."), else the words
up to a colon in its first four words ("Attack: ..."), else its first word. A line
starting "# " is a phase heading ("# End of turn"): the steps after it are its phase,
numbered from 1 again, printed after a gap (issue 28, item 5). A line's words may hold
the markup every printed text takes (pnp.data.markup: *italic*, :icon:, ...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from pnp.core.records import NamedTuple
from pnp.data.art import ART_FIELD, ArtSpec
from pnp.data.markup import lead_and_rest
from pnp.data.markup import problem as markup_problem
from pnp.data.models import Source
from pnp.data.schema import Field, length_range
from pnp.data.tables import Entry, TableSpec

MAX_LINES = 10
MAX_LINE = 90  # characters in one line


HEADING = "# "
_NUMBERED = re.compile(r"\d+[.)]\s")


def _lines_problem(lines: list) -> str | None:
    """What is wrong with an aid's lines: too few or too many, one too long, a step
    numbered by hand, an unclosed `**` lead, or a heading with no step after it."""
    problem = length_range(2, MAX_LINES, "lines")(lines)
    if problem:
        return problem
    for i, line in enumerate(lines):
        if not 1 <= len(line) <= MAX_LINE:
            return f"line {i + 1} has {len(line)} characters; a line holds 1..{MAX_LINE}"
        if _NUMBERED.match(line):
            return (
                f"line {i + 1} starts with its own number {line.split()[0]!r}; "
                "steps are numbered when printed"
            )
        if said := markup_problem(line):
            return f"line {i + 1}: {said}"
        if line.startswith("**") and not line[2:].split("**", 1)[0].strip():
            return f"line {i + 1} has an empty bold lead (****)"
        heading = line.startswith(HEADING)
        if heading and (i + 1 == len(lines) or lines[i + 1].startswith(HEADING)):
            return f"line {i + 1} is a heading with no step after it"
        if heading and not line[len(HEADING) :].strip():
            return f"line {i + 1} is an empty heading"
    return None


class AidStep(NamedTuple):
    """One step of a turn: its bold `lead` ("Draw") and the `text` after it ("two
    cards."; may be empty; markup, or encoded markup: pnp.data.markup.encoded)."""

    lead: str
    text: str


class AidPhase(NamedTuple):
    """A phase of a turn: its `heading` ("" for the steps before any heading), its
    `steps` in order, numbered from `first` (above 1 when a phase continues on a second
    aid card)."""

    heading: str
    steps: tuple[AidStep, ...]
    first: int = 1


def aid_step(line: str) -> AidStep:
    """The step a checked line says: `**lead** text`, `Lead: text` (a colon within its
    first four words) or the first word as the lead."""
    line = line.strip()
    bold = lead_and_rest(line)
    if bold is not None:
        return AidStep(*bold)
    head, colon, _ = line.partition(":")
    if colon and len(head.split()) <= 4:
        return AidStep(head.strip() + ":", line[len(head) + 1 :].strip())
    first, _, text = line.partition(" ")
    return AidStep(first, text.strip())


def aid_phases(lines: Sequence[str]) -> tuple[AidPhase, ...]:
    """The phases of an aid's checked lines, in order: a heading line starts a phase,
    every other line is a step of the phase above it."""
    phases: list[AidPhase] = []
    heading, steps = "", list[AidStep]()
    for line in lines:
        if line.startswith(HEADING):
            if steps:
                phases.append(AidPhase(heading, tuple(steps)))
            heading, steps = line[len(HEADING) :].strip(), []
        else:
            steps.append(aid_step(line))
    if steps:
        phases.append(AidPhase(heading, tuple(steps)))
    return tuple(phases)


AID_FIELDS = (
    Field("id", "id", 'a kebab-case id such as "aid-turn"'),
    Field("name", "str", "the aid's title, 1..28 characters", check=length_range(1, 28)),
    Field(
        "lines",
        "list",
        f"the turn in order, 2..{MAX_LINES} lines of 1..{MAX_LINE} characters: steps "
        '("**Lead** text") and phase headings ("# Heading")',
        check=_lines_problem,
    ),
    ART_FIELD,
)
AID_SPEC = TableSpec("aid", "aids.toml", AID_FIELDS, kind="Player aid")


@dataclass(frozen=True)
class AidCard:
    """A player-aid card: `name` (its title), `lines` (the turn, in order, as written),
    `count`, the copies printed (one per player at the largest table), and `phases`, the
    steps it prints (`aid_phases` of its lines; a part of them on an aid split over two
    cards, pnp.layout.aid_text)."""

    id: str
    name: str
    lines: tuple[str, ...]
    count: int
    source: Source
    art: ArtSpec | None = None  # the card's picture (pnp.data.art), if any
    phases: tuple[AidPhase, ...] = ()
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
            aid_phases(e.values["lines"]),
        )
        for e in entries
        if e.spec.table == "aid" and e.complete
    )
