"""The Hack Attack: Defense simulator, as the contract of `pnp.simulate.result` asks: the game
model is `match` (one game in play) (its docstring gives the rules it follows and every reading where they
are silent), the ways of playing are `players`; this module names the strategies and
plays one game (`simulate`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnp.games.hack_attack.cards import AttackCard, HackAttackData, TechCard
from pnp.games.hack_attack.loader import load_hack_attack
from pnp.games.hack_attack.simulator.match import Match
from pnp.games.hack_attack.simulator.players import SEARCH, Protector, RandomPlayer, Search
from pnp.games.hack_attack.simulator.table import (
    DEAL_DEFENSE,
    DEAL_TECH,
    DEFENSE_ROW,
    ENDINGS,
    GAME,
    GENTLER,
    HAND_LIMIT,
    NAMES,
    PLAYERS,
    TECH_LIMIT,
    TECH_ROW,
    TURN_CAP,
    TURN_WORD,
    WILD,
    Action,
    DefenseLike,
    Player,
    Seat,
    View,
    category,
    deck_of,
    payment,
)
from pnp.simulate.result import Figure, Reading, Result, Setup, make_players, per_seat, played
from pnp.simulate.variants import HOUSE, OFFICIAL, SUGGESTION, RuleVariant, settings_of
from scorekeeper.games.hack_attack.cards import Deck

__all__ = [
    "DEAL_DEFENSE",
    "DEAL_TECH",
    "DEFAULT_STRATEGY",
    "DEFENSE_ROW",
    "ENDINGS",
    "GAME",
    "HAND_LIMIT",
    "NAMES",
    "PLAYERS",
    "STRATEGIES",
    "TECH_LIMIT",
    "TECH_ROW",
    "TURN_CAP",
    "TURN_WORD",
    "WILD",
    "Action",
    "DefenseLike",
    "Match",
    "Player",
    "Protector",
    "RandomPlayer",
    "READINGS",
    "RULE_VARIANTS",
    "SEARCH",
    "Search",
    "Seat",
    "View",
    "category",
    "DECK_FORMATS",
    "deck_of",
    "figures",
    "load",
    "payment",
    "simulate",
]

STRATEGIES = {"random": RandomPlayer, "protector": Protector, "search": Search}
DEFAULT_STRATEGY = "protector"
DECK_FORMATS: tuple[str, ...] = ()  # one deck, whatever the table

#: Where the rules are silent, what the model does, with the rulebook's clarification
#: (card_data/hack-attack/rulebook.md, "Clarifications") that says so.
READINGS = (
    Reading(
        "Protect is offered once a turn, between the two action slots (an action "
        "that cannot be taken is skipped, and the Protect is still offered), never "
        "after the second action.",
        "Is Protecting an action?",
    ),
    Reading(
        "A turn whose first action takes a face-up Reality Check, using both "
        "actions, may Protect right after it.",
        "Can I Protect on a turn when a Reality Check took both actions?",
    ),
    Reading(
        "An Attack or User Error drawn from the Defense deck uses no action: it is "
        "resolved, then the Secure is finished with a Defense card from the deck or "
        "the row.",
        "Does drawing an Attack or User Error from the Defense deck use up my Secure?",
    ),
    Reading(
        "A card turned over while refilling the Defense row is resolved by the "
        "player whose turn it is.",
        "Who resolves a card turned over while refilling the Defense row?",
    ),
    Reading(
        "Taking the top card of a Defense row stack shows the card under it; only "
        "an empty spot is refilled.",
        "Does taking the top card of a stack leave a gap?",
    ),
    Reading(
        "A player holding a card that prevents a User Error always reveals it; the "
        "first player who cannot keeps the User Error.",
        "Can I keep a User Error rather than reveal a card?",
    ),
    Reading(
        "The replacement Tech after a Protect is any card of the Tech row, none when "
        "the row is empty.",
        "Which Tech is my replacement after Protecting?",
    ),
    Reading(
        "When the Defense deck is empty it is not reshuffled; an action that cannot "
        "be taken is skipped.",
        "What if the Defense deck runs out?",
    ),
    Reading(
        "Tech discarded (to stay at 4 unprotected, or to an Attack) leaves the game.",
        "Can I discard a Tech to stay at 4 unprotected?",
    ),
)


#: The rule what-ifs a run may play (`pnp simulate --rule-variant NAME`; none unless
#: asked): the author's official variants (shared/rules/hack-attack-defense.txt, “Faster
#: variant” and “Variant”: the scorekeeper's VARIANTS), the kit rulebook's house rule
#: (card_data/hack-attack/rulebook.md, “Variants”) and the simulations' suggestion
#: (BALANCE.md, “Rule suggestions for the author”). Each one's settings are the score
#: keeper's rules parameters (rules.initial), but `gentler`, which the model plays at setup.
RULE_VARIANTS = (
    RuleVariant(
        "faster",
        OFFICIAL,
        "Protect any number of Tech cards on your turn, not one (rules, “Faster variant”)",
        {"faster": True},
    ),
    *(
        RuleVariant(
            f"cover={n}",
            OFFICIAL,
            f"the table covers {n} of an Attack's 3 icons at every player count "
            "(rules, “Variant: for an easier or harder game, lower or raise the number "
            "of icons the table must cover”)",
            {"cover": n},
            (max(n, PLAYERS[0]), PLAYERS[1]),  # one revealed card covers one icon
        )
        for n in (1, 2, 3)
    ),
    RuleVariant(
        "gentler",
        HOUSE,
        "Gentler first game: half the Attacks and half the User Errors (every other copy "
        "in card order) are shuffled into the Defense deck (rulebook, “Variants”)",
        {GENTLER: True},
    ),
    RuleVariant(
        "complete-round",
        SUGGESTION,
        "the final round ends with the last seat: after the game-ending Protect only the "
        "players after it in seating order take a turn, so every player has had as many "
        "turns (the author's rules: every other player takes one last turn)",
        {"complete_round": True},
    ),
)


def simulate(
    data: HackAttackData,
    n_players: int,
    seed: int,
    strategy: str | Sequence[str] = "protector",
    cap: int = TURN_CAP,
    setup: Setup = Setup(),
    deck: Deck | None = None,
) -> Result:
    """Play one seeded game of `n_players` (2–6) with `strategy` (a STRATEGIES name, or
    one per seat) as `setup` says (a search player's iterations, the rule variant of
    RULE_VARIANTS played, if any). The same arguments give the same Result. ValueError
    for a strategy list of the wrong length; KeyError for an unknown strategy or rule
    variant."""
    names = per_seat(strategy, n_players)
    settings = settings_of(RULE_VARIANTS, setup.variant)
    game = Match(data, make_players(STRATEGIES, names, setup), seed, deck, cap, settings)
    return played(game, names, cap)


def load(folder: Path) -> HackAttackData:
    """The card data in `folder` (pnp.games.hack_attack.loader.load_hack_attack)."""
    return load_hack_attack(folder)


def figures(data: HackAttackData) -> list[Figure]:
    """The per-card figures (issue 13): how often each Tech, once a player holds it, is
    Protected; how often each Attack defeats the table (rules, the Attack section)."""
    tech = {
        c.id: f"{c.name} ({c.points} pt{'s' if c.points != 1 else ''})"
        for c in sorted(
            (c for c in data.cards if isinstance(c, TechCard)), key=lambda c: (-c.points, c.name)
        )
    }
    attacks = {c.id: c.name for c in data.cards if isinstance(c, AttackCard)}
    return [
        Figure(
            "Tech Protected, once held",
            "rate",
            "protected",
            tech,
            "Protected (% of copies held)",
            "Tech card",
            "held",
        ),
        Figure(
            "Attacks that defeat the table",
            "rate",
            "defeats",
            attacks,
            "Table defeated (% of times drawn)",
            "Attack card",
            "attacks",
        ),
    ]
