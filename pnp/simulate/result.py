"""What every game's simulator gives back, and how it describes its own figures: the
contract between a game module under `pnp.simulate` and the shared runner, report and
charts, which never name a game (shared/DESIGN.md, "Games are plug-ins").

A game's simulator module defines, at module level:
- `GAME` (its id in `pnp.core.games`), `PLAYERS` (fewest, most players it seats),
  `TURN_CAP` (turns before a game is stopped as a draw) and `TURN_WORD` (what
  `Result.turns` counts, plural: "turns", "black cards drawn");
- `STRATEGIES` (name -> a class whose instances play one seat), with "random" among
  them, and `DEFAULT_STRATEGY`;
- `ENDINGS` (ending key -> a label for a chart: how a game can end, capped included);
- `load(folder) -> data` (the card data, pnp.data's loader for the game);
- `simulate(data, n_players, seed, strategy, cap, setup=Setup()) -> Result`: one whole
  game (its model a pnp.simulate.model.Model);
- `figures(data) -> list[Figure]`: its per-card and per-game figures;
- `READINGS` (Reading, one per reading the model makes where the rules are silent, each
  with the rulebook Clarification it follows);
- `DECK_FORMATS` (the deck formats it deals, the default first; empty for a game with
  one deck) and, for a game whose tables depend on the format, `seats(data,
  deck_format) -> (fewest, most)` (None: the default format); `tables` asks it;
- optionally `PER_PLAYER` (key -> label): what its Results count of each player in
  `facts["per_player"]` as "<player name>:<key>", which the report sums by strategy.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.core.records import NamedTuple
from pnp.simulate.feel import MINUTES
from pnp.simulate.search import DEFAULT_ITERATIONS

#: The ending key every game uses for a game stopped at the turn cap (a draw, unscored).
CAPPED = "capped"


class Setup(NamedTuple):
    """How a run sets its games up beyond the players and the seed: the deck format
    (`deck_format`, one of the module's DECK_FORMATS, or None for its default) and the
    search player's iterations a decision (pnp.simulate.search)."""

    deck_format: str | None = None
    iterations: int = DEFAULT_ITERATIONS


class Reading(NamedTuple):
    """A reading a game model makes where the rules are silent: what it does (`text`)
    and the question under the rulebook's "Clarifications" that states it
    (`clarification`, word for word)."""

    text: str
    clarification: str


class Result(NamedTuple):
    """One simulated game.

    `seed`: the seed it was played with (the same seed and arguments give the same
    Result). `players`: names in seating order, first player first. `winners`: the
    winning names (empty when capped or when everyone lost; two or more for a tie or
    shared win). `reason`: the scorekeeper's reason phrase. `ending`: a key of the
    module's ENDINGS. `tie`: the game ended tied (the rules' tie, or several winners).
    `totals`: each player's final score in seating order (the game's own measure:
    points, or VC). `turns`: how long it ran, in the module's TURN_WORD. `capped`: the
    turn cap stopped it. `events`: every event in the scorekeeper's event format, in
    order (replayable through `scorekeeper.store`). `facts`: counts for the figures,
    group -> key -> count (JSON-ready; summed over games by the runner). `turns` of a
    capped game is the cap. `strategies`: the strategy that played each of `players`,
    in the same order (set by `played`). `feel`: how the game felt
    (pnp.simulate.feel: ("feel", measure) -> (count, out of)), set by `played` for a
    game played by the shared model; None otherwise.
    """

    seed: int
    players: tuple[str, ...]
    winners: tuple[str, ...]
    reason: str
    ending: str
    tie: bool
    totals: tuple[int, ...]
    turns: int
    capped: bool
    events: tuple[dict, ...]
    facts: dict[str, dict[str, int]]
    strategies: tuple[str, ...] = ()
    feel: dict | None = None


class Figure(NamedTuple):
    """One per-card or per-game figure a game asks the report to show, one bar per key
    of `labels` (key -> label, in the order shown) and one series per player count.

    `kind`: "rate" — facts[`count`][key] / facts[`out_of`][key], a percentage (keys the
    games never reached are shown as no data); "per game" — facts[`count`][key] / games
    played; "timeline" — one line per key over a game: facts[`count`][f"{key}@{t}"] /
    facts[`out_of`][f"{t}"], the mean at clock t of the games still running then.
    `title` heads the chart; `value_title` and `label_title` are its axis titles.
    `even_share`: a rate of wins per seat, drawn beside the run's even share."""

    title: str
    kind: str
    count: str  # type: ignore[assignment]  # a field (facts group); shadows tuple.count
    labels: dict[str, str]
    value_title: str
    label_title: str
    out_of: str | None = None
    even_share: bool = False


def played(game, strategies: Sequence[str], cap: int) -> Result:
    """Play `game` (a simulator's game in play: `seats` in seating order, each with a
    `name`, and `play(cap) -> Result`) and return its Result with `strategies` (one per
    seat, in seating order) listed as its `players` are — a game may list its players
    from the first player, not the first seat — and, for a game of the shared model,
    how it felt (`feel`, and its estimated minutes in the facts)."""
    result = game.play(cap)
    by_name = dict(zip(game.names, strategies))
    result = result._replace(strategies=tuple(by_name[name] for name in result.players))
    feel = getattr(game, "feel", None)
    if feel is None:
        return result
    measures = feel.measures(game, result.capped)
    facts = dict(result.facts)
    if not result.capped:  # the estimated whole minutes, for the median (pnp.simulate.feel)
        facts[MINUTES] = {str(feel.estimate(game.steps) // 60): 1}
    return result._replace(feel=measures, facts=facts)


def deck_words(deck_format: str) -> str:
    """A deck format in words: "individual decks", "the shared deck"."""
    return "the shared deck" if deck_format == "shared" else f"{deck_format} decks"


def tables(module, data, deck_format: str | None = None) -> tuple[int, int]:
    """The fewest and most players the simulator `module` deals from `data` in
    `deck_format` (None: its default): its `seats` (PLAYERS for a game that has none),
    within the range the card data's game.toml states (`data.info`, when it has one),
    for which `pnp validate` checks the copy counts. A range no table fits has fewest
    above most."""
    seats = getattr(module, "seats", None)
    fewest, most = seats(data, deck_format) if seats else module.PLAYERS
    info = getattr(data, "info", None)
    if info is not None:
        fewest, most = max(fewest, info.players_min), min(most, info.players_max)
    return fewest, most


def make_players(strategies: dict[str, type], names: Sequence[str], setup: Setup) -> list:
    """One player for each strategy name of `names` (keys of `strategies`, a module's
    STRATEGIES): a search player gets the setup's iterations. KeyError for a name the
    game does not have."""
    return [
        strategies[name](setup.iterations)
        if getattr(strategies[name], "searches", False)
        else strategies[name]()
        for name in names
    ]


def per_seat(strategy: str | Sequence[str], n_players: int) -> list[str]:
    """`strategy` for each of `n_players` seats: one name for every seat, or a name per
    seat. ValueError for a list of another length."""
    names = [strategy] * n_players if isinstance(strategy, str) else list(strategy)
    if len(names) != n_players:
        raise ValueError(f"{len(names)} strategies for {n_players} players")
    return names
