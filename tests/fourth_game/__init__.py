"""A fourth game, Coin Flip, registered by tests alone, that proves the plug-in seam:
pnp (kit.py, card_data/) and the scorekeeper (table.py) handle it without a line of the
product changed."""

from __future__ import annotations


def register(monkeypatch, game_id: str = "coin-flip",
             rules: str | None = "tests.fourth_game.table",
             simulator: str | None = "tests.fourth_game.sim") -> None:
    """Add `game_id` to the manifest of games, as a new game's one entry would."""
    import pnp.core.games
    monkeypatch.setattr(pnp.core.games, "GAMES", [*pnp.core.games.GAMES, pnp.core.games.GameEntry(
        game_id, "tests.fourth_game.kit", rules=rules, simulator=simulator)])
