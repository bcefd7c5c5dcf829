"""Hack Attack: Defense card loader: `load_hack_attack` reads the game folder by the
tables of pnp.games.hack_attack.cards, builds the card models and adds the checks no one
table can make: references between cards, and copy counts the rules' setup and Attacks
need (shared/rules/hack-attack-defense.txt). The manifest names it as the game's data.
"""

from __future__ import annotations

from pathlib import Path

from pnp.core.errors import DataError, Problem
from pnp.core.shown import listed, quoted
from pnp.data.aid import AID_SPEC, aid_cards
from pnp.data.models import GameInfo
from pnp.data.tables import Entry, Tables, read_game
from pnp.games.hack_attack.cards import (
    LABEL_FIELDS,
    TABLES,
    AttackCard,
    Card,
    DefenseCard,
    HackAttackData,
    RealityCheckCard,
    TechCard,
    UserErrorCard,
)

MODELS = {
    "tech": TechCard,
    "defense": DefenseCard,
    "reality_check": RealityCheckCard,
    "attack": AttackCard,
    "user_error": UserErrorCard,
}
TUPLE_FIELDS = ("defenses", "vulnerable_to", "icons")


def load_hack_attack(folder: Path) -> HackAttackData:
    """Load and check every file in `folder`.

    Raises DataError listing every problem (syntax, schema, unknown references,
    duplicate ids, copy counts the rules' setup cannot be dealt from). References
    are checked on every valid field, even of a card that has other problems.
    """
    files = read_game(folder, TABLES, categories=True, label_fields=LABEL_FIELDS, subtitle=True)
    problems = list(files.problems)
    entries = list(files.tables.entries)
    # A file that could not be read says nothing about the ids it defines or the copies
    # it holds: check against it only when it was read, so one error stays one error.
    attack_ids = (
        None
        if "attack.toml" in files.tables.unreadable
        else {e.id for e in entries if e.spec.table == "attack" and e.id}
    )
    problems += _check_references(entries, set(files.declared) or None, attack_ids)
    if files.info is not None:
        problems += _check_counts(entries, files.info, files.tables)
        if "defense.toml" not in files.tables.unreadable and not problems:
            problems += _check_defenses(entries, files.info)
    if problems:
        raise DataError(problems)
    cards = tuple(_card(e) for e in entries if e.spec.table != AID_SPEC.table)
    assert files.info is not None  # no problems: game.toml was read
    return HackAttackData(
        files.info,
        {c.id: c for c in files.categories},
        cards,
        aid_cards(entries, files.info.players_max),
    )


def _card(entry: Entry) -> Card:
    values = {k: tuple(v) if k in TUPLE_FIELDS else v for k, v in entry.values.items()}
    return MODELS[entry.spec.table](**values, source=entry.source)


def _check_references(
    entries: list[Entry], category_ids: set[str] | None, attack_ids: set[str] | None
) -> list[Problem]:
    """Unknown categories or Attacks referenced, and an Attack listed twice on one Tech.
    None for a set of ids means its file could not be read: references to it are not
    checked."""
    problems = []

    def bad(entry: Entry, field: str, message: str) -> None:
        problems.append(entry.source.at(field).problem(message))

    for e in entries:
        for field in ("defenses", "icons", "category") if category_ids is not None else ():
            values = e.get(field)
            for cat in dict.fromkeys((values,) if isinstance(values, str) else values):
                if category_ids is not None and cat not in category_ids:
                    bad(
                        e,
                        field,
                        f"unknown category {quoted(cat)}; known: " + listed(sorted(category_ids)),
                    )
        attacks = e.get("vulnerable_to")
        for attack in dict.fromkeys(attacks) if attack_ids is not None else ():
            if attack_ids is not None and attack not in attack_ids:
                bad(
                    e,
                    "vulnerable_to",
                    f"unknown Attack {quoted(attack)}; known: "
                    + (listed(sorted(attack_ids)) or "none defined"),
                )
        if len(set(attacks)) != len(attacks):
            bad(e, "vulnerable_to", "an Attack is listed twice")
    return problems


def _check_defenses(entries: list[Entry], info: GameInfo) -> list[Problem]:
    """Every Tech can be Protected and every Attack met with the printed Defense cards
    (rules: "play every Defense card the Tech card asks for"; "More players, more
    matches"): a Tech that names a category k times needs k Defense cards of it (a
    Reality Check is one wild card the whole table shares, so it is not counted on); an
    Attack needs as many of its icons coverable, by Defense cards of their categories
    and Reality Checks, as the table must cover at the most players the kit serves
    (scorekeeper's icons_to_cover). One Problem per card, at its field."""
    from collections import Counter

    from scorekeeper.games.hack_attack.attack import icons_to_cover

    have: Counter = Counter()  # printed Defense cards by category
    for e in entries:
        if e.spec.table == "defense":
            have[e.values["category"]] += e.values["count"]
    wild = sum(e.values["count"] for e in entries if e.spec.table == "reality_check")
    problems = []
    for e in entries:
        if e.spec.table == "tech":
            asks = Counter(e.values["defenses"])
            short = [
                f"{n} {c} (the kit prints {have[c]})"
                for c, n in sorted(asks.items())
                if have[c] < n
            ]
            if short:
                problems.append(
                    e.source.at("defenses").problem(
                        f"needs {', '.join(short)} Defense cards to be Protected (rules: play "
                        "every Defense card the Tech card asks for)"
                    )
                )
        elif e.spec.table == "attack":
            icons = Counter(e.values["icons"])
            by_kind = sum(min(n, have[c]) for c, n in icons.items())
            coverable = min(3, by_kind + wild)
            need = icons_to_cover(info.players_max)
            if coverable < need:
                missing = ", ".join(c for c in sorted(icons) if have[c] < icons[c])
                problems.append(
                    e.source.at("icons").problem(
                        f"can be met on {coverable} of its 3 icons, but at "
                        f"{info.players_max} players the table must cover {need}: too few "
                        f"{missing} Defense cards (rules, “More players, more matches”)"
                    )
                )
    return problems


def _check_counts(entries: list[Entry], info: GameInfo, tables: Tables) -> list[Problem]:
    """Setup must be dealable at the most players (rules, "Setup"): 4 Tech each plus a
    row of 3; 4 Defense each plus a row of 5; at least one Attack and one User Error.
    Kinds whose file could not be read are not counted; each problem names the file its
    table is read from (a TOML or a CSV file)."""
    n = info.players_max
    need = {
        "tech": ("Tech", 4 * n + 3),
        "defense": ("Defense", 4 * n + 5),
        "attack": ("Attack", 1),
        "user_error": ("User Error", 1),
    }
    have = {k: 0 for k in need}
    for e in entries:
        table = "defense" if e.spec.table == "reality_check" else e.spec.table
        if table in have:
            have[table] += e.values.get("count", 0)
    files = {table: tables.file_of(table) for table in need}
    return [
        Problem(
            info.folder / files[table],
            f"{have[table]} {kind} cards in all; setup at "
            f"{n} players needs at least {most} (rules: “deal 4 Tech cards face-up in front of "
            "each player”, “draw 3 more”, “deal 4 Defense cards”, “draw 5 Defense cards”)",
            field="count",
        )
        for table, (kind, most) in need.items()
        if have[table] < most and files[table] not in tables.unreadable
    ]
