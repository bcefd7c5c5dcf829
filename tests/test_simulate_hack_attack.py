"""The Hack Attack: Defense simulator (pnp.games.hack_attack.simulator, issue 13): setup as the
rules deal it, seeded games that repeat exactly, the simulator's own invariants after
every event, and its logs replayed through the scorekeeper's store and rules to the
same winners and totals. Rules: shared/rules/hack-attack-defense.txt."""

from __future__ import annotations

from collections import Counter

import pytest

from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.games.hack_attack import simulator as sim
from pnp.games.hack_attack.cards import (
    AttackCard,
    DefenseCard,
    RealityCheckCard,
    TechCard,
    UserErrorCard,
)
from scorekeeper.errors import RuleError
from scorekeeper.games.hack_attack import cards, rules
from scorekeeper.games.hack_attack.state import GAME
from scorekeeper.store import Store
from tests.replay import CHEAP, plan, replay, seated


@pytest.fixture(scope="module")
def data():
    return sim.load(SHIPPED_DATA_DIR / "hack-attack")


@pytest.fixture(scope="module")
def deck(data):
    return sim.deck_of(data)


def copies(data, kinds) -> int:
    return sum(c.count for c in data.cards if isinstance(c, kinds))


def test_deck_is_what_the_scorekeeper_records(data, deck):
    """The copies the simulator writes into its events are the ones `scorekeeper
    protect`/`attack`/`user-error` write (scorekeeper.games.hack_attack.cards.deck)."""
    assert deck == cards.deck()


@pytest.mark.parametrize("n", range(2, 7))
def test_setup_deals_as_the_rules_say(data, n):
    """Setup: 4 Tech face-up each and a Tech row of 3; 4 Defense cards in each hand and a
    Defense row of 5 (Defense and Reality Check cards only); every Attack and User Error
    shuffled into the rest of the Defense deck."""
    game = sim.Match(data, [sim.Protector() for _ in range(n)], seed=n)
    tech, defense = copies(data, TechCard), copies(data, (DefenseCard, RealityCheckCard))
    hazards = copies(data, (AttackCard, UserErrorCard))
    for seat in game.seats:
        assert len(seat.tech) == 4 and not seat.protected
        assert len(seat.hand) == 4
        assert all(isinstance(c, (DefenseCard, RealityCheckCard)) for c in seat.hand)
    assert len(game.tech_row) == 3
    assert len(game.tech_deck) == tech - 4 * n - 3
    assert [len(s) for s in game.defense_row] == [1] * 5
    assert all(isinstance(s[0], (DefenseCard, RealityCheckCard)) for s in game.defense_row)
    assert len(game.defense_deck) == defense - 4 * n - 5 + hazards
    assert sum(isinstance(c, (AttackCard, UserErrorCard)) for c in game.defense_deck) == hazards
    assert game.state.current == 0 and game.state.turn == 1 and not game.events


@pytest.mark.parametrize("strategy", sorted(sim.STRATEGIES))
def test_the_same_seed_gives_the_same_game(data, deck, strategy):
    seats = plan(sim, strategy, 4)
    for seed in range(5):
        first = sim.simulate(data, 4, seed, seats, setup=CHEAP, deck=deck)
        assert first == sim.simulate(data, 4, seed, seats, setup=CHEAP, deck=deck)
    assert (
        sim.simulate(data, 4, 1, seats, setup=CHEAP, deck=deck).events
        != sim.simulate(data, 4, 2, seats, setup=CHEAP, deck=deck).events
    )


class Checked(sim.Match):
    """A game that checks the simulator's own invariants after every event: no more
    than 4 unprotected Tech, no hand above 4 at the end of a turn, no card made or
    lost (every Tech and Defense card is somewhere, Defense cards under Protected Tech
    counted by what each Tech needs)."""

    def __init__(self, data, *args):
        super().__init__(data, *args)
        self.total_tech = copies(data, TechCard)
        self.total_defense = copies(data, (DefenseCard, RealityCheckCard))

    def record(self, event):
        super().record(event)
        assert all(len(s.tech) <= sim.TECH_LIMIT for s in self.seats)
        if event["type"] == "end_turn":
            assert all(len(s.hand) <= sim.HAND_LIMIT for s in self.seats)
        tech = (
            len(self.tech_deck)
            + len(self.tech_row)
            + len(self.tech_discard)
            + sum(len(s.tech) + len(s.protected) for s in self.seats)
        )
        assert tech == self.total_tech
        defense = sum(isinstance(c, (DefenseCard, RealityCheckCard)) for c in self.defense_deck)
        defense += sum(len(stack) for stack in self.defense_row)
        defense += sum(len(s.hand) + sum(len(t.defenses) for t in s.protected) for s in self.seats)
        assert defense == self.total_defense


@pytest.mark.parametrize("n", range(2, 7))
@pytest.mark.parametrize("strategy", sorted(sim.STRATEGIES))
def test_every_event_keeps_the_invariants(data, deck, n, strategy):
    for seed in range(10):
        game = Checked(data, seated(sim, strategy, n), seed, deck)
        result = game.play()
        assert result.capped or game.state.over


def test_an_illegal_move_is_refused_by_the_scorekeeper(data):
    """A second Protect in one turn is the scorekeeper's RuleError, not the simulator's."""
    game = sim.Match(data, [sim.Protector(), sim.Protector()], seed=0)
    event = {
        "type": "protect",
        "player": "Ana",
        "points": 1,
        "card": None,
        "name": None,
        "copies": None,
        "deck_at_points": None,
    }
    game.record(event)
    with pytest.raises(RuleError, match="one Tech card per turn"):
        game.record(event)


def test_the_turn_cap_is_a_reported_draw(data, deck):
    result = sim.simulate(data, 6, 0, "random", cap=3, deck=deck)
    assert result.capped and result.winners == () and result.turns == 3
    assert result.reason == "turn cap: a draw"


def test_simulated_games_replay_through_the_scorekeeper(data, deck, tmp_path):
    """About a hundred seeded games, every player count and both strategies (and a mixed
    table), give the same winners, reason and totals when the scorekeeper rebuilds them
    from their logs; a capped game is not over there either."""
    store = Store(tmp_path / "replay.sqlite3")
    plans = [(n, s) for n in range(2, 7) for s in ("protector", "random")]
    plans.append((4, ("protector", "random", "protector", "random")))
    seen = Counter()
    for k in range(99):
        n, strategy = plans[k % len(plans)]
        result = sim.simulate(data, n, 1000 + k, strategy, deck=deck)
        state = replay(store, GAME, result)
        outcome = rules.outcome(state)
        assert tuple(p.total for p in state.players) == result.totals
        if result.capped:
            assert outcome is None and not state.over
            seen["capped"] += 1
            continue
        assert outcome.winners == result.winners and outcome.reason == result.reason
        seen[outcome.reason] += 1
        kinds = Counter(e["type"] for e in result.events)
        assert kinds["protect"] >= rules.protect_target(n)
    assert seen["highest total"] > 0


class Timed(sim.Match):
    """A game that writes down, turn by turn, each action as it completes (with the
    actions it cost) and each moment a Protect is offered."""

    def __init__(self, *args):
        super().__init__(*args)
        self.turns: list[list[tuple]] = []
        self.depth = 0

    def turn(self):
        self.turns.append([])
        super().turn()

    def act(self, k, action):
        self.depth += 1
        cost = super().act(k, action)
        self.depth -= 1
        if not self.depth:  # a Secure finished after an Attack is one
            self.turns[-1].append(("action", cost))
        return cost

    def maybe_protect(self, k, left):
        self.turns[-1].append(("offer", left))
        super().maybe_protect(k, left)


def offers_between(turn: list[tuple]) -> bool:
    """Whether every Protect offer of a turn comes between its two actions: after the
    first (one action spent), or after a Reality Check that cost both."""
    for i, (what, _) in enumerate(turn):
        if what == "offer":
            spent = sum(cost for kind, cost in turn[:i] if kind == "action")
            if not (spent == 1 or (spent == 2 and turn[i - 1] == ("action", 2))):
                return False
    return True


@pytest.mark.parametrize("strategy", ["random", "protector"])
def test_protect_is_offered_only_between_the_two_actions(data, deck, strategy):
    """Rulebook, "Protect a Tech card": once per turn, between your two actions; after a
    face-up Reality Check that took both, right after it (the rulebook's
    clarification); never after the second action."""
    turns = []
    for seed in range(40):
        game = Timed(data, seated(sim, strategy, 3), seed, deck)
        game.play()
        turns += game.turns
    assert all(offers_between(t) for t in turns)
    assert all(sum(kind == "offer" for kind, _ in t) <= 1 for t in turns)
    after_one = sum(("offer", 1) in t for t in turns)
    after_reality_check = sum(t[:2] == [("action", 2), ("offer", 0)] for t in turns)
    assert after_one > 0.9 * len(turns)
    if strategy == "random":
        assert after_reality_check > 0


def test_protects_offered_between_actions_replay_through_the_scorekeeper(data, deck, tmp_path):
    """Games whose every Protect was offered between the actions are the scorekeeper's
    games too: each Protect is on its player's own turn, one a turn, and the rebuilt
    table has the same Protected Tech and winners."""
    store = Store(tmp_path / "protects.sqlite3")
    for seed in range(12):
        game = Timed(data, seated(sim, "protector", 2 + seed % 5), seed, deck)
        result = sim.played(game, ["protector"] * len(game.players), sim.TURN_CAP)
        assert all(offers_between(t) for t in game.turns)
        state = replay(store, GAME, result)
        protects = [e for e in result.events if e["type"] == "protect"]
        assert sum(len(p.protected) for p in state.players) == len(protects) > 0
        assert rules.outcome(state).winners == result.winners


def test_an_attack_drawn_from_the_deck_does_not_use_up_the_secure(data, deck):
    """Rulebook, "Clarifications": an Attack or User Error drawn from the deck uses no
    action; the player resolves it, then finishes the Secure with a Defense card."""
    finished = []

    class Rigged(sim.Match):
        def act(self, k, action):
            seat = self.seats[k]
            hazard = action == ("secure", "deck") and isinstance(
                self.defense_deck[-1], (AttackCard, UserErrorCard)
            )
            hand = len(seat.hand)
            cost = super().act(k, action)
            if hazard and not self.state.over:
                finished.append(len(seat.hand) - hand)
            return cost

    for seed in range(30):
        Rigged(data, [sim.RandomPlayer() for _ in range(3)], seed, deck).play()
    assert finished
    assert set(finished) == {1}  # one Defense card taken: the Secure was finished
