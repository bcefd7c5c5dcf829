"""Not a Hack card data: the black hack pile and the white component pile.

Black: hack cards (a prompt with a "____" blank per white card it needs, and how many
orange components and pink modifiers fill it), negative action cards (points lost) and
Banned cards. White: orange component cards, pink modifier cards, New Account cards,
positive action cards (points gained) and Steal cards.
Source: shared/rules/not-a-hack.txt. Files: game.toml, black.toml, white.toml.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.data.game_file import read_game_file
from pnp.data.models import GameInfo, Source
from pnp.data.schema import Field, check_table, int_range, length_range
from pnp.data.toml_source import read_toml
from pnp.errors import DataError, Problem

BLANK = "____"
PILES = {"black": ("hack", "negative", "banned"),
         "white": ("component", "modifier", "new_account", "positive", "steal")}
LABELS = {"hack": "Hack", "negative": "Negative action", "banned": "Banned",
          "component": "Component", "modifier": "Modifier", "new_account": "New Account",
          "positive": "Positive action", "steal": "Steal"}


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

    @property
    def blanks(self) -> int:
        return self.text.count(BLANK)


@dataclass(frozen=True)
class NotAHackData:
    """The validated database: settings and every card, black pile first."""

    info: GameInfo
    cards: tuple[NahCard, ...]

    def pile(self, pile: str) -> list[NahCard]:
        """Every printed copy of one pile, in file order."""
        return [c for c in self.cards if c.pile == pile for _ in range(c.count)]

    def count_by_kind(self) -> dict[str, int]:
        out = {LABELS[k]: 0 for pile in PILES.values() for k in pile}
        for c in self.cards:
            out[LABELS[c.kind]] += c.count
        return out


def _fields(kind: str) -> list[Field]:
    common = [Field("id", "id", "a kebab-case id"),
              Field("count", "int", "copies printed, 1..12", check=int_range(1, 12)),
              Field("text", "str", "the printed text, up to 110 characters",
                    check=length_range(1, 110))]
    named = [Field("name", "str", "the card's title, up to 24 characters",
                   check=length_range(1, 24))]
    if kind == "hack":
        return common + [Field("components", "int", "orange components needed, 0..3",
                               check=int_range(0, 3)),
                         Field("modifiers", "int", "pink modifiers needed, 0..3",
                               check=int_range(0, 3))]
    if kind == "negative":
        return common + named + [Field("points", "int", "points lost, -9..-1",
                                       check=int_range(-9, -1))]
    if kind == "positive":
        return common + named + [Field("points", "int", "points gained, 1..9",
                                       check=int_range(1, 9))]
    if kind in ("banned", "new_account", "steal"):
        return common + named
    return common


def _read_pile(tf, pile: str, problems: list[Problem]) -> list[NahCard]:
    cards = []
    allowed = PILES[pile]
    for key in sorted(set(tf.data) - set(allowed)):
        problems.append(Problem(tf.path, f"unknown table [[{key}]]; this file holds "
                                f"[[{']], [['.join(allowed)}]]", field=key,
                                line=tf.lines.array_item(key, 0).line))
    for kind in allowed:
        for i, raw in enumerate(tf.data.get(kind, [])):
            where = tf.lines.array_item(kind, i)
            card_id = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
            values, p = check_table(raw, _fields(kind), where, tf.path, card_id=card_id)
            problems += p
            if p:
                continue
            card = NahCard(values["id"], kind, pile, values["count"], values["text"],
                           values.get("name", ""), values.get("points", 0),
                           values.get("components", 0), values.get("modifiers", 0),
                           Source(tf.path, where.line, tuple(where.keys.items())))
            if kind == "hack":
                need = card.components + card.modifiers
                if not 1 <= need <= 3 or card.blanks != need:
                    problems.append(Problem(tf.path, f"{card.blanks} blank(s) \"{BLANK}\" in the "
                                            f"text but components + modifiers = {need}; they "
                                            "must match, 1..3", line=where.of("text"),
                                            card_id=card.id, field="text"))
            cards.append(card)
    return cards


def load_not_a_hack(folder: Path) -> NotAHackData:
    """Load and check game.toml, black.toml and white.toml in `folder`.

    Raises DataError listing every problem: syntax, schema, blanks that do not match
    what a hack needs, duplicate ids, and fewer New Account cards than the most
    players need (2 × players − 1: one each, plus one fewer shuffled in; rules, setup).
    """
    problems: list[Problem] = []
    game = read_toml(folder / "game.toml")
    info = None
    if isinstance(game, Problem):
        problems.append(game)
    else:
        info, _c, _i, p = read_game_file(game, categories_required=False)
        problems += p
    cards: list[NahCard] = []
    for pile in PILES:
        tf = read_toml(folder / f"{pile}.toml")
        if isinstance(tf, Problem):
            problems.append(tf)
            continue
        cards += _read_pile(tf, pile, problems)
    seen: dict[str, NahCard] = {}
    for card in cards:
        if card.id in seen:
            problems.append(Problem(card.source.file, "duplicate id; first defined at "
                                    f"{seen[card.id].source.file}:{seen[card.id].source.line}",
                                    line=card.source.line_of("id"), card_id=card.id, field="id"))
        seen.setdefault(card.id, card)
    if info is not None:
        need = 2 * info.players_max - 1
        have = sum(c.count for c in cards if c.kind == "new_account")
        if have < need:
            problems.append(Problem(folder / "white.toml", f"{have} New Account cards; "
                                    f"{info.players_max} players need {need} (one each, plus "
                                    "one fewer shuffled into the white pile; rules, setup)",
                                    field="new_account"))
        for kind in ("hack", "component", "modifier"):
            if not any(c.kind == kind for c in cards):
                problems.append(Problem(folder, f"no {LABELS[kind]} cards", field=kind))
    if problems:
        raise DataError(problems)
    return NotAHackData(info, tuple(cards))
