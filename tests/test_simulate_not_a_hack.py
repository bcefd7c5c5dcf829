"""The Not a Hack simulator (pnp.games.not_a_hack.simulator, issue 13): setup as the rules deal
it, seeded games that repeat exactly, the simulator's own invariants after every event,
and its logs replayed through the scorekeeper's store and rules to the same winners and
totals. Rules: shared/rules/not-a-hack.txt."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.games.not_a_hack import simulator as sim
from pnp.simulate.result import CAPPED
from scorekeeper.errors import RuleError
from scorekeeper.games.not_a_hack import cards, rules
from scorekeeper.games.not_a_hack.state import GAME, PLAYERS
from scorekeeper.store import Store
from tests.replay import CHEAP, plan, replay, seated

COUNTS = range(sim.PLAYERS[0], sim.PLAYERS[1] + 1)


@pytest.fixture(scope="module")
def data():
    return sim.load(SHIPPED_DATA_DIR / "not-a-hack")


@pytest.fixture(scope="module")
def kit(data):
    return sim.kit_of(data)


def printed(data, pile: str) -> Counter:
    """Card id -> copies printed, of one pile."""
    return Counter(c.id for c in data.pile(pile))


def test_kit_is_what_the_scorekeeper_records(data, kit):
    """The counts the simulator writes into its events are the ones the scorekeeper's
    verbs write (scorekeeper.games.not_a_hack.cards)."""
    assert kit.white == cards.white_points()
    assert kit.accounts == cards.printed("new_account")
    for (kind, points), n in kit.at_points.items():
        assert n == cards.at_points(kind, points)
    assert sim.PLAYERS == PLAYERS == (3, 5)


@pytest.mark.parametrize("n", COUNTS)
def test_setup_deals_as_the_rules_say(data, kit, n):
    """Setup: every New Account card out of the white pile, one to each player, one fewer
    than the players shuffled back in, the rest boxed; ten white cards each (a positive
    action card drawn is scored and replaced); the black pile whole."""
    game = sim.Match(data, [sim.PartyPlayer() for _ in range(n)], seed=n)
    white = printed(data, "white")
    accounts = sum(c.kind == "new_account" for c in game.white)
    held = sum(c.kind == "new_account" for s in game.seats for c in s.hand)
    assert accounts + held == 2 * n - 1 == rules.accounts_in_play(n, kit.accounts)
    assert len(game.boxed) == white["new-account"] - (2 * n - 1)
    kept = 0
    for seat, player in zip(game.seats, game.state.players):
        assert len(seat.hand) == 1 + sim.DEAL
        assert all(c.kind == "positive" for c in seat.kept) and not seat.won
        kept += len(seat.kept)
        assert player.accounts == sum(c.kind == "new_account" for c in seat.hand)
        assert player.total == sum(c.points for c in seat.kept)
    assert len(game.white) == sum(white.values()) - len(game.boxed) - (1 + sim.DEAL) * n - kept
    assert Counter(c.id for c in game.black) == printed(data, "black")
    assert not game.white_discard and not game.black_discard and game.drawn == 0
    assert {e["type"] for e in game.events} <= {"positive", "new_account"}
    assert game.state.current == 0 and game.state.phase == "play"


@pytest.mark.parametrize("strategy", sorted(sim.STRATEGIES))
def test_the_same_seed_gives_the_same_game(data, kit, strategy):
    seats = plan(sim, strategy, 4)
    for seed in range(4):
        first = sim.simulate(data, 4, seed, seats, setup=CHEAP, kit=kit)
        assert first == sim.simulate(data, 4, seed, seats, setup=CHEAP, kit=kit)
        assert json.loads(json.dumps(first.facts)) == first.facts
        assert all(list(v) == sorted(v) for v in first.facts.values())
    assert (
        sim.simulate(data, 4, 1, seats, setup=CHEAP, kit=kit).events
        != sim.simulate(data, 4, 2, seats, setup=CHEAP, kit=kit).events
    )


class Checked(sim.Match):
    """A game that checks the simulator's own invariants after every event: every white
    and black card in exactly one place (no card made or lost); each player's New
    Account cards in hand are the scorekeeper's count; a banned player holds nothing;
    the counts the simulator keeps of the piles are right; every hack played holds
    exactly the components and modifiers its card asks for."""

    def __init__(self, data, *args):
        self.white_cards, self.black_cards = printed(data, "white"), printed(data, "black")
        self.build = Counter(c.kind for c in data.pile("white") if c.kind in sim.BUILD)
        super().__init__(data, *args)

    def record(self, event):
        if event["type"] in ("hack", "hack_off"):
            self.check_hacks(self.in_play[-1])
        super().record(event)
        white = Counter(c.id for c in [*self.white, *self.white_discard, *self.table, *self.boxed])
        black = Counter(c.id for c in [*self.black, *self.black_discard, *self.in_play])
        for seat, player in zip(self.seats, self.state.players):
            white.update(c.id for c in seat.hand)
            white.update(c.id for _, won in seat.won for c in won)
            for c in seat.kept:
                (white if c.pile == "white" else black)[c.id] += 1
            if event["type"] == "banned":  # the cards move once the rules decide
                continue
            assert player.accounts == sum(c.kind == "new_account" for c in seat.hand)
            assert not (player.banned and seat.hand)
            if event["type"] not in ("hack", "hack_off"):
                assert player.hacks == tuple(len(won) for _, won in seat.won)
        assert white == self.white_cards and black == self.black_cards
        piles = Counter(c.kind for c in [*self.white, *self.white_discard])
        assert +piles == +self.supply
        outside = Counter(c.kind for s in self.seats for _, won in s.won for c in won)
        assert self.free + outside == self.build

    def check_hacks(self, hack):
        kinds = Counter(c.kind for c in self.table)
        played = len(self.table) // sim.size(hack)
        assert played >= 1 and len(self.table) == played * sim.size(hack)
        assert kinds == +Counter(
            {"component": played * hack.components, "modifier": played * hack.modifiers}
        )


@pytest.mark.parametrize("n", COUNTS)
@pytest.mark.parametrize("strategy", sorted(sim.STRATEGIES))
def test_every_event_keeps_the_invariants(data, kit, n, strategy):
    for seed in range(6):
        game = Checked(data, seated(sim, strategy, n), seed, kit)
        result = game.play()
        for seat, player in zip(game.seats, game.state.players):
            assert player.hacks == tuple(len(won) for _, won in seat.won)
        assert result.ending in sim.ENDINGS
        assert (result.ending == CAPPED) == result.capped
        assert game.state.phase == "over" or result.winners == ()


@pytest.mark.parametrize("n", COUNTS)
def test_every_strategy_plays_whole_games(data, kit, n):
    """Many games per strategy and player count, and a mixed table: every move is one
    the scorekeeper accepts, and the games end (but for a rare one whose hack-offs keep
    being repeated, split votes and steals undoing every win, until the turn cap)."""
    plans = [*sim.STRATEGIES, tuple(sorted(sim.STRATEGIES) * 2)[:n]]
    settled = Counter()
    for strategy in plans:
        endings = Counter(
            sim.simulate(data, n, 500 + seed, plan(sim, strategy, n), setup=CHEAP, kit=kit).ending
            for seed in range(30)
        )
        assert endings[CAPPED] <= 1
        settled.update(endings)
    assert settled["hack-off"] > 0


def test_an_illegal_move_is_refused_by_the_scorekeeper(data):
    """The judge winning their own hack, and a Steal from a banned player, are the
    scorekeeper's RuleErrors, not the simulator's."""
    game = sim.Match(data, [sim.PartyPlayer() for _ in range(3)], seed=0)
    with pytest.raises(RuleError, match="Ana drew the hack and judges it"):
        game.record({"type": "hack", "drawer": "Ana", "winner": "Ana", "cards": 2})
    game.record({"type": "hack", "drawer": "Ana", "winner": "Ben", "cards": 2})
    game.record({"type": "banned", "player": "Ben", "counter": False})
    with pytest.raises(RuleError, match="Ben is banned"):
        game.record({"type": "steal", "player": "Cleo", "from": "Ben"})
    assert [e["type"] for e in game.events[-2:]] == ["hack", "banned"]


def test_the_turn_cap_is_a_reported_draw(data, kit):
    result = sim.simulate(data, 4, 0, "random", cap=3, kit=kit)
    assert result.capped and result.winners == () and result.turns == 3
    assert result.reason == "turn cap: a draw" and result.ending == CAPPED
    assert not result.tie


def thin_kit(data):
    """`data` with the kit cut down to what the shipped kit was before issue 22: 40
    components, 40 modifiers and four copies of one Banned card."""
    kept, out = Counter(), []
    for card in data.cards:
        kept[card.kind] += 1
        if card.kind in ("component", "modifier") and kept[card.kind] > 40:
            continue
        if card.kind == "banned":
            if kept["banned"] > 1:
                continue
            card = replace(card, count=4)
        out.append(card)
    return replace(data, cards=tuple(out))


def test_a_game_that_cannot_end_is_stopped_as_a_draw(data):
    """Always countering a ban at five players runs a thin kit's white pile dry (the
    shipped kit was retuned so that it does not: test_balance_guard): no hack can be
    completed, so no hack-off can be won; the game stops unscored, not capped."""
    thin = thin_kit(data)
    game = sim.Match(thin, [sim.CounterPlayer() for _ in range(5)], 0, sim.kit_of(thin))
    result = game.play()
    assert result.ending == sim.USED_UP and not result.capped and result.winners == ()
    assert game.state.phase != "over" and game.used_up()
    assert result.turns < sim.TURN_CAP


def test_a_hack_off_is_repeated_after_a_split_vote_or_a_tie(data, kit):
    """Rules, “In case of a tie repeat the hack off”: the scorekeeper decides when; the
    simulator draws a new hack card and plays again."""
    repeated = [
        r
        for r in (sim.simulate(data, 4, seed, "random", kit=kit) for seed in range(12))
        if r.ending == "hack-off repeated"
    ]
    assert repeated
    for result in repeated:
        kinds = [e["type"] for e in result.events]
        assert kinds.count("hack_off") == result.facts["per_game"]["hack_offs"] >= 2
        assert result.facts["per_game"]["hack_off_repeats"] == kinds.count("hack_off") - 1
        assert len(result.winners) == 1 and not result.tie


class Watched(sim.RandomPlayer):
    """A random player that records what it is shown as judge and when it swaps."""

    def __init__(self):
        self.judged, self.swapped = [], []

    def judge(self, view, hacks):
        self.judged.append(hacks)
        return super().judge(view, hacks)

    def swap(self, view, options):
        self.swapped.append(options)
        return super().swap(view, options)


def test_the_judge_sees_only_the_cards_and_swaps_keep_what_is_needed(data, kit):
    """Rulebook: hacks are played face-down, so the judge gets the white cards alone; a
    swap discards a card the hack does not need, never a New Account card."""
    players = [Watched() for _ in range(4)]
    for seed in range(10):
        sim.Match(data, players, seed, kit).play()
    judged = [h for p in players for hacks in p.judged for h in hacks]
    assert judged and all(c.kind in sim.BUILD for h in judged for c in h)
    swapped = [c for p in players for options in p.swapped for c in options]
    assert swapped and all(c.kind != "new_account" for c in swapped)


def test_figures_name_facts_the_games_count(data, kit):
    first, per_card, white, black = sim.figures(data)
    assert first.title == "Bans, steals and hack-offs per game" and first.kind == "per game"
    assert (first.value_title, first.label_title) == ("Per game (mean)", "Event")
    result = sim.simulate(data, 4, 3, kit=kit)
    assert set(first.labels) == set(result.facts["per_game"])
    hacks = {c.id for c in data.cards if c.kind == "hack"}
    assert set(per_card.labels) == hacks
    assert set(result.facts["won"]) <= hacks and set(result.facts["stolen"]) <= hacks
    won, stolen = Counter(), Counter()
    for seed in range(20):
        facts = sim.simulate(data, 4, seed, kit=kit).facts
        won.update(facts["won"])
        stolen.update(facts["stolen"])
    assert stolen and all(stolen[k] <= won[k] for k in stolen)


def test_the_pile_make_up_is_counted_every_ten_black_cards(data, kit):
    """Issue 21: the white and black piles' make-up over a game (what decides whether it
    can end). Before the first black card the white pile is the deal's leftover and
    the black pile the whole print run; then every PILE_EVERY black cards, the games
    still running count what is left in each pile and its discard pile."""
    *_, white, black = sim.figures(data)
    assert (white.kind, black.kind) == ("timeline", "timeline")
    assert list(white.labels) == ["component", "modifier", "steal", "new_account"]
    assert list(black.labels) == ["hack", "negative", "banned"]
    printed = Counter()
    for card in data.cards:
        printed[card.kind] += card.count
    for seed in range(10):
        game = sim.Match(data, seated(sim, "party", 4), seed, kit)
        dealt = Counter(c.kind for c in game.white)
        result = game.play()
        piles, running = result.facts["piles"], result.facts["running"]
        assert set(running) == {str(t) for t in range(0, result.turns, sim.PILE_EVERY)}
        assert set(running.values()) == {1}
        assert all(piles[f"{kind}@0"] == dealt[kind] for kind in white.labels)
        assert all(piles[f"{kind}@0"] == printed[kind] for kind in black.labels)
        last = max(running, key=int)
        assert all(piles[f"{k}@{last}"] <= printed[k] for k in (*white.labels, *black.labels))
        left = piles[f"component@{last}"] + piles[f"modifier@{last}"]
        assert left < printed["component"] + printed["modifier"]  # hands, won hacks


def test_simulated_games_replay_through_the_scorekeeper(data, kit, tmp_path):
    """150 seeded games, every player count and strategy (and a mixed table), give the
    same winners, reason and totals when the scorekeeper rebuilds them from their logs;
    a game stopped unscored is not over there either."""
    store = Store(tmp_path / "replay.sqlite3")
    plans = [(n, s) for n in COUNTS for s in sorted(sim.STRATEGIES)]
    plans.append((4, ("party", "random", "always-counter", "random")))
    seen = Counter()
    for k in range(150):
        n, strategy = plans[k % len(plans)]
        result = sim.simulate(data, n, 2000 + k, plan(sim, strategy, n), setup=CHEAP, kit=kit)
        state = replay(store, GAME, result)
        outcome = rules.outcome(state)
        assert tuple(p.total for p in state.players) == result.totals
        assert state.hack_offs == result.facts["per_game"]["hack_offs"]
        seen[result.ending] += 1
        if outcome is None:
            assert state.phase != "over" and result.winners == ()
            continue
        assert outcome.winners == result.winners and outcome.reason == result.reason
    assert seen["hack-off"] and seen["hack-off repeated"]


def test_the_party_player_decides_as_documented(data):
    """Banks a sole lead (lets the ban stand), else counters; steals the leader's
    largest hack; votes for the trailing finalist; swaps a spare of its commonest kind
    before a Steal; judges at random among the hacks it is shown."""

    def view(me, totals, hand=()):
        table = tuple(sim.Public(n, 0, (), t, False) for n, t in totals.items())
        return sim.View(me, list(hand), table, 10, random.Random(0))

    party = sim.PartyPlayer()
    assert party.counter(view("Ana", {"Ana": 5, "Ben": 4, "Cleo": 1})) is False
    assert party.counter(view("Ana", {"Ana": 5, "Ben": 5, "Cleo": 1})) is True
    totals = {"Ana": 0, "Ben": 6, "Cleo": 2}
    options = [sim.Steal("Ben", 0, 2), sim.Steal("Ben", 1, 3), sim.Steal("Cleo", 0, 2)]
    assert party.steal(view("Ana", totals), options) == sim.Steal("Ben", 1, 3)
    assert party.vote(view("Ana", totals), ["Ben", "Cleo"]) == "Cleo"
    kinds = {c.kind: c for c in data.cards}
    hand = [kinds["steal"], kinds["modifier"], kinds["modifier"], kinds["component"]]
    assert party.swap(view("Ana", totals, hand), [hand[0], hand[1]]) is hand[1]
    judge = view("Ana", totals)
    assert {party.judge(judge, [[], []]) for _ in range(20)} == {0, 1}
