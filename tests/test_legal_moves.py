"""The rules say what is legal now (issue 40, item 1), checked both ways on many seeded
games, as OpenSpiel's and boardgame.io's games are: every event a simulated game applies
is among the moves the rules offered in the state before it, with values they offered;
and every offered move, filled with choices sampled from what it offers (a chosen
card's targets included), is read by its game (`Rules.make`) into an event the rules
accept, and reads back as the same move (`Rules.move_of`). For the three games and the
test-only fourth game (their simulators), and the points sheet (a random walk through
its own legal moves)."""

from __future__ import annotations

import random

import pytest

import pnp.core.games
from scorekeeper.game import Game
from scorekeeper.games import load_game
from scorekeeper.legal import Move, Param, Typed, covers
from tests.fourth_game import register

#: Seeded games a game and player count: enough to meet every move of every phase (the
#: hack-off, Victory Points, a Reality Check), few enough to stay a couple of seconds.
GAMES = 6
#: Moves sampled in each state of those games, each with fresh choices.
SAMPLES = 3


def sample(move: Move, rng: random.Random) -> dict | None:
    """Values for `move` drawn from what it offers, the params its choices bring
    (`Move.then`) included; None for a move that takes free text (nothing to draw)."""
    values: dict = {}
    for _ in range(4):
        for param in move.all_params(values):
            if param.name in values:
                continue
            if param.kind == "text":
                return None
            value = _value(param, rng)
            if value is not None:
                values[param.name] = value
    return values


def _value(param: Param, rng: random.Random):
    if param.kind == "number":
        return rng.randint(param.low, param.high)
    if param.kind == "flag":
        return rng.random() < 0.5
    if param.kind == "each":
        entries = {p.name: _value(p, rng) for p in param.each}
        entries = {
            k: v for k, v in entries.items() if v is not None and (v != 0 or rng.random() < 0.5)
        }
        if param.required and not entries and param.each:
            entry = rng.choice(param.each)
            entries[entry.name] = _value(entry._replace(required=True), rng)
        return entries or None
    if not param.choices or (not param.required and rng.random() < 0.3):
        return None
    if param.many > 1:
        count, picked = rng.randint(1 if param.required else 0, param.many), []
        for _ in range(count):  # each choice no more often than its `most`
            left = [c for c in param.choices if c.most is None or picked.count(c.value) < c.most]
            picked.append(rng.choice(left).value)
        return picked or None
    return rng.choice(param.choices).value


#: The moves each game's states offered, and the events its simulated games applied (by
#: move), across the test: every move of every game must have been met both ways.
MET: dict[str, set[str]] = {}


def checked(game: Game, kit, state, rng: random.Random) -> tuple:
    """The moves legal in `state`; each, filled with sampled choices SAMPLES times, is
    accepted by the rules and reads back as itself."""
    moves = game.rules.moves(state, kit)
    for move in moves:
        for _ in range(SAMPLES):
            values = sample(move, rng)
            if values is None:
                continue
            MET.setdefault(game.id, set()).add(move.name)
            made = game.rules.make(state, lambda: kit, move.name, values)
            game.rules.apply(state, made.event)  # raises if the rules refuse it
            typed = game.rules.move_of(state, made.event)
            assert typed.name == move.name, (move.name, typed)
            assert covers(moves, typed) is None, (covers(moves, typed), values, made.event)
    return moves


def sims() -> list[str]:
    """The games with rules and a simulator, the fourth game among them."""
    return ["hack-attack", "hack-back", "not-a-hack", "coin-flip"]


@pytest.fixture
def fourth(monkeypatch):
    register(monkeypatch, "coin-flip", "tests.fourth_game.table", "tests.fourth_game.sim")


@pytest.mark.parametrize("game_id", sims())
def test_every_simulated_event_was_offered_and_every_offer_is_accepted(game_id, fourth):
    from importlib import import_module

    entry = next(g for g in pnp.core.games.registry() if g.id == game_id)
    sim = import_module(entry.simulator)
    game = load_game(game_id)
    kit = game.kit() if game.kit else None
    data = sim.load(_folder(game_id))
    rng = random.Random(40)
    low, high = sim.PLAYERS
    strategies = [s for s in ("random", sim.DEFAULT_STRATEGY) if s in sim.STRATEGIES]
    played, applied = 0, set()
    MET.pop(game_id, None)
    for n in sorted({low, min(high, low + 1), min(high, 5)}):
        for seed in range(GAMES):
            result = sim.simulate(data, n, seed, strategies[seed % len(strategies)])
            state = game.start(list(result.players))
            for event in result.events:
                moves = checked(game, kit, state, rng)
                typed: Typed = game.rules.move_of(state, event)
                assert covers(moves, typed) is None, (covers(moves, typed), event)
                state = game.rules.apply(state, event)
                played, applied = played + 1, applied | {typed.name}
            checked(game, kit, state, rng)
    assert played > 50
    verbs = {str(v.name) for v in game.verbs} - {"defend"}  # defend: a what-if, no move
    assert MET[game_id] == verbs  # every move offered (and accepted) somewhere
    assert applied <= verbs and len(applied) >= len(verbs) // 2, applied


def _folder(game_id: str):
    """The game's card data: the shipped games' folder, or the fourth game's own."""
    from pathlib import Path

    from pnp.core.paths import SHIPPED_DATA_DIR

    if game_id == "coin-flip":
        return Path(__file__).parent / "fourth_game" / "card_data" / "coin-flip"
    return SHIPPED_DATA_DIR / game_id


def test_a_points_sheet_walked_through_its_own_legal_moves(tmp_path):
    from scorekeeper.sheets import Sheet, sheet_game

    rng = random.Random(7)
    for rounds in (None, 3):
        game = sheet_game(Sheet("dice-night", "Dice Night", (2, 6), "highest", rounds))
        state = game.start(["Ana", "Ben", "Cleo"])
        for _ in range(60):
            moves = checked(game, None, state, rng)
            if not moves:
                break
            move = rng.choice(moves)
            state = game.rules.apply(
                state,
                game.rules.make(state, lambda: None, move.name, sample(move, rng) or {}).event,
            )
        assert game.rules.outcome(state) is not None or not rounds


def test_no_move_is_legal_once_a_game_is_over():
    game = load_game("hack-back")
    state = game.start(["Ana", "Ben"])
    for event in ({"type": "no_hero", "player": "Ana"}, {"type": "no_hero", "player": "Ben"}):
        state = game.rules.apply(state, event)
    assert game.rules.outcome(state) is not None and game.legal(state) == ()
