"""Not a Hack kit: the data checked against the rules, two piles with their own backs,
and the scorekeeper's commands on a short game."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main as pnp_main
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.games.not_a_hack.cards import load_not_a_hack
from pnp.layout.imposition import SheetSpec
from scorekeeper.cli import main as sk_main
from tests.pdfread import placements

DATA = load_not_a_hack(SHIPPED_DATA_DIR / "not-a-hack")


def test_the_kit_has_what_the_rules_need():
    counts = DATA.count_by_kind()
    assert counts["New Account"] >= 9  # 2 x 5 players - 1
    for card in DATA.cards:
        if card.kind == "hack":
            assert card.blanks == card.components + card.modifiers >= 1
        if card.kind == "negative":
            assert card.points < 0
        if card.kind == "positive":
            assert card.points > 0


def test_blanks_that_do_not_match_the_needs_are_an_error(tmp_path):
    import shutil

    shutil.copytree(SHIPPED_DATA_DIR, tmp_path / "card_data")
    black = tmp_path / "card_data" / "not-a-hack" / "black.toml"
    lines = black.read_text(encoding="utf-8").split("\n")
    i = next(n for n, line in enumerate(lines) if line.startswith("modifiers = 1"))
    lines[i] = "modifiers = 2"
    black.write_text("\n".join(lines), encoding="utf-8")
    result = CliRunner().invoke(
        pnp_main, ["validate", "-g", "not-a-hack", "--data", str(tmp_path / "card_data")]
    )
    assert result.exit_code == 1
    assert 'blanks "____" in the text but components + modifiers = ' in result.output


def test_each_pile_prints_from_its_own_sheets_with_its_own_back(kit):
    report = kit("not-a-hack", SheetSpec(deck_sheets=True))
    reader = PdfReader(str(report.paths[0]))
    black, white = len(DATA.pile("black")), len(DATA.pile("white"))
    assert report.sheets == -(-black // 9) + -(-white // 9) + 2  # and 10 player aids
    fronts = [len(placements(reader, i)) for i in range(0, len(reader.pages), 2)]
    assert sum(fronts[: -(-black // 9)]) == black
    aids = 2 * DATA.info.players_max  # two aids a player, on two sheets
    assert sum(fronts[-(-black // 9) : -2]) == white and sum(fronts[-2:]) == aids

    def back_form(page):
        xobjects = reader.pages[page]["/Resources"]["/XObject"]
        return {xobjects.raw_get(n).idnum for n in xobjects}

    first_white = 2 * -(-black // 9)
    assert back_form(1) != back_form(first_white + 1)


@pytest.fixture
def sk(tmp_path):
    db = tmp_path / "db.sqlite3"
    return lambda *args: CliRunner().invoke(sk_main, ["--db", str(db), *args])


def test_a_three_player_game_to_the_hack_off(sk):
    assert sk("new", "not-a-hack", "Ana", "Ben", "Cleo").exit_code == 0
    assert sk("hack", "ana", "ben", "3").output.startswith(
        "Ana drew a hack and chose Ben's (3 cards, 3 points)."
    )
    sk("negative", "ben", "2")
    sk("positive", "cleo", "1")
    result = sk("banned", "cleo")
    assert "automatic: Cleo's New Account card counters the ban (both discarded)" in result.output
    result = sk("banned", "ana", "--no-counter")
    assert "automatic: Ana is banned: their 0 points are final" in result.output
    assert "final hack-off: Ben vs Cleo" in result.output
    refused = sk("steal", "ben", "ana")
    assert refused.exit_code == 1 and "rule: a Steal takes a winning hack" in refused.output
    result = sk("hack-off", "--vote", "ana=cleo")
    assert result.exit_code == 0, result.output
    assert result.output.count("Highest total: Cleo with 3.") == 1
    assert "Final totals (banned players included): Cleo 3, Ben 1, Ana 0." in result.output
    status = json.loads(sk("status", "--json").output)
    assert {p["name"]: p["total"] for p in status["players"]} == {"Ana": 0, "Ben": 1, "Cleo": 3}
    assert status["over"] and status["result"]["winners"] == ["Cleo"]


@pytest.mark.parametrize("players", [["A", "B"], ["A", "B", "C", "D", "E", "F"]])
def test_player_counts_outside_3_to_5_are_refused(sk, players):
    result = sk("new", "not-a-hack", *players)
    assert result.exit_code == 1 and "rule: Not a Hack is for 3 to 5 players" in result.output


def test_history_votes_and_card_arguments_are_checked(sk):
    sk("new", "not-a-hack", "Ana", "Ben", "Cleo")
    sk("hack", "ana", "ben", "3")
    history = sk("history")
    assert history.exit_code == 0
    assert (
        history.output == "  1. turn 1 (Ana): Ana drew a hack and chose Ben's (3 cards, 3 points)\n"
    )
    for args, message in (
        (("negative", "ben", "x2"), "no negative action card called 'x2'"),
        (("negative", "ben", "7"), "negative action cards are worth 1..3"),
        (("steal", "cleo", "ben", "--hack", "3"), "Ben has 1 winning hack; there is no hack 3"),
    ):
        result = sk(*args)
        assert result.exit_code == 1 and message in result.output, result.output
    assert sk("negative", "ben", "-2").exit_code == 0
    assert "Cleo stole Ben's 3-card winning hack" in sk("steal", "cleo", "ben").output
    sk("banned", "cleo", "--no-counter")  # Cleo: 3 points final; Ana vs Ben
    twice = sk("hack-off", "--vote", "cleo=ana", "--vote", "cleo=ben")
    assert twice.exit_code == 1 and "Cleo voted twice" in twice.output


def test_a_white_pile_too_small_to_deal_ten_each_is_refused(tmp_path):
    """Setup: "Each player draws ten cards from the white component card pile" — a kit
    whose white pile cannot deal ten to each of its most players is a data error, named
    in white.toml (found by `pnp simulate`, which dealt short hands)."""
    import re
    import shutil

    from pnp.core.errors import DataError

    folder = tmp_path / "not-a-hack"
    shutil.copytree(SHIPPED_DATA_DIR / "not-a-hack", folder)
    white = folder / "white.toml"
    blocks = re.split(r"(?=^\[\[)", white.read_text(), flags=re.M)
    kept, seen = [], {"component": 0, "modifier": 0}
    for block in blocks:
        kind = re.match(r"\[\[(\w+)\]\]", block)
        if kind and kind[1] in seen:
            seen[kind[1]] += 1
            if seen[kind[1]] > 3:
                continue
        kept.append(block)
    white.write_text("".join(kept))
    with pytest.raises(DataError) as caught:
        load_not_a_hack(folder)
    message = str(caught.value)
    assert "white.toml" in message and "dealing ten to each needs 50" in message
    result = CliRunner().invoke(
        pnp_main,
        ["simulate", "--game", "not-a-hack", "--data", str(tmp_path), "--games", "2", "--no-pdf"],
    )
    assert result.exit_code == 1 and "dealing ten to each needs 50" in result.output
