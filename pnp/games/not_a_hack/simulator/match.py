"""Not a Hack played from the card data: setup, turns, hacks, action cards, Steal, Banned
and New Account cards and the final hack-off as the rules say, with each player's hand
kept to that player, and the scorekeeper's own rules (scorekeeper.games.not_a_hack.rules)
deciding what they decide.

Source: shared/rules/not-a-hack.txt. What the model does itself is what the scorekeeper
does not record: the two piles and their discard piles, the hands, completing a hack
(and the swaps to find a missing card), which white cards a winning hack holds, refills.
What it calls instead of writing again: `rules.initial`, `rules.accounts_in_play` (the
New Account cards in play), `rules.apply` (every event is applied to a live scorekeeper
state as it happens, so the scorekeeper refuses any illegal move, and its state says
whose turn it is, whether a New Account card counters a ban, who is banned, when the
hack-off starts, whether a split vote or tied totals repeat it, and who won), and
`rules.outcome`.

Where the rules are silent, the model reads them as the package's READINGS say, each
with the rulebook Clarification it follows (card_data/not-a-hack/rulebook.md). The deal
gives each player their New Account card and ten white cards, ten at a time in seating
order, and the first seat draws the first black card. The kit's white cards can run out
for good (winning hacks keep their cards, New Account cards return through the discard
pile); once no hack can ever be completed again (`Match.used_up`) no hack-off can be won,
and the game stops unscored, a draw, with its own ending (USED_UP).

A game that reaches the turn cap (black cards drawn) ends unscored: a draw, `capped`.

The card moves are `pnp.games.not_a_hack.simulator.piles.Piles`, the turns (each black
card drawn and dealt with, and the hacks completed and judged)
`pnp.games.not_a_hack.simulator.turns.Turns`, the Steals played before each black card
`pnp.games.not_a_hack.simulator.steals.Steals` and the final hack-off
`pnp.games.not_a_hack.simulator.hack_off.HackOff`; this module keeps what the whole game
shares: the setup, the seats, the log every event goes through (`record`), what each
player may see (`view`), the steps, copies and fresh deals the search player plays out
(pnp.simulate.model), and the Result. The package (its `__init__`) keeps the simulator
contract of `pnp.simulate.result`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

from pnp.games.not_a_hack.cards import DEAL, NahCard, NotAHackData
from pnp.games.not_a_hack.simulator.hack_off import HackOff
from pnp.games.not_a_hack.simulator.piles import Piles
from pnp.games.not_a_hack.simulator.players import SEARCHED
from pnp.games.not_a_hack.simulator.steals import Steals
from pnp.games.not_a_hack.simulator.table import (
    BUILD,
    LEAD_POINTS,
    NAMES,
    PER_GAME,
    STAY,
    TURN_CAP,
    USED_UP,
    Kit,
    Player,
    Public,
    Seat,
    View,
    card_order,
    kit_of,
)
from pnp.games.not_a_hack.simulator.turns import Turns
from pnp.simulate.model import Model, fresh_facts
from pnp.simulate.result import CAPPED, Result
from scorekeeper.games.not_a_hack import rules


class Match(Turns, Steals, HackOff, Piles, Model):
    """One game in play (mutable while it runs; `play` returns its Result). RuleError
    (`rules.initial`) for a player count outside PLAYERS."""

    choices = SEARCHED  # the decisions' legal answers (pnp.simulate.feel)

    def __init__(
        self,
        data: NotAHackData,
        players: Sequence[Player],
        seed: int,
        kit: Kit | None = None,
        cap: int = TURN_CAP,
    ):
        names = NAMES[: len(players)]
        self.start(seed, players, names, cap)
        self.kit = kit or kit_of(data)
        self.state = rules.initial(names)
        self.seats = [Seat(n) for n in names]
        self.events: list[dict] = []
        self.drawn = 0  # black cards drawn
        self.black_discard: list[NahCard] = []
        self.white_discard: list[NahCard] = []
        self.in_play: list[NahCard] = []  # the black card being resolved
        self.table: list[NahCard] = []  # white cards played, not yet judged
        self.supply: Counter = Counter()  # kinds in the white pile and its discard
        #: components and modifiers outside the winning hacks, and what each hack needs
        self.free = Counter(c.kind for c in data.pile("white") if c.kind in BUILD)
        self.needs = {(c.components, c.modifiers) for c in data.cards if c.kind == "hack"}
        self.facts = {
            "per_game": Counter(dict.fromkeys(PER_GAME, 0)),
            "won": Counter(),
            "piles": Counter(),
            "running": Counter(),
            "per_player": Counter(),
            "stolen": Counter(),
        }
        self.stolen: set[int] = set()  # the winning hacks stolen (ids of their cards)
        self._setup(data)

    def _setup(self, data: NotAHackData) -> None:
        """Setup (rules, “Complete Rules”): two piles; every New Account card out of the
        white pile, one to each player, one fewer than the players shuffled back in
        (`rules.accounts_in_play`), the rest boxed; ten white cards each."""
        self.black = data.pile("black")
        self.rng.shuffle(self.black)
        white = data.pile("white")
        accounts = [c for c in white if c.kind == "new_account"]
        n = len(self.seats)
        in_pile = rules.accounts_in_play(n, self.kit.accounts) - n
        for k, seat in enumerate(self.seats):
            seat.hand.append(accounts.pop())
            self.took_openly(k, seat.hand[-1])  # “Each player is given one”: all see it
        self.boxed = accounts[in_pile:]
        self.white = [c for c in white if c.kind != "new_account"] + accounts[:in_pile]
        self.rng.shuffle(self.white)
        self.supply.update(c.kind for c in self.white)
        for seat in self.seats:
            for _ in range(DEAL):
                self.draw_white(seat)

    # --- the log and the piles ---------------------------------------------------------

    def record(self, event: dict) -> None:
        """Apply `event` to the scorekeeper's state (raising its RuleError if the move
        is illegal) and log it."""
        self.state = rules.apply(self.state, event)
        self.events.append(event)

    def view(self, k: int) -> View:
        """What seat `k` may see: its own hand, nobody else's."""
        table = tuple(
            Public(p.name, len(s.hand), p.hacks, p.total, p.banned)
            for p, s in zip(self.state.players, self.seats)
        )
        return View(
            self.seats[k].name, self.seats[k].hand, table, len(self.white), self.seat_rngs[k]
        )

    # --- the model's steps (pnp.simulate.model) ----------------------------------------

    def over(self) -> bool:
        return self.state.phase not in ("play", "hack-off") or self.used_up()

    def clock(self) -> int:
        return self.drawn

    def step(self) -> None:
        if self.state.phase == "play":
            self.turn()
        else:
            self.hack_off(self.cap)

    def winners(self) -> tuple[str, ...] | None:
        outcome = rules.outcome(self.state)
        return outcome.winners if outcome else None

    def lead(self, k: int) -> float:
        """Seat `k`'s total over the best other's, in units of LEAD_POINTS, squashed to
        -1..1."""
        totals = [p.total for p in self.state.players]
        mine = totals.pop(k)
        return math.tanh((mine - max(totals)) / LEAD_POINTS)

    def clone(self) -> Match:
        other = object.__new__(Match)
        self.copy_base(other)
        other.kit, other.state, other.needs, other.drawn = (
            self.kit,
            self.state,
            self.needs,
            self.drawn,
        )
        other.seats = [seat.copy() for seat in self.seats]
        other.events, other.facts, other.stolen = [], fresh_facts(self.facts), set()
        for name in (
            "black",
            "black_discard",
            "white",
            "white_discard",
            "in_play",
            "table",
            "boxed",
        ):
            setattr(other, name, list(getattr(self, name)))
        other.supply, other.free = Counter(self.supply), Counter(self.free)
        return other

    def standing(self) -> list[int]:
        """Each seat's total."""
        return [p.total for p in self.state.players]

    def unseen(self) -> int:
        return len(self.black) + len(self.white)

    def turn_step(self) -> bool:
        return self.state.phase == "play"

    def determinize(self, k: int, rng: random.Random) -> None:
        """Seat `k` sees its own hand, every card in front of a player, both discard
        piles (face up) and the cards on the table, and knows that a player still holds
        the New Account card dealt to them at the start until they counter a ban with
        one (`known`). It cannot see the rest of the other hands or the order of either
        pile, nor how many New Account cards a player drew (the rules never show them).
        The other hands' cards but their known ones and the white pile's cards but its
        positive action cards (which never stay in a hand), New Account cards among
        them, are dealt anew among those hands (each keeping its size) and the white
        pile; both piles are shuffled; the scorekeeper's count of each player's New
        Account cards follows the new deal."""
        others = [j for j in range(len(self.seats)) if j != k]
        kept = {j: self.hidden_part(j, self.seats[j].hand) for j in others}
        pool = [c for j in others for c in kept[j][1]]
        pool += [c for c in self.white if c.kind not in STAY]
        pool.sort(key=card_order)
        rng.shuffle(pool)
        for j in others:
            known, rest = kept[j]
            self.seats[j].hand[:] = known + [pool.pop() for _ in rest]
        self.white[:] = sorted(pool + [c for c in self.white if c.kind in STAY], key=card_order)
        rng.shuffle(self.white)
        self.supply = Counter(c.kind for c in self.white + self.white_discard)
        self.black.sort(key=card_order)
        rng.shuffle(self.black)
        self.state = self.state._replace(
            players=tuple(
                p._replace(accounts=sum(c.kind == "new_account" for c in s.hand))
                for p, s in zip(self.state.players, self.seats)
            )
        )

    def play(self, cap: int | None = None) -> Result:
        """Play turns until two unbanned players remain, then hack-offs until the
        scorekeeper's state says the game is over (rules, “Winning”), or `cap` black
        cards are drawn (default: the cap it was seated with): a draw, unscored."""
        return super().play(cap)

    def result(self) -> Result:
        """The Result: the scorekeeper's outcome, or a draw (white cards used up, or capped)."""
        state, outcome = self.state, rules.outcome(self.state)
        per_game = self.facts["per_game"]
        per_game["bans"] = sum(p.banned for p in state.players)
        per_game["countered"] = sum(p.countered for p in state.players)
        per_game["hack_offs"] = state.hack_offs
        per_game["hack_off_repeats"] = max(0, state.hack_offs - 1)
        if outcome is not None:
            ending, reason = (
                "hack-off" if state.hack_offs == 1 else "hack-off repeated",
                outcome.reason,
            )
        elif self.used_up():
            ending, reason = USED_UP, "white cards used up: a draw"
        else:
            ending, reason = CAPPED, "turn cap: a draw"
        winners = outcome.winners if outcome else ()
        return Result(
            self.seed,
            tuple(s.name for s in self.seats),
            winners,
            reason,
            ending,
            len(winners) > 1,
            tuple(p.total for p in state.players),
            self.drawn,
            ending == CAPPED,
            tuple(self.events),
            {k: dict(sorted(v.items())) for k, v in self.facts.items()},
        )
