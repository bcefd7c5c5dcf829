"""The Hack Back simulator, as the contract of `pnp.simulate.result` asks: the game
model is `match` (one game in play) (its docstring gives the rules it follows and every reading where they
are silent), the ways of playing are `players`; this module names the strategies and
plays one game (`simulate`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnp.games.hack_back.cards import HAND, HackBackData
from pnp.games.hack_back.loader import load_hack_back
from pnp.games.hack_back.simulator.match import Match
from pnp.games.hack_back.simulator.players import SEARCH, Racer, RandomPlayer, Search, forecast
from pnp.games.hack_back.simulator.table import (
    ENDINGS,
    FACTS,
    GAME,
    INDIVIDUAL,
    NAMES,
    PLAYERS,
    RATES,
    SHARED,
    SHARED_ID,
    TURN_CAP,
    TURN_WORD,
    Action,
    Player,
    Seat,
    View,
    choose_format,
    distinct,
    ending,
    lowest_vc,
    take,
)
from pnp.simulate.result import Figure, Reading, Result, Setup, make_players, per_seat, played
from pnp.simulate.variants import SUGGESTION, RuleVariant, settings_of

__all__ = [
    "DECK_FORMATS",
    "DEFAULT_STRATEGY",
    "ENDINGS",
    "FACTS",
    "GAME",
    "INDIVIDUAL",
    "NAMES",
    "PLAYERS",
    "RATES",
    "SHARED",
    "SHARED_ID",
    "STRATEGIES",
    "TURN_CAP",
    "TURN_WORD",
    "Action",
    "Match",
    "Player",
    "Racer",
    "RandomPlayer",
    "READINGS",
    "RULE_VARIANTS",
    "SEARCH",
    "Search",
    "Seat",
    "View",
    "choose_format",
    "distinct",
    "ending",
    "figures",
    "forecast",
    "load",
    "lowest_vc",
    "seats",
    "simulate",
    "take",
]

STRATEGIES = {"random": RandomPlayer, "racer": Racer, "search": Search}
DEFAULT_STRATEGY = "racer"
#: The deck formats the kit deals (rules, "Choose one deck format"), the default first.
DECK_FORMATS = (INDIVIDUAL, SHARED)

#: Where the rules are silent, what the model does, with the rulebook's clarification
#: (card_data/hack-back/rulebook.md, "Clarifications") that says so.
#: The rule what-ifs a run may play (pnp.simulate.variants). The author's rules
#: (shared/rules/hack-back.txt) give no variant (the two deck formats are DECK_FORMATS,
#: a setup the rules let a table choose), nor does the kit's rulebook; the one here is
#: a suggestion for "everyone loses" (BALANCE.md).
RULE_VARIANTS: tuple[RuleVariant, ...] = (
    RuleVariant(
        "lowest-before-discards",
        SUGGESTION,
        "when the end-of-turn checks would leave no player, the player whose Hero was "
        "lowest before the discards wins (the author's rules: everyone loses)",
        {"lowest_before_discards": True},
    ),
)

READINGS = (
    Reading(
        "Individual decks unless the shared deck is asked for (--deck-format); each "
        "player is dealt a different individual deck at random.",
        "We have more players than individual decks. What do we play with?",
    ),
    Reading(
        "A player holding a card always puts one forward as their opening Hero; any "
        "card may be the Hero.",
        "Can I refuse to put forward an opening Hero?",
    ),
    Reading(
        "In the opening a player draws up to five only when tied, with a replacement "
        "to choose and no card in hand.",
        "My last card became my opening Hero and it is not tied. Do I draw up to five?",
    ),
    Reading(
        "Several tied players with empty hands draw in seating order, each taking all "
        "their cards at once.",
        "Several tied players have empty hands and we share a deck. Who draws first?",
    ),
    Reading(
        "Opening Heroes removed by a tie leave the game.",
        "Where do opening Heroes removed by a tie go?",
    ),
    Reading(
        "Each player keeps their own discard pile, with the shared deck too.",
        "With a shared deck, do we share a discard pile too?",
    ),
    Reading(
        "A Hero at 40 VC or more goes to its controller's discard pile and never returns.",
        "Where does a Hero at 40 VC or more go?",
    ),
    Reading(
        "An eliminated player's hand and deck leave the game with them.",
        "What happens to an eliminated player's cards?",
    ),
    Reading(
        "With an empty deck and hand a player activates a Hero for both actions; a "
        "Draw N instruction takes only the cards that remain.",
        "What if my deck is empty?",
    ),
    Reading(
        "A Victory Point may be declined, and does nothing with an empty hand.",
        "What if I get a Victory Point with an empty hand?",
    ),
    Reading(
        "A Victory Point may place a card drawn earlier in the same activation.",
        "Can a Victory Point place a card I drew earlier in the same activation?",
    ),
    Reading(
        "A Victory Point is the last instruction of every printed card, so nothing "
        "targets its Hero in that activation; the Hero does not gain the activated "
        "Hero's 2 VC.",
        "Can the activation's later instructions target the Hero my Victory Point just placed?",
    ),
)


def seats(data: HackBackData, deck_format: str | None = None) -> tuple[int, int]:
    """The tables the kit deals in `deck_format` (None: individual decks): one
    individual deck a player, or five cards a player from the shared deck; at least
    two players (rules: "two or more")."""
    if (deck_format or INDIVIDUAL) == INDIVIDUAL:
        return PLAYERS[0], min(PLAYERS[1], len(data.decks))
    return PLAYERS[0], min(PLAYERS[1], data.shared.size // HAND)


def simulate(
    data: HackBackData,
    n_players: int,
    seed: int,
    strategy: str | Sequence[str] = DEFAULT_STRATEGY,
    cap: int = TURN_CAP,
    setup: Setup = Setup(),
) -> Result:
    """Play one seeded game of `n_players` with `strategy` (a STRATEGIES name, or one
    per seat) as `setup` says: its deck format ("individual", "shared", or None for
    individual decks) and a search player's iterations. The same arguments give the
    same Result. ValueError for a strategy list of the wrong length or a table the
    format cannot deal; KeyError for an unknown strategy or rule variant (it
    declares none); RuleError outside rules.PLAYERS."""
    names = per_seat(strategy, n_players)
    settings = settings_of(RULE_VARIANTS, setup.variant)
    players = make_players(STRATEGIES, names, setup)
    game = Match(data, players, seed, setup.deck_format or INDIVIDUAL, cap, settings)
    return played(game, names, cap)


def load(folder: Path) -> HackBackData:
    """The card data in `folder` (pnp.games.hack_back.loader.load_hack_back; DataError)."""
    return load_hack_back(folder)


def figures(data: HackBackData) -> list[Figure]:
    """The per-deck and per-card figures (issue 13), the headline first: each deck's
    win rate (per seat dealt it); each Hero's win rate when revealed in the opening
    (every opening reveal, tie replacements included; a win is a sole win), both beside
    the even share; how often each Hero, once in play, is discarded at 40 VC or more
    (rules, "Eliminate Heroes")."""
    heroes = {cid: card.name for cid, card in data.cards.items()}
    decks = {d.id: d.name for d in data.decks} | {SHARED_ID: data.shared.name}
    return [
        Figure(
            "Win rate by deck",
            "rate",
            "deck_won",
            decks,
            "Wins (% of seats dealt the deck)",
            "Deck",
            "deck",
            even_share=True,
        ),
        Figure(
            "Hero win rate when revealed in the opening",
            "rate",
            "opening_won",
            heroes,
            "Wins (% of games revealed)",
            "Hero revealed in the opening",
            "opening",
            even_share=True,
        ),
        Figure(
            "Heroes discarded at 40 VC or more",
            "rate",
            "discarded",
            heroes,
            "Discarded (% of times in play)",
            "Hero card",
            "in_play",
        ),
    ]
