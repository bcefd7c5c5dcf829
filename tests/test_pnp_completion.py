"""`pnp`'s shell completion (issue 25, item 6): game ids after --game, through click's
completion as bash, zsh and fish ask for it, and card ids by `complete_card_ids`, the
callback any `--card` option attaches (pnp.cli.base)."""

from __future__ import annotations

import click
import pytest
from click.shell_completion import ShellComplete
from click.testing import CliRunner

from pnp.cli import main
from pnp.cli.base import game_options
from pnp.cli.completion import complete_card_ids
from pnp.cli.config_files import ENV_DIR
from pnp.core.games import find_game, game_ids
from pnp.core.paths import SHIPPED_DATA_DIR


def _offered(command: click.Command, words: list[str], incomplete: str) -> list[str]:
    completer = ShellComplete(command, {}, "pnp", "_PNP_COMPLETE")
    return [item.value for item in completer.get_completions(words, incomplete)]


@click.command()
@game_options
@click.option("--card", shell_complete=complete_card_ids)
def one_card(game, all_games, data_dir, card) -> None:
    """A command with a --card option, as `pnp preview` has."""


def _card_ids(game: str, data_dir=SHIPPED_DATA_DIR) -> list[str]:
    kit = find_game(game)
    return [c.id for c in kit.printed_cards(kit.load(data_dir / kit.id))]


def test_game_ids_complete_after_game_on_every_verb_that_takes_one():
    assert _offered(main, ["build", "--game"], "hack-") == ["hack-attack", "hack-back"]
    assert _offered(main, ["export", "-g"], "NOT") == ["not-a-hack"]
    assert _offered(main, ["validate", "--game"], "") == game_ids()
    assert _offered(main, ["diff", "old", "new", "--game"], "hack-b") == ["hack-back"]
    assert _offered(main, [], "di") == ["diff"]


def test_bash_zsh_and_fish_get_the_game_ids_through_the_environment():
    env = {"COMP_WORDS": "pnp build --game hack-b", "COMP_CWORD": "3"}
    runs = {
        "bash_complete": env,
        "zsh_complete": env,
        "fish_complete": {"COMP_WORDS": "pnp build --game hack-b", "COMP_CWORD": "hack-b"},
    }
    out = {}
    for how, words in runs.items():
        result = CliRunner().invoke(main, [], prog_name="pnp", env={"_PNP_COMPLETE": how, **words})
        out[how] = (result.exit_code, result.output)
    assert out == {
        "bash_complete": (0, "plain,hack-back\n"),
        "zsh_complete": (0, "plain\nhack-back\n_\n"),
        "fish_complete": (0, "plain,hack-back\n"),
    }
    for shell in ("bash", "zsh", "fish"):  # the scripts the README has users install
        script = CliRunner().invoke(
            main, [], prog_name="pnp", env={"_PNP_COMPLETE": f"{shell}_source"}
        )
        assert script.exit_code == 0 and "_PNP_COMPLETE" in script.output


@pytest.mark.parametrize("game", ["hack-attack", "hack-back", "not-a-hack"])
def test_card_ids_complete_from_the_games_data(game):
    ids = _card_ids(game)
    start = ids[0][:3]
    assert _offered(one_card, ["--game", game, "--card"], start) == [
        i for i in ids if i.startswith(start)
    ]
    assert _offered(one_card, ["--game", game, "--card"], "") == ids
    assert _offered(one_card, ["--game", game, "--card"], start.upper())[0] == ids[0]


def test_card_ids_by_the_callback_itself():
    ctx = click.Context(one_card)
    ctx.params = {"game": "hack-attack", "data_dir": None}
    assert complete_card_ids(ctx, None, "smart-") == [
        "smart-tv",
        "smart-plug",
        "smart-thermostat",
        "smart-doorbell",
    ]
    assert complete_card_ids(ctx, None, "aid") == [
        i for i in _card_ids("hack-attack") if i.startswith("aid")
    ]
    assert complete_card_ids(ctx, None, "zzz") == []
    ctx.params = {"game": None, "data_dir": None}
    assert complete_card_ids(ctx, None, "") == []  # no game typed yet
    ctx.params = {"game": "no-such-game", "data_dir": None}
    assert complete_card_ids(ctx, None, "") == []


def test_card_ids_come_from_data_then_pnp_toml_then_card_data(data_copy, tmp_path, monkeypatch):
    tech = data_copy / "tech.toml"
    tech.write_text(tech.read_text().replace('id = "smart-tv"', 'id = "smart-telly"'))
    words = ["--game", "hack-attack", "--card"]
    assert _offered(one_card, ["--data", str(data_copy.parent), *words], "smart-te") == [
        "smart-telly"
    ]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "none"))
    (tmp_path / "pnp.toml").write_text(f'data = "{data_copy.parent}"\n')
    assert _offered(one_card, words, "smart-te") == ["smart-telly"]
    (tmp_path / "pnp.toml").write_text("bleed = 99\n")  # a bad file: card_data/, no error
    assert _offered(one_card, words, "smart-t") == ["smart-tv", "smart-thermostat"]


def test_card_data_with_problems_offers_nothing_and_changes_nothing(data_copy):
    tech = data_copy / "tech.toml"
    tech.write_text(tech.read_text() + "\n[[tech]]\nid = 3\n")
    before = sorted(p.name for p in data_copy.iterdir())
    words = ["--data", str(data_copy.parent), "--game", "hack-attack", "--card"]
    assert _offered(one_card, words, "") == []
    assert sorted(p.name for p in data_copy.iterdir()) == before


def test_pnp_preview_completes_its_game_and_card_ids():
    """`pnp preview --card` offers the ids `complete_card_ids` gives; `--game` the games."""
    import click

    from pnp.cli import main as pnp_main
    from pnp.cli.completion import complete_card_ids, complete_game_ids

    command = pnp_main.get_command(click.Context(pnp_main), "preview")
    params = {p.name: p for p in command.params}
    assert params["card_id"]._custom_shell_complete is complete_card_ids
    assert params["game"]._custom_shell_complete is complete_game_ids
