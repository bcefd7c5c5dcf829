"""Not a Hack played from the card data: setup, turns, hacks, action cards, Steal, Banned
and New Account cards and the final hack-off as the rules say, with each player's hand
kept to that player, and the scorekeeper's own rules (scorekeeper.games.not_a_hack.rules)
deciding what they decide.

Source: shared/rules/not-a-hack.txt. What this module does itself is what the scorekeeper
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

The package (its `__init__`) keeps the simulator contract of `pnp.simulate.result`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

from pnp.games.not_a_hack.cards import DEAL, NahCard, NotAHackData
from pnp.games.not_a_hack.simulator.piles import Piles
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
    Steal,
    View,
    card_order,
    kit_of,
    size,
    take,
)
from pnp.simulate.model import Model, fresh_facts
from pnp.simulate.result import CAPPED, Result
from scorekeeper.games.not_a_hack import rules


class Match(Piles, Model):
    """One game in play (mutable while it runs; `play` returns its Result). RuleError
    (`rules.initial`) for a player count outside PLAYERS."""

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
        for seat in self.seats:
            seat.hand.append(accounts.pop())
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

    def determinize(self, k: int, rng: random.Random) -> None:
        """Seat `k` sees its own hand, every card in front of a player, both discard
        piles (face up) and the cards on the table; it knows how many New Account cards
        each player holds (the scorekeeper records each one drawn). It cannot see the
        other hands or the order of either pile. The other hands' cards but their New
        Account cards, and the white pile's cards but its New Account cards (a hand's
        count of them is known) and positive action cards (which never stay in a hand),
        are dealt anew among those hands (each keeping its size) and the white pile;
        both piles are shuffled."""
        others = [s for j, s in enumerate(self.seats) if j != k]
        pool = [c for s in others for c in s.hand if c.kind != "new_account"]
        pool += [c for c in self.white if c.kind not in STAY]
        pool.sort(key=card_order)
        rng.shuffle(pool)
        for seat in others:
            held = [c for c in seat.hand if c.kind == "new_account"]
            seat.hand[:] = held + [pool.pop() for _ in range(len(seat.hand) - len(held))]
        self.white[:] = sorted(pool + [c for c in self.white if c.kind in STAY], key=card_order)
        rng.shuffle(self.white)
        self.supply = Counter(c.kind for c in self.white + self.white_discard)
        self.black.sort(key=card_order)
        rng.shuffle(self.black)

    # --- play --------------------------------------------------------------------------

    def play(self, cap: int | None = None) -> Result:
        """Play turns until two unbanned players remain, then hack-offs until the
        scorekeeper's state says the game is over (rules, “Winning”), or `cap` black
        cards are drawn (default: the cap it was seated with): a draw, unscored."""
        return super().play(cap)

    def turn(self) -> None:
        """One turn (rules, “Following turns”): Steals may be played, then the drawer
        (the scorekeeper's `current`) draws a black card and it is dealt with."""
        drawer = self.state.current
        self.offer_steals(drawer)
        card = self.draw_black()
        if card.kind == "hack":
            self.hack(drawer, card)
        elif card.kind == "negative":
            self.negative(drawer, card)
        else:
            self.ban(drawer)

    def hack(self, drawer: int, card: NahCard) -> None:
        """A hack (rules, “Turn 1”): every other unbanned player completes it, the drawer
        judges the face-down hacks, the winner keeps its white cards as points, everyone
        refills. A hack nobody completes is discarded; the drawer draws again."""
        played = [
            (k, cards)
            for k in self.order(drawer)[1:]
            if (cards := self.complete(k, card)) is not None
        ]
        if not played:
            self.facts["per_game"]["unfinished"] += 1
            self.discard_black()
            return
        self.rng.shuffle(played)  # face-down: owners hidden
        pick = self.decide(drawer, "judge", self.view(drawer), [c for _, c in played])
        winner = played[pick][0]
        self.record(
            {
                "type": "hack",
                "drawer": self.seats[drawer].name,
                "winner": self.seats[winner].name,
                "cards": size(card),
                "white": self.kit.white,
            }
        )
        self.settle(card, played, winner)
        self.refill(drawer)

    def complete(self, k: int, hack: NahCard) -> list[NahCard] | None:
        """The white cards seat `k` plays to complete `hack`, swapping one card the hack
        does not need at a time for a new one until it can (rules, “If a player is
        missing a required card…”); None if it cannot (see the module's readings)."""
        seat, need = self.seats[k], {"component": hack.components, "modifier": hack.modifiers}
        while True:
            have = Counter(c.kind for c in seat.hand)
            missing = [kind for kind in BUILD if have[kind] < need[kind]]
            if not missing:
                break
            spare = [
                c
                for c in seat.hand
                if have[c.kind] > need.get(c.kind, 0) and c.kind != "new_account"
            ]
            if not spare or not any(self.supply[kind] for kind in missing):
                return None
            card = self.decide(k, "swap", self.view(k), spare)
            self.facts["per_player"][f"{seat.name}:swaps"] += 1
            take(seat.hand, card)
            self.discard_white([card])
            self.draw_white(seat)
        cards = [
            c for kind in BUILD for c in [c for c in seat.hand if c.kind == kind][: need[kind]]
        ]
        for c in cards:
            take(seat.hand, c)
        seat.owed += len(cards)
        self.table += cards
        return cards

    def settle(self, card: NahCard, played: list, winner: int | None) -> None:
        """After the judging: the winner (None: nobody) keeps their white cards in front
        of them, the other hacks go to the white discard pile, the hack card to the
        black discard pile."""
        for k, cards in played:
            if k == winner:
                self.seats[k].won.append((card, cards))
                self.free.subtract(c.kind for c in cards)
                self.facts["won"][card.id] += 1
                self.facts["per_player"][f"{self.seats[k].name}:hacks_won"] += 1
                self.facts["per_player"][f"{self.seats[k].name}:hack_points"] += len(cards)
            else:
                self.discard_white(cards)
        self.table = []
        self.discard_black()

    def negative(self, drawer: int, card: NahCard) -> None:
        """A negative action card (rules: “they lose the amount of points specified on
        the card. Set this card in front of that player”)."""
        seat = self.seats[drawer]
        seat.kept.append(self.in_play.pop())
        self.record(
            {
                "type": "negative",
                "player": seat.name,
                "points": card.points,
                "name": card.name,
                "card": card.id,
                "copies": card.count,
                "deck_at_points": self.kit.at_points["negative", card.points],
            }
        )

    def ban(self, drawer: int) -> None:
        """A Banned card (rules: “the person is out of the game and their points are
        finalized. A banned card can be countered with a new account card”): countering
        is the drawer's choice if they hold one; the scorekeeper's state says whether the
        ban stands. Countered: both cards to their discard piles. Standing: the Banned
        card in front of the player, their hand to the white discard pile."""
        seat = self.seats[drawer]
        account = next((c for c in seat.hand if c.kind == "new_account"), None)
        counter = account is not None and bool(self.decide(drawer, "counter", self.view(drawer)))
        self.record({"type": "banned", "player": seat.name, "counter": counter})
        outcome = "banned" if self.state.players[drawer].banned else "countered"
        self.facts["per_player"][f"{seat.name}:{outcome}"] += 1
        if self.state.players[drawer].banned:
            seat.kept.append(self.in_play.pop())
            self.discard_white(seat.hand)
            seat.hand, seat.owed = [], 0
        else:
            assert account is not None  # countered: only a held New Account card counters
            take(seat.hand, account)
            self.discard_white([account])
            seat.owed += 1
            self.discard_black()

    # --- Steals ------------------------------------------------------------------------

    def offer_steals(self, first: int) -> None:
        """Each unbanned player holding a Steal, in turn order from seat `first`, may
        play one (rules: “A player can use a white ‘steal’ card to take a winning hack
        from any unbanned player”)."""
        for k in self.order(first):
            card = next((c for c in self.seats[k].hand if c.kind == "steal"), None)
            options = self.steals(k) if card is not None else []
            pick = self.decide(k, "steal", self.view(k), options) if options else None
            if pick is not None:
                assert card is not None  # only a Steal's holder is asked for a pick
                self.steal(k, card, pick)

    def steals(self, k: int) -> list[Steal]:
        """The winning hacks seat `k` may steal: every one of every other unbanned player."""
        return [
            Steal(p.name, i, cards)
            for j, p in enumerate(self.state.players)
            if j != k and not p.banned
            for i, cards in enumerate(p.hacks)
        ]

    def steal(self, k: int, card: NahCard, pick: Steal) -> None:
        """Seat `k` plays the Steal `card` on `pick`: the hack's white cards move in front
        of the thief, the Steal goes to the white discard pile."""
        thief, victim = self.seats[k], self.seats[self.state.seat(pick.victim)]
        take(thief.hand, card)
        self.discard_white([card])
        thief.owed += 1
        hack = victim.won.pop(pick.index)
        thief.won.append(hack)
        if id(hack[1]) not in self.stolen:
            self.stolen.add(id(hack[1]))
            self.facts["stolen"][hack[0].id] += 1
        self.facts["per_game"]["steals"] += 1
        self.facts["per_player"][f"{thief.name}:steals"] += 1
        self.facts["per_player"][f"{thief.name}:points_stolen"] += pick.cards
        self.facts["per_player"][f"{victim.name}:stolen_from"] += pick.cards
        self.record(
            {
                "type": "steal",
                "player": thief.name,
                "from": victim.name,
                "hack": pick.index,
                "cards": pick.cards,
            }
        )

    # --- the final hack-off ------------------------------------------------------------

    def hack_off(self, cap: int) -> None:
        """One hack-off round (rules, “Winning”): “draws from the black hack card pile
        until a hack card appears, ignoring other card types. Both players play white
        component cards and all ‘banned’ player(s) vote on the winning hack”. The
        scorekeeper decides whether it settles the game or is repeated."""
        first = self.state.current
        self.offer_steals(first)
        card = self.draw_hack(cap)
        if card is None:
            return
        played = [
            (k, cards) for k in self.order(first) if (cards := self.complete(k, card)) is not None
        ]
        if not played:
            self.facts["per_game"]["unfinished"] += 1
            self.discard_black()
            return
        names = [self.seats[k].name for k, _ in played]
        voters = [j for j in range(len(self.seats)) if self.state.players[j].banned]
        votes = dict(
            zip(
                (self.seats[j].name for j in voters),
                self.ask_all([(j, "vote", lambda j=j: (self.view(j), names)) for j in voters]),
            )
        )
        before = [len(p.hacks) for p in self.state.players]
        self.record(
            {"type": "hack_off", "votes": votes, "cards": size(card), "white": self.kit.white}
        )
        winner = next((k for k, _ in played if len(self.state.players[k].hacks) > before[k]), None)
        self.facts["per_game"]["split_votes"] += winner is None
        self.settle(card, played, winner)
        if self.state.phase != "over":
            self.refill(first)

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
