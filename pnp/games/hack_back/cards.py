"""Hack Back card data: Heroes with structured effects, individual and shared deck lists.

Every card can be a Hero: a printed VC, effects when played from hand and effects when
activated. Effects are data ({ kind = "attack", vc = 3 }); the printed wording is made
from them by `Effect.wording`, so the card text and what the score keeper applies are
one thing. Source: shared/rules/hack-back.txt ("Choose one deck format", "Take two
actions", the target rules and "Victory Point"). Files: game.toml, cards.toml, decks.toml;
the tables are data (`TABLES`), read by pnp.data.tables; this module checks effects,
deck lists and deck sizes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.core.errors import DataError, Problem
from pnp.core.shown import described, quoted, signed
from pnp.data.aid import AID_SPEC, AidCard, aid_cards
from pnp.data.art import ART_FIELD, ArtSpec
from pnp.data.models import GameInfo, Source
from pnp.data.schema import Field, check_table, int_range, length_range
from pnp.data.tables import Entry, TableSpec, read_game
from pnp.data.toml_source import TableLines

#: Deck sizes the rules allow (rules, "Choose one deck format").
INDIVIDUAL_DECK = (20, 40)
SHARED_DECK = (35, 70)
MIN_INDIVIDUAL_DECKS = 4
HAND = 5  # cards each player draws at setup (rules, Setup step 2)
EMBLEMS = ("skull", "shield", "eye", "key", "bug", "cloud")

#: Effect kinds: (amount key or None, amount range, where allowed). An Attack's amount
#: may be negative (the Hero loses VC); every other amount is positive.
EFFECTS = {
    "attack": ("vc", (-9, 9), ("play", "activate")),
    "defend": ("vc", (1, 9), ("play", "activate")),
    "defend_ally": ("vc", (1, 9), ("play", "activate")),
    "draw": ("cards", (1, 3), ("play", "activate")),
    "victory_point": (None, None, ("activate",)),
}
KEYWORDS = {
    "attack": "Attack",
    "defend": "Defend",
    "defend_ally": "Defend Ally",
    "draw": "Draw",
    "victory_point": "Victory Point",
}
#: The kinds that take targets, and so may name `target = "every"`.
TARGETED = ("attack", "defend", "defend_ally")
#: Who an instruction may reach, by kind and scope, on an activation and on a played card
#: (rules, "Attack", "Defend", "Defend Ally" and "When a card played from hand uses
#: Defend Ally").
_REACH = {
    ("attack", False): ("any Hero", "any Hero"),
    ("attack", True): ("every Hero", "every Hero"),
    ("defend", False): ("a friendly Hero", "a friendly Hero"),
    ("defend", True): ("every friendly Hero", "every friendly Hero"),
    ("defend_ally", False): ("another friendly Hero", "a friendly Hero"),
    ("defend_ally", True): ("every other friendly Hero", "every friendly Hero"),
}


@dataclass(frozen=True)
class Effect:
    """One instruction: `kind` (a key of EFFECTS), its `amount` (VC or cards; 0 for a
    Victory Point; negative only for an Attack, which then lowers VC) and `every`: the
    instruction reaches every Hero it may target, not one chosen Hero (data:
    `target = "every"`)."""

    kind: str
    amount: int = 0
    every: bool = False

    def wording(self, section: str = "activate") -> str:
        """The printed text, e.g. "Attack 3: any Hero gains 3 VC." or "Attack −3: every
        Hero loses 3 VC." (a no-break space keeps the number with "VC"). Defend Ally on a
        played card reads "a friendly Hero": a played card is not a Hero, so any friendly
        Hero may be its target (rules)."""
        n, word = self.amount, KEYWORDS[self.kind]
        if self.kind == "victory_point":
            return f"{word}: you may place a card from your hand as an additional Hero."
        if self.kind == "draw":
            return f"{word} {n}: take {n} card{'s' if n != 1 else ''} into your hand."
        reach = _REACH[self.kind, self.every][section == "play"]
        change = "loses" if self.kind != "attack" or n < 0 else "gains"
        return f"{word} {signed(n)}: {reach} {change} {abs(n)}\u00a0VC."

    def to_json(self) -> dict:
        """{"kind", "amount"}, and "every": true for an instruction that reaches every
        Hero it may target."""
        return {"kind": self.kind, "amount": self.amount, **({"every": True} if self.every else {})}


@dataclass(frozen=True)
class HeroCard:
    """A Hack Back card: printed `vc`, `play` and `activate` effects, a line of flavour."""

    id: str
    name: str
    vc: int
    play: tuple[Effect, ...]
    activate: tuple[Effect, ...]
    flavor: str
    source: Source
    art: ArtSpec | None = None  # the card's picture (pnp.data.art), if any
    kind = "Hero"


@dataclass(frozen=True)
class Deck:
    """A deck list: id, printed name, back colour and emblem, and (card id, copies) pairs.
    `shared` marks the one shared deck."""

    id: str
    name: str
    colour: str
    emblem: str
    cards: tuple[tuple[str, int], ...]
    shared: bool
    source: Source
    art: ArtSpec | None = None  # the deck's back's picture (pnp.data.art), if any

    @property
    def size(self) -> int:
        return sum(n for _, n in self.cards)


@dataclass(frozen=True)
class HackBackData:
    """The validated database: settings, cards by id, individual decks and the shared deck."""

    info: GameInfo
    cards: dict[str, HeroCard]
    decks: tuple[Deck, ...]
    shared: Deck
    aids: tuple[AidCard, ...] = ()

    def copies(self, deck: Deck) -> list[HeroCard]:
        """Every printed copy of `deck`, in list order."""
        return [self.cards[cid] for cid, n in deck.cards for _ in range(n)]


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


def _deck(entry: Entry, known: set[str] | None, problems: list[Problem]) -> Deck:
    """A deck from its checked table: its card list checked against `known` card ids
    (None: cards.toml could not be read) and its size against the rules."""
    values, source = entry.values, entry.source
    shared = entry.spec.single
    deck_id = "shared" if shared else values["id"]
    where = TableLines(source.line_of("cards"))
    cards: list[tuple[str, int]] = []  # (card id, copies)
    for j, item in enumerate(values["cards"]):
        e, q = check_table(item, ENTRY_FIELDS, where, source.file, subject=source.subject)
        problems += [
            Problem(x.file, x.message, x.line, x.column, None, f"cards[{j}].{x.field}", x.subject)
            for x in q
        ]
        if q:
            continue
        if known is not None and e["card"] not in known:
            problems.append(source.at(f"cards[{j}]").problem(f"unknown card {quoted(e['card'])}"))
        if any(card == e["card"] for card, _ in cards):
            problems.append(
                source.at(f"cards[{j}]").problem(
                    f"{quoted(e['card'])} is listed twice; give it one entry with its count"
                )
            )
        cards.append((e["card"], e["count"]))
    deck = Deck(
        deck_id,
        values["name"],
        values["colour"],
        values["emblem"],
        tuple(cards),
        shared,
        source,
        values.get("art"),
    )
    low, high = SHARED_DECK if shared else INDIVIDUAL_DECK
    if not low <= deck.size <= high:
        kind = "a shared deck" if shared else "an individual deck"
        problems.append(
            source.at("cards").problem(
                f"{deck.size} cards; {kind} holds {low}–{high} (rules, “Choose one deck format”)"
            )
        )
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
