"""Hack Back card data: Heroes with structured effects, individual and shared deck lists.

Every card can be a Hero: a printed VC, effects when played from hand and effects when
activated. Effects are data ({ kind = "attack", vc = 3 }); the printed wording is made
from them by `Effect.wording`, so the card text and what the score keeper applies are
one thing. Source: shared/rules/hack-back.txt ("Choose one deck format", "Take two
actions", the target rules and "Victory Point"). Files: game.toml, cards.toml, decks.toml.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.data.game_file import read_game_file
from pnp.data.models import GameInfo, Source
from pnp.data.schema import Field, check_table, int_range, length_range
from pnp.data.toml_source import TableLines, read_toml
from pnp.errors import DataError, Problem

#: Deck sizes the rules allow (rules, "Choose one deck format").
INDIVIDUAL_DECK = (20, 40)
SHARED_DECK = (35, 70)
MIN_INDIVIDUAL_DECKS = 4
EMBLEMS = ("skull", "shield", "eye", "key", "bug", "cloud")

#: Effect kinds: (amount key or None, amount range, printed form, where allowed).
EFFECTS = {
    "attack": ("vc", (1, 9), "Attack {n}: any Hero gains {n}\u00a0VC.", ("play", "activate")),
    "defend": ("vc", (1, 9), "Defend {n}: a friendly Hero loses {n}\u00a0VC.", ("play", "activate")),
    "defend_ally": ("vc", (1, 9), "Defend Ally {n}: another friendly Hero loses {n}\u00a0VC.",
                    ("play", "activate")),
    "draw": ("cards", (1, 3), "Draw {n}: take {n} card{s} into your hand.", ("play", "activate")),
    "victory_point": (None, None, "Victory Point: you may place a card from your hand as an "
                      "additional Hero.", ("activate",)),
}
KEYWORDS = {"attack": "Attack", "defend": "Defend", "defend_ally": "Defend Ally",
            "draw": "Draw", "victory_point": "Victory Point"}


@dataclass(frozen=True)
class Effect:
    """One instruction: `kind` (a key of EFFECTS) and its `amount` (VC or cards; 0 for a
    Victory Point)."""

    kind: str
    amount: int = 0

    def wording(self, section: str = "activate") -> str:
        """The printed text, e.g. "Attack 3: any Hero gains 3 VC." (a no-break space keeps
        the number with "VC"). Defend Ally on a played card reads "a friendly Hero": a
        played card is not a Hero, so any friendly Hero may be its target (rules)."""
        text = EFFECTS[self.kind][2].format(n=self.amount, s="s" if self.amount != 1 else "")
        if self.kind == "defend_ally" and section == "play":
            text = text.replace("another friendly Hero", "a friendly Hero")
        return text

    def to_json(self) -> dict:
        return {"kind": self.kind, "amount": self.amount}


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

    def copies(self, deck: Deck) -> list[HeroCard]:
        """Every printed copy of `deck`, in list order."""
        return [self.cards[cid] for cid, n in deck.cards for _ in range(n)]


CARD_FIELDS = [
    Field("id", "id", "a kebab-case id such as \"script-kiddie\""),
    Field("name", "str", "the printed name, 1..24 characters", check=length_range(1, 24)),
    Field("vc", "int", "the printed VC, 0..39", check=int_range(0, 39)),
    Field("play", "tables", "an array of effect tables", required=False),
    Field("activate", "tables", "an array of effect tables", required=False),
    Field("flavor", "str", "one line, up to 70 characters", required=False,
          check=length_range(1, 70)),
]
DECK_FIELDS = [
    Field("id", "id", "a kebab-case deck id"),
    Field("name", "str", "the printed deck name, 1..20 characters", check=length_range(1, 20)),
    Field("colour", "colour", "a colour like \"#D55E00\""),
    Field("emblem", "id", f"one of {', '.join(EMBLEMS)}",
          check=lambda v: None if v in EMBLEMS else f"expected one of {', '.join(EMBLEMS)}, got {v!r}"),
    Field("cards", "tables", "an array of { card = \"ID\", count = N } tables"),
]
ENTRY_FIELDS = [
    Field("card", "id", "a card id"),
    Field("count", "int", "copies, 1..9", check=int_range(1, 9)),
]


def _effects(raw: list, where: TableLines, file, card_id: str, section: str,
             problems: list[Problem]) -> tuple[Effect, ...]:
    out = []
    for i, item in enumerate(raw):
        field = f"{section}[{i}]"
        bad = lambda msg: problems.append(Problem(  # noqa: E731
            file, msg, line=where.of(section), card_id=card_id, field=field))
        kind = item.get("kind")
        if kind not in EFFECTS:
            bad(f"unknown effect kind {kind!r}; known: {', '.join(EFFECTS)}")
            continue
        key, bounds, _text, allowed = EFFECTS[kind]
        if section not in allowed:
            bad(f"{KEYWORDS[kind]} only works when a Hero is activated")
            continue
        extra = set(item) - {"kind"} - ({key} if key else set())
        if extra:
            bad(f"unknown key(s) {', '.join(sorted(extra))} for {kind}"
                + (f"; expected {key}" if key else ""))
            continue
        amount = item.get(key, 0) if key else 0
        if key and not (isinstance(amount, int) and not isinstance(amount, bool)
                        and bounds[0] <= amount <= bounds[1]):
            bad(f"{kind} needs {key} = {bounds[0]}..{bounds[1]}, got {amount!r}")
            continue
        out.append(Effect(kind, amount))
    return tuple(out)


def _read_cards(tf, problems: list[Problem]) -> dict[str, HeroCard]:
    cards: dict[str, HeroCard] = {}
    for i, raw in enumerate(tf.data.get("card", [])):
        where = tf.lines.array_item("card", i)
        card_id = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
        values, p = check_table(raw, CARD_FIELDS, where, tf.path, card_id=card_id)
        problems += p
        if p:
            continue
        play = _effects(values.get("play", []), where, tf.path, card_id, "play", problems)
        activate = _effects(values.get("activate", []), where, tf.path, card_id, "activate",
                            problems)
        if not play and not activate and not values.get("play") and not values.get("activate"):
            problems.append(Problem(tf.path, "a card needs at least one effect (play or "
                                    "activate)", line=where.line, card_id=card_id))
        if card_id in cards:
            problems.append(Problem(tf.path, "duplicate id", line=where.of("id"),
                                    card_id=card_id, field="id"))
        cards[card_id] = HeroCard(card_id, values["name"], values["vc"], play, activate,
                                  values.get("flavor", ""),
                                  Source(tf.path, where.line, tuple(where.keys.items())))
    return cards


def _read_deck(raw, where: TableLines, file, shared: bool, known: set[str] | None,
               problems: list[Problem]) -> Deck | None:
    fields = [f for f in DECK_FIELDS if not (shared and f.name == "id")]
    deck_id = "shared" if shared else (raw.get("id") if isinstance(raw, dict) else None)
    values, p = check_table(raw, fields, where, file, card_id=None)
    problems += [Problem(x.file, x.message, x.line, x.column, None,
                         f"{'shared' if shared else 'deck ' + str(deck_id)}.{x.field}")
                 for x in p]
    if p:
        return None
    entries = []
    for j, entry in enumerate(values["cards"]):
        e, q = check_table(entry, ENTRY_FIELDS, TableLines(where.of("cards")), file,
                           card_id=None)
        problems += [Problem(x.file, x.message, x.line, x.column, None,
                             f"{deck_id}.cards[{j}].{x.field}") for x in q]
        if q:
            continue
        if known is not None and e["card"] not in known:
            problems.append(Problem(file, f"unknown card {e['card']!r}", line=where.of("cards"),
                                    field=f"{deck_id}.cards[{j}]"))
        entries.append((e["card"], e["count"]))
    deck = Deck(deck_id, values["name"], values["colour"], values["emblem"], tuple(entries),
                shared, Source(file, where.line, tuple(where.keys.items())))
    low, high = SHARED_DECK if shared else INDIVIDUAL_DECK
    if not low <= deck.size <= high:
        kind = "a shared deck" if shared else "an individual deck"
        problems.append(Problem(file, f"{deck.size} cards; {kind} holds {low}–{high} (rules, "
                                "“Choose one deck format”)", line=where.line,
                                field=f"{deck_id}.cards"))
    return deck


def _read_decks(tf, known: set[str] | None, problems: list[Problem]) -> tuple[list[Deck], Deck | None]:
    decks = []
    for i, raw in enumerate(tf.data.get("deck", [])):
        deck = _read_deck(raw, tf.lines.array_item("deck", i), tf.path, False, known, problems)
        if deck:
            decks.append(deck)
    shared = None
    if isinstance(tf.data.get("shared"), dict):
        shared = _read_deck(tf.data["shared"], tf.lines.tables.get("shared", tf.lines.top),
                            tf.path, True, known, problems)
    else:
        problems.append(Problem(tf.path, "missing the [shared] deck table", field="shared"))
    if len(tf.data.get("deck", [])) < MIN_INDIVIDUAL_DECKS:
        problems.append(Problem(tf.path, f"{len(tf.data.get('deck', []))} individual decks; "
                                f"the kit needs at least {MIN_INDIVIDUAL_DECKS}", field="deck"))
    for attr in ("id", "colour", "emblem"):
        seen: dict[str, str] = {}
        for d in decks:
            value = getattr(d, attr)
            if value in seen:
                problems.append(Problem(tf.path, f"decks {seen[value]!r} and {d.id!r} share the "
                                        f"{attr} {value!r}; backs must tell decks apart",
                                        line=d.source.line_of(attr), field=f"{d.id}.{attr}"))
            seen.setdefault(value, d.id)
    return decks, shared


def load_hack_back(folder: Path) -> HackBackData:
    """Load and check game.toml, cards.toml and decks.toml in `folder`.

    Raises DataError listing every problem (syntax, schema, effect kinds and amounts,
    unknown cards in deck lists, deck sizes outside the rules' ranges, fewer than four
    individual decks, decks whose backs cannot be told apart).
    """
    problems: list[Problem] = []
    files = {name: read_toml(folder / name) for name in ("game.toml", "cards.toml", "decks.toml")}
    for parsed in files.values():
        if isinstance(parsed, Problem):
            problems.append(parsed)
    info = None
    if not isinstance(files["game.toml"], Problem):
        info, _cats, _ids, p = read_game_file(files["game.toml"], categories_required=False)
        problems += p
    cards: dict[str, HeroCard] = {}
    if not isinstance(files["cards.toml"], Problem):
        cards = _read_cards(files["cards.toml"], problems)
    decks, shared = [], None
    if not isinstance(files["decks.toml"], Problem):
        known = None if isinstance(files["cards.toml"], Problem) else set(cards)
        decks, shared = _read_decks(files["decks.toml"], known, problems)
    if problems:
        raise DataError(problems)
    return HackBackData(info, cards, tuple(decks), shared)
