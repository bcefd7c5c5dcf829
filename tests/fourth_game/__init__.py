"""A fourth game, Coin Flip, registered by tests alone, that proves the plug-in seam:
pnp (kit.py, card_data/) and the scorekeeper (table.py) handle it without a line of the
product changed."""

from __future__ import annotations


def register(
    monkeypatch,
    game_id: str = "coin-flip",
    rules: str | None = "tests.fourth_game.table",
    simulator: str | None = "tests.fourth_game.sim",
    verbs: tuple[str, ...] = (),
) -> None:
    """Add `game_id` to the manifest of games, as a new game's one entry would, in place
    of any entry of that id registered before (the whole run's Coin Flip, with
    HACKPACK_FOURTH_GAME=1), so the manifest keeps one entry per id. `verbs`: the
    verb names its manifest declares (none: the CLI imports its rules to read them)."""
    import pnp.core.games

    others = [g for g in pnp.core.games.GAMES if g.id != game_id]
    monkeypatch.setattr(
        pnp.core.games,
        "GAMES",
        [
            *others,
            pnp.core.games.GameEntry(
                game_id,
                "tests.fourth_game.kit",
                rules=rules,
                simulator=simulator,
                verbs=verbs,
                folder="tests.fourth_game:card_data/coin-flip",
            ),
        ],
    )
