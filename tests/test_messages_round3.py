"""Messages a table can act on (issue 23, items 11–15): each says what happened and what
to do, with the rules' own wording where it names a rule, and the same words from every
verb that meets the same fault."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main as pnp_main
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.layout.face_check import shown_dpi
from scorekeeper.cli import main as sk_main

DATA = SHIPPED_DATA_DIR


@pytest.fixture
def sk(tmp_path):
    db = tmp_path / "score.sqlite3"
    return lambda *args: CliRunner().invoke(sk_main, ["--db", str(db), *args], env={})


def _hack_back_after_a_tied_opening(sk):
    """Ana and Ben both open at 9 VC (set aside: #1, #2), then reveal 11 and 10 (#3,
    #4): Ben goes first."""
    for args in (
        ("new", "hack-back", "Ana", "Ben"),
        ("hero", "Ana", "script-kiddie"),
        ("hero", "Ben", "password123"),
        ("hero", "Ana", "tailgater"),
        ("hero", "Ben", "captcha-gremlin"),
    ):
        assert sk(*args).exit_code == 0


def test_a_third_action_says_the_turn_ended_after_two(sk):
    _hack_back_after_a_tied_opening(sk)
    assert sk("draw", "Ben").exit_code == 0
    assert sk("draw", "Ben").exit_code == 0
    result = sk("draw", "Ben")
    assert (result.exit_code, result.output) == (
        1,
        (
            "Error: Ben's turn ended after its two actions; it is Ana's turn, not Ben's — rule: "
            "players take turns clockwise from the lowest opening Hero (rules, step 5); legal "
            "now: draw, play or activate (Ana)\n"
        ),
    )
    other = sk("draw", "Ana")
    assert other.exit_code == 0
    result = sk("draw", "Ben")  # not Ben's turn, but not just after his: no "ended"
    assert result.output.startswith("Error: it is Ana's turn, not Ben's")


def test_a_hero_set_aside_in_the_opening_tie_is_named_as_such(sk):
    _hack_back_after_a_tied_opening(sk)
    result = sk("activate", "Ben", "4", "-t", "1")
    assert (result.exit_code, result.output) == (
        1,
        (
            "Error: Hero #1 (Script Kiddie, Ana's) was set aside in the opening tie; it is not "
            "in play\n"
        ),
    )
    assert sk("activate", "Ben", "2").output == (
        "Error: Hero #2 (Password123, Ben's) was set aside in the opening tie; it is not in play\n"
    )
    assert sk("activate", "Ben", "9").output == "Error: no Hero #9 in play\n"


def test_a_negative_attack_on_every_hero_says_every_hero_loses_vc(sk):
    _hack_back_after_a_tied_opening(sk)
    result = sk("play", "Ben", "patch-tuesday")
    assert result.output.splitlines()[0] == (
        "Ben played Patch Tuesday: every Hero loses 4 VC (Attack \u22124)."
    )
    assert "Attack \u22124 on every Hero" not in sk("history").output


def _not_a_hack_to_the_hack_off(sk, *moves):
    for args in (("new", "not-a-hack", "Ana", "Ben", "Cleo"), *moves):
        result = sk(*args)
        assert result.exit_code == 0, (args, result.output)


def test_the_hack_off_in_the_history_and_a_tied_hack_off_says_what_the_hack_scored(sk):
    _not_a_hack_to_the_hack_off(
        sk,
        ("hack", "Ana", "Ben", "2"),
        ("hack", "Ben", "Cleo", "1"),
        ("banned", "Cleo", "--no-counter"),
    )
    # Ben 2, Ana 0, Cleo 1 (banned): Ana's winning hack of 2 ties Ana and Ben at 2
    result = sk("hack-off", "--vote", "Cleo=Ana", "--cards", "2")
    assert result.exit_code == 0, result.output
    assert (
        "automatic: Ana's winning hack scores 2 points, and the highest total (2) is tied "
        "between Ana and Ben: repeat the hack-off with a new hack card"
    ) in result.output
    history = sk("history").output
    assert "hack-off: votes Cleo → Ana: Ana's hack of 2 white cards wins the vote" in history
    assert "hack-off votes" not in history


def test_dpi_is_shown_on_its_side_of_every_threshold():
    assert [shown_dpi(d) for d in (295.2, 299.96, 300.0, 149.99, 150.4, 600.2, 612.3)] == [
        "295",
        "299.9",
        "300",
        "149.9",
        "150.4",
        "600.2",
        "612",
    ]


def _image(path: Path, size) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, (90, 120, 160)).save(path)


def test_every_art_problem_is_listed_in_one_round_with_paths_from_the_data_folder(tmp_path):
    shutil.copytree(DATA / "hack-attack", tmp_path / "hack-attack")
    folder = tmp_path / "hack-attack"
    _image(folder / "art" / "blurry.png", (250, 350))
    text = (folder / "tech.toml").read_text(encoding="utf-8")
    text = text.replace('id = "smart-tv"', 'id = "smart-tv"\nart = "art/missing.png"', 1)
    text = text.replace('id = "games-console"', 'id = "games-console"\nart = "art/blurry.png"', 1)
    (folder / "tech.toml").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(
        pnp_main, ["validate", "--game", "hack-attack", "--data", str(tmp_path)]
    )
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if line.startswith("Error: hack-")]
    assert any(
        "hack-attack/tech.toml:" in e
        and "card 'smart-tv', field 'art'" in e
        and "does not exist" in e
        for e in errors
    ), result.output
    assert any(
        "card 'games-console', field 'art'" in e and "prints at 100 dpi" in e for e in errors
    ), result.output
    assert str(tmp_path) not in result.output


def _loop(tmp_path) -> Path:
    loop = tmp_path / "loop"
    os.symlink(loop, loop)
    return loop


@pytest.mark.parametrize(
    "args",
    [
        ["calibrate"],
        ["build", "--game", "hack-attack"],
        ["export", "--game", "hack-attack", "--format", "png", "--dpi", "60"],
        ["simulate", "--game", "hack-attack", "--players", "2", "--games", "4"],
    ],
)
def test_an_out_folder_that_is_a_link_loop_is_named_so_by_every_verb(tmp_path, args):
    result = CliRunner().invoke(pnp_main, [*args, "--out", str(_loop(tmp_path))])
    assert result.exit_code == 1
    assert "Too many levels of symbolic links" in result.output
    assert "File exists" not in result.output


def test_an_out_folder_that_is_a_dangling_link_is_named_so(tmp_path):
    dangling = tmp_path / "gone"
    os.symlink(tmp_path / "nowhere" / "x", dangling)
    for args in (["calibrate"], ["build", "--game", "hack-attack"]):
        result = CliRunner().invoke(pnp_main, [*args, "--out", str(dangling)])
        assert result.exit_code == 1
        assert "is a link to a folder that does not exist" in result.output
