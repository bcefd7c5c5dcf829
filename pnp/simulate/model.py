"""What every game model of `pnp.simulate` shares (issue 21): one way to ask a player
for a decision (`Model.decide`), secret choices the table makes together
(`Model.ask_all`), a random source for chance and one per seat, and play in steps from
one clean point to the next (an opening round, a turn, a hack-off round).

Those three are what lets a search player (pnp.simulate.search) look ahead in any game
without a line of its own in the game: at the start of each step the game keeps a copy
of itself (`checkpoint`) and, from then on, every answer given at the table (`tape`).
To try a choice, the search copies the checkpoint, replays the step's answers up to the
decision being made, deals the cards the deciding player cannot see anew
(`determinize`) and plays on. The chance source is the game's own, so a replayed step
draws the same cards; players draw their own randomness from their seat's source, so
asking them (or not, on replay) never moves the deal.

A game model subclasses `Model` and provides: `over()`, `clock()` (what the turn cap
counts), `step()` (play from one clean point to the next), `result()` (the
pnp.simulate.result.Result), `clone()` (an independent copy at a clean point, made with
`Model.copy_base`), `winners()` (names, or None while the game runs or when it stopped
unscored), and `determinize(k, rng)` (the cards hidden from seat `k` dealt anew from
`rng`, consistent with everything seat `k` has seen).

What the rules show the whole table is remembered in the game's state: `known[j]`, the
cards every seat knows seat `j` holds (a card revealed that went back to the hand, a
card taken face up, a card dealt openly). A game calls `reveal` when the rules show a
card that stays in a hand, `took_openly` when a card enters a hand in view of all and
`shown` when a card leaves a hand face up; its
`determinize` keeps each seat's known cards in that seat's hand (`hidden_part`) and
deals only the rest anew.

For how a game feels (pnp.simulate.feel) a model may also provide `standing()` (each
seat's place in its own score, higher better), `unseen()` (cards left in face-down
piles), `turn_step()` (whether the next step is a player's turn) and `choices` (for
each decision it lists, a function of the call's args giving its legal answers).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence

from pnp.simulate.feel import Feel

#: A decider answers a decision in a model's place: (model, seat, method, args) ->
#: answer. The search player's look-ahead worlds set one (pnp.simulate.search).
Decider = Callable[["Model", int, str, tuple], object]


def copy_rng(rng: random.Random) -> random.Random:
    """An independent copy of `rng` in the same state (made without seeding it first:
    `setstate` sets every bit of it, and seeding from the system's entropy was most of
    the cost of a copy of a game)."""
    other = random.Random.__new__(random.Random)
    other.setstate(rng.getstate())
    return other


def fresh_facts(facts: dict[str, Counter]) -> dict[str, Counter]:
    """Empty counters with the same groups as `facts` (a look-ahead world counts nothing
    that reaches a report)."""
    return {group: Counter() for group in facts}


class Model(ABC):
    """The shared part of a game in play. Subclasses call `start` first in their
    `__init__`."""

    players: list
    names: tuple[str, ...]
    steps: int
    rng: random.Random
    seat_rngs: list[random.Random]
    cap: int
    #: decision -> a function of its args giving its distinct legal answers (feel)
    choices: dict[str, Callable[..., list]] = {}
    feel: Feel | None = None

    def start(self, seed: int, players: Sequence, names: Sequence[str], cap: int) -> None:
        """Seat `players` (in seating order, called `names`) for a game seeded `seed`:
        the chance source (`rng`, for every shuffle and draw), one source per seat (a
        player's own randomness, seeded from the game's seed and the seat) and the turn
        cap. `steps` counts the steps played."""
        self.seed, self.players, self.cap = seed, list(players), cap
        self.names, self.steps = tuple(names), 0
        self.rng = random.Random(seed)
        self.seat_rngs = [random.Random(f"{seed}/seat {k}") for k in range(len(players))]
        self.decider: Decider | None = None
        self.tape: list | None = None
        self.checkpoint: Model | None = None
        self.worlds = 0  # how often this game was dealt anew (determinize)
        #: the cards every seat knows seat j holds (`reveal`, `shown`), per seat
        self.known: list[list] = [[] for _ in players]
        self.searching = any(getattr(p, "searches", False) for p in self.players)
        self.feel = Feel(self)
        for k, player in enumerate(self.players):
            if getattr(player, "searches", False):
                player.seated(self, k)

    def copy_base(self, other: Model) -> None:
        """Copy the shared part of this game into `other` (a new, empty instance of the
        same class): the players, the cap and copies of every random source. The copy
        asks its players itself, with no tape and no checkpoint."""
        other.seed, other.players, other.cap = self.seed, self.players, self.cap
        other.names, other.steps = self.names, self.steps
        other.rng = copy_rng(self.rng)
        other.seat_rngs = [copy_rng(r) for r in self.seat_rngs]
        other.decider, other.tape, other.checkpoint = None, None, None
        other.worlds, other.searching, other.feel = self.worlds, False, None
        other.known = [list(cards) for cards in self.known]

    # --- what the rules show the table ---------------------------------------------------

    def reveal(self, j: int, card) -> None:
        """The rules showed every seat a `card` of seat `j`'s hand, where it stays: one
        copy of it is known from now on (showing the same card again shows no second
        copy)."""
        if card not in self.known[j]:
            self.known[j].append(card)

    def took_openly(self, j: int, card) -> None:
        """Seat `j` took `card` into its hand in view of every seat (dealt or taken face
        up): one more copy of it is known to be there."""
        self.known[j].append(card)

    def shown(self, j: int, card) -> None:
        """`card` left seat `j`'s hand face up: a known copy of it is no longer known to
        be there (the table cannot tell a known copy from an unknown one)."""
        if card in self.known[j]:
            self.known[j].remove(card)

    def hidden_part(self, j: int, hand: Sequence) -> tuple[list, list]:
        """Seat `j`'s `hand` split into (the cards known to every seat, the rest): what a
        determinize keeps in place and what it may deal anew."""
        kept, rest = [], list(hand)
        for card in self.known[j]:
            if card in rest:
                rest.remove(card)
                kept.append(card)
        return kept, rest

    # --- decisions ---------------------------------------------------------------------

    def decide(self, k: int, method: str, *args):
        """Seat `k`'s answer to the decision `method` (a method of pnp.simulate's player
        protocol for the game, called with `args`): the player's, or the decider's in a
        look-ahead world. A game with a searching seat tapes every answer of the step."""
        if self.decider is not None:
            return self.decider(self, k, method, args)
        if self.feel is not None:
            self.feel.asked(self, method, args)
        answer = getattr(self.players[k], method)(*args)
        if self.tape is not None:
            self.tape.append(answer)
        return answer

    def ask_all(self, requests: Sequence[tuple[int, str, Callable[..., tuple]]]) -> list:
        """Secret choices made together, one per request (seat, method, a function that
        gives the call's args), in order. Nobody's answer is shown before all are made,
        so the order does not matter; but if a request's answer dealt the game anew (a
        search player's look-ahead), the answers before it were made with cards that
        are no longer dealt so, and they are asked again."""
        answers: list = []
        worlds = self.worlds
        for k, method, args in requests:
            answers.append(self.decide(k, method, *args()))
            if self.worlds != worlds:
                worlds = self.worlds
                answers[:-1] = [self.decide(j, m, *a()) for j, m, a in requests[: len(answers) - 1]]
        return answers

    # --- play --------------------------------------------------------------------------

    def play(self, cap: int | None = None):
        """Play steps until the game is over or its clock reaches `cap` (default: the cap
        it was seated with), then its Result. With a searching seat, each step begins
        with a checkpoint and an empty tape."""
        if cap is not None:
            self.cap = cap
        self.run()
        return self.result()

    def run(self) -> None:
        """Play on until over or capped (a game at the table, not a copy, recording
        its feel as it goes)."""
        feel = self.feel
        while not self.over() and self.clock() < self.cap:
            if self.searching:
                self.checkpoint, self.tape = self.clone(), []
            if feel is not None:
                feel.before(self)
            self.step()
            self.steps += 1
            if feel is not None:
                feel.after(self)

    # --- what each game provides -------------------------------------------------------

    @abstractmethod
    def over(self) -> bool:
        """Whether the game has ended (scored, or stopped where it can never end)."""

    @abstractmethod
    def clock(self) -> int:
        """What the turn cap counts, so far (the module's TURN_WORD)."""

    @abstractmethod
    def step(self) -> None:
        """Play from this clean point to the next."""

    @abstractmethod
    def result(self):
        """The game's pnp.simulate.result.Result."""

    @abstractmethod
    def clone(self) -> Model:
        """An independent copy at a clean point (`copy_base` for the shared part)."""

    @abstractmethod
    def winners(self) -> tuple[str, ...] | None:
        """The winners' names once scored (empty: everyone lost); None while the game
        runs, or when it stopped unscored."""

    def lead(self, k: int) -> float:
        """How far seat `k` leads the best of the others, -1..1 (0: level), in the
        game's own score; a search player's play-outs weigh it beside the result. This
        default says nothing."""
        return 0.0

    def standing(self) -> Sequence[float] | None:
        """Each seat's place in the game's own score, higher better (pnp.simulate.feel's
        leader); None (this default): the game has no running score."""
        return None

    def unseen(self) -> int:
        """Cards left in the face-down piles (a drop between steps is cards drawn); 0:
        the game does not say."""
        return 0

    def turn_step(self) -> bool:
        """Whether the next step is a player's turn (not an opening or a hack-off
        round): this default, always."""
        return True

    @abstractmethod
    def determinize(self, k: int, rng: random.Random) -> None:
        """Deal every card hidden from seat `k` anew from `rng`, consistently with what
        seat `k` has seen (every seat's `known` cards stay where they are), and
        independently of how they lay before; any count the game keeps of hidden cards
        follows the new deal."""
