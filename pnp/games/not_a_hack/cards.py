"""Not a Hack card data: the black hack pile and the white component pile.

Black: hack cards (a prompt with a "____" blank per white card it needs, and how many
orange components and pink modifiers fill it), negative action cards (points lost) and
Banned cards. White: orange component cards, pink modifier cards, New Account cards,
positive action cards (points gained) and Steal cards.
Source: shared/rules/not-a-hack.txt. Files: game.toml, black.toml, white.toml; the
tables are data (`TABLES`), read by pnp.data.tables; this module checks the blanks of
each hack and the copies the rules need.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.core.errors import DataError, Problem
from pnp.core.shown import plural
from pnp.data.aid import AID_SPEC, AidCard, aid_cards
from pnp.data.art import ART_FIELD, ArtSpec
from pnp.data.models import GameInfo, Source
from pnp.data.schema import Field, int_range, length_range
from pnp.data.tables import Entry, Tables, TableSpec, read_game

BLANK = "____"
PILES = {
    "black": ("hack", "negative", "banned"),
    "white": ("component", "modifier", "new_account", "positive", "steal"),
}
LABELS = {
    "hack": "Hack",
    "negative": "Negative action",
    "banned": "Banned",
    "component": "Component",
    "modifier": "Modifier",
    "new_account": "New Account",
    "positive": "Positive action",
    "steal": "Steal",
}


@dataclass(frozen=True)
class NahCard:
    """One Not a Hack card: its `kind` (a key of LABELS), `pile` ("black" or "white"),
    copies, printed `text` (and `name` for action cards), `points` (negative for a
    negative action, positive for a positive one, else 0) and, for hacks, how many
    orange `components` and pink `modifiers` complete it."""

    id: str
    kind: str
    pile: str
    count: int
    text: str
    name: str
    points: int
    components: int
    modifiers: int
    source: Source
    art: ArtSpec | None = None  # the card's picture (pnp.data.art), if any

    @property
    def blanks(self) -> int:
        return self.text.count(BLANK)


@dataclass(frozen=True)
class NotAHackData:
    """The validated database: settings and every card, black pile first."""

    info: GameInfo
    cards: tuple[NahCard, ...]
    aids: tuple[AidCard, ...] = ()

    def pile(self, pile: str) -> list[NahCard]:
        """Every printed copy of one pile, in file order."""
        return [c for c in self.cards if c.pile == pile for _ in range(c.count)]

    def count_by_kind(self) -> dict[str, int]:
        out = {LABELS[k]: 0 for pile in PILES.values() for k in pile}
        for c in self.cards:
            out[LABELS[c.kind]] += c.count
        return out


def _fields(kind: str) -> tuple[Field, ...]:
    common = (
        Field("id", "id", 'a kebab-case id such as "hack-breach"'),
        Field("count", "int", "copies printed, 1..12", check=int_range(1, 12)),
        Field("text", "str", "the printed text, 1..110 characters", check=length_range(1, 110)),
    )
    named = (Field("name", "str", "the card's title, 1..24 characters", check=length_range(1, 24)),)
    extra = {
        "hack": (
            Field("components", "int", "orange components needed, 0..3", check=int_range(0, 3)),
            Field("modifiers", "int", "pink modifiers needed, 0..3", check=int_range(0, 3)),
        ),
        "negative": named
        + (Field("points", "int", "points lost, -9..-1", check=int_range(-9, -1)),),
        "positive": named + (Field("points", "int", "points gained, 1..9", check=int_range(1, 9)),),
        "banned": named,
        "new_account": named,
        "steal": named,
    }
    return common + extra.get(kind, ()) + (ART_FIELD,)


def _label(key: str, what: str, most: int) -> Field:
    return Field(key, "str", f"{what}, 1..{most} characters", check=length_range(1, most))


#: The fixed words printed on the faces and backs ([labels] in game.toml).
LABEL_FIELDS = (
    *(
        _label(kind, f"the kind label of a {LABELS[kind]} card", 16)
        for kind in ("hack", "banned", "component", "modifier", "new_account", "steal")
    ),
    _label("action", "the kind label of an action card", 16),
    _label("complete_with", "the heading over what completes a hack", 24),
    _label("black_pile", "the black pile's name on its back", 20),
    _label("white_pile", "the white pile's name on its back", 20),
)
TABLES = (
    *(
        TableSpec(kind, f"{pile}.toml", _fields(kind), kind=LABELS[kind])
        for pile, kinds in PILES.items()
        for kind in kinds
    ),
    AID_SPEC,
)


def _card(entry: Entry, problems: list[Problem]) -> NahCard:
    v, kind = entry.values, entry.spec.table
    pile = entry.spec.file.removesuffix(".toml")
    card = NahCard(
        v["id"],
        kind,
        pile,
        v["count"],
        v["text"],
        v.get("name", ""),
        v.get("points", 0),
        v.get("components", 0),
        v.get("modifiers", 0),
        entry.source,
        v.get("art"),
    )
    if kind == "hack":
        need = card.components + card.modifiers
        if not 1 <= need <= 3 or card.blanks != need:
            problems.append(
                entry.source.at("text").problem(
                    f'{plural(card.blanks, "blank")} "{BLANK}" in the text but components + modifiers = '
                    f"{need}; they must match, 1..3"
                )
            )
    return card


DEAL = 10  # “Each player draws ten cards from the white component card pile”


def _check_counts(
    cards: list[NahCard], info: GameInfo, folder: Path, tables: Tables
) -> list[Problem]:
    """Enough New Account cards for the most players (2 × players − 1: one each, plus one
    fewer shuffled in; rules, setup), at least one card of each kind a hack needs, and a
    white pile that deals ten cards to each of the most players (rules, setup); each named
    at the file its table is read from (`tables.file_of`: white.toml, or a CSV file)."""
    problems = []
    need = 2 * info.players_max - 1
    have = sum(c.count for c in cards if c.kind == "new_account")
    if have < need:
        problems.append(
            Problem(
                folder / tables.file_of("new_account"),
                f"{have} New Account cards; "
                f"{info.players_max} players need {need} (one each, plus "
                "one fewer shuffled into the white pile; rules, “Complete Rules”)",
                field="new_account",
            )
        )
    for kind in ("hack", "component", "modifier"):
        if not any(c.kind == kind for c in cards):
            problems.append(Problem(folder, f"no {LABELS[kind]} cards", field=kind))
    players = info.players_max
    pile = (
        sum(c.count for c in cards if c.pile == "white" and c.kind != "new_account")
        + min(have, need)
        - players
    )
    if pile < DEAL * players:
        problems.append(
            Problem(
                folder / tables.file_of(PILES["white"][0]),
                f"the white pile holds {pile} cards "
                f"at {players} players (every white card but the New "
                f"Account cards dealt one each); dealing ten to each needs "
                f"{DEAL * players} (rules, “Each player draws ten cards”)",
                field="count",
            )
        )
    return problems


def load_not_a_hack(folder: Path) -> NotAHackData:
    """Load and check game.toml, black.toml and white.toml in `folder`.

    Raises DataError listing every problem: syntax, schema, blanks that do not match
    what a hack needs, duplicate ids, and fewer New Account cards than the most
    players need (2 × players − 1: one each, plus one fewer shuffled in; rules, setup).
    """
    files = read_game(folder, TABLES, label_fields=LABEL_FIELDS, back_ids=tuple(PILES))
    problems = list(files.problems)
    cards = [
        _card(e, problems)
        for e in files.tables.entries
        if e.complete and e.spec.table != AID_SPEC.table
    ]
    if files.info is not None and not files.tables.unreadable:
        problems += _check_counts(cards, files.info, folder, files.tables)
    if problems:
        raise DataError(problems)
    assert files.info is not None  # no problems: game.toml was read
    return NotAHackData(
        files.info, tuple(cards), aid_cards(files.tables.entries, files.info.players_max)
    )
