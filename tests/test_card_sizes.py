"""Card sizes the data supports (issue 11, item 7): each game's game.toml names the trims
its faces are laid out for (`card_sizes`); every one of them validates, and any other
`--card-size` is refused in one line before anything is written."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.core.games import game_ids
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.sizes import CARD_SIZES_MM
from tests.datafiles import edit_data


def _sizes(game: str) -> list[str]:
    import tomllib

    with open(SHIPPED_DATA_DIR / game / "game.toml", "rb") as f:
        return tomllib.load(f)["card_sizes"]


@pytest.mark.parametrize("game", game_ids())
def test_every_size_a_game_names_validates(game):
    for size in _sizes(game):
        result = CliRunner().invoke(main, ["validate", "--game", game, "--card-size", size])
        assert result.exit_code == 0, (size, result.output)


@pytest.mark.parametrize("game", game_ids())
def test_a_size_a_game_is_not_laid_out_for_is_refused_in_one_line(game, tmp_path):
    others = [s for s in CARD_SIZES_MM if s not in _sizes(game)]
    assert others, "every shipped game leaves out mini, whose faces its text cannot fit"
    shown = ", ".join(_sizes(game)[:-1]) + " and " + _sizes(game)[-1]
    for command in (["validate"], ["build", "--out", str(tmp_path)]):
        result = CliRunner().invoke(main, [*command, "--game", game, "--card-size", others[0]])
        assert (result.exit_code, result.output) == (
            1,
            (
                f"Error: {game} is laid out for {shown} cards, not {others[0]} (--card-size; "
                "the sizes are game.toml's card_sizes)\n"
            ),
        )
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            'card_sizes = ["poker", "bridge", "tarot", "euro", "jumbo"]',
            "card_sizes = []",
            "name at least one card size",
        ),
        (
            'card_sizes = ["poker", "bridge", "tarot", "euro", "jumbo"]',
            'card_sizes = ["poker", "huge"]',
            "unknown card size 'huge'",
        ),
        (
            'card_sizes = ["poker", "bridge", "tarot", "euro", "jumbo"]',
            'card_sizes = ["poker", "63.5 x 88.9"]',
            "card size '63.5 x 88.9' is the same size as 'poker'",
        ),
        (
            'card_sizes = ["poker", "bridge", "tarot", "euro", "jumbo"]',
            'card_sizes = ["poker", "poker"]',
            "card size 'poker' is named twice",
        ),
        (
            'card_sizes = ["poker", "bridge", "tarot", "euro", "jumbo"]',
            'card_sizes = ["bridge", "tarot"]',
            "card_size 'poker' is not one of card_sizes (bridge, tarot)",
        ),
    ],
)
def test_card_sizes_in_game_toml_are_checked(data_copy, old, new, message):
    edit_data(data_copy / "game.toml", old, new)
    result = CliRunner().invoke(
        main, ["validate", "--game", "hack-attack", "--data", str(data_copy.parent)]
    )
    assert result.exit_code == 1
    assert message in result.output, result.output


def test_a_size_the_faces_do_not_fit_is_refused_by_the_face_checks(data_copy):
    """A game.toml may name any size (issue 43, item 3); one its Python faces cannot lay
    out is never printed overflowing: the face checks name every text that does not fit."""
    edit_data(
        data_copy / "game.toml",
        'card_sizes = ["poker", "bridge", "tarot", "euro", "jumbo"]',
        'card_sizes = ["poker", "domino"]',
    )
    result = CliRunner().invoke(
        main,
        [
            *("validate", "--game", "hack-attack", "--data", str(data_copy.parent)),
            *("--card-size", "domino"),
        ],
    )
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[-1].startswith("Error: hack-attack: ") and lines[-1].endswith(" problems found.")
    assert any("text does not fit its box" in line for line in lines), result.output
