"""Hack Back card data model: Heroes with structured effects, individual and shared deck
lists, and the numbers the rules hold them to.

Every card can be a Hero: a printed VC, effects when played from hand and effects when
activated. Effects are data ({ kind = "attack", vc = 3 }); the printed wording is made
from them by `Effect.wording`, so the card text and what the score keeper applies are
one thing. Source: shared/rules/hack-back.txt ("Choose one deck format", "Take two
actions", the target rules and "Victory Point"). The files (game.toml, cards.toml,
decks.toml) are read into these models, and checked against these numbers, by
`pnp.games.hack_back.loader`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from pnp.core.shown import signed
from pnp.data.aid import AidCard
from pnp.data.art import ArtSpec
from pnp.data.models import GameInfo, Source

#: Deck sizes the rules allow (rules, "Choose one deck format").
INDIVIDUAL_DECK = (20, 40)
SHARED_DECK = (35, 70)
MIN_INDIVIDUAL_DECKS = 4
HAND = 5  # cards each player draws at setup (rules, Setup step 2)
TWO = 2  # the table a deck's `aside_at_two` cards are set aside at
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
    ("attack", True): ("every Hero, yours too,", "every Hero, yours too,"),
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
    #: The id of the deck whose emblem the front carries: set on the copies a deck
    #: prints (`HackBackData.printed`); None: the first deck that lists the card. Not
    #: compared: a copy from any deck is the same card.
    deck: str | None = field(default=None, compare=False)
    kind = "Hero"

    @property
    def front_key(self) -> str:
        """What tells this card's front from its copies in other decks (the emblem):
        "<id>@<deck id>", or the id when no deck is set (pnp.layout.kit.front_key)."""
        return f"{self.id}@{self.deck}" if self.deck else self.id


@dataclass(frozen=True)
class Deck:
    """A deck list: id, printed name, back colour and emblem, and (card id, copies) pairs.
    `shared` marks the one shared deck. `aside_at_two`: (card id, copies) pairs of its
    own cards the deck sets aside before the shuffle in a two-player game (a setup
    line in the rulebook says so); the kit prints them all the same."""

    id: str
    name: str
    colour: str
    emblem: str
    cards: tuple[tuple[str, int], ...]
    shared: bool
    source: Source
    art: ArtSpec | None = None  # the deck's back's picture (pnp.data.art), if any
    aside_at_two: tuple[tuple[str, int], ...] = ()

    @property
    def size(self) -> int:
        return sum(n for _, n in self.cards)

    def played(self, players: int | None = None) -> tuple[tuple[str, int], ...]:
        """The (card id, copies) pairs a game of `players` shuffles: the whole list,
        less `aside_at_two` at two players (None: the whole list)."""
        if players != TWO or not self.aside_at_two:
            return self.cards
        aside = dict(self.aside_at_two)
        kept = ((cid, n - aside.get(cid, 0)) for cid, n in self.cards)
        return tuple((cid, n) for cid, n in kept if n > 0)


@dataclass(frozen=True)
class HackBackData:
    """The validated database: settings, cards by id, individual decks and the shared deck."""

    info: GameInfo
    cards: dict[str, HeroCard]
    decks: tuple[Deck, ...]
    shared: Deck
    aids: tuple[AidCard, ...] = ()

    def copies(self, deck: Deck, players: int | None = None) -> list[HeroCard]:
        """Every copy of `deck` a game of `players` shuffles (`Deck.played`; None: every
        printed copy), in list order."""
        return [self.cards[cid] for cid, n in deck.played(players) for _ in range(n)]

    def printed(self, deck: Deck) -> tuple[HeroCard, ...]:
        """Every copy of `deck` as the kit prints it (`copies`, in list order), each
        marked with the deck (`HeroCard.deck`), so its front carries that deck's emblem
        and cut cards of two decks are sorted face up (issue 28 item 7)."""
        marked = {cid: replace(self.cards[cid], deck=deck.id) for cid, _ in deck.cards}
        return tuple(marked[cid] for cid, n in deck.cards for _ in range(n))

    def deck_of(self, card: HeroCard) -> Deck | None:
        """The deck whose emblem `card`'s front carries: `card.deck`, else the first
        individual deck (then the shared deck) that lists it; None if none does."""
        decks = (*self.decks, self.shared)
        if card.deck is not None:
            return next((d for d in decks if d.id == card.deck), None)
        return next((d for d in decks if any(cid == card.id for cid, _ in d.cards)), None)
