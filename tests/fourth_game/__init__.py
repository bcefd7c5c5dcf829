"""A fourth game, Coin Flip, registered by tests alone, that proves the plug-in seam:
pnp (kit.py, card_data/) and the scorekeeper (table.py) handle it without a line of the
product changed."""

from __future__ import annotations


def register(monkeypatch, game_id: str = "coin-flip",
             rules: str = "tests.fourth_game.table") -> None:
    """Add `game_id` to both registries, as a new game's two registry lines would."""
    import pnp.games
    import scorekeeper.games
    monkeypatch.setattr(pnp.games, "GAMES", [*pnp.games.GAMES,
                                             pnp.games.GameEntry(game_id, "tests.fourth_game.kit")])
    monkeypatch.setitem(scorekeeper.games.RULES, game_id, rules)
