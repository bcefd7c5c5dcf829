"""Loading Hack Back's card data: the table specs of game.toml, cards.toml and decks.toml
(`TABLES`, `LABEL_FIELDS`; data, read by pnp.data.tables) and what this game checks
beyond them: each effect's kind, keys and amount, deck lists against the cards, deck
sizes against the rules ("Choose one deck format"), backs that tell decks apart and
enough cards for the players game.toml allows. `load_hack_back` is the manifest's card
data loader; the models it builds are `pnp.games.hack_back.cards`.
"""

from __future__ import annotations

from pathlib import Path

from pnp.core.errors import DataError, Problem
from pnp.core.shown import described, quoted
from pnp.data.aid import AID_SPEC, aid_cards
from pnp.data.art import ART_FIELD
from pnp.data.schema import Field, check_table, int_range, length_range
from pnp.data.tables import Entry, TableSpec, read_game
from pnp.data.toml_source import TableLines
from pnp.games.hack_back.cards import (
    EFFECTS,
    EMBLEMS,
    HAND,
    INDIVIDUAL_DECK,
    KEYWORDS,
    MIN_INDIVIDUAL_DECKS,
    SHARED_DECK,
    TARGETED,
    TWO,
    Deck,
    Effect,
    HackBackData,
    HeroCard,
)

MAX_EFFECTS = 2  # per section: the face has two effect lines for each

CARD_FIELDS = (
    Field("id", "id", 'a kebab-case id such as "script-kiddie"'),
    Field("name", "str", "the printed name, 1..24 characters", check=length_range(1, 24)),
    Field("vc", "int", "the printed VC, 0..39", check=int_range(0, 39)),
    Field(
        "play",
        "tables",
        "an array of 0..2 effect tables",
        required=False,
        check=length_range(0, MAX_EFFECTS, "effects"),
    ),
    Field(
        "activate",
        "tables",
        "an array of 0..2 effect tables",
        required=False,
        check=length_range(0, MAX_EFFECTS, "effects"),
    ),
    ART_FIELD,
    Field("flavor", "str", "one line, 1..70 characters", required=False, check=length_range(1, 70)),
)
_DECK = (
    Field("name", "str", "the printed deck name, 1..20 characters", check=length_range(1, 20)),
    Field("colour", "colour", 'a colour like "#D55E00"'),
    Field(
        "emblem",
        "id",
        f"one of {', '.join(EMBLEMS)}",
        check=lambda v: (
            None if v in EMBLEMS else f"expected one of {', '.join(EMBLEMS)}, got {quoted(v)}"
        ),
    ),
    Field("cards", "tables", 'an array of { card = "ID", count = N } tables'),
    ART_FIELD,
    Field(
        "aside_at_two",
        "tables",
        'an array of { card = "ID", count = N } tables: cards of this deck set aside '
        "at two players",
        required=False,
    ),
)
ENTRY_FIELDS = [
    Field("card", "id", "a card id"),
    Field("count", "int", "copies, 1..9", check=int_range(1, 9)),
]
#: The fixed words printed on the faces ([labels] in game.toml).
LABEL_FIELDS = (
    Field("hero", "str", "the kind label of a card, 1..16 characters", check=length_range(1, 16)),
    Field(
        "play",
        "str",
        "the heading of the Play section, 1..24 characters",
        check=length_range(1, 24),
    ),
    Field(
        "activate",
        "str",
        "the heading of the Activate section, 1..24 characters",
        check=length_range(1, 24),
    ),
    Field(
        "no_effect",
        "str",
        "what an empty section says, 1..20 characters",
        check=length_range(1, 20),
    ),
    Field("vc", "str", "the word in the VC badge, 1..4 characters", check=length_range(1, 4)),
)
TABLES = (
    TableSpec("card", "cards.toml", CARD_FIELDS, kind="Hero"),
    TableSpec(
        "deck",
        "decks.toml",
        (Field("id", "id", "a kebab-case deck id"), *_DECK),
        kind="deck",
        subject="deck",
        ids="decks",
    ),
    TableSpec("shared", "decks.toml", _DECK, kind="deck", single=True, ids="decks"),
    AID_SPEC,
)


def _effects(raw: list, origin_of, section: str, problems: list[Problem]) -> tuple[Effect, ...]:
    """Effect tables of one section, checked: kind, where it is allowed, its keys and
    its amount. `origin_of(field)` gives the Origin that problems are reported at."""
    out = []
    for i, item in enumerate(raw):
        bad = lambda msg, i=i: problems.append(  # noqa: E731
            origin_of(f"{section}[{i}]").problem(msg)
        )
        kind = item.get("kind")
        if kind is None:
            bad(f"no kind; expected kind = one of {', '.join(EFFECTS)}")
            continue
        if not isinstance(kind, str) or kind not in EFFECTS:
            bad(f"unknown effect kind {described(kind)}; known: {', '.join(EFFECTS)}")
            continue
        key, bounds, allowed = EFFECTS[kind]
        if section not in allowed:
            bad(f"{KEYWORDS[kind]} only works when a Hero is activated")
            continue
        known = {"kind"} | ({key} if key else set()) | ({"target"} if kind in TARGETED else set())
        extra = set(item) - known
        if extra:
            bad(
                f"unknown {'key' if len(extra) == 1 else 'keys'} {', '.join(sorted(extra))} for {kind}"
                + (f"; expected {' and '.join(sorted(known - {'kind'}))}" if key else "")
            )
            continue
        amount = item.get(key, 0) if key else 0
        if (
            key
            and bounds is not None
            and not (  # a kind with a key has its range
                isinstance(amount, int)
                and not isinstance(amount, bool)
                and bounds[0] <= amount <= bounds[1]
                and amount != 0
            )
        ):
            shown = (
                f"{bounds[0]}..-1 or 1..{bounds[1]}"
                if bounds[0] < 0
                else f"{bounds[0]}..{bounds[1]}"
            )
            bad(f"{kind} needs {key} = {shown}, got {described(amount)}")
            continue
        target = item.get("target", "one")
        if target not in ("one", "every"):
            bad(
                f'target is "one" (the player chooses a Hero, the default) or "every" '
                f"(every Hero the instruction may target), got {described(target)}"
            )
            continue
        out.append(Effect(kind, amount, target == "every"))
    return tuple(out)


def _hero(entry: Entry, problems: list[Problem]) -> HeroCard:
    values, at = entry.values, entry.source.at
    play = _effects(values.get("play", []), at, "play", problems)
    activate = _effects(values.get("activate", []), at, "activate", problems)
    if not values.get("play") and not values.get("activate"):
        problems.append(
            Problem(
                entry.source.file,
                "a card needs at least one effect (play or activate)",
                line=entry.source.line,
                subject=entry.source.subject,
            )
        )
    return HeroCard(
        values["id"],
        values["name"],
        values["vc"],
        play,
        activate,
        values.get("flavor", ""),
        entry.source,
        values.get("art"),
    )


def _entries(
    entry: Entry, key: str, known: set[str] | None, problems: list[Problem]
) -> list[tuple[str, int]]:
    """The checked { card, count } tables of `key` ("cards" or "aside_at_two"): each
    card known (`known`; None: cards.toml could not be read) and listed once."""
    source = entry.source
    where = TableLines(source.line_of(key))
    out: list[tuple[str, int]] = []  # (card id, copies)
    for j, item in enumerate(entry.values.get(key, [])):
        e, q = check_table(item, ENTRY_FIELDS, where, source.file, subject=source.subject)
        problems += [
            Problem(x.file, x.message, x.line, x.column, None, f"{key}[{j}].{x.field}", x.subject)
            for x in q
        ]
        if q:
            continue
        if known is not None and e["card"] not in known:
            problems.append(source.at(f"{key}[{j}]").problem(f"unknown card {quoted(e['card'])}"))
        if any(card == e["card"] for card, _ in out):
            problems.append(
                source.at(f"{key}[{j}]").problem(
                    f"{quoted(e['card'])} is listed twice; give it one entry with its count"
                )
            )
        out.append((e["card"], e["count"]))
    return out


def _check_aside(deck: Deck, problems: list[Problem]) -> None:
    """The cards a deck sets aside at two players are its own, at most as many copies
    as it holds, and leave a deck the rules allow (“Choose one deck format”)."""
    held = dict(deck.cards)
    for j, (card, n) in enumerate(deck.aside_at_two):
        if n > held.get(card, 0):
            problems.append(
                deck.source.at(f"aside_at_two[{j}]").problem(
                    f"sets aside {n} of {quoted(card)}, but the deck holds "
                    f"{held.get(card, 0)}; a deck sets aside only its own cards"
                )
            )
    low, high = SHARED_DECK if deck.shared else INDIVIDUAL_DECK
    left = sum(n for _, n in deck.played(TWO))
    if deck.aside_at_two and not low <= left <= high:
        kind = "a shared deck" if deck.shared else "an individual deck"
        problems.append(
            deck.source.at("aside_at_two").problem(
                f"leaves {left} cards at two players; {kind} holds {low}–{high} "
                "(rules, “Choose one deck format”)"
            )
        )


def _deck(entry: Entry, known: set[str] | None, problems: list[Problem]) -> Deck:
    """A deck from its checked table: its card list checked against `known` card ids
    (None: cards.toml could not be read) and its size against the rules, and the cards
    it sets aside at two players against its list."""
    values, source = entry.values, entry.source
    shared = entry.spec.single
    deck_id = "shared" if shared else values["id"]
    deck = Deck(
        deck_id,
        values["name"],
        values["colour"],
        values["emblem"],
        tuple(_entries(entry, "cards", known, problems)),
        shared,
        source,
        values.get("art"),
        tuple(_entries(entry, "aside_at_two", known, problems)),
    )
    low, high = SHARED_DECK if shared else INDIVIDUAL_DECK
    if not low <= deck.size <= high:
        kind = "a shared deck" if shared else "an individual deck"
        problems.append(
            source.at("cards").problem(
                f"{deck.size} cards; {kind} holds {low}–{high} (rules, “Choose one deck format”)"
            )
        )
    _check_aside(deck, problems)
    return deck


def _check_decks(
    decks: list[Deck], shared: Deck | None, n_tables: int, file, problems: list[Problem]
) -> None:
    """The kit needs a shared deck and four individual decks whose backs differ."""
    if shared is None:
        problems.append(Problem(file, "missing the [shared] deck table", field="shared"))
    if n_tables < MIN_INDIVIDUAL_DECKS:
        problems.append(
            Problem(
                file,
                f"{n_tables} individual decks; the kit needs at least {MIN_INDIVIDUAL_DECKS}",
                field="deck",
            )
        )
    for attr in ("colour", "emblem"):
        seen: dict[str, str] = {}
        for d in decks:
            value = getattr(d, attr)
            if value in seen:
                problems.append(
                    d.source.at(attr).problem(
                        f"decks {quoted(seen[value])} and {quoted(d.id)} share the {attr} {quoted(value)}; backs "
                        "must tell decks apart"
                    )
                )
            seen.setdefault(value, d.id)


def load_hack_back(folder: Path) -> HackBackData:
    """Load and check game.toml, cards.toml and decks.toml in `folder`.

    Raises DataError listing every problem (syntax, schema, effect kinds and amounts,
    unknown cards in deck lists, deck sizes outside the rules' ranges, fewer than four
    individual decks, decks whose backs cannot be told apart).
    """
    files = read_game(folder, TABLES, label_fields=LABEL_FIELDS)
    problems = list(files.problems)
    tables = files.tables
    cards = {hero.id: hero for hero in (_hero(e, problems) for e in tables.of("card"))}
    known = (
        None
        if "cards.toml" in tables.unreadable
        else {e.id for e in tables.of("card", complete=False) if e.id}
    )
    decks = [_deck(e, known, problems) for e in tables.of("deck")]
    shared = [_deck(e, known, problems) for e in tables.of("shared")]
    if "decks.toml" not in tables.unreadable:
        _check_decks(
            decks,
            shared[0] if shared else None,
            len(tables.of("deck", complete=False)),
            folder / "decks.toml",
            problems,
        )
    if files.info is not None and shared and not problems:
        serves = max(len(decks), shared[0].size // HAND)
        if files.info.players_max > serves:
            problems.append(
                Problem(
                    folder / "game.toml",
                    f"players.max is "
                    f"{files.info.players_max}, but the decks serve at most "
                    f"{serves} players ({len(decks)} individual decks; the "
                    f"shared deck deals {shared[0].size // HAND} {HAND}-card "
                    "hands)",
                    field="players",
                )
            )
    if problems:
        raise DataError(problems)
    assert files.info is not None  # no problems: game.toml was read
    return HackBackData(
        files.info,
        cards,
        tuple(decks),
        shared[0],
        aid_cards(tables.entries, files.info.players_max),
    )
