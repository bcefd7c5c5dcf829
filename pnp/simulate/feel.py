"""How a game feels to play (issue 45): the measures of the field's standard for it
(Browne, "Automatic Generation and Evaluation of Recombination Games", PhD thesis,
Queensland University of Technology, 2008, ch. 5, its aesthetic criteria; and Ludii's
evaluation metrics, Stephenson et al., which took them over), recorded while a game
is played by the shared model (pnp.simulate.model) and summed over games as every
other figure is (pnp.simulate.paired: each is a ratio of sums over games, with the
delta method's 95 % interval).

Words used here:
- **A turn** is one step of the model (pnp.simulate.model): a player's turn; an
  opening round or a hack-off round is one step too. `T` is a game's steps.
- **The standing** after a step is each seat's place in the game's own score
  (`Model.standing`: points, or how near a Hero is to a win), higher is better.
- **The leader** after a step is the one seat whose standing is strictly above every
  other's; when two or more seats share the top standing there is no leader: a tie.
- **A lead change** is a step after which there is a leader and it is not the last
  leader before it (a tie in between is no leader, so A, tie, B is one change and A,
  tie, A none; the first seat to take the lead changes nothing).

Per game, each as (count, out of), summed over games:
- "lead changes": (lead changes, 1), every game.
- "drama": (steps after which the eventual sole winner's standing was below the best,
  T), of the games with a sole winner: Ludii's Drama ("Number of moves ... where the
  eventual winner was behind"), as a share of the game's turns.
- "decisiveness": (the step after which the leader (or the tie) is the final one and
  never changes again, T), of the games not capped: 1/T when one seat led from the
  first turn, 1 when the lead changed on the last turn.
- "single draw": (1 if the winners change, 1), of one game in SINGLE_DRAW_EVERY (by
  its seed) that ended scored: the game as it stood one round (one step per player)
  before its last step is copied (`Model.clone`), every card hidden from a seat drawn
  at random is dealt anew (`Model.determinize`), chance is reseeded, and the copy is
  played to its end by the same players (a searching seat by its rule of thumb).
- "decisions": (decisions offered two or more legal answers, turns); "choices":
  (legal answers offered at those, decisions): the branching the players see, of the
  same sampled games as the single draw (listing every decision's answers costs a
  third of a game's time). A decision's legal answers are those the game lists for it
  (`Model.choices`, the distinct answers its search player weighs); a decision it
  does not list is not counted.
- "turns per player": (players' turns, players) and "minutes": (estimated seconds,
  60), of the games not capped, the minutes from the time model below.

The time model (README, "How a game feels"): a game takes SECONDS_PER_ACTION for
every answer a player gives (every decision, a forced one too), SECONDS_PER_CARD for
every card drawn from a face-down pile (read by whoever draws or turns it) and
SECONDS_PER_TURN for every step (handing on, the score keeper's tap, refilling rows).
Setup and packing away are not counted.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.simulate.model import Model

#: the time model's constants, in seconds (module docstring; README)
SECONDS_PER_ACTION = 8
SECONDS_PER_CARD = 4
SECONDS_PER_TURN = 10
#: one game in this many (by seed) is re-dealt one round before its end ("single draw")
SINGLE_DRAW_EVERY = 8
#: the facts group holding each game's estimated whole minutes (key) -> 1, for medians
MINUTES = "feel:minutes"

#: measure key -> (label, kind): "share" is shown as a percentage, "mean" as a number
MEASURES: dict[str, tuple[str, str]] = {
    "lead changes": ("Lead changes per game", "mean"),
    "drama": ("Drama: share of turns the eventual winner trailed", "share"),
    "decisiveness": ("Decided after: share of the game until the leader stays", "share"),
    "single draw": ("Single draw: re-dealt a round before the end, another winner", "share"),
    "decisions": ("Decisions per turn (two or more legal answers)", "mean"),
    "choices": ("Legal answers per decision", "mean"),
    "turns per player": ("Turns per player", "mean"),
    "minutes": ("Estimated minutes (time model)", "mean"),
}


def leader(standing: Sequence[float]) -> int | None:
    """The seat whose standing is strictly above every other's, or None (a tie at the
    top)."""
    top = max(standing)
    return None if standing.count(top) > 1 else standing.index(top)


def lead_changes(leaders: Sequence[int | None]) -> int:
    """Lead changes of a game whose leaders after each step are `leaders` (module)."""
    changes, last = 0, None
    for now in leaders:
        if now is None:
            continue
        changes += last is not None and now != last
        last = now
    return changes


def trailing(standings: Sequence[Sequence[float]], winner: int) -> int:
    """Steps after which seat `winner`'s standing was below the best."""
    return sum(s[winner] < max(s) for s in standings)


def decided_at(leaders: Sequence[int | None]) -> int:
    """The step (1-based) after which the leader, or the tie, is the last step's and
    stays so; 0 for a game of no steps."""
    t = len(leaders)
    while t > 1 and leaders[t - 2] == leaders[-1]:
        t -= 1
    return t


def seconds(actions: int, cards: int, steps: int) -> int:
    """The time model's estimate of a game's length, in seconds (module)."""
    return SECONDS_PER_ACTION * actions + SECONDS_PER_CARD * cards + SECONDS_PER_TURN * steps


class Feel:
    """What one game records for its feel (module): the standing after each step,
    the decisions, answers and cards drawn, players' turns, and, for a game sampled
    for the single draw, the copies of its last round's starts."""

    def __init__(self, game: Model):
        self.standings: list[tuple] = []
        self.actions = self.decisions = self.choices = self.cards = self.turns = 0
        self.unseen = -1
        self.seats = seats = len(game.players)
        sampled = game.seed % SINGLE_DRAW_EVERY == 0
        # (steps played, a copy then): each step's checkpoint at a searching table,
        # else a copy at the start of every round, the last two kept (`start`)
        self.every = 1 if game.searching else seats
        self.window: deque | None = (
            deque(maxlen=seats if game.searching else 2) if sampled else None
        )

    def asked(self, game: Model, method: str, args: tuple) -> None:
        """A player was asked `method(*args)`."""
        self.actions += 1
        lister = game.choices.get(method) if self.window is not None else None
        if lister is not None:  # counted in the sampled games: listing answers costs
            offered = len(lister(*args))
            if offered > 1:
                self.decisions += 1
                self.choices += offered

    def before(self, game: Model) -> None:
        """A step is about to be played."""
        self.turns += game.turn_step()
        if self.unseen < 0:  # after a step, `after` has counted it
            self.unseen = game.unseen()
        if self.window is not None and game.steps % self.every == 0:
            self.window.append((game.steps, game.checkpoint if game.searching else game.clone()))

    def after(self, game: Model) -> None:
        """A step was played."""
        unseen = game.unseen()
        self.cards += max(0, self.unseen - unseen)
        self.unseen = unseen
        standing = game.standing()
        if standing is not None:
            self.standings.append(tuple(standing))  # a copy: a model may reuse its list

    def measures(self, game: Model, capped: bool) -> dict[tuple, tuple[int, int]]:
        """The game's (count, out of) of each measure (module), keyed ("feel", name);
        a measure the game never reached is left out."""
        steps = game.steps
        out: dict[tuple, tuple[int, int]] = {}
        if self.window is not None:
            out["feel", "decisions"] = (self.decisions, self.turns)
            out["feel", "choices"] = (self.choices, self.decisions)
        if not capped:  # a capped game's turns and minutes are only the cap's
            out["feel", "turns per player"] = (self.turns, len(game.players))
            out["feel", "minutes"] = (self.estimate(steps), 60)
        winners = game.winners()
        if self.standings:
            leaders = [leader(s) for s in self.standings]
            out["feel", "lead changes"] = (lead_changes(leaders), 1)
            if not capped:
                out["feel", "decisiveness"] = (decided_at(leaders), len(leaders))
            if winners is not None and len(winners) == 1:
                seat = game.names.index(winners[0])
                out["feel", "drama"] = (trailing(self.standings, seat), len(leaders))
        if self.window and winners is not None:
            target = max(0, steps - self.seats)  # one round before the last step
            start = next(copy for played, copy in reversed(self.window) if played <= target)
            out["feel", "single draw"] = (int(redealt(game, start, target) != set(winners)), 1)
        return out

    def estimate(self, steps: int) -> int:
        """The game's estimated seconds so far (the time model)."""
        return seconds(self.actions, self.cards, steps)


def redealt(game: Model, start: Model, target: int) -> set[str] | None:
    """The winners of `start` (a copy of `game` at a clean point, at most `target`
    steps in) played on to step `target` as `game` was (the same sources, so the same
    play), then to its end after the cards hidden from a seat drawn at random are dealt
    anew and chance is reseeded, from `game`'s seed; None when that game stops
    unscored."""
    rng = random.Random(f"{game.seed}/single draw")
    world = start.clone()
    while world.steps < target and not world.over():
        world.step()
        world.steps += 1
    world.determinize(rng.randrange(len(game.players)), rng)
    world.rng.seed(rng.getrandbits(64))
    if game.searching:
        world.decider = _rule_of_thumb
    world.run()
    winners = world.winners()
    return None if winners is None else set(winners)


def _rule_of_thumb(world: Model, k: int, method: str, args: tuple):
    """Seat `k`'s answer in a re-dealt copy: its player's, or a searching player's rule
    of thumb (a search looks ahead from the game it sits at, not from a copy)."""
    player = world.players[k]
    player = getattr(player, "fallback", player) if getattr(player, "searches", False) else player
    return getattr(player, method)(*args)
