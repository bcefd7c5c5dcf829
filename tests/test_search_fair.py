"""A fair search player (issue 45, item 3): it uses no count or card the rules keep
hidden (Not a Hack's New Account cards drawn included: the same choice however they lie
among the hidden places), and it remembers what the rules show the table (a card
revealed against an Attack or a User Error, taken face up or dealt openly stays, in
every look-ahead world, in the hand it is known to be in)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pnp.games.hack_attack.cards import AttackCard, UserErrorCard
from pnp.simulate.result import Setup, make_players
from pnp.simulate.search import label
from tests.test_simulate_search import DATA, SIMULATORS, Stop, answer, hidden, own_cards


def step_first_decision(game_id: str, seat: int, n: int, seed: int, skip: int):
    """The search's searched decision with more than one answer that comes first in its
    step (nothing taped before it), after `skip` such decisions answered by the rule of
    thumb: (checkpoint, method, args, search)."""
    module = SIMULATORS[game_id]
    names = [module.DEFAULT_STRATEGY] * n
    names[seat] = "search"
    players = make_players(module.STRATEGIES, names, Setup(iterations=48))
    search = players[seat].search
    rule = search.spec.fallback()
    caught: dict = {}

    def catch(game, k, method, args):
        if len(search.spec.searched[method](*args)) > 1 and not game.tape:
            if len(caught) == skip:
                caught.update(checkpoint=game.checkpoint, method=method, args=args)
                raise Stop
            caught[len(caught)] = method
        return getattr(rule, method)(*args)

    search.choose = catch
    game = module.Match(DATA[game_id], players, seed)
    with pytest.raises(Stop):
        game.play()
    del search.choose
    return caught["checkpoint"], caught["method"], caught["args"], search


def scramble(game, seat: int, rng: random.Random, stay: tuple[type | str, ...]) -> None:
    """Deal anew what seat `seat` cannot see and the rules never showed: the other hands'
    cards but their known ones (`Model.known`) and those of a kind in `stay`, with the
    face-down pile's cards but those in `stay`; the scorekeeper's count of New Account
    cards (Not a Hack) follows the cards, as at a real table."""
    pile = "white" if hasattr(game, "white") else "defense_deck"

    def stays(card) -> bool:
        return any(card.kind == s if isinstance(s, str) else isinstance(card, s) for s in stay)

    others = [j for j in range(len(game.seats)) if j != seat]
    parts = {j: game.hidden_part(j, game.seats[j].hand) for j in others}
    pool = [c for j in others for c in parts[j][1] if not stays(c)]
    pool += [c for c in getattr(game, pile) if not stays(c)]
    rng.shuffle(pool)
    for j in others:
        known, rest = parts[j]
        held = [c for c in rest if stays(c)]
        game.seats[j].hand[:] = known + held + [pool.pop() for _ in range(len(rest) - len(held))]
    getattr(game, pile)[:] = pool + [c for c in getattr(game, pile) if stays(c)]
    rng.shuffle(getattr(game, pile))
    if pile == "white":
        accounts = [sum(c.kind == "new_account" for c in s.hand) for s in game.seats]
        game.state = game.state._replace(
            players=tuple(p._replace(accounts=a) for p, a in zip(game.state.players, accounts))
        )


def accounts(game) -> list[int]:
    """New Account cards in each hand."""
    return [sum(c.kind == "new_account" for c in s.hand) for s in game.seats]


# A player holding a Steal with a hack to take would be asked before the decision, so
# Steal cards stay (the table must replay to the same decision); positive action cards
# never stay in a hand; Attacks and User Errors never reach one.
STAYS = {"not-a-hack": ("steal", "positive"), "hack-attack": (AttackCard, UserErrorCard)}
CASES = [
    ("not-a-hack", 1, 3, 5, 0),
    ("not-a-hack", 0, 3, 10, 0),
    ("not-a-hack", 0, 3, 9, 1),
    ("hack-attack", 0, 3, 5, 3),
]


@pytest.mark.parametrize("game_id,seat,n,seed,skip", CASES)
def test_hidden_cards_and_counts_moved_give_the_same_choice(game_id, seat, n, seed, skip):
    """The hidden cards — New Account cards among them, with the scorekeeper's count of
    them in each hand — laid out anew among the other hands and the face-down pile:
    the same choice and the same visits, play-out for play-out, with the same seed for
    the search. Not a Hack's scrambles change how many New Account cards a hand holds."""
    checkpoint, method, args, search = step_first_decision(game_id, seat, n, seed, skip)
    state = search.rng.getstate()
    seen = answer(search, checkpoint.clone(), [], seat, method, args, state)
    assert sum(seen[1].values()) > 0
    moved = False
    for k in range(4):
        world = checkpoint.clone()
        before = own_cards(world, seat)
        scramble(world, seat, random.Random(k), STAYS[game_id])
        assert own_cards(world, seat) == before and hidden(world) != hidden(checkpoint)
        if game_id == "not-a-hack":
            moved |= accounts(world) != accounts(checkpoint)
        assert answer(search, world, [], seat, method, args, state) == seen
    assert moved or game_id != "not-a-hack"


def test_moving_new_account_cards_changed_a_choice_when_their_counts_were_public(monkeypatch):
    """The test above can fail: a determinize that keeps each hand's New Account cards
    where they lie (the search before issue 45) answers otherwise on some table."""
    from pnp.games.not_a_hack.simulator.match import Match

    fair = Match.determinize

    def peeking(self, k, rng):
        holds = [[c for c in s.hand if c.kind == "new_account"] for s in self.seats]
        saved = list(self.known)
        self.known = holds
        fair(self, k, rng)
        self.known = saved

    checkpoint, method, args, search = step_first_decision("not-a-hack", 1, 3, 5, 0)
    monkeypatch.setattr(Match, "determinize", peeking)
    state = search.rng.getstate()
    seen = answer(search, checkpoint.clone(), [], 1, method, args, state)
    answers = []
    for k in range(8):
        world = checkpoint.clone()
        scramble(world, 1, random.Random(k), STAYS["not-a-hack"])
        answers.append(answer(search, world, [], 1, method, args, state))
    assert any(a != seen for a in answers)


def play_until(game_id: str, n: int, seed: int, found) -> object:
    """A rule-of-thumb game of `n`, played step by step until `found(game)`."""
    module = SIMULATORS[game_id]
    players = make_players(module.STRATEGIES, [module.DEFAULT_STRATEGY] * n, Setup())
    game = module.Match(DATA[game_id], players, seed)
    while not game.over() and not found(game):
        game.step()
    assert found(game), "the game ended first"
    return game


def revealed(game) -> bool:
    """Whether some hand holds a card known from an Attack or a User Error."""
    return any(e["type"] == "attack" for e in game.events) and any(game.known)


@pytest.mark.parametrize(
    "game_id,found", [("hack-attack", revealed), ("not-a-hack", lambda g: g.drawn >= 5)]
)
def test_a_revealed_card_is_never_dealt_elsewhere(game_id, found):
    """In every determinized world, from every seat's view, each other seat still holds
    every card it is known to hold (Hack Attack: shown against an Attack or a User
    Error, or taken face up; Not a Hack: the New Account card dealt at the start, until
    a counter), and no hidden card appears or vanishes."""
    game = play_until(game_id, 4, 3, found)
    assert sum(len(k) for k in game.known) >= 2
    for k in range(len(game.seats)):
        for draw in range(20):
            world = game.clone()
            everything = Counter(c for pile in hidden(world) for c in pile)
            world.determinize(k, random.Random(draw))
            assert Counter(c for pile in hidden(world) for c in pile) == everything
            assert own_cards(world, k) == own_cards(game, k)
            for j, seat in enumerate(world.seats):
                assert not Counter(c.id for c in game.known[j]) - Counter(
                    c.id for c in seat.hand
                ), (k, j)
            if game_id == "not-a-hack":
                assert [p.accounts for p in world.state.players] == accounts(world)


def test_the_table_remembers_one_copy_per_reveal_and_forgets_a_card_played():
    """`reveal` shows at least one copy (shown twice, still one), `took_openly` adds a
    copy, `shown` removes one; a hand's known part is what is known and still held."""
    game = play_until("hack-attack", 3, 1, lambda g: True)
    card = game.seats[1].hand[0]
    game.known[1] = []
    game.reveal(1, card)
    game.reveal(1, card)
    assert game.known[1] == [card]
    game.took_openly(1, card)
    assert game.known[1] == [card, card]
    game.shown(1, card)
    kept, rest = game.hidden_part(1, game.seats[1].hand)
    assert kept == [card] and len(kept) + len(rest) == len(game.seats[1].hand)
    assert label(card) == ("card", card.id)
