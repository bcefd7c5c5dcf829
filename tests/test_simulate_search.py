"""The search player (pnp.simulate.search, issue 21): it never reads a card its player
cannot see (the same information gives the same choice, however the hidden cards lie),
its look-ahead worlds are copies that change nothing at the table, and it beats the
rule of thumb in a small seeded match."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.games.hack_attack import simulator as hack_attack
from pnp.games.hack_back import simulator as hack_back
from pnp.games.not_a_hack import simulator as not_a_hack
from pnp.simulate.result import Setup, make_players
from pnp.simulate.search import SearchPlayer, label
from tests.duel import Duel, DuelSearch, Highest

SIMULATORS = {"hack-attack": hack_attack, "hack-back": hack_back, "not-a-hack": not_a_hack}
DATA = {game: module.load(SHIPPED_DATA_DIR / game) for game, module in SIMULATORS.items()}


class Stop(Exception):
    """Raised by `First` once it has what the test needs."""


def first_decision(game_id: str, seat: int, n: int, seed: int, iterations: int = 12):
    """The search player's first searched decision in a seeded game of `n` with the
    search at `seat` and the rule of thumb elsewhere: (game checkpoint, tape, method,
    args, search)."""
    module = SIMULATORS[game_id]
    names = [module.DEFAULT_STRATEGY] * n
    names[seat] = "search"
    players = make_players(module.STRATEGIES, names, Setup(iterations=iterations))
    caught = {}
    search = players[seat].search

    def catch(game, k, method, args):
        if len(search.spec.searched[method](*args)) > 1:
            caught.update(
                checkpoint=game.checkpoint, tape=list(game.tape), method=method, args=args
            )
            raise Stop
        return search.spec.searched[method](*args)[0]

    search.choose = catch
    game = module.Match(DATA[game_id], players, seed)
    with pytest.raises(Stop):
        game.play()
    del search.choose
    return caught["checkpoint"], caught["tape"], caught["method"], caught["args"], search


def answer(search, checkpoint, tape, seat, method, args, rng_state):
    """The search's answer and root visits from `checkpoint` and `tape`, its random
    source set to `rng_state`."""
    search.rng.setstate(rng_state)
    table = type("Table", (), {"checkpoint": checkpoint, "tape": tape})()
    choice = search.choose(table, seat, method, args)
    return label(choice), dict(search.visits)


def scramble_hack_attack(game, seat, rng):
    """Move the cards seat `seat` cannot see: the other hands swap round, both decks
    are shuffled."""
    others = [s for k, s in enumerate(game.seats) if k != seat]
    hands = [s.hand[:] for s in others]
    for s, hand in zip(others, hands[1:] + hands[:1]):
        s.hand[:] = hand
    rng.shuffle(game.defense_deck)
    rng.shuffle(game.tech_deck)


def scramble_hack_back(game, seat, rng):
    """Each other player's hand and deck dealt anew from the two; every deck shuffled."""
    for k, s in enumerate(game.seats):
        if k == seat:
            rng.shuffle(s.deck)
            continue
        pool = s.hand + s.deck
        rng.shuffle(pool)
        s.hand[:], s.deck[:] = pool[: len(s.hand)], pool[len(s.hand) :]


def scramble_not_a_hack(game, seat, rng):
    """The other hands' cards (but New Account cards, which tests/test_search_fair.py
    moves with the scorekeeper's count of them, and Steal cards, since a player who held
    one with a hack to take would have been asked before the decision) and the white
    pile's (but New Account and positive action cards) dealt anew; the black pile
    shuffled under its top card."""
    stay = ("new_account", "positive", "steal")
    others = [s for k, s in enumerate(game.seats) if k != seat]
    pool = [c for s in others for c in s.hand if c.kind not in stay]
    pool += [c for c in game.white if c.kind not in stay]
    rng.shuffle(pool)
    for s in others:
        held = [c for c in s.hand if c.kind in stay]
        s.hand[:] = held + [pool.pop() for _ in range(len(s.hand) - len(held))]
    game.white[:] = pool + [c for c in game.white if c.kind in stay]
    rng.shuffle(game.white)
    top, rest = game.black[-1:], game.black[:-1]
    rng.shuffle(rest)
    game.black[:] = rest + top


CASES = [
    ("hack-attack", 0, 3, 5, scramble_hack_attack),
    ("hack-back", 0, 3, 5, scramble_hack_back),
    ("not-a-hack", 1, 3, 5, scramble_not_a_hack),
]


@pytest.mark.parametrize("game_id,seat,n,seed,scramble", CASES, ids=[c[0] for c in CASES])
def test_the_search_never_reads_a_hidden_card(game_id, seat, n, seed, scramble):
    """The same information, the hidden cards laid out four other ways: the same first
    choice and the same visits, play-out for play-out. The decision is the step's first
    (nothing taped before it), so every scrambled table is one the player could face."""
    checkpoint, tape, method, args, search = first_decision(game_id, seat, n, seed, 48)
    assert not tape
    state = search.rng.getstate()
    seen = answer(search, checkpoint.clone(), tape, seat, method, args, state)
    assert sum(seen[1].values()) > 0
    for k in range(4):
        world = checkpoint.clone()
        before = own_cards(world, seat)
        scramble(world, seat, random.Random(k))
        assert own_cards(world, seat) == before and hidden(world) != hidden(checkpoint)
        assert answer(search, world, tape, seat, method, args, state) == seen


def own_cards(game, seat):
    """What seat `seat` holds (its hand, in order)."""
    return [c.id for c in game.seats[seat].hand]


def hidden(game):
    """Every hand and deck, in order: differs when any card moved."""
    piles = [s.hand for s in game.seats]
    piles += [
        getattr(game, name)
        for name in ("defense_deck", "tech_deck", "white", "black")
        if hasattr(game, name)
    ]
    piles += [s.deck for s in game.seats if hasattr(s, "deck")]
    return [[c.id for c in pile] for pile in piles]


def test_a_changed_hidden_card_can_change_a_peeking_choice(monkeypatch):
    """The test above can fail: a search that reads the real deck (its world not dealt
    anew) gives another answer on some scrambled table."""
    checkpoint, tape, method, args, search = first_decision("hack-attack", 0, 3, 5, 48)
    state = search.rng.getstate()
    monkeypatch.setattr(type(checkpoint), "determinize", lambda self, k, rng: None)
    seen = answer(search, checkpoint.clone(), tape, 0, method, args, state)
    answers = []
    for k in range(6):
        world = checkpoint.clone()
        scramble_hack_attack(world, 0, random.Random(k))
        answers.append(answer(search, world, tape, 0, method, args, state))
    assert any(a != seen for a in answers)


@pytest.mark.parametrize("game_id", sorted(SIMULATORS))
def test_a_world_is_a_copy_and_deals_only_what_is_hidden(game_id):
    """`clone` shares no list with the table, and `determinize` keeps every hand's size,
    the searching seat's own hand, and the cards in play: it only moves cards among the
    places the seat cannot see."""
    checkpoint, _, _, _, _ = first_decision(game_id, 0 if game_id != "not-a-hack" else 1, 3, 5)
    seat = 0 if game_id != "not-a-hack" else 1
    world = checkpoint.clone()
    world.seats[0].hand.append(world.seats[0].hand[0])
    assert len(checkpoint.seats[0].hand) + 1 == len(world.seats[0].hand)
    world = checkpoint.clone()
    everything = Counter(c for pile in hidden(world) for c in pile)
    sizes = [len(s.hand) for s in world.seats]
    mine = own_cards(world, seat)
    world.determinize(seat, random.Random(3))
    assert Counter(c for pile in hidden(world) for c in pile) == everything
    assert [len(s.hand) for s in world.seats] == sizes and own_cards(world, seat) == mine
    assert hidden(world) != hidden(checkpoint)


def match(game_id: str, games: int, iterations: int) -> tuple[int, int]:
    """A two-player match: the search against the rule of thumb, seats turned round
    game by game; (search sole wins, games with a sole winner)."""
    module = SIMULATORS[game_id]
    wins = decided = 0
    for i in range(games):
        names = ["search", module.DEFAULT_STRATEGY][:: 1 if i % 2 == 0 else -1]
        result = module.simulate(
            DATA[game_id], 2, 7000 + i, names, setup=Setup(iterations=iterations)
        )
        if len(result.winners) == 1 and not result.tie:
            decided += 1
            wins += result.strategies[result.players.index(result.winners[0])] == "search"
    return wins, decided


@pytest.mark.parametrize(
    "game_id,games,iterations,least", [("hack-attack", 100, 16, 55), ("hack-back", 40, 12, 21)]
)
def test_the_search_beats_the_rule_of_thumb_in_a_small_seeded_match(
    game_id, games, iterations, least
):
    """Seeded games at a third of the default budget or less (the README's figures use
    400 games at the default budget): the search wins more than half (Hack Attack 59
    of 100; a player no better than the rule of thumb reaches 55 of 100 about one time
    in five). Hack Back's decks of issue 45 end games in half the turns and leave the
    search less room: 22 of 40 here (7 of 12 at the default budget), where kit A's
    decks gave 9 of 12 (card_data/hack-back/BALANCE.md)."""
    wins, decided = match(game_id, games, iterations)
    assert wins >= least, (wins, decided)


def test_a_search_player_outside_a_game_asks_the_rule_of_thumb():
    """A decision the game does not list for searching is the rule of thumb's."""
    player = SIMULATORS["hack-attack"].STRATEGIES["search"]()
    assert isinstance(player, SearchPlayer)
    assert player.drop_tech.__self__ is player.fallback


# --- a game the search was not written for (tests/duel.py) -----------------------------


def test_the_search_plays_a_game_it_was_not_written_for():
    """One search module for every game: given a Model and a SearchSpec, it plays a
    made-up card game, beats the rule of thumb it is given (which is no better than
    chance here: leading the highest card wastes it) in 59 of 80 seeded games, and never
    reads the other hand."""
    wins = 0
    for seed in range(80):
        seats = [DuelSearch(48), Highest()] if seed % 2 == 0 else [Highest(), DuelSearch(48)]
        wins += Duel(seats, seed).play() == (f"P{seed % 2}",)
    assert wins >= 55
    player = DuelSearch(24)
    seen = []
    for shuffle in range(3):
        game = Duel([player, Highest()], 99)
        if shuffle:
            random.Random(shuffle).shuffle(game.deck)
            game.hands[1], game.deck[:5] = game.deck[:5], game.hands[1]
        game.checkpoint, game.tape = game.clone(), []
        player.search.rng.seed(5)
        choice = player.search.choose(
            game, 0, "play", ((game.hands[0], None), sorted(set(game.hands[0])))
        )
        seen.append((choice, dict(player.search.visits)))
    assert seen[0] == seen[1] == seen[2]
