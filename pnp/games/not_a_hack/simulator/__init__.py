"""The Not a Hack simulator, as the contract of `pnp.simulate.result` asks: the game
model is `match` (one game in play) (its docstring gives the rules it follows; READINGS below, every reading
where they are silent), its constants and shapes `table`, the ways of playing are
`players`; this module names the strategies and
plays one game (`simulate`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnp.core.shown import plural
from pnp.games.not_a_hack.cards import DEAL, LABELS, NotAHackData, load_not_a_hack
from pnp.games.not_a_hack.simulator.match import Match
from pnp.games.not_a_hack.simulator.players import (
    SEARCH,
    CounterPlayer,
    PartyPlayer,
    RandomPlayer,
    Search,
)
from pnp.games.not_a_hack.simulator.table import (
    BUILD,
    ENDINGS,
    GAME,
    NAMES,
    PER_GAME,
    PER_PLAYER,
    PILE_EVERY,
    PILE_KINDS,
    PLAYERS,
    TURN_CAP,
    TURN_WORD,
    USED_UP,
    Kit,
    Player,
    Public,
    Seat,
    Steal,
    View,
    kit_of,
    size,
    take,
)
from pnp.simulate.result import Figure, Reading, Result, Setup, make_players, per_seat, played
from pnp.simulate.variants import RuleVariant, settings_of

__all__ = [
    "BUILD",
    "DEAL",
    "DECK_FORMATS",
    "DEFAULT_STRATEGY",
    "ENDINGS",
    "GAME",
    "NAMES",
    "PER_GAME",
    "PER_PLAYER",
    "PILE_EVERY",
    "PILE_KINDS",
    "PLAYERS",
    "STRATEGIES",
    "TURN_CAP",
    "TURN_WORD",
    "USED_UP",
    "CounterPlayer",
    "Match",
    "Kit",
    "PartyPlayer",
    "Player",
    "Public",
    "RandomPlayer",
    "READINGS",
    "RULE_VARIANTS",
    "SEARCH",
    "Search",
    "Seat",
    "Steal",
    "View",
    "figures",
    "kit_of",
    "load",
    "simulate",
    "size",
    "take",
]

STRATEGIES = {
    "random": RandomPlayer,
    "party": PartyPlayer,
    "always-counter": CounterPlayer,
    "search": Search,
}
DEFAULT_STRATEGY = "party"
DECK_FORMATS: tuple[str, ...] = ()  # two piles, whatever the table

#: Where the rules are silent, what the model does, with the rulebook's clarification
#: (card_data/not-a-hack/rulebook.md, "Clarifications") that says so.
#: The rule what-ifs a run may play (pnp.simulate.variants): none. The author's rules
#: (shared/rules/not-a-hack.txt) give no variant, nor does the kit's rulebook (its
#: house clarifications are READINGS, where the rules are silent), and the
#: simulations suggest none yet (BALANCE.md).
RULE_VARIANTS: tuple[RuleVariant, ...] = ()

READINGS = (
    Reading(
        "Black cards are drawn clockwise among the unbanned players, from the first seat.",
        "Who draws the black card each turn?",
    ),
    Reading("The drawer judges and submits no hack.", "Can the drawer submit a hack?"),
    Reading(
        "A hack is completed with exactly the components and modifiers its card asks "
        "for; which ones a player submits does not change the score (the ones held "
        "longest).",
        "Which white cards complete a hack?",
    ),
    Reading("A won hack scores one point a white card.", "How many points is a won hack worth?"),
    Reading(
        "A positive action card scores the moment it is drawn (at the deal, a swap "
        "or a refill) and another card is drawn in its place.",
        "What if I draw a positive action card while dealing, swapping or refilling?",
    ),
    Reading(
        "Swaps are one card at a time, never a New Account card.",
        "How does swapping for a missing card work?",
    ),
    Reading(
        "A player who cannot complete a hack plays none.", "What if I cannot complete the hack?"
    ),
    Reading(
        "A hack nobody completes is discarded and the same drawer draws again.",
        "What if nobody completes the hack?",
    ),
    Reading(
        "Cards used from a hand (a hack's, a Steal, a New Account card) are replaced "
        "at the refill after the next hack, in turn order from the drawer; a card the "
        "empty piles cannot give is not owed later.",
        "When do I replace a Steal or a New Account card I used?",
    ),
    Reading(
        "A pile is replaced by its shuffled discard pile when a draw finds it empty.",
        "When is a discard pile shuffled into a new pile?",
    ),
    Reading(
        "A Steal may be played before each black card is drawn, each turn and each "
        "hack-off round, by each unbanned holder in turn order; none between a "
        "hack-off vote and the totals.",
        "When can I play a Steal?",
    ),
    Reading(
        "Countering a ban with a held New Account card is the player's choice.",
        "Do I have to use my New Account card?",
    ),
    Reading(
        "A New Account card is never handed to another player.",
        "What if I draw a Banned card and hold no New Account card?",
    ),
    Reading(
        "A banned player's hand goes to the white discard pile; they only vote in the hack-off.",
        "Can a banned player do anything?",
    ),
    Reading(
        "Negative action and Banned cards drawn in the hack-off are discarded.",
        "What about negative action and Banned cards drawn during the hack-off?",
    ),
    Reading(
        "A finalist who cannot complete the hack-off hack plays none; if neither can, "
        "another hack card is drawn.",
        "What if a finalist cannot complete the hack-off hack?",
    ),
    Reading(
        "A split vote wins nothing: both hacks go to the white discard pile and the "
        "hack-off is repeated.",
        "What if the banned players' vote is split evenly?",
    ),
    Reading(
        "Once no hack can ever be completed again, the game ends with no winner.",
        "What if the white cards run out for good?",
    ),
)


def simulate(
    data: NotAHackData,
    n_players: int,
    seed: int,
    strategy: str | Sequence[str] = DEFAULT_STRATEGY,
    cap: int = TURN_CAP,
    setup: Setup = Setup(),
    kit: Kit | None = None,
) -> Result:
    """Play one seeded game of `n_players` (3–5) with `strategy` (a STRATEGIES name, or
    one per seat) as `setup` says (a search player's iterations), stopped after `cap`
    black cards. The same arguments give the same Result. ValueError for a strategy
    list of the wrong length; KeyError for an unknown strategy or rule variant (it
    declares none); RuleError for a player count outside PLAYERS."""
    names = per_seat(strategy, n_players)
    settings_of(RULE_VARIANTS, setup.variant)  # the author's rules: no variant to play
    game = Match(data, make_players(STRATEGIES, names, setup), seed, kit, cap)
    return played(game, names, cap)


def load(folder: Path) -> NotAHackData:
    """The card data in `folder` (pnp.games.not_a_hack.cards.load_not_a_hack)."""
    return load_not_a_hack(folder)


def _short(text: str, most: int = 34) -> str:
    """A hack card's text as a chart label: at most `most` characters, blanks as "_"."""
    text = " ".join(text.replace("____", "_").split())
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def figures(data: NotAHackData) -> list[Figure]:
    """The figures (issues 13 and 21): bans, steals and hack-offs per game (rules,
    “Banned”, Steal, “Winning”); per hack card, how often its winning hack is later
    stolen; and how many components, modifiers, Steals and New Account cards (white) and
    hacks, negative actions and Banned cards (black) are left to draw as a game goes on,
    which decides whether it can end."""
    hacks = {
        c.id: f"{_short(c.text)} (needs {plural(c.components + c.modifiers, 'card')})"
        for c in data.cards
        if c.kind == "hack"
    }
    names = {kind: LABELS[kind] for kind in PILE_KINDS["white"] + PILE_KINDS["black"]}
    return [
        Figure(
            "Bans, steals and hack-offs per game",
            "per game",
            "per_game",
            dict(PER_GAME),
            "Per game (mean)",
            "Event",
        ),
        Figure(
            "Winning hacks stolen, by hack card",
            "rate",
            "stolen",
            hacks,
            "Stolen at least once (% of hacks won)",
            "Hack card",
            "won",
        ),
        *(
            Figure(
                f"{pile.capitalize()} cards left to draw over a game (each pile with "
                "its discard pile)",
                "timeline",
                "piles",
                {k: names[k] for k in kinds},
                "Cards left to draw (mean)",
                "Black cards drawn",
                "running",
            )
            for pile, kinds in PILE_KINDS.items()
        ),
    ]
